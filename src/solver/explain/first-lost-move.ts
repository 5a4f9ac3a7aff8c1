import type { Board } from '../../level/board.js';
import type { GoalRule } from '../../game/goal-rule.js';
import { type ParsedMoves, parseMoves } from '../../game/moves.js';
import { squareNames } from '../../game/notation.js';
import { step } from '../../game/step.js';
import { LossExplainer } from './loss-explainer.js';
import { LossSearchStopped } from './loss-search-stopped.js';
import type { LostKind, LostReason } from './lost-reason.js';

/** When a game became provably lost: after how many moves (0: from the start), and why. */
export interface LostAt {
  readonly afterMove: number;
  readonly reason: LostReason;
}

export interface FirstLostMoveOptions {
  /** Says when the time given is up: then LossSearchStopped is thrown. Never, by default. */
  readonly timeIsUp?: () => boolean;
  /** The level's explainer, when the caller has one already (built with the same timeIsUp). */
  readonly explainer?: LossExplainer;
}

/**
 * The first move of `moves` (played from `start`) after which the position is provably lost,
 * by the cheap proofs of LossExplainer, or undefined when none is found. Only the start and the
 * positions after pushes are judged: a walk moves no box, and every proof reads only the boxes
 * and the area the player can walk in. Replay stops at the first illegal move. Throws
 * LossSearchStopped once `timeIsUp` says so (the level's analysis, or the positions, took it).
 */
export function firstLostMove(start: Board, rule: GoalRule, moves: string | ParsedMoves, options: FirstLostMoveOptions = {}): LostAt | undefined {
  const timeIsUp = options.timeIsUp ?? (() => false);
  const explainer = options.explainer ?? new LossExplainer(start, rule, timeIsUp);
  const parsed = typeof moves === 'string' ? parseMoves(moves) : moves;
  const atStart = explainer.explain(start);
  if (atStart !== undefined) return { afterMove: 0, reason: atStart };
  let current = start;
  for (let i = 0; i < parsed.moves.length; i++) {
    const result = step(current, parsed.moves[i].direction);
    if (!result.ok) return undefined;
    current = result.board;
    if (!result.pushed) continue;
    if (timeIsUp()) throw new LossSearchStopped();
    const reason = explainer.explain(current);
    if (reason !== undefined) return { afterMove: i + 1, reason };
  }
  return undefined;
}

/** firstLostMove's answer when its time may run out: the move (null when none is proved) and whether the search stopped first. */
export interface LostMoveSearch {
  readonly lost: LostAt | null;
  /** The time was up before the search ended: a null `lost` then proves nothing. */
  readonly stopped: boolean;
}

/** firstLostMove within `timeIsUp`, saying whether it stopped instead of throwing LossSearchStopped. */
export function firstLostMoveWithin(start: Board, rule: GoalRule, moves: string | ParsedMoves, timeIsUp: () => boolean): LostMoveSearch {
  try {
    return { lost: firstLostMove(start, rule, moves, { timeIsUp }) ?? null, stopped: false };
  } catch (error) {
    if (!(error instanceof LossSearchStopped)) throw error;
    return { lost: null, stopped: true };
  }
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
