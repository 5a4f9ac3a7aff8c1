import type { GoalRule } from '../../game/goal-rule.js';
import { BOX, GOAL, type Board, countSquares } from '../../level/board.js';
import { trimBoard } from '../../level/trim.js';
import { FreezeDeadlocks } from '../deadlocks/freeze-deadlocks.js';
import { buildProblem } from '../model/problem.js';
import type { StopCheck } from '../geometry/push-distances.js';
import { analyzeLevel } from '../planning/analysis.js';

/** What a level's author wants to know about it before any search: the static facts of the board. */
export interface LevelFacts {
  readonly width: number;
  readonly height: number;
  /** Every box and goal drawn, decoration included. */
  readonly boxes: number;
  readonly goals: number;
  /** Squares the player can reach with the boxes out of the way: the playing area. */
  readonly reachable: number;
  /** Squares of the playing area a box can never leave for a goal (the solver's dead cells). */
  readonly deadSquares: readonly number[];
  /** Boxes on goals the player can never reach, which `convert --trim` drops. */
  readonly decorationBoxes: number;
  /** Walls no square of the playing area touches, which `convert --trim` drops. */
  readonly decorationWalls: number;
  /** Boxes in the playing area that can never move: walls and other such boxes hold them on both axes. */
  readonly immovableBoxes: readonly number[];
  /** Those of them that stand off a goal: where every box needs a goal, the level is lost from the start. */
  readonly immovableOffGoal: number;
  /** Why the level cannot be won before any search, or null (e.g. fewer boxes than goals). */
  readonly hopelessBecause: string | null;
}

/**
 * The facts `sokoban check` prints for a level, computed with the solver's own tables: the push
 * distances' dead cells and the freeze detector (given no dead cells, so "frozen" means "can
 * never move" and not "can never usefully move"). Squares are board squares (row * width + col).
 * `stopCheck` throws AnalysisStopped when the caller's time is up, as in the solver.
 */
export function levelFacts(board: Board, rule: GoalRule, stopCheck: StopCheck = () => {}): LevelFacts {
  const problem = buildProblem(board, rule);
  const analysis = analyzeLevel(problem, stopCheck);
  const deadSquares: number[] = [];
  for (let cell = 0; cell < problem.cellCount; cell++) if (analysis.dead[cell] !== 0) deadSquares.push(problem.squareOfCell[cell]);

  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  const freeze = new FreezeDeadlocks(problem, new Uint8Array(problem.cellCount), boxAt);
  const immovableBoxes: number[] = [];
  let immovableOffGoal = 0;
  for (const cell of problem.initialBoxes) {
    if (!freeze.isFrozen(cell)) continue;
    immovableBoxes.push(problem.squareOfCell[cell]);
    if (problem.goalIndexOfCell[cell] < 0) immovableOffGoal++;
  }
  immovableBoxes.sort((a, b) => a - b);

  const trimmed = trimBoard(board);
  return {
    width: board.width,
    height: board.height,
    boxes: countSquares(board, BOX),
    goals: countSquares(board, GOAL),
    reachable: problem.cellCount,
    deadSquares,
    decorationBoxes: trimmed.droppedBoxes,
    decorationWalls: trimmed.droppedWalls,
    immovableBoxes,
    immovableOffGoal,
    hopelessBecause: problem.hopelessBecause,
  };
}
