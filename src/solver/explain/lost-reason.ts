import { type Board, colOf, rowOf } from '../../level/board.js';
import { squareName } from '../../game/notation.js';

/**
 * Which of the solver's cheap proofs shows a position lost:
 * - hopeless: the level itself cannot be won (e.g. more boxes than goals), whatever is played;
 * - dead-square: a box stands where no push can ever bring it to a goal;
 * - frozen: boxes that can never move again hold a box off a goal;
 * - no-matching: the boxes cannot be given one goal each (some goal or box is out of reach);
 * - corral: an area the player cannot enter holds unfinished work and its fence can never open;
 * - unfillable-goal: boxes fixed on goals leave an empty goal that no box can ever reach.
 */
export type LostKind = 'hopeless' | 'dead-square' | 'frozen' | 'no-matching' | 'corral' | 'unfillable-goal';

/** Why a position is provably lost: what proves it, the squares it is about, and one sentence saying so. */
export interface LostReason {
  readonly kind: LostKind;
  /**
   * Board squares (row * width + col) the proof is about: the boxes on dead squares, the frozen
   * boxes, the corral's squares or the goal that cannot be filled; empty for hopeless and
   * no-matching, which are about the board as a whole.
   */
  readonly squares: readonly number[];
  /** E.g. "the box at Fe stands on a dead square": a clause that reads after "after move 37". */
  readonly message: string;
}

/** "Fe", "Fe and Ge", "Fe, Ge and He": squares named as the verifier names them. */
export function squareList(board: Pick<Board, 'width'>, squares: readonly number[]): string {
  const names = squares.map((square) => squareName(rowOf(board, square), colOf(board, square)));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function deadSquareReason(board: Pick<Board, 'width'>, boxes: readonly number[]): LostReason {
  const where = squareList(board, boxes);
  const message = boxes.length === 1 ? `the box at ${where} stands on a dead square` : `the boxes at ${where} stand on dead squares`;
  return { kind: 'dead-square', squares: boxes, message };
}

/** `frozen` lists the boxes of the frozen groups, `offGoal` those of them that stand off a goal. */
export function frozenReason(board: Pick<Board, 'width'>, frozen: readonly number[], offGoal: readonly number[]): LostReason {
  const where = squareList(board, frozen);
  let message: string;
  if (frozen.length === 1) message = `the box at ${where} is frozen off a goal`;
  else if (offGoal.length === frozen.length) message = `the boxes at ${where} are frozen off goals`;
  else message = `the boxes at ${where} are frozen, ${squareList(board, offGoal)} off ${offGoal.length === 1 ? 'a goal' : 'goals'}`;
  return { kind: 'frozen', squares: frozen, message };
}

/** `corral` holds the corral's squares in increasing order; the first (top-left) one names it. */
export function corralReason(board: Pick<Board, 'width'>, corral: readonly number[]): LostReason {
  return { kind: 'corral', squares: corral, message: `the corral at ${squareList(board, corral.slice(0, 1))} can never be opened` };
}

export function unfillableGoalReason(board: Pick<Board, 'width'>, goal: number): LostReason {
  return { kind: 'unfillable-goal', squares: [goal], message: `the goal at ${squareList(board, [goal])} can never be filled` };
}

export const NO_MATCHING_REASON: LostReason = { kind: 'no-matching', squares: [], message: 'no way to match boxes to goals' };

export function hopelessReason(why: string): LostReason {
  return { kind: 'hopeless', squares: [], message: why };
}
