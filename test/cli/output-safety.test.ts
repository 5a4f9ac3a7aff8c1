import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { tempFolder } from './temp-folder.js';
import { TINY_COLLECTION } from './tiny-levels.js';

const LEVEL_JSON = JSON.stringify([
  [['wall'], ['wall'], ['wall'], ['wall'], ['wall']],
  [['wall'], ['player'], ['computer'], ['target'], ['wall']],
  [['wall'], ['wall'], ['wall'], ['wall'], ['wall']],
]);
const ONE_LEVEL = '#####\n#@$.#\n#####\n';

/** No results were printed and nothing written: the error was found before any solving. */
function expectStoppedBeforeSolving(result: Awaited<ReturnType<typeof cli>>): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.io.written.size).toBe(0);
  expect(result.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
}

describe('outputs that would destroy an input or each other are refused before solving (issue 13)', () => {
  it('refuses a --report that is one of the inputs', async () => {
    const same = await cli('solve', 'lv.xsb', 'inrep.json', '--report', 'inrep.json', { files: { 'inrep.json': LEVEL_JSON, 'lv.xsb': ONE_LEVEL } });
    expectStoppedBeforeSolving(same);
    expect(same.stderr).toBe('sokoban: --report inrep.json would overwrite the input inrep.json\n');
  });

  it('refuses a --report over the --baseline it is compared with', async () => {
    const result = await cli('solve', 'lv.xsb', '--baseline', 'b.json', '--report', './b.json', {
      files: { 'lv.xsb': ONE_LEVEL, 'b.json': '{"format":"sokoban-solve-summary","version":1,"settings":{},"shards":[],"totals":{},"levels":[]}' },
    });
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toMatch(/--report \.\/b\.json would overwrite the input b\.json/);
  });

  it('refuses two reports with the same path', async () => {
    const result = await cli('solve', 'lv.xsb', '--report', 'r.json', '--report', 'r.json', { files: { 'lv.xsb': ONE_LEVEL } });
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toBe('sokoban: --report r.json and --report r.json would write the same file\n');
  });

  it('refuses two collections that --out would write to the same file', async () => {
    // Only a name without an extension and the same name with .sok can still meet (lv.json and lv.xsb no longer do).
    const result = await cli('solve', 'coll/lv', 'coll/lv.sok', '--out', 'o', {
      files: { 'coll/lv': LEVEL_JSON, 'coll/lv.sok': ONE_LEVEL },
    });
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toBe('sokoban: --out o: coll/lv and coll/lv.sok would both be written to o/coll/lv.sok\n');
  });

  it('refuses an --out folder that would write a collection over its own input', async () => {
    const result = await cli('solve', 'coll/lv.sok', '--out', '.', { files: { 'coll/lv.sok': ONE_LEVEL } });
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toBe('sokoban: --out .: ./coll/lv.sok would overwrite the input coll/lv.sok\n');
  });

  it('refuses convert --out over its input', async () => {
    const result = await cli('convert', 'lv.xsb', '--to', 'xsb', '--out', 'lv.xsb', { files: { 'lv.xsb': ONE_LEVEL } });
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toBe('sokoban: --out lv.xsb would overwrite the input lv.xsb\n');
  });

  it('refuses merge-reports --report over one of the summaries it merges', async () => {
    const result = await cli('merge-reports', 'a.json', 'b.json', '--report', 'b.json');
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toBe('sokoban: --report b.json would overwrite the input b.json\n');
  });
});

describe('report folders are made before the work starts (issue 13)', () => {
  it('creates the parent folder of a report and of --out first', async () => {
    const { io, code } = await cli('solve', 'tiny.xsb', '--level', '1', '--report', 'rep/r.xml', '--out', 'solved', {
      files: { 'tiny.xsb': TINY_COLLECTION },
    });
    expect(code).toBe(0);
    expect([...io.directories]).toEqual(expect.arrayContaining(['rep', 'solved']));
    expect(io.written.has('rep/r.xml')).toBe(true);
  });

  it('refuses a report path that is a folder before solving', async () => {
    const report = join(tempFolder({ 'r.json/keep.txt': '' }), 'r.json');
    const result = await cli('solve', 'tiny.xsb', '--level', '1', '--report', report, { files: { 'tiny.xsb': TINY_COLLECTION } });
    expectStoppedBeforeSolving(result);
    expect(result.stderr).toBe(`sokoban: --report ${report}: is a folder, not a file\n`);
  });
});
