import type { LevelRecord, RecordKey, StopLimit } from '../../runner/record.js';
import type { LevelFacts } from '../../solver/inspect/level-facts.js';
import { ExitCode } from '../exit-codes.js';

/** What `check` found the level to be: a solution found, a proof that there is none, neither in time, or unreadable. */
export type CheckVerdict = 'solvable' | 'unsolvable' | 'unknown' | 'error';

/** One level's line of `sokoban check`: its static facts, its search's verdict, and whether it repeats an earlier level. */
export interface CheckRow {
  readonly key: RecordKey;
  /** Null for an unreadable level, or when the analysis of a huge board ran out of time. */
  readonly facts: LevelFacts | null;
  readonly verdict: CheckVerdict;
  /** For unknown: the limit that stopped the search. */
  readonly limit: StopLimit | null;
  /** For solvable: the solution found (not proven shortest: check asks only whether there is one). */
  readonly moves: number | null;
  readonly pushes: number | null;
  readonly nodes: number | null;
  readonly ms: number | null;
  /** The name of the first level of the inputs with the same canonical form, or null. */
  readonly duplicateOf: string | null;
  readonly error: string | null;
  readonly errorKind: 'input' | 'internal' | null;
}

export function verdictOf(record: LevelRecord): CheckVerdict {
  switch (record.status) {
    case 'solved':
      return 'solvable';
    case 'unsolvable':
      return 'unsolvable';
    case 'timeout':
    case 'memory':
      return 'unknown';
    case 'error':
      return 'error';
  }
}

/**
 * The exit code one row calls for: 1 for a level proven unsolvable or a duplicate, 3 for a level
 * neither solved nor proven unsolvable within the limits, 2 (70) for an unreadable level (our bug).
 */
export function exitCodeOfRow(row: CheckRow): ExitCode {
  if (row.verdict === 'error') return row.errorKind === 'internal' ? ExitCode.internal : ExitCode.badInput;
  if (row.verdict === 'unsolvable' || row.duplicateOf !== null) return ExitCode.notSolved;
  if (row.verdict === 'unknown') return ExitCode.limit;
  return ExitCode.ok;
}
