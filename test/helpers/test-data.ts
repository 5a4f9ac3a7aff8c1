import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * test/data: the public levels, known solutions, 6.101 and CS161 data and random levels the tests read, kept in the
 * repository so that a fresh clone passes its tests on its own (see test/data/README.md for each source's credits).
 */
export const testDataDir = path.resolve(import.meta.dirname, '..', 'data');

/** The absolute path of a file or folder under test/data, e.g. `testDataPath('levels/microban.xsb')`. */
export function testDataPath(relative: string): string {
  return path.join(testDataDir, relative);
}

/** The text of a file under test/data. */
export function readTestData(relative: string): string {
  return readFileSync(testDataPath(relative), 'utf8');
}
