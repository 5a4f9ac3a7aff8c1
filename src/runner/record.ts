import type { GoalRule } from '../game/goal-rule.js';
import { replay } from '../game/replay.js';
import type { Level } from '../level/level.js';
import type { SolveResult } from '../solver/solve.js';
import type { SolveFields } from './solve-fields.js';

export type { RecordStatus, StopLimit } from './solve-fields.js';

/** The part of a record that names its level, shared by every record about it. */
export interface RecordKey {
  /** `file#index` for a level; the file or pattern alone for an input that yielded no levels. */
  readonly name: string;
  readonly file: string;
  /** 1-based level number in its file; null when the error is about the whole input. */
  readonly index: number | null;
  readonly title: string | null;
  /** 1-based line of the level's first board row, for annotations; null when unknown. */
  readonly line: number | null;
  /** 1-based column of the error in that line, when the record is a parse error that knows it. */
  readonly column?: number;
}

/**
 * The outcome of one level's search, checked by replay: what `sokoban solve` reports per job (also
 * for an input that produced no levels: a missing file, a malformed collection, a pattern that
 * matches nothing) and what the web API answers a solve with.
 */
export interface LevelRecord extends RecordKey, SolveFields {
  /** "input" is the user's (exit 2); "internal" is our bug (exit 70). Only for status "error". */
  readonly errorKind: 'input' | 'internal' | null;
}

export function keyOfLevel(level: Level): RecordKey {
  const { file, index, line } = level.source;
  return { name: `${file}#${index}`, file, index, title: level.title, line };
}

const NOTHING = {
  solution: null,
  moves: null,
  pushes: null,
  firstMoves: null,
  firstPushes: null,
  optimal: null,
  thenFewest: null,
  nodes: null,
  ms: null,
  limit: null,
  error: null,
  errorKind: null,
} as const;

export function errorRecord(key: RecordKey, message: string, kind: 'input' | 'internal', ms: number | null = null): LevelRecord {
  return { ...key, ...NOTHING, status: 'error', error: message, errorKind: kind, ms };
}

/** A level whose search was cut short from outside, because its worker ran past the limit or out of memory. */
export function stoppedRecord(key: RecordKey, status: 'timeout' | 'memory', message: string, ms: number): LevelRecord {
  return { ...key, ...NOTHING, status, limit: status === 'memory' ? 'memory' : 'time', error: message, ms };
}

/**
 * Turns the solver's answer into a record. A solution is replayed under the same rule before
 * it is believed: one that does not solve the level is our bug and is reported as an error,
 * never printed as solved.
 */
export function recordFromResult(level: Level, rule: GoalRule, result: SolveResult): LevelRecord {
  const key = keyOfLevel(level);
  const counts = { nodes: result.nodes, ms: result.ms };
  if (result.status !== 'solved') {
    return { ...key, ...NOTHING, ...counts, status: result.status, limit: result.limit };
  }
  const played = result.solution === null ? null : replay(level.board, result.solution, { rule, strictCase: true });
  if (played === null || !played.solved) {
    const why = played?.error?.message ?? 'its moves leave the level unsolved';
    return errorRecord(key, `the solver's solution failed replay under the ${rule} rule: ${why}`, 'internal', result.ms);
  }
  return {
    ...key,
    ...NOTHING,
    ...counts,
    status: 'solved',
    solution: played.solution,
    moves: played.moves,
    pushes: played.pushes,
    firstMoves: result.firstMoves,
    firstPushes: result.firstPushes,
    optimal: result.optimal,
    thenFewest: result.thenFewest,
  };
}
