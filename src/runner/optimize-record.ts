import type { GoalRule } from '../game/goal-rule.js';
import { replay } from '../game/replay.js';
import type { Level } from '../level/level.js';
import { type Length, type OptimizeMetric, compareLengths } from '../solver/optimize/metric.js';
import type { TechniqueStep } from '../solver/optimize/optimize-pushes.js';
import type { OptimizeTaskResult } from './optimize-task.js';
import type { TaskOutcome } from './pool.js';
import type { RecordKey } from './record.js';
import type { StopLimit } from './solve-fields.js';

/** A level to optimize: the moves to start from (LURD, already read), or null to solve first. */
export interface OptimizeJob {
  readonly key: RecordKey;
  readonly level: Level;
  readonly rule: GoalRule;
  readonly moves: string | null;
}

export type OptimizeStatus = 'optimized' | 'unsolvable' | 'timeout' | 'memory' | 'error';

/** The outcome of one level's optimization, its solution checked by replay: what `optimize` reports per level. */
export interface OptimizeRecord extends RecordKey {
  readonly status: OptimizeStatus;
  /** Where the solution optimized came from: the user, or the solver when none was given. */
  readonly source: 'given' | 'solver' | null;
  /** LURD, replayed and checked never longer than `before` in the metric; null unless optimized. */
  readonly solution: string | null;
  readonly moves: number | null;
  readonly pushes: number | null;
  readonly before: Length | null;
  readonly steps: readonly TechniqueStep[];
  readonly nodes: number | null;
  readonly ms: number | null;
  readonly limit: StopLimit | null;
  readonly error: string | null;
  /**
   * Only for status "error": "moves" when the moves given do not solve the level (an answer: no),
   * "input" for input that cannot be read, "internal" for our bug.
   */
  readonly errorKind: 'moves' | 'input' | 'internal' | null;
}

const NOTHING = { source: null, solution: null, moves: null, pushes: null, before: null, steps: [], nodes: null, ms: null, limit: null, error: null, errorKind: null } as const;

export function optimizeErrorRecord(key: RecordKey, message: string, kind: 'moves' | 'input' | 'internal', ms: number | null = null): OptimizeRecord {
  return { ...key, ...NOTHING, status: 'error', error: message, errorKind: kind, ms };
}

/**
 * Turns a task's answer into a record. The optimized solution is replayed under the same rule and
 * compared with the length it started from before it is believed: one that does not solve the
 * level, or is longer in the metric, is our bug and is reported as an error, never printed.
 */
export function optimizeRecordFromResult(job: OptimizeJob, metric: OptimizeMetric, answer: OptimizeTaskResult): OptimizeRecord {
  const { key, level, rule } = job;
  switch (answer.kind) {
    case 'moves-unsolved':
      return optimizeErrorRecord(key, answer.message, 'moves');
    case 'unsolved': {
      const { solved } = answer;
      const status = solved.status === 'unsolvable' ? 'unsolvable' : solved.status === 'memory' ? 'memory' : 'timeout';
      return { ...key, ...NOTHING, status, nodes: solved.nodes, ms: solved.ms, limit: solved.limit };
    }
    case 'optimized': {
      const { result } = answer;
      const played = replay(level.board, result.solution, { rule, strictCase: true });
      if (!played.solved) {
        const why = played.error?.message ?? 'its moves leave the level unsolved';
        return optimizeErrorRecord(key, `the optimized solution failed replay under the ${rule} rule: ${why}`, 'internal', result.ms);
      }
      if (compareLengths(metric, played, result.before) > 0) {
        const length = `${played.moves}/${played.pushes}`;
        return optimizeErrorRecord(
          key,
          `the optimized solution (${length}) is longer in ${metric} than the one given (${result.before.moves}/${result.before.pushes})`,
          'internal',
          result.ms,
        );
      }
      return {
        ...key,
        ...NOTHING,
        status: 'optimized',
        source: answer.source,
        solution: played.solution,
        moves: played.moves,
        pushes: played.pushes,
        before: result.before,
        steps: result.steps,
        nodes: result.nodes,
        ms: result.ms,
        limit: result.limit,
      };
    }
  }
}

/** An optimization that threw instead of answering: our bug, kept to its level's one record. */
export function optimizeFailure(job: OptimizeJob, error: unknown): OptimizeRecord {
  const detail = error instanceof Error ? error.message : String(error);
  return optimizeErrorRecord(job.key, `the optimization failed: ${detail}`, 'internal');
}

/** As recordOfOutcome (outcome-record.ts) for solves: a worker's end, in the same words, as an optimize record. */
export function optimizeRecordOfOutcome(
  job: OptimizeJob,
  metric: OptimizeMetric,
  outcome: Exclude<TaskOutcome<OptimizeTaskResult>, { kind: 'cancelled' }>,
  timeLimitMs: number,
  heapMiB: number,
): OptimizeRecord {
  switch (outcome.kind) {
    case 'done':
      try {
        return optimizeRecordFromResult(job, metric, outcome.value);
      } catch (error) {
        return optimizeFailure(job, error);
      }
    case 'killed':
      return {
        ...optimizeErrorRecord(
          job.key,
          `still working ${(outcome.afterMs / 1000).toFixed(1)} s into its ${timeLimitMs / 1000} s time limit; its worker was ended`,
          'internal',
          outcome.afterMs,
        ),
        status: 'timeout',
        limit: 'time',
        errorKind: null,
      };
    case 'out-of-memory':
      return {
        ...optimizeErrorRecord(job.key, `its worker ran out of memory (heap limit ${heapMiB} MiB) and was ended`, 'internal', outcome.afterMs),
        status: 'memory',
        limit: 'memory',
        errorKind: null,
      };
    case 'failed':
      return optimizeFailure(job, outcome.message);
  }
}
