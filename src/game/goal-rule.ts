import { LevelError } from '../errors.js';
import { BOX, GOAL, type Board, countSquares } from '../level/board.js';
import type { Level, LevelFormat } from '../level/level.js';

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

/**
 * Each format's home rule, ignoring the counts (XSB's standard rule gets all-goals here).
 * chooseGoalRule is the full decision: it also checks the counts and honours --goal.
 */
export function defaultGoalRule(format: LevelFormat): GoalRule {
  return format === 'grid' ? 'all-boxes' : 'all-goals';
}

function countsText(boxes: number, goals: number): string {
  return `${boxes} ${boxes === 1 ? 'box' : 'boxes'} but ${goals} ${goals === 1 ? 'goal' : 'goals'}`;
}

/**
 * The rule a level is played under: the one requested, if the level's box and goal counts allow
 * it to be won at all, else the format's home rule. XSB has no home rule for unequal counts
 * (collections disagree on what such a level means), so the user must choose one.
 * Throws LevelError naming the level and the counts.
 */
export function chooseGoalRule(level: Level, requested: GoalRule | undefined): GoalRule {
  const boxes = countSquares(level.board, BOX);
  const goals = countSquares(level.board, GOAL);
  const counts = countsText(boxes, goals);
  const fail = (reason: string): never => {
    throw new LevelError(reason, { file: level.source.file, level: level.source.index, line: level.source.line });
  };
  switch (requested) {
    case 'all-goals':
      // Never winnable with no goals or too few boxes, but that is the 6.101 rule, not bad input.
      return requested;
    case 'all-boxes':
      if (boxes > goals) fail(`${counts}: with --goal all-boxes every box needs a goal of its own`);
      return requested;
    case 'keeper-too':
      if (goals < boxes + 1) {
        fail(`${counts}: with --goal keeper-too the boxes and the player each need a goal of their own`);
      }
      return requested;
    case undefined:
      break;
  }
  if (level.format === 'json') return 'all-goals';
  if (level.format === 'grid') return 'all-boxes';
  if (boxes !== goals) fail(`${counts}: choose a rule with --goal all-goals|all-boxes|keeper-too`);
  return 'all-boxes';
}
