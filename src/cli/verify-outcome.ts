import type { SokobanError } from '../errors.js';
import type { GoalRule } from '../game/goal-rule.js';
import type { ReplayResult } from '../game/replay.js';
import type { Level } from '../level/level.js';
import type { LostAt } from '../solver/explain/loss-fields.js';
import { ExitCode } from './exit-codes.js';

/** Which level a result is about, in the terms both reporters use. */
export interface LevelRef {
  readonly file: string;
  readonly index: number;
  readonly title: string | null;
  /** `file` or `file#index (title)`, for human output. */
  readonly label: string;
  /** Null for a level of a collection that could not be read. */
  readonly level: Level | null;
}

/** The answer `verify` gives for one move string on one level. */
export type VerifyOutcome =
  | {
      readonly kind: 'replayed';
      readonly ref: LevelRef;
      readonly rule: GoalRule;
      readonly replay: ReplayResult;
      /** The legal moves played, in the notation the user asked for. */
      readonly solutionText: string;
      /** For moves that do not solve the level: the first move after which it was provably lost, if one is. */
      readonly lost: LostAt | null;
      /** The search for that move stopped at its time limit: a null `lost` then proves nothing. */
      readonly lossSearchStopped: boolean;
    }
  /** The move string or the level could not be used (syntax error, rule that does not fit). */
  | { readonly kind: 'bad-input'; readonly ref: LevelRef; readonly error: SokobanError }
  /** A level of a SOK collection that has no Solution line to check. */
  | { readonly kind: 'no-moves'; readonly ref: LevelRef };

export function verifyExitCode(outcome: VerifyOutcome): ExitCode {
  switch (outcome.kind) {
    case 'replayed':
      return outcome.replay.solved ? ExitCode.ok : ExitCode.notSolved;
    case 'bad-input':
      return ExitCode.badInput;
    case 'no-moves':
      return ExitCode.notSolved;
  }
}
