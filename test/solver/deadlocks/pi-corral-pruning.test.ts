import { describe, expect, it } from 'vitest';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import type { Board } from '../../../src/level/board.js';
import { PiCorralPruning } from '../../../src/solver/deadlocks/pi-corral-pruning.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

// The box on the goal at the right fences off the empty goal beside it: its only push goes into
// that corral, and the player can make it now. The other box sits in the player's area.
const FENCED_GOAL = board('#######', '#@   ##', '# $ *.#', '#######');
// The same with one goal more in the open: under all-boxes the fenced goal may then stay empty.
const SPARE_GOAL = board('#######', '#@ . ##', '# $ *.#', '#######');

function cellOf(start: Board, rule: GoalRule, column: number, row: number): number {
  return buildProblem(start, rule).cellOfSquare[row * start.width + column];
}

/** Which of the two boxes PI-corral pruning lets the search push, or null when it restricts nothing. */
function allowedBoxes(start: Board, rule: GoalRule): { open: boolean; fence: boolean } | null {
  const problem = buildProblem(start, rule);
  const pruning = new PiCorralPruning(problem, analyzeLevel(problem).dead);
  const reach = new PlayerReach(problem);
  for (const box of problem.initialBoxes) reach.boxAt[box] = 1;
  reach.flood(problem.initialPlayer);
  if (!pruning.restrict(reach, reach.boxAt, Int32Array.from(problem.initialBoxes), problem.initialBoxes.length)) return null;
  return { open: pruning.isAllowed(cellOf(start, rule, 2, 2)), fence: pruning.isAllowed(cellOf(start, rule, 4, 2)) };
}

describe('PI-corral pruning and empty goals', () => {
  it('counts an empty goal as work left in a corral under all-goals', () => {
    expect(allowedBoxes(FENCED_GOAL, 'all-goals')).toEqual({ open: false, fence: true });
  });

  it('does the same under all-boxes when boxes and goals are as many, since every goal must then be filled', () => {
    expect(buildProblem(FENCED_GOAL, 'all-boxes').everyGoalNeedsBox).toBe(true);
    expect(allowedBoxes(FENCED_GOAL, 'all-boxes')).toEqual({ open: false, fence: true });
  });

  it('leaves an empty goal alone under all-boxes when there are goals to spare', () => {
    expect(buildProblem(SPARE_GOAL, 'all-boxes').everyGoalNeedsBox).toBe(false);
    expect(allowedBoxes(SPARE_GOAL, 'all-boxes')).toBeNull();
  });
});
