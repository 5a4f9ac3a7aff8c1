import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { GrownCorralPruning } from '../../../src/solver/deadlocks/grown-corral-pruning.js';
import { PiCorralPruning } from '../../../src/solver/deadlocks/pi-corral-pruning.js';
import type { PushPruner } from '../../../src/solver/deadlocks/detector-shapes.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

/** The boxes a pruner lets the search move in the start position, as "row,column", or null when it restricts nothing. */
function allowed(start: Board, make: (problem: Problem, dead: Uint8Array) => PushPruner): string[] | null {
  const problem = buildProblem(start, 'all-goals');
  const pruner = make(problem, analyzeLevel(problem).dead);
  const reach = new PlayerReach(problem);
  for (const box of problem.initialBoxes) reach.boxAt[box] = 1;
  reach.flood(problem.initialPlayer);
  if (!pruner.restrict(reach, reach.boxAt, Int32Array.from(problem.initialBoxes), problem.initialBoxes.length)) return null;
  const square = (cell: number) => problem.squareOfCell[cell];
  return Array.from(problem.initialBoxes)
    .filter((box) => pruner.isAllowed(box))
    .map((box) => `${Math.floor(square(box) / start.width)},${square(box) % start.width}`);
}

/** XSokoban 21 with rows 6 to 8 as given: the positions below differ only there. */
function xsokoban21(...middle: [string, string, string]): Board {
  const top = ['#########', '#       #', '#       ####', '## #### #  #', '## # ##    #', '# $$   $ $$#'];
  const bottom = [' #   ##   ....#', ' # #   # #.. .#', ' #   # # ##...#', ' ##### $  #...#', '     ##   #####'];
  return board(...top, ...middle, ...bottom);
}

const grown = (problem: Problem, dead: Uint8Array) => new GrownCorralPruning(problem, dead);
const merged = (problem: Problem, dead: Uint8Array) => new PiCorralPruning(problem, dead);

describe('PI-corral pruning with grown corrals', () => {
  it('lets only the fence box move that the player can push into a closed-off goal', () => {
    const start = board('########', '#@ $ $.#', '#  .  ##', '########');
    expect(allowed(start, grown)).toEqual(['1,5']);
  });

  it('restricts nothing when a fence box can also be pushed along the fence, outside the corral', () => {
    // The box under the closed-off goal can also be pushed right, from the player's area to it.
    const start = board('#######', '###.###', '#@ $  #', '#     #', '#######');
    expect(allowed(start, grown)).toBeNull();
  });

  it('does not take a push along the fence as lost because of a block that a box outside the fence closes', () => {
    // Microban 153 after its first box move: the box below the opening of the middle room can be
    // pushed down, off the room, once the box beside the square below it has moved; pushing it into
    // the room first loses the level.
    const start = board(
      '#############',
      '#.#  #  #   #',
      '#.# $   # $ #',
      '#.#  # $#   #',
      '#.# $#  # $##',
      '#.#  # $#  ##',
      '#.# $#  # $##',
      '#..  # $   ##',
      '#..$@#  #  ##',
      '#############',
    );
    expect(allowed(start, grown)).toBeNull();
  });

  it('finds small corrals in crowded positions, where the corral of everything unreachable allows every box or finds none', () => {
    // Two positions of XSokoban 21 on the way to its solution. Festival's search restricts them to
    // the same boxes: the four the player can push up into the closed-off top of the board; and
    // the three it can push up into the top area, which takes in the areas beside it that its
    // fence's pushes come from.
    const lower = xsokoban21('#  #$## $  #', '#  # ##  $ ####', '####  $$$@$#  #');
    expect(allowed(lower, merged)).toHaveLength(13);
    expect(allowed(lower, grown)).toEqual(['7,9', '8,7', '8,8', '8,10']);
    const upper = xsokoban21('#  #$##@$$ #', '#  # ##    ####', '####  $$$ $#  #');
    expect(allowed(upper, merged)).toBeNull();
    expect(allowed(upper, grown)).toEqual(['5,7', '5,10', '6,8']);
  });
});
