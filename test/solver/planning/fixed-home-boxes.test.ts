import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL } from '../../../src/level/board.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { fixedHomeBoxesAsWalls } from '../../../src/solver/planning/fixed-home-boxes.js';
import { solve } from '../../../src/solver/solve.js';
import { board, expectReplaysToSolved } from '../helpers.js';
import { fewestByExhaustion } from '../oracle.js';

/**
 * Boxes that start on a goal and can never move are walls for the whole game: solve builds its
 * problem from the board with them turned into walls, and must find the same solutions, which
 * replay on the board as given.
 */

const BLOCK_IN_A_CORNER = board('#######', '#**   #', '#** $.#', '#   @ #', '#######');

const CORNER_BOX = board('######', '#*   #', '# $. #', '#  @ #', '######');

function squareAt(b: ReturnType<typeof board>, row: number, col: number): number {
  return b.squares[row * b.width + col];
}

describe('boxes fixed on their goals from the start', () => {
  it('turn into walls, goals and all, when they are held on both axes: a 2x2 block', () => {
    const simpler = fixedHomeBoxesAsWalls(BLOCK_IN_A_CORNER, buildProblem(BLOCK_IN_A_CORNER, 'all-goals'));
    for (const [row, col] of [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]) {
      expect(squareAt(simpler, row, col)).toBe(WALL);
    }
    // The free box and its goal, and the player, stay.
    expect(squareAt(simpler, 2, 4)).toBe(BOX);
    expect(squareAt(simpler, 2, 5)).toBe(GOAL);
    expect(simpler.player).toBe(BLOCK_IN_A_CORNER.player);
    expect(buildProblem(simpler, 'all-goals').initialBoxes.length).toBe(1);
  });

  it('turn into walls when a corner holds them', () => {
    const simpler = fixedHomeBoxesAsWalls(CORNER_BOX, buildProblem(CORNER_BOX, 'all-goals'));
    expect(squareAt(simpler, 1, 1)).toBe(WALL);
    expect(buildProblem(simpler, 'all-goals').initialBoxes.length).toBe(1);
  });

  it('leave the board as it is when a box on a goal can still move, when a fixed box is off its goal, or when every box or every goal is held', () => {
    const movable = board('#######', '#  *  #', '# $.  #', '#  @  #', '#######');
    const fixedOffGoal = board('######', '#$  .#', '# $. #', '#  @ #', '######');
    const allHome = board('#####', '#** #', '#**@#', '#####');
    // One box more than goals: the only goal is held for good, so the level is won as it stands.
    const everyGoalHeld = board('#######', '#*    #', '#@$   #', '# #   #', '#######');
    for (const start of [movable, fixedOffGoal, allHome, everyGoalHeld]) {
      expect(fixedHomeBoxesAsWalls(start, buildProblem(start, 'all-goals'))).toBe(start);
    }
  });

  it('change no optimal answer: solve gives the exhaustive search’s fewest moves and pushes on the board as given, and its solutions replay there', () => {
    const withRoom = board('########', '#**    #', '#**  $.#', '#  $   #', '#  @  .#', '########');
    for (const start of [BLOCK_IN_A_CORNER, CORNER_BOX, withRoom]) {
      for (const first of ['moves', 'pushes'] as const) {
        const truth = fewestByExhaustion(start, 'all-goals', first);
        expect(truth).not.toBeNull();
        const result = solve(start, { optimal: first, rule: 'all-goals' });
        expectReplaysToSolved(start, result, 'all-goals');
        expect(result).toMatchObject({ moves: truth?.moves, pushes: truth?.pushes });
      }
      expectReplaysToSolved(start, solve(start, { rule: 'all-goals' }), 'all-goals');
    }
  });
});
