import type { ChalkInstance } from 'chalk';
import { runBatch } from '../batch/run-batch.js';
import type { Command } from 'commander';
import type { GoalRule } from '../../game/goal-rule.js';
import { canonicalBoard } from '../../level/canonical.js';
import type { LevelFormat } from '../../level/level.js';
import type { LevelRecord } from '../../runner/record.js';
import type { SearchSettings } from '../../runner/solve-task.js';
import { type LevelFacts, levelFacts } from '../../solver/inspect/level-facts.js';
import { AnalysisStopped, stopWhen } from '../../solver/planning/analysis.js';
import { InOrder } from '../batch/in-order.js';
import { expandInputs } from '../batch/inputs.js';
import { type Job, type LevelJob, planJobs } from '../batch/jobs.js';
import { type CheckRow, exitCodeOfRow, verdictOf } from '../check/check-row.js';
import { findDuplicates } from '../check/duplicates.js';
import { type CommandContext, styleFor } from '../context.js';
import { PROGRAM_NAME } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import type { Io } from '../io.js';
import { formatOption, goalOption, jsonOption, levelOption, positiveInteger, positiveSeconds } from '../options/common.js';
import { printable } from '../printable.js';
import { checkAnnotation, checkJson, checkSummary, checkTable, keyLabel, totalsOfRows } from '../reporters/check-text.js';
import { annotating } from '../reporters/github.js';
import { NO_PROGRESS, progressLine } from '../reporters/progress.js';
import { chooseExecutor } from '../../runner/choose-executor.js';
import { LONGEST_TIME_LIMIT_MS, cappedToMachine, fitWorkers, workerCount } from '../options/search-limits.js';

/** Shorter than solve's minute: a check of a whole collection should end the same day. */
export const DEFAULT_CHECK_TIME_LIMIT_SECONDS = 10;

export interface CheckRequest {
  readonly inputs: readonly string[];
  readonly goal?: GoalRule;
  readonly format?: LevelFormat;
  readonly level?: string;
  readonly timeLimitSeconds: number;
  readonly maxMemoryMiB?: number;
  readonly maxNodes?: number;
  readonly jobs?: number;
  readonly json: boolean;
}

/** What is known of a level before its search: its facts and canonical key, or why they are missing. */
interface Inspected {
  readonly facts: LevelFacts | null;
  readonly key: string | null;
}

function inspect(job: LevelJob, deadline: () => boolean): Inspected {
  try {
    return { facts: levelFacts(job.level.board, job.rule, stopWhen(deadline)), key: canonicalBoard(job.level.board).key };
  } catch (error) {
    // A board too large to analyse within the limit still gets its search and its duplicate check.
    if (!(error instanceof AnalysisStopped)) throw error;
    return { facts: null, key: canonicalBoard(job.level.board).key };
  }
}

function rowOf(job: Job, record: LevelRecord, inspected: Inspected | null, duplicateOf: string | null): CheckRow {
  const verdict = verdictOf(record);
  return {
    key: job.key,
    facts: inspected?.facts ?? null,
    verdict,
    limit: verdict === 'unknown' ? (record.limit ?? 'time') : null,
    moves: record.moves,
    pushes: record.pushes,
    nodes: record.nodes,
    ms: record.ms,
    duplicateOf,
    error: record.error,
    errorKind: record.errorKind,
  };
}

/**
 * `sokoban check`: for every level of every input, the facts an author wants (size, boxes, goals,
 * reachable squares, dead squares, unreachable decoration, boxes that can never move), whether
 * it can be solved (a search like solve's, without the improvement pass, under --time-limit), and
 * whether it repeats an earlier level of the inputs up to rotation, reflection, decoration and
 * where the player stands. Rows are printed in input order as they finish.
 */
