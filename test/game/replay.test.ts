import { describe, expect, it } from 'vitest';
import { MoveSyntaxError } from '../../src/errors.js';
import { parseMoves } from '../../src/game/moves.js';
import { replay } from '../../src/game/replay.js';
import { board, draw } from './board-helper.js';

const corridor = board('#######', '#@ $ .#', '#######');

describe('replay of a valid solution', () => {
  it('reports a solved board with move and push counts', () => {
    const result = replay(corridor, 'rRR', { rule: 'all-goals' });
    expect(result).toMatchObject({ valid: true, solved: true, moves: 3, pushes: 2, solution: 'rRR', error: null });
    expect(draw(result.board)).toEqual(['#######', '#   @*#', '#######']);
  });

  it('reports valid but unsolved when the moves stop short', () => {
    const result = replay(corridor, 'rR', { rule: 'all-goals' });
    expect(result).toMatchObject({ valid: true, solved: false, moves: 2, pushes: 1, solvedAfter: null });
  });

  it('works out the pushes of an all-lower-case string', () => {
    expect(replay(corridor, 'rrr', { rule: 'all-goals' }).solution).toBe('rRR');
  });

  it('silently corrects a wrong case without strictCase', () => {
    const result = replay(corridor, 'RrR', { rule: 'all-goals' });
    expect(result).toMatchObject({ valid: true, solved: true, solution: 'rRR' });
  });

  it('accepts an already parsed move list', () => {
    expect(replay(corridor, parseMoves('r2R'), { rule: 'all-goals' }).solved).toBe(true);
  });

  it('records when the board was first solved, even if later moves undo it', () => {
    const result = replay(corridor, 'rRRll', { rule: 'all-goals' });
    expect(result).toMatchObject({ valid: true, solved: true, solvedAfter: 3, moves: 5 });
    const walkedOff = replay(board('######', '#@$. #', '######'), 'RR', { rule: 'all-goals' });
    expect(walkedOff).toMatchObject({ valid: true, solved: false, solvedAfter: 1 });
  });

  it('counts a board won before any move as solved after 0 moves', () => {
    expect(replay(board('####', '#@*#', '####'), '', { rule: 'all-goals' })).toMatchObject({
      solved: true,
      solvedAfter: 0,
      moves: 0,
    });
  });

  it('judges victory by the rule given', () => {
    const spareGoal = board('#######', '#@$..##', '#######');
    expect(replay(spareGoal, 'R', { rule: 'all-boxes' }).solved).toBe(true);
    expect(replay(spareGoal, 'R', { rule: 'all-goals' }).solved).toBe(false);
    expect(replay(spareGoal, 'R', { rule: 'keeper-too' }).solved).toBe(false);
    expect(replay(spareGoal, 'RR', { rule: 'all-goals' }).solved).toBe(false);
  });
});

