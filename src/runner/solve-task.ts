import type { GoalRule } from '../game/goal-rule.js';
import type { Board } from '../level/board.js';
import type { Level } from '../level/level.js';
import { type Optimality, type PortfolioMemberName, type SolveResult, solve } from '../solver/solve.js';
import type { RecordKey } from './record.js';
import { runningClock, sharedNow } from './pause-watch.js';
import { type StopFlag, isStopRaised, stoppableClock } from './stop-flag.js';

/** A level to solve, with the rule it is played under and the name its record goes by. */
export interface SolveJob {
  readonly key: RecordKey;
  readonly level: Level;
  readonly rule: GoalRule;
}

/** How hard to search: the same for every level of a `solve` run, chosen per request on the web. */
export interface SearchSettings {
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes?: number;
  /** Only these searches of the portfolio (the bench's ablations); all when absent. */
  readonly members?: readonly PortfolioMemberName[];
  /** False: print the first solution found, without the improvement pass. */
  readonly improve?: boolean;
  /** The same answer on every run (solver's SolveOptions.repeatable); also keeps the level off a race. */
  readonly repeatable?: boolean;
}

/**
 * One level's search as plain data: what a worker thread receives (structured clone copies the
 * board's typed array) and what the in-process path runs directly, so both paths solve alike.
 */
export interface SolveTask extends SearchSettings {
  readonly board: Board;
  readonly rule: GoalRule;
  /** Shared with the thread that handed the task over, which raises it to end the search early (a race's loser). */
  readonly stopFlag?: StopFlag;
  /** The main thread's ledger of time the process was stopped (pause-watch.ts), left out of the search's clock. */
  readonly pauses?: SharedArrayBuffer;
}

export function taskOf(job: Pick<SolveJob, 'level' | 'rule'>, settings: SearchSettings): SolveTask {
  return { ...settings, board: job.level.board, rule: job.rule };
}

/** The solver's clock for a task: real time, without the pauses the main thread counted, and stoppable. */
export function taskClock(task: Pick<SolveTask, 'stopFlag' | 'pauses'>): (() => number) | undefined {
  const running = task.pauses === undefined ? undefined : runningClock(task.pauses);
  if (task.stopFlag === undefined) return running;
  return stoppableClock(task.stopFlag, running ?? sharedNow);
}

export function runSolveTask(task: SolveTask): SolveResult {
  const started = performance.now();
  const result = solve(task.board, {
    rule: task.rule,
    optimal: task.optimal,
    timeLimitMs: task.timeLimitMs,
    maxMemoryMiB: task.maxMemoryMiB,
    maxNodes: task.maxNodes,
    members: task.members,
    improve: task.improve,
    repeatable: task.repeatable,
    clock: taskClock(task),
  });
  // A stopped search last read an infinite clock; its time is the real one.
  if (task.stopFlag !== undefined && isStopRaised(task.stopFlag)) return { ...result, ms: Math.round(performance.now() - started) };
  return result;
}