export async function checkLevels(io: Io, request: CheckRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const sources = await expandInputs(io, request.inputs);
  const plan = await planJobs(io, sources, { format: request.format, level: request.level, goal: request.goal });
  const jobs = plan.jobs;
  const levelJobs = jobs.filter((job): job is LevelJob => job.kind === 'level');
  const timeLimitMs = Math.min(LONGEST_TIME_LIMIT_MS, Math.round(request.timeLimitSeconds * 1000));
  const inspected = jobs.map((job) => {
    if (job.kind !== 'level') return null;
    const started = io.now();
    return inspect(job, () => io.now() - started > timeLimitMs);
  });
  const duplicates = findDuplicates(
    inspected.map((item) => item?.key ?? null),
    jobs.map((job) => job.key.name),
  );

  const fitted = fitWorkers(io, workerCount(io, request.jobs), levelJobs.length, cappedToMachine(io, request.maxMemoryMiB));
  const workers = fitted.workers;
  const settings: SearchSettings = {
    optimal: null,
    timeLimitMs,
    maxMemoryMiB: fitted.maxMemoryMiB,
    maxNodes: request.maxNodes,
    // Whether a level can be solved is the question; a shorter solution is not.
    improve: false,
    // A check's rows are compared from run to run (in CI diffs): the same on every run.
    repeatable: true,
  };
  const progress = jobs.length > 1 ? progressLine(io.stderr, jobs.length, () => io.now()) : NO_PROGRESS;
  const out = progress.guard(io.stdout);
  const err = progress.guard(io.stderr);
  const table = checkTable(
    out,
    chalk,
    levelJobs.map((job) => keyLabel(job.key)),
  );
  const rows: CheckRow[] = new Array(jobs.length);
  // Annotations stay off stdout with --json, which must stay pure JSON Lines.
  const annotations = annotating(io.env) ? (request.json ? err : out) : null;
  const emitter = new InOrder<CheckRow>((row) => {
    if (row.verdict === 'error') err.write(`${PROGRAM_NAME}: ${printable(row.error ?? 'unreadable')}\n`);
    if (request.json) out.write(`${checkJson(row)}\n`);
    else if (row.verdict !== 'error') table.row(row);
    const annotation = annotations === null ? null : checkAnnotation(row);
    if (annotation !== null) annotations?.write(annotation);
  });
  const finish = (position: number, row: CheckRow, record: LevelRecord) => {
    rows[position] = row;
    progress.done(record.status);
    emitter.put(position, row);
  };

  const executor = chooseExecutor({
    levels: levelJobs.length,
    workers,
    optimal: settings.optimal,
    maxMemoryMiB: settings.maxMemoryMiB,
    now: () => io.now(),
    workerLimits: fitted.workerLimits,
    // The same rows on every run: no race (settings.repeatable).
    repeatable: true,
  });
  const ticker = io.stderr.isTTY && progress !== NO_PROGRESS ? setInterval(() => progress.tick(), 1000) : null;
  const interrupted = await runBatch(io, jobs, {
    executor,
    interruptible: levelJobs.length > 1,
    start: (job, signal) => (job.kind === 'failed' ? job.record : executor.solve(job, settings, signal)),
    finish: (job, position, record) =>
      finish(position, rowOf(job, record, job.kind === 'failed' ? null : inspected[position], job.kind === 'failed' ? null : duplicates[position]), record),
    cleanUp: () => {
      if (ticker !== null) clearInterval(ticker);
      progress.clear();
    },
  });
  if (interrupted) emitter.flush();
  const finished = rows.filter((row): row is CheckRow => row !== undefined);
  const prose = request.json ? io.stderr : io.stdout;
  prose.write(`${checkSummary(totalsOfRows(finished), request.timeLimitSeconds)}\n`);
  if (interrupted) {
    io.stderr.write(`${PROGRAM_NAME}: interrupted: ${finished.length} of ${jobs.length} levels checked\n`);
    return ExitCode.interrupted;
  }
  return combineExitCodes(finished.map(exitCodeOfRow));
}

interface CheckOptions {
  readonly goal?: GoalRule;
  readonly format?: LevelFormat;
  readonly level?: string;
  readonly timeLimit: number;
  readonly maxMemory?: number;
  readonly maxNodes?: number;
  readonly jobs?: number;
  readonly json?: boolean;
}

export function registerCheck(program: Command, context: CommandContext): void {
  program
    .command('check')
    .description('check levels for a collection: facts, solvable or not, and duplicates across all inputs (exit 1 for an unsolvable level or a duplicate)')
    .argument('<inputs...>', "level files, folders (searched for .xsb .sok .txt .json), glob patterns, or '-' for stdin")
    .addOption(goalOption())
    .addOption(formatOption())
    .addOption(levelOption())
    .option('--time-limit <s>', 'seconds per level to find a solution or prove there is none', positiveSeconds, DEFAULT_CHECK_TIME_LIMIT_SECONDS)
    .option('--max-memory <MiB>', 'memory per level for the search (default: half the machine shared by the workers, at most 4096)', positiveInteger)
    .option('--max-nodes <n>', 'positions expanded per level before giving up', positiveInteger)
    .option('--jobs <n>', 'levels searched at once, each in its own worker thread (default: one per core)', positiveInteger)
    .addOption(jsonOption())
    .action(async (inputs: string[], options: CheckOptions, command: Command) => {
      const request: CheckRequest = {
        inputs,
        goal: options.goal,
        format: options.format,
        level: options.level,
        timeLimitSeconds: options.timeLimit,
        maxMemoryMiB: options.maxMemory,
        maxNodes: options.maxNodes,
        jobs: options.jobs,
        json: options.json === true,
      };
      context.setExitCode(await checkLevels(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
