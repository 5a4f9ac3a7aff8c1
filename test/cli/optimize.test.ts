import { describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { parseLevel } from '../../src/level/parse.js';
import { cli } from '../helpers/fake-io.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';
// A box in an open room: straight to the goal is 3 pushes; going there and back costs more.
const OPEN_ROOM = '#######\n#     #\n#@$  .#\n#     #\n#######\n';
const THERE_AND_BACK = 'RurrdLulldRRR';
const STORED = `; Room
${OPEN_ROOM}Solution: ${THERE_AND_BACK}

; Corridor
${CORRIDOR}`;

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function expectSolves(levelText: string, moves: string): void {
  const level = parseLevel(levelText, { file: 'level.xsb' });
  const replayed = replay(level.board, moves, { rule: 'all-goals', strictCase: true });
  expect(replayed.solved).toBe(true);
  expect(replayed.solvedAfter).toBe(replayed.moves);
}

describe('sokoban optimize', () => {
  it('shortens moves given with --moves and prints the solution, its length and the length before', async () => {
    const { code, stdout, stderr } = await cli('optimize', 'room.xsb', '--moves', THERE_AND_BACK, { files: { 'room.xsb': OPEN_ROOM } });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('room.xsb: optimized to 3 moves, 3 pushes (was 13 moves, 5 pushes)');
    expect(stdout).toContain('  solution: RRR\n');
    expect(stdout).toMatch(/metric: moves; moves\/pushes after walks \d+\/5, permutation/);
  });

  it('reads the moves from a file and says what it did in JSON Lines', async () => {
    const { code, stdout } = await cli('optimize', 'room.xsb', 'm.lurd', '--metric', 'pushes', '--json', {
      files: { 'room.xsb': OPEN_ROOM, 'm.lurd': `${THERE_AND_BACK}\n` },
    });
    expect(code).toBe(0);
    const [line] = jsonLines(stdout);
    expect(line).toMatchObject({
      file: 'room.xsb',
      index: 1,
      metric: 'pushes',
      status: 'optimized',
      source: 'given',
      moves: 3,
      pushes: 3,
      before: { moves: 13, pushes: 5 },
      error: null,
    });
    expectSolves(OPEN_ROOM, line.solution as string);
  });

  it("optimizes each level's stored Solution line, and solves first the levels without one", async () => {
    const { code, stdout } = await cli('optimize', 'set.sok', '--json', { files: { 'set.sok': STORED } });
    expect(code).toBe(0);
    const [room, corridor] = jsonLines(stdout);
    expect(room).toMatchObject({ index: 1, source: 'given', before: { moves: 13, pushes: 5 }, moves: 3 });
    expect(corridor).toMatchObject({ index: 2, source: 'solver', solution: 'rRR', moves: 3, pushes: 2 });
  });

  it('writes the collection back with the optimized Solution lines under --out, and verify accepts them', async () => {
    const { code, io } = await cli('optimize', 'set.sok', '--out', 'better', { files: { 'set.sok': STORED } });
    expect(code).toBe(0);
    const written = io.written.get('better/set.sok') ?? '';
    expect(written).toContain('Solution: RRR');
    expect(written).toContain('Solution: rRR');
    const verified = await cli('verify', 'better/set.sok', { files: { 'better/set.sok': written } });
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('2 levels: 2 solved, 0 not solved');
  });

  it('exits 1 when the moves do not solve the level, with the reason on stderr', async () => {
    const { code, stdout, stderr } = await cli('optimize', 'c.xsb', '--moves', 'rR', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    expect(stdout).toBe('c.xsb: error (see stderr)\n');
    expect(stderr).toMatch(/^sokoban: the moves to optimize do not solve the level\n$/);
  });

  it('exits 2 on a move string it cannot read', async () => {
    const { code, stderr } = await cli('optimize', 'c.xsb', '--moves', 'rRx', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(2);
    expect(stderr).toContain("--moves:1:3: 'x' is not a move");
  });

  it('exits 1 when there are no moves and the level is proven unsolvable', async () => {
    const { code, stdout } = await cli('optimize', 'stuck.xsb', { files: { 'stuck.xsb': '######\n#@$#.#\n######\n' } });
    expect(code).toBe(1);
    expect(stdout).toContain('stuck.xsb: unsolvable: proven, nothing to optimize');
  });
});
