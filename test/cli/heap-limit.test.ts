import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { HeapUse } from '../../src/cli/heap-room.js';
import { cli } from '../helpers/fake-io.js';
import { useBuiltCommand } from './built-command.js';
import { tempFolder } from './temp-folder.js';

/*
 * Past V8's heap limit Node ends the process with "JavaScript heap out of memory", a stack dump
 * and exit 134. The CLI watches the main thread's heap where what it holds grows with the input
 * (a file's text, a JSON file parsed whole, the records a batch keeps for its reports) and says
 * in one line what did not fit, with exit 2 (an input refused) or 3 (a batch stopped at a limit).
 */

useBuiltCommand();

const MIB = 1024 * 1024;
/** V8's heap_size_limit is --max-old-space-size plus 48 MiB of young generation. */
const heapOf = (oldSpaceMiB: number, usedMiB: number): HeapUse => ({ limitBytes: (oldSpaceMiB + 48) * MIB, usedBytes: usedMiB * MIB });
const LEVEL = '#####\n#@$.#\n#####\n\n';

describe('a heap too small for the work', () => {
  it('stops a batch before its results fill the heap: the levels finished are reported, exit 3', async () => {
    let asked = 0;
    // Nearly full from the third look on (looks are spaced out while the heap is far from full).
    const heap = () => heapOf(256, ++asked >= 3 ? 250 : 20);
    const { code, stdout, stderr } = await cli('solve', 'set.xsb', '--jobs', '1', { files: { 'set.xsb': LEVEL.repeat(300) }, heap });
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /^sokoban: the heap is nearly full \(\d+ MiB of the 256 MiB heap limit are free; give Node more with NODE_OPTIONS=--max-old-space-size=<MiB>\): stopping$/m,
    );
    const finished = Number(/sokoban: stopped: (\d+) of 300 levels finished/.exec(stderr)?.[1]);
    expect(finished).toBeGreaterThanOrEqual(3);
    expect(finished).toBeLessThan(300);
    expect(stdout.match(/: solved in 1 move/g)).toHaveLength(finished);
  });

  it('refuses a report of more levels than the heap can write before any search', async () => {
    const { code, stdout, stderr } = await cli('solve', 'big.xsb', '--report', 'out.json', { files: { 'big.xsb': LEVEL.repeat(20_000) }, heap: () => heapOf(32, 20) });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^sokoban: --report out\.json: a file of all 20000 levels needs about \d+ MiB of memory; \d+ MiB of the 32 MiB heap limit are free; .*\n$/);
  });

  it('leaves no progress ticker running when it refuses the report (a terminal would keep the process alive)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { code } = await cli('solve', 'big.xsb', '--report', 'out.json', { files: { 'big.xsb': LEVEL.repeat(20_000) }, heap: () => heapOf(32, 20), stderrIsTTY: true });
      expect(code).toBe(2);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a JSON level file the heap cannot parse, in one line, and solves the other inputs', async () => {
    const json = JSON.stringify(Array.from({ length: 2000 }, () => [[['wall'], ['player'], ['computer'], ['target'], ['wall']]]));
    const files = { 'big.json': json, 'small.xsb': LEVEL };
    const { code, stdout, stderr } = await cli('solve', 'big.json', 'small.xsb', '--jobs', '1', { files, heap: () => heapOf(16, 14) });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: big\.json: a JSON level file is read whole: this one needs about \d+ MiB of memory; /m);
    expect(stdout).toContain('small.xsb#1: solved in 1 move');
  });
});

describe('bin/sokoban.cjs under node --max-old-space-size', () => {
  const run = (heapMiB: number, ...args: string[]) =>
    spawnSync(process.execPath, [`--max-old-space-size=${heapMiB}`, 'bin/sokoban.cjs', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('reads level 1 of 300,000 (5.7 MB) in a 256 MiB heap, where reading every level whole ran out of heap', () => {
    const file = join(tempFolder({ 'big.xsb': LEVEL.repeat(300_000) }), 'big.xsb');
    const ended = run(256, 'verify', file, '--level', '1', '--moves', 'R');
    expect([ended.status, ended.stderr]).toEqual([0, '']);
    expect(ended.stdout).toContain('#1: solved in 1 move, 1 push');
  });

  it('refuses, in one line and exit 2, a file whose text does not fit in a 16 MiB heap', () => {
    // About 18 MiB to read: more than the whole heap, however little of it the CLI itself holds (9 MiB was
    // sometimes free once `verify` ran from a bundle of its own).
    const file = join(tempFolder({ 'big.xsb': LEVEL.repeat(1_000_000) }), 'big.xsb');
    const ended = run(16, 'verify', file, '--level', '1', '--moves', 'R');
    expect(ended.status).toBe(2);
    expect(ended.stderr).toMatch(
      /^sokoban: .*big\.xsb: reading it needs about \d+ MiB of memory; \d+ MiB of the 16 MiB heap limit are free; give Node more with NODE_OPTIONS=--max-old-space-size=<MiB>\n$/,
    );
  });
});
