import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';
import { OPEN_ROOM } from './open-room.js';
import { TINY_COLLECTION } from './tiny-levels.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';

async function printed(read: () => string, pattern: RegExp): Promise<void> {
  while (!pattern.test(read())) await new Promise((done) => setTimeout(done, 10));
}

/** Presses Ctrl-C every 20 ms until the run ends: the first press that finds it listening stops it. */
async function interruptedRun(argv: string[], io: ReturnType<typeof fakeIo>): Promise<number> {
  const pressing = setInterval(() => io.interrupt(), 20);
  try {
    return await run(argv, io);
  } finally {
    clearInterval(pressing);
  }
}

describe('outputs on a full disk (issue 32)', () => {
  it('tries every output on its own, names the one that failed, and exits 74', async () => {
    // The disk is full for the JSON summary only: the JUnit report and --out still fit.
    const { code, stdout, stderr, io } = await cli('solve', 'set.xsb', '--jobs', '1', '--report', 'r.json', '--report', 'r.xml', '--out', 'solved', {
      files: { 'set.xsb': TINY_COLLECTION },
      failingWrites: { 'r.json': 'ENOSPC' },
    });
    expect(stdout).toMatch(/set\.xsb#1: solved/);
    expect(stderr).toContain('sokoban: r.json: no space left on the device\n');
    expect(stderr).toContain('sokoban: an output could not be written');
    expect(io.written.get('r.xml')).toContain('<testsuites');
    expect(io.written.get('solved/set.xsb.sok')).toContain('Solution');
    expect(code).toBe(74);
  });

  it('tries each --out collection on its own too', async () => {
    const { code, stderr, io } = await cli('solve', 'a.xsb', 'b.xsb', '--jobs', '1', '--out', 'solved', '--report', 'r.json', {
      files: { 'a.xsb': CORRIDOR, 'b.xsb': CORRIDOR.replace('@ $', ' $@').replace('$@ .', '@$ .') },
      failingWrites: { 'solved/a.xsb.sok': 'EDQUOT' },
    });
    expect(stderr).toContain('sokoban: solved/a.xsb.sok: disk quota exceeded\n');
    expect(io.written.has('solved/b.xsb.sok')).toBe(true);
    expect(io.written.has('r.json')).toBe(true);
    expect(code).toBe(74);
  });

  it('ranks an output that could not be written above a level not solved, below our own bug', async () => {
    const { code } = await cli('solve', 'stuck.xsb', '--report', 'r.json', {
      files: { 'stuck.xsb': '#####\n#@$ #\n#  .#\n#####\n' },
      failingWrites: { 'r.json': 'ENOSPC' },
    });
    expect(code).toBe(74);
  });

  it('keeps 130 for an interrupted run whose report cannot be written', async () => {
    const io = fakeIo({ files: { 'a-corridor.xsb': CORRIDOR, 'b-room.xsb': OPEN_ROOM }, failingWrites: { 's.json': 'ENOSPC' } });
    const argv = ['solve', 'a-corridor.xsb', 'b-room.xsb', '--optimal', 'moves', '--time-limit', '30', '--max-memory', '256', '--jobs', '2'];
    const exit = run([...argv, '--report', 's.json', '--report', 'r.xml'], io);
    await printed(io.out, /a-corridor\.xsb#1: solved/);
    io.interrupt();
    expect(await exit).toBe(130);
    expect(io.err()).toContain('sokoban: s.json: no space left on the device\n');
    expect(io.written.get('r.xml')).toContain('sokoban solve (interrupted)');
  });
});

describe('output places that cannot be written are found before solving (issue 32)', () => {
  it('refuses a report in a read-only place before any level is solved, with the real reason', async () => {
    const { code, stdout, stderr, io } = await cli('solve', 'set.xsb', '--jobs', '1', '--report', 'ro/r.json', {
      files: { 'set.xsb': TINY_COLLECTION },
      unwritable: ['ro/r.json'],
    });
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: ro/r.json: permission denied\n');
    expect(io.written.size).toBe(0);
    expect(code).toBe(74);
  });

  it('checks every --out collection before solving', async () => {
    const { code, stdout, stderr } = await cli('solve', 'set.xsb', '--jobs', '1', '--out', 'solved', {
      files: { 'set.xsb': TINY_COLLECTION },
      unwritable: ['solved/set.xsb.sok'],
    });
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: solved/set.xsb.sok: permission denied\n');
    expect(code).toBe(74);
  });
});

describe('Ctrl-C on a single level (issue 32)', () => {
  it('writes the report marked interrupted when the level runs alone (--jobs 1, --optimal)', async () => {
    const io = fakeIo({ files: { 'room.xsb': OPEN_ROOM } });
    const argv = ['solve', 'room.xsb', '--optimal', 'moves', '--jobs', '1', '--time-limit', '20', '--max-memory', '256', '--report', 's.json', '--report', 'r.xml'];
    expect(await interruptedRun(argv, io)).toBe(130);
    expect(io.err()).toContain('sokoban: interrupted: 0 of 1 levels finished, 1 not\n');
    expect(JSON.parse(io.written.get('s.json') ?? '{}').interrupted).toEqual({ unfinished: ['room.xsb#1'] });
    expect(io.written.get('r.xml')).toContain('<skipped message="interrupted before this level finished"/>');
  });

  it('stops a single level racing on two workers, as by default on two cores', async () => {
    // Without --optimal and with two workers, the level's searches race (runner/race.ts); XSokoban
    // 18 is far beyond either of them in 20 s.
    const io = fakeIo();
    const argv = ['solve', 'levels/xsokoban90.xsb', '--level', '18', '--jobs', '2', '--time-limit', '20', '--max-memory', '256', '--report', 's.json'];
    expect(await interruptedRun(argv, io)).toBe(130);
    expect(JSON.parse(io.written.get('s.json') ?? '{}').interrupted).toEqual({ unfinished: ['levels/xsokoban90.xsb#18'] });
  });
});
