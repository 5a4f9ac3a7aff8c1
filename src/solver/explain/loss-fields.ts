import type { Board } from '../../level/board.js';
import { squareNames } from '../../game/notation.js';
import type { LostKind, LostReason } from './lost-reason.js';

// The answers of the search for the move that lost a game (first-lost-move.ts), apart from the
// search itself: what reports them needs none of the proofs, which verify loads only for moves
// that fail.

/** When a game became provably lost: after how many moves (0: from the start), and why. */
export interface LostAt {
  readonly afterMove: number;
  readonly reason: LostReason;
}

/** firstLostMove's answer when its time may run out: the move (null when none is proved) and whether the search stopped first. */
export interface LostMoveSearch {
  readonly lost: LostAt | null;
  /** The time was up before the search ended: a null `lost` then proves nothing. */
  readonly stopped: boolean;
}

/** No loss searched for (the moves solve the level), or none found within the time. */
export const NOT_SEARCHED: LostMoveSearch = { lost: null, stopped: false };

/**
 * A loss as `verify --json` and the server's /api/verify state it: the move after which the game
 * was lost, the reason's words and kind, the squares it is about (named as in `error.square`), and
 * whether the search stopped at its time (a null lostAt then proves nothing).
 */
export interface LossFields {
  readonly lostAt: number | null;
  readonly reason: string | null;
  readonly lostKind: LostKind | null;
  readonly squares: readonly string[];
  readonly lossSearchStopped: boolean;
}

/** The fields of no loss found (and no search stopped). */
export const NO_LOSS: LossFields = { lostAt: null, reason: null, lostKind: null, squares: [], lossSearchStopped: false };

/** `search`'s answer as LossFields, its squares named on `board` (the level's start). */
export function lossFields(board: Board, search: LostMoveSearch): LossFields {
  const { lost, stopped } = search;
  if (lost === null) return { ...NO_LOSS, lossSearchStopped: stopped };
  return { lostAt: lost.afterMove, reason: lost.reason.message, lostKind: lost.reason.kind, squares: squareNames(board, lost.reason.squares), lossSearchStopped: false };
}