describe('replay failures', () => {
  it('stops at a walk into a wall with its index, square and reason', () => {
    const result = replay(corridor, 'rRu', { rule: 'all-goals' });
    expect(result.valid).toBe(false);
    expect(result.solved).toBe(false);
    expect(result.error).toMatchObject({ index: 3, move: 'u', row: 1, col: 3, square: 'Db', reason: 'wall' });
    expect(result.error?.message).toBe("move 3 'u' from Db (row 2, column 4) fails: the square above (Da) is a wall");
  });

  it('gives the board before the failing move and counts only the moves made', () => {
    const result = replay(corridor, 'rRu', { rule: 'all-goals' });
    const { error } = result;
    if (error === null) throw new Error('expected the replay to fail');
    expect(draw(error.board)).toEqual(['#######', '#  @$.#', '#######']);
    expect(result.board).toBe(error.board);
    expect(result).toMatchObject({ moves: 2, pushes: 1, solution: 'rR' });
  });

  it('stops at a push into a wall', () => {
    const result = replay(corridor, 'rRRR', { rule: 'all-goals' });
    expect(result.error).toMatchObject({ index: 4, move: 'R', square: 'Eb', reason: 'box-blocked-by-wall' });
    expect(result.error?.message).toBe("move 4 'R' from Eb (row 2, column 5) fails: the box at Fb cannot be pushed right: Gb is a wall");
  });

  it('stops at a push into another box', () => {
    const pair = board('#######', '#@$$ .#', '#######');
    const result = replay(pair, 'R', { rule: 'all-goals' });
    expect(result.error).toMatchObject({ index: 1, square: 'Bb', reason: 'box-blocked-by-box' });
    expect(result.error?.message).toContain('the box at Cb cannot be pushed right: Db holds another box');
  });

  it('treats the edge of an open board as a wall', () => {
    const open = board(' @$.');
    expect(replay(open, 'u', { rule: 'all-goals' }).error).toMatchObject({ reason: 'wall' });
    expect(replay(open, 'u', { rule: 'all-goals' }).error?.message).toContain('(off the board) is a wall');
    expect(replay(open, 'RR', { rule: 'all-goals' }).error).toMatchObject({ index: 2, reason: 'box-blocked-by-wall' });
    expect(replay(open, 'RR', { rule: 'all-goals' }).error?.message).toContain('off the board is a wall');
  });

  it('reports the letter as given when the case was not given', () => {
    expect(replay(corridor, 'rrrr', { rule: 'all-goals' }).error).toMatchObject({ index: 4, move: 'r' });
  });

  it('rejects under strictCase a lower-case letter that pushes', () => {
    const result = replay(corridor, 'rrR', { rule: 'all-goals', strictCase: true });
    expect(result.error).toMatchObject({ index: 2, move: 'r', square: 'Cb', reason: 'case-mismatch' });
    expect(result.error?.message).toBe("move 2 'r' from Cb (row 2, column 3) fails: 'r' is written as a walk, but it pushes the box at Db (it should be 'R')");
  });

  it('rejects under strictCase an upper-case letter that only walks', () => {
    const result = replay(corridor, 'RRR', { rule: 'all-goals', strictCase: true });
    expect(result.error).toMatchObject({ index: 1, move: 'R', reason: 'case-mismatch' });
    expect(result.error?.message).toContain("'R' is written as a push, but there is no box at Cb (it should be 'r')");
  });

  it('treats an all-lower-case string under strictCase as walks, so its pushes mismatch', () => {
    expect(replay(corridor, 'rrr', { rule: 'all-goals', strictCase: true }).error).toMatchObject({
      index: 2,
      reason: 'case-mismatch',
    });
  });

  it('throws a move syntax error naming the file for an unreadable string', () => {
    expect(() => replay(corridor, 'rx', { rule: 'all-goals', file: 'a.txt' })).toThrow(MoveSyntaxError);
    expect(() => replay(corridor, 'rx', { rule: 'all-goals', file: 'a.txt' })).toThrow(/^a\.txt:1:2:/);
  });

  it('never mutates the starting board', () => {
    const before = draw(corridor);
    replay(corridor, 'rRR', { rule: 'all-goals' });
    expect(draw(corridor)).toEqual(before);
  });
});

describe('the Rosetta Code smoke test', () => {
  const rosetta = board('#######', '#     #', '#     #', '#. #  #', '#. $$ #', '#.$$  #', '#.#  @#', '#######');

  const solution = 'ulULLulDDurrrddlULrruLLrrUruLLLulD';

  it('solves the level with 34 moves and 14 pushes', () => {
    const result = replay(rosetta, solution, { rule: 'all-goals' });
    expect(result).toMatchObject({ valid: true, solved: true, moves: 34, pushes: 14, solvedAfter: 34 });
  });

  it('gives the same canonical solution when written all in lower case', () => {
    const result = replay(rosetta, solution.toLowerCase(), { rule: 'all-goals' });
    expect(result).toMatchObject({ solved: true, solution });
  });
});
