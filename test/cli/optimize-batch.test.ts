import { describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { parseLevel } from '../../src/level/parse.js';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';
import { OPEN_ROOM } from './open-room.js';
import { tempFolder } from './temp-folder.js';

// A box in an open room: straight to the goal is 3 pushes; the stored solution goes there and back.
const ROOM = '#######\n#     #\n#@$  .#\n#     #\n#######\n';
// A box two squares from its goal; the stored solution walks round in between the pushes.
const LEDGE = '######\n#    #\n#@$ .#\n######\n';
const ROOM_SOK = `${ROOM}Solution: RurrdLulldRRR\n`;
const LEDGE_SOK = `${LEDGE}Solution: RuldrR\n`;

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The validator's word on a printed solution: it solves the level and is as long as the line says. */
function expectReplays(levelText: string, line: Record<string, unknown>): void {
  const level = parseLevel(levelText, { file: 'level.xsb' });
  const played = replay(level.board, line.solution as string, { rule: 'all-goals', strictCase: true });
  expect(played.solved).toBe(true);
  expect([played.moves, played.pushes]).toEqual([line.moves, line.pushes]);
}

describe('sokoban optimize on many levels', () => {
  it('optimizes every level file of a folder with --jobs 2, in input order, and finds what --jobs 1 finds', async () => {
    const folder = tempFolder({ 'a.sok': ROOM_SOK, 'b.sok': LEDGE_SOK });
    const parallel = await cli('optimize', folder, '--jobs', '2', '--json');
    const serial = await cli('optimize', folder, '--jobs', '1', '--json');
    expect(parallel.code).toBe(0);
    const lines = jsonLines(parallel.stdout);
    expect(lines.map((line) => [line.file, line.status, line.source])).toEqual([
      [`${folder}/a.sok`, 'optimized', 'given'],
      [`${folder}/b.sok`, 'optimized', 'given'],
    ]);
    expect(lines.map((line) => [line.before, line.moves])).toEqual([
      [{ moves: 13, pushes: 5 }, 3],
      [{ moves: 6, pushes: 2 }, 2],
    ]);
    expectReplays(ROOM, lines[0]);
    expectReplays(LEDGE, lines[1]);
    expect(jsonLines(serial.stdout).map((line) => line.solution)).toEqual(lines.map((line) => line.solution));
    expect(serial.code).toBe(0);
  });

  it('keeps stdout JSON Lines and puts the summary, with the lengths before and after, on stderr', async () => {
    const folder = tempFolder({ 'a.sok': ROOM_SOK, 'b.sok': LEDGE_SOK });
    const { stdout, stderr } = await cli('optimize', `${folder}/*.sok`, '--jobs', '2', '--json');
    expect(jsonLines(stdout)).toHaveLength(2);
    expect(stderr).toMatch(/levels +optimized +unsolvable +timeout +memory +error +moves +pushes +wall time\n +2 +2 +0 +0 +0 +0 +19 -> 5 +7 -> 5 /);
  });

  it('gives each level one JSON object with the same fields, whatever happened to it', async () => {
    const { stdout } = await cli('optimize', 'room.sok', 'missing.xsb', '--json', { files: { 'room.sok': ROOM_SOK } });
    const fields = ['file', 'index', 'title', 'metric', 'status', 'source', 'solution', 'moves', 'pushes', 'before', 'steps', 'nodes', 'ms', 'limit', 'error'];
    const [room, missing] = jsonLines(stdout);
    expect(Object.keys(room)).toEqual(fields);
    expect(Object.keys(missing)).toEqual(fields);
    expect(room).toMatchObject({ file: 'room.sok', index: 1, metric: 'moves', status: 'optimized', moves: 3, pushes: 3, error: null });
    expect((room.steps as { technique: string }[]).map((step) => step.technique)).toContain('walks');
    expect(missing).toMatchObject({ file: 'missing.xsb', index: null, status: 'error', solution: null, moves: null, steps: [] });
  });

  it('turns a malformed file among good ones into one error line in its place, optimizes the rest, and exits 2', async () => {
    const folder = tempFolder({ '1.sok': ROOM_SOK, '2.xsb': '#####\n#@$x.#\n#####\n', '3.sok': LEDGE_SOK });
    const { code, stdout, stderr } = await cli('optimize', folder, '--jobs', '2', '--json');
    const lines = jsonLines(stdout);
    expect(lines.map((line) => line.status)).toEqual(['optimized', 'error', 'optimized']);
    expect(lines[1]).toMatchObject({ file: `${folder}/2.xsb`, solution: null });
    expect(lines[1].error).toBe(`${folder}/2.xsb:2:4: unknown character "x" in a board row`);
    expectReplays(ROOM, lines[0]);
    expectReplays(LEDGE, lines[2]);
    expect(stderr.split('\n').filter((line) => line.startsWith('sokoban: '))).toEqual([`sokoban: ${folder}/2.xsb:2:4: unknown character "x" in a board row`]);
    expect(code).toBe(2);
  });

  it('prints the human report in input order, then the summary table', async () => {
    const { code, stdout } = await cli('optimize', 'a.sok', 'b.sok', '--jobs', '2', { files: { 'a.sok': ROOM_SOK, 'b.sok': LEDGE_SOK } });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^a\.sok: optimized to 3 moves, 3 pushes \(was 13 moves, 5 pushes\)\n[\s\S]*\nb\.sok: optimized to 2 moves, 2 pushes \(was 6 moves, 2 pushes\)\n/);
    expect(stdout).toMatch(/levels +optimized .*\n +2 +2 +0 /);
  });

  it('writes every collection back under --out, and verify accepts what it wrote', async () => {
    const { code, io } = await cli('optimize', 'a.sok', 'b.sok', '--jobs', '2', '--out', 'better', { files: { 'a.sok': ROOM_SOK, 'b.sok': LEDGE_SOK } });
    expect(code).toBe(0);
    const room = io.written.get('better/a.sok') ?? '';
    const ledge = io.written.get('better/b.sok') ?? '';
    expect(room).toContain('Solution: RRR');
    expect(ledge).toContain('Solution: RR');
    for (const [path, text] of [
      ['better/a.sok', room],
      ['better/b.sok', ledge],
    ]) {
      const verified = await cli('verify', path, { files: { [path]: text } });
      expect(verified.code).toBe(0);
    }
  });

  it('writes files of a folder that share a base name (first.json, first.txt, first.xsb) to names of their own', async () => {
    const { code, io, stderr } = await cli('optimize', 'levels/examples', '--jobs', '2', '--out', 'better');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect([...io.written.keys()].sort()).toEqual([
      'better/levels/examples/first.json.sok',
      'better/levels/examples/first.txt.sok',
      'better/levels/examples/first.xsb.sok',
      'better/levels/examples/three.sok',
    ]);
  });

  it('takes --moves for one level file only', async () => {
    const { code, stderr } = await cli('optimize', 'a.sok', 'b.sok', '--moves', 'RRR', { files: { 'a.sok': ROOM_SOK, 'b.sok': LEDGE_SOK } });
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: moves given with --moves are for one level file; without them each level starts from its Solution lines\n');
  });

  it('stops the workers on Ctrl-C, reports the levels it finished, and exits 130', async () => {
    // The open room's optimization runs to its time limit, far past the test, unless the interrupt ends its worker.
    const io = fakeIo({ files: { 'a-ledge.sok': LEDGE_SOK, 'b-room.xsb': OPEN_ROOM } });
    const exit = run(['optimize', 'a-ledge.sok', 'b-room.xsb', '--time-limit', '30', '--jobs', '2'], io);
    while (!/a-ledge\.sok: optimized/.test(io.out())) await new Promise((done) => setTimeout(done, 10));
    io.interrupt();
    expect(await exit).toBe(130);
    expect(io.out()).not.toContain('b-room.xsb');
    expect(io.out()).toMatch(/levels +optimized .*\n +1 +1 +0 /);
    expect(io.err()).toContain('sokoban: interrupted: 1 of 2 levels finished, 1 not\n');
  });
});
