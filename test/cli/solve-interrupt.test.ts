import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { fakeIo } from '../helpers/fake-io.js';
import { OPEN_ROOM } from './open-room.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';

async function printed(read: () => string, pattern: RegExp): Promise<void> {
  while (!pattern.test(read())) await new Promise((done) => setTimeout(done, 10));
}

describe('solve, interrupted by Ctrl-C or SIGTERM', () => {
  it('stops the workers, reports the levels it finished, writes reports marked interrupted, and exits 130', async () => {
    // The open room runs far past the test unless the interrupt stops its worker.
    const io = fakeIo({ files: { 'a-corridor.xsb': CORRIDOR, 'b-room.xsb': OPEN_ROOM } });
    const argv = ['solve', 'a-corridor.xsb', 'b-room.xsb', '--optimal', 'moves', '--time-limit', '30', '--max-memory', '256'];
    const exit = run([...argv, '--jobs', '2', '--report', 'r.xml', '--report', 's.json'], io);
    await printed(io.out, /a-corridor\.xsb#1: solved/);
    io.interrupt();
    expect(await exit).toBe(130);

    expect(io.out()).toContain('a-corridor.xsb#1: solved');
    expect(io.out()).not.toContain('b-room.xsb#1');
    expect(io.out()).toMatch(/levels\s+solved[^\n]*\n\s+1\s+1\s/);
    expect(io.err()).toContain('sokoban: interrupted: 1 of 2 levels finished, 1 not\n');

    const summary = JSON.parse(io.written.get('s.json') ?? '');
    expect(summary.interrupted).toEqual({ unfinished: ['b-room.xsb#1'] });
    expect(summary.levels.map((level: { name: string; status: string }) => [level.name, level.status])).toEqual([['a-corridor.xsb#1', 'solved']]);
    const junit = io.written.get('r.xml') ?? '';
    expect(junit).toContain('<testsuites name="sokoban solve (interrupted)" tests="2"');
    expect(junit).toMatch(/<testsuite name="b-room\.xsb" tests="1" failures="0" errors="0" skipped="1"/);
    expect(junit).toContain('<skipped message="interrupted before this level finished"/>');
  });

  it('keeps the results finished behind a level it did not finish', async () => {
    const io = fakeIo({ files: { 'a-room.xsb': OPEN_ROOM, 'b-corridor.xsb': CORRIDOR }, stderrIsTTY: true });
    const argv = ['solve', 'a-room.xsb', 'b-corridor.xsb', '--optimal', 'moves', '--time-limit', '30', '--max-memory', '256'];
    const exit = run([...argv, '--jobs', '2', '--json'], io);
    // Results come out in input order, so nothing is printed while the room runs: the progress line tells.
    await printed(io.err, /\[1\/2\] 1 solved/);
    io.interrupt();
    expect(await exit).toBe(130);
    const lines = io
      .out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; status: string });
    expect(lines.map((line) => [line.file, line.status])).toEqual([['b-corridor.xsb', 'solved']]);
  });
});
