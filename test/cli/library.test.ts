import { describe, expect, it } from 'vitest';
import * as sokoban from '../../src/index.js';

describe('the library entry point', () => {
  it('reads a level, replays moves and writes the board in another format, without the CLI', () => {
    const level = sokoban.parseLevel('#######\n#@ $ .#\n#######\n', { file: 'corridor.xsb' });
    const rule = sokoban.chooseGoalRule(level, undefined);
    const result = sokoban.replay(level.board, 'rrr', { rule });
    expect(result).toMatchObject({ valid: true, solved: true, moves: 3, pushes: 2, solution: 'rRR' });
    expect(sokoban.formatBoard(result.board, 'grid')).toBe('1 1 1 1 1 1 1\n1 0 0 0 3 5 1\n1 1 1 1 1 1 1');
  });

  it('offers the 6.101 interface: newGame, stepGame, victoryCheck, dumpGame', () => {
    const game = sokoban.newGame([[['player'], ['computer'], ['target']]]);
    const next = sokoban.stepGame(game, 'right');
    expect(sokoban.victoryCheck(game)).toBe(false);
    expect(sokoban.victoryCheck(next)).toBe(true);
    const cells = sokoban.dumpGame(next)[0].map((cell) => [...cell].sort());
    expect(cells).toEqual([[], ['player'], ['computer', 'target']]);
  });

  it('offers the CS161 interface: goalTest and nextStates', () => {
    expect(
      sokoban.goalTest([
        [1, 1, 1],
        [1, 5, 3],
      ]),
    ).toBe(true);
    expect(sokoban.nextStates([[3, 2, 4]])).toEqual([[[0, 3, 5]]]);
  });

  it('solves a level and proves the answer shortest, and the solution replays to a win', () => {
    const level = sokoban.parseLevel('#######\n#@ $ .#\n#######\n', { file: 'corridor.xsb' });
    const result = sokoban.solve(level, { optimal: 'moves' });
    expect(result).toMatchObject({ status: 'solved', solution: 'rRR', moves: 3, pushes: 2, optimal: 'moves' });
    expect(sokoban.replay(level.board, result.solution ?? '', { rule: 'all-goals' }).solved).toBe(true);
  });

  it('offers the 6.101 solvePuzzle and the CS161 h2 bound', () => {
    const game = sokoban.newGame([
      [['wall'], ['wall'], ['wall'], ['wall']],
      [['player'], ['computer'], ['target'], ['wall']],
      [['wall'], ['wall'], ['wall'], ['wall']],
    ]);
    expect(sokoban.solvePuzzle(game)).toEqual(['right']);
    expect(
      sokoban.h2([
        [1, 1, 1, 1],
        [3, 2, 4, 1],
        [1, 1, 1, 1],
      ]),
    ).toBe(1);
  });

  it('says why a position is lost and which boxes are stuck, as the CLI and the browser do', () => {
    const level = sokoban.parseLevel('######\n#    #\n# $ .#\n#@   #\n######\n', { file: 'room.xsb' });
    const cornered = sokoban.replay(level.board, 'rU', { rule: 'all-goals' }).board;
    expect(sokoban.explainLoss(level.board, 'all-goals', cornered)?.message).toBe('the box at Cb stands on a dead square');
    expect(sokoban.deadOrFrozenBoxes(level.board, 'all-goals', cornered)).toEqual([1 * 6 + 2]);
    expect(sokoban.explainLoss(level.board, 'all-goals')).toBeUndefined();
  });

  it('exports the typed errors so callers can tell bad input from bugs', () => {
    expect(() => sokoban.parseMoves('rx', { file: 'm.lurd' })).toThrow(sokoban.MoveSyntaxError);
  });
});
