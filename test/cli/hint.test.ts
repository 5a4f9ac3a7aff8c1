import { describe, expect, it } from 'vitest';
import { BOX, type Board, colOf, rowOf } from '../../src/level/board.js';
import { squareName } from '../../src/game/notation.js';
import type { GoalRule } from '../../src/game/goal-rule.js';
import { parseLevel } from '../../src/level/parse.js';
import { replay } from '../../src/game/replay.js';
import { solve } from '../../src/solver/solve.js';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';
import { expectReplaysToSolved } from '../solver/helpers.js';

// Two boxes, two goals: some order of pushes solves it, several positions lose it.
const ROOM = '#######\n#     #\n# $ . #\n# $.  #\n#@    #\n#######\n';
// The box on Cc can never be pushed (walls left and right, a box below, the player never above
// it), and the only push of the other box puts it in a corner: lost, but no cheap proof shows it.
const STUCK = '#####\n#  ##\n# $##\n#+* #\n#####\n';
const RULE: GoalRule = 'all-boxes';

function jsonOf(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim()) as Record<string, unknown>;
}

/** The hint, checked: its moves are legal from `position`, push once, last, and leave a level the solver still solves. */
function expectGoodHint(position: Board, next: string): void {
  const played = replay(position, next, { rule: RULE, strictCase: true });
  expect(played.error).toBeNull();
  expect(played.pushes).toBe(1);
  expect(next.at(-1)).toMatch(/[LURD]/);
  const after = solve(played.board, { rule: RULE, timeLimitMs: 10_000 });
  expectReplaysToSolved(played.board, after, RULE);
}

const start = parseLevel(ROOM, { file: 'room.xsb' }).board;

describe('sokoban hint: the next push', () => {
  it('from the start: the walk and the push, where the box goes, and the length of the solution behind it', async () => {
    const { code, stdout, stderr } = await cli('hint', 'room.xsb', { files: { 'room.xsb': ROOM } });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    const match = /^room\.xsb: next: ([lurdLURD]+) \(the box at ([A-Z][a-z]) goes (up|down|left|right) to ([A-Z][a-z])\)$/.exec(lines[0]);
    expect(match, lines[0]).not.toBeNull();
    expect(lines[1]).toMatch(/^ {2}a solution from here: \d+ moves, \d+ pushes$/);
    expectGoodHint(start, match?.[1] ?? '');
  });

  it('after the moves played, given as --moves, a file or stdin, with --json', async () => {
    const played = 'uR';
    const position = replay(start, played, { rule: RULE }).board;
    for (const args of [['--moves', played], ['m.lurd'], ['-']]) {
      const { code, stdout } = await cli('hint', 'room.xsb', ...args, '--json', { files: { 'room.xsb': ROOM, 'm.lurd': `${played}\n` }, stdin: `${played}\n` });
      expect(code).toBe(0);
      const json = jsonOf(stdout);
      expect(json).toMatchObject({ file: 'room.xsb', index: 1, status: 'hint', moves: 2, pushes: 1, reason: null, lostKind: null, limit: null });
      const next = json.next as string;
      expectGoodHint(position, next);
      const box = json.box as { from: string; to: string };
      // The box named is the one the hint pushes, and it goes where the hint says.
      const after = replay(position, next, { rule: RULE }).board;
      const name = (square: number) => squareName(rowOf(after, square), colOf(after, square));
      const squares = [...after.squares.keys()];
      const emptied = squares.filter((square) => (position.squares[square] & BOX) !== 0 && (after.squares[square] & BOX) === 0);
      const filled = squares.filter((square) => (position.squares[square] & BOX) === 0 && (after.squares[square] & BOX) !== 0);
      expect(emptied.map(name)).toEqual([box.from]);
      expect(filled.map(name)).toEqual([box.to]);
    }
  });

  it('takes the moves from a solution table row for the chosen level', async () => {
    const { code, stdout } = await cli('hint', 'room.xsb', 't.toml', '--json', { files: { 'room.xsb': ROOM, 't.toml': 'Level1 = "uR"\n' } });
    expect(code).toBe(0);
    expect(jsonOf(stdout)).toMatchObject({ status: 'hint', moves: 2, pushes: 1 });
  });

  it('says when the level is already solved', async () => {
    const corridor = '#######\n#@ $ .#\n#######\n';
    const { code, stdout } = await cli('hint', 'c.xsb', '--moves', 'rRR', { files: { 'c.xsb': corridor } });
    expect(code).toBe(0);
    expect(stdout).toBe('c.xsb: already solved\n');
  });
});

describe('sokoban hint: a lost position', () => {
  it('says the position is lost and why, by the cheap proofs, and exits 1', async () => {
    // From De the player steps up and pushes the box on Cd left, against the wall, where no goal is.
    const { code, stdout } = await cli('hint', 'room.xsb', '--moves', 'rruL', { files: { 'room.xsb': ROOM } });
    expect(code).toBe(1);
    expect(stdout).toBe('room.xsb: this position is lost: the box at Bd stands on a dead square\n');
    const json = await cli('hint', 'room.xsb', '--moves', 'rruL', '--json', { files: { 'room.xsb': ROOM } });
    expect(json.code).toBe(1);
    expect(jsonOf(json.stdout)).toMatchObject({ status: 'lost', next: null, lostKind: 'dead-square', reason: 'the box at Bd stands on a dead square', squares: ['Bd'] });
  });

  it('says lost when the search proves no solution where no cheap proof applies', async () => {
    const { code, stdout } = await cli('hint', 's.xsb', '--json', { files: { 's.xsb': STUCK } });
    expect(code).toBe(1);
    expect(jsonOf(stdout)).toMatchObject({ status: 'lost', lostKind: 'unsolvable', reason: 'the solver proved that no sequence of moves solves it from here' });
  });

  it('says honestly when the search stopped before an answer, and exits 3', async () => {
    const { code, stdout } = await cli('hint', 'room.xsb', '--max-nodes', '1', { files: { 'room.xsb': ROOM } });
    expect(code).toBe(3);
    expect(stdout).toBe('room.xsb: no hint: the search stopped at its node limit before finding a solution or proving there is none; try a larger --max-nodes\n');
  });
});

describe('sokoban hint: input it cannot use', () => {
  it('refuses moves with an illegal step in one line naming the move, and exits 2', async () => {
    const { code, stdout, stderr } = await cli('hint', 'room.xsb', '--moves', 'l', { files: { 'room.xsb': ROOM } });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("sokoban: --moves: move 1 'l' from Be (row 5, column 2) fails: the square to the left (Ae) is a wall\n");
  });

  it('asks which level of a collection to hint', async () => {
    const { code, stderr } = await cli('hint', 'two.xsb', { files: { 'two.xsb': `${ROOM}\n${ROOM}` } });
    expect(code).toBe(2);
    expect(stderr).toContain('two.xsb has 2 levels: choose the one to hint with --level <n|title>');
  });
});

describe('sokoban hint --time-limit', () => {
  it('bounds the cheap proofs too: the level analysis that outlasts the limit ends with no hint (exit 3)', async () => {
    const io = fakeIo({ files: { 'room.xsb': ROOM } });
    // A clock that moves a second each time it is read: the analysis before any search outlasts the limit.
    let now = 0;
    const slow = { ...io, now: () => (now += 1_000) };
    const code = await run(['hint', 'room.xsb', '--json', '--time-limit', '1.5'], slow);
    expect(code).toBe(3);
    expect(jsonOf(io.out())).toMatchObject({ status: 'unknown', limit: 'time', next: null });
  });
});
