import type { OutputStream } from '../io.js';
import type { VerifyOutcome } from '../verify-outcome.js';
import type { LostKind } from '../../solver/explain/lost-reason.js';
import { NO_LOSS, lossFields } from '../../solver/explain/loss-fields.js';
import type { Reporter } from './reporter.js';

/** JSON Lines: one object per line, nothing else on stdout, so `jq` and friends can stream it. */
export function writeJsonLine(out: OutputStream, value: unknown): void {
  out.write(`${JSON.stringify(value)}\n`);
}

export interface VerifyJson {
  readonly file: string;
  /** Null when the error is about the whole input (an unreadable file), as in solve --json. */
  readonly index: number | null;
  readonly title: string | null;
  readonly valid: boolean;
  readonly solved: boolean;
  readonly moves: number;
  readonly pushes: number;
  readonly solution: string | null;
  readonly error:
    | {
        readonly index: number;
        readonly move: string;
        readonly row: number;
        readonly col: number;
        readonly square: string;
        readonly reason: string;
        readonly message: string;
      }
    | { readonly reason: 'bad-input' | 'no-moves'; readonly message: string }
    | null;
  /** For moves that do not solve the level: the move after which it was provably lost (0: from the start), or null. */
  readonly lostAt: number | null;
  /** Why it was lost, e.g. "the box at Fe stands on a dead square"; null when lostAt is. */
  readonly reason: string | null;
  /** Which proof says so (dead-square, frozen, no-matching, corral, unfillable-goal, hopeless); null when lostAt is. */
  readonly lostKind: LostKind | null;
  /** The squares the reason is about, named as in `error.square` (e.g. "Fe"); empty when none. */
  readonly squares: readonly string[];
  /** True when the search for lostAt stopped at its time limit: then a null lostAt proves nothing. */
  readonly lossSearchStopped: boolean;
}

export function verifyJson(outcome: VerifyOutcome): VerifyJson {
  const { file, index, title } = outcome.ref;
  const unplayed = { file, index, title, valid: false, solved: false, moves: 0, pushes: 0, solution: null, ...NO_LOSS };
  switch (outcome.kind) {
    case 'bad-input':
      return { ...unplayed, error: { reason: 'bad-input', message: outcome.error.message } };
    case 'no-moves':
      return { ...unplayed, error: { reason: 'no-moves', message: 'no Solution line stored for this level' } };
    case 'replayed': {
      const { replay, lost } = outcome;
      const failure = replay.error;
      return {
        file,
        index,
        title,
        valid: replay.valid,
        solved: replay.solved,
        moves: replay.moves,
        pushes: replay.pushes,
        solution: outcome.solutionText,
        error:
          failure === null
            ? null
            : {
                index: failure.index,
                move: failure.move,
                row: failure.row,
                col: failure.col,
                square: failure.square,
                reason: failure.reason,
                message: failure.message,
              },
        ...lossFields(replay.board, { lost, stopped: outcome.lossSearchStopped }),
      };
    }
  }
}

/** The one object for an input that yields no level to verify. */
export function unreadableJson(file: string, error: Error): VerifyJson {
  const unplayed = { file, index: null, title: null, valid: false, solved: false, moves: 0, pushes: 0, solution: null, ...NO_LOSS };
  return { ...unplayed, error: { reason: 'bad-input', message: error.message } };
}

export function jsonVerifyReporter(out: OutputStream): Reporter<VerifyOutcome> {
  return {
    result: (outcome) => writeJsonLine(out, verifyJson(outcome)),
    end: () => {},
  };
}
