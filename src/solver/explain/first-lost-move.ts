import type { Board } from '../../level/board.js';
import type { GoalRule } from '../../game/goal-rule.js';
import { type ParsedMoves, parseMoves } from '../../game/moves.js';
import { step } from '../../game/step.js';
import { LossExplainer } from './loss-explainer.js';
import { LossSearchStopped } from './loss-search-stopped.js';
import type { LostAt, LostMoveSearch } from './loss-fields.js';

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

/** firstLostMove within `timeIsUp`, saying whether it stopped instead of throwing LossSearchStopped. */
export function firstLostMoveWithin(start: Board, rule: GoalRule, moves: string | ParsedMoves, timeIsUp: () => boolean): LostMoveSearch {
  try {
    return { lost: firstLostMove(start, rule, moves, { timeIsUp }) ?? null, stopped: false };
  } catch (error) {
    if (!(error instanceof LossSearchStopped)) throw error;
    return { lost: null, stopped: true };
  }
}
