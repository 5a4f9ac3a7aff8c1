import { BOX, GOAL, type Board } from '../level/board.js';
import type { LevelFormat } from '../level/level.js';

/**
 * When a position counts as won.
 * - all-goals: every goal holds a box (MIT 6.101); never won without goals or with fewer boxes than goals.
 * - all-boxes: no box stands off a goal; goals may outnumber boxes (CS161).
 * - keeper-too: all-boxes, and the player stands on a goal too (the older CS161 variant).
 * With as many boxes as goals, all-goals and all-boxes agree: that is the standard rule.
 */
export const GOAL_RULES = ['all-goals', 'all-boxes', 'keeper-too'] as const;
export type GoalRule = (typeof GOAL_RULES)[number];

export function isGoalRule(name: string): name is GoalRule {
  return (GOAL_RULES as readonly string[]).includes(name);
}

export function isSolved(board: Board, rule: GoalRule): boolean {
  const squares = board.squares;
  if (rule === 'all-goals') {
    let goals = 0;
    for (let i = 0; i < squares.length; i++) {
      const flags = squares[i];
      if ((flags & GOAL) === 0) continue;
      if ((flags & BOX) === 0) return false;
      goals++;
    }
    return goals > 0;
  }
  for (let i = 0; i < squares.length; i++) {
    if ((squares[i] & (BOX | GOAL)) === BOX) return false;
  }
  return rule === 'all-boxes' || (squares[board.player] & GOAL) !== 0;
}

/** Each format's home rule; XSB uses the standard rule, which needs equal box and goal counts. */
export function defaultGoalRule(format: LevelFormat): GoalRule {
  return format === 'grid' ? 'all-boxes' : 'all-goals';
}
