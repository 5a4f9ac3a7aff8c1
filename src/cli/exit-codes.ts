import { OutputError, SokobanError } from '../errors.js';

/**
 * The CLI's exit codes: the one place they are decided.
 * 0 and 1 answer the question asked (solved or not); 2 says the question could not be asked;
 * 3 says the answer is unknown because a limit stopped the work; 70 (sysexits EX_SOFTWARE) is our bug;
 * 74 (sysexits EX_IOERR) says the work was done but an output could not be written.
 */
export const ExitCode = {
  /** Every level valid and solved. */
  ok: 0,
  /** A move string that does not solve its level or makes an illegal move; a level proven unsolvable; a regression. */
  notSolved: 1,
  /** Bad input or usage: unreadable file, malformed level, bad move string, unknown option. */
  badInput: 2,
  /** A level stopped at a time, memory or node limit (neither solved nor proven unsolvable). */
  limit: 3,
  /** An unexpected internal error: a bug to report. */
  internal: 70,
  /** A report or an --out file could not be written (full disk, read-only place): the results printed may be right, their record is missing. */
  outputFailed: 74,
  /** Stopped by Ctrl-C, SIGTERM or SIGHUP, or by stdout closing (128 + SIGINT, as a shell reports Ctrl-C). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Exit code of an error that ended a command. Our own typed errors are the user's input, or an output that could not be written. */
export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof OutputError) return ExitCode.outputFailed;
  return error instanceof SokobanError ? ExitCode.badInput : ExitCode.internal;
}

/**
 * Priority when several levels each have their own outcome: an internal error beats an output
 * that could not be written (a CI job must not trust a missing report), which beats bad input,
 * which beats a level not solved, which beats a level stopped at a limit (issue 3 and 4's rule).
 */
const PRIORITY: readonly ExitCode[] = [ExitCode.internal, ExitCode.outputFailed, ExitCode.badInput, ExitCode.notSolved, ExitCode.limit];

export function combineExitCodes(codes: Iterable<ExitCode>): ExitCode {
  const seen = new Set(codes);
  for (const code of PRIORITY) if (seen.has(code)) return code;
  return ExitCode.ok;
}
