import type { Io } from '../io.js';
import { SUMMARY_FORMAT } from './summary.js';

/** The start of a JSON summary this tool writes (`--report x.json`, `merge-reports`), however it is indented. */
const SUMMARY_START = new RegExp(`^\\uFEFF?\\s*\\{\\s*"format"\\s*:\\s*"${SUMMARY_FORMAT}"`);

/**
 * True for a file this tool wrote as a report: a JSON summary. Such a file is often left beside
 * the levels (`solve levels/ --report levels/summary.json`), so folders and globs pass over it
 * instead of reading it as a level file, and naming it as an input says what it is.
 */
export async function isOwnReport(io: Io, path: string): Promise<boolean> {
  if (!path.toLowerCase().endsWith('.json')) return false;
  try {
    return SUMMARY_START.test(await io.readFile(path));
  } catch {
    // Unreadable here: reading it as a level file reports why.
    return false;
  }
}
