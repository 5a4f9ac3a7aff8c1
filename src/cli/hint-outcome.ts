import type { SokobanError } from '../errors.js';
import type { GoalRule } from '../game/goal-rule.js';
import type { NextPush } from '../game/next-push.js';
import type { ReplayResult } from '../game/replay.js';
import type { StopLimit } from '../runner/record.js';
import type { LostKind } from '../solver/explain/lost-reason.js';
import { ExitCode } from './exit-codes.js';
import type { LevelRef } from './verify-outcome.js';

/** How a position was shown lost: one of the cheap proofs, or a search that found no solution from it. */
export type HintLostKind = LostKind | 'unsolvable';

export interface HintLostReason {
  readonly kind: HintLostKind;
  /** Board squares the reason is about (row * width + col); empty when it is about the board as a whole. */
  readonly squares: readonly number[];
  readonly message: string;
}

/** The one sentence for a position the search proved unsolvable and no cheap proof explains. */
export const UNSOLVABLE_REASON: HintLostReason = { kind: 'unsolvable', squares: [], message: 'the solver proved that no sequence of moves solves it from here' };

interface Played {
  readonly ref: LevelRef;
  readonly rule: GoalRule;
  /** The moves the player gave, replayed: its board is the position the hint is for. */
  readonly played: ReplayResult;
}

/** What `sokoban hint` says about one position. */
export type HintOutcome =
  /** The next push of a solution the solver found from the position, replayed. */
  | (Played & { readonly kind: 'hint'; readonly next: NextPush; readonly solutionMoves: number; readonly solutionPushes: number })
  | (Played & { readonly kind: 'solved' })
  | (Played & { readonly kind: 'lost'; readonly reason: HintLostReason })
  /** The search stopped at a limit with neither a solution nor a proof. */
  | (Played & { readonly kind: 'unknown'; readonly limit: StopLimit | null; readonly timeLimitSeconds: number })
  | { readonly kind: 'bad-input'; readonly ref: LevelRef; readonly error: SokobanError };

/**
 * 0: a hint (or the level is already solved); 1: the position is lost, as for a level proven
 * unsolvable; 2: the level or the moves cannot be used; 3: the search stopped at a limit first.
 */
export function hintExitCode(outcome: HintOutcome): ExitCode {
  switch (outcome.kind) {
    case 'hint':
    case 'solved':
      return ExitCode.ok;
    case 'lost':
      return ExitCode.notSolved;
    case 'unknown':
      return ExitCode.limit;
    case 'bad-input':
      return ExitCode.badInput;
  }
}
