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
import { type Job, type LevelJob, countLevelJobs, planJobs } from '../batch/jobs.js';
import { type CheckRow, exitCodeOfRow, verdictOf } from '../check/check-row.js';
import { DuplicateFinder } from '../check/duplicates.js';
import { type CommandContext, styleFor } from '../context.js';
import { PROGRAM_NAME } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import type { Io } from '../io.js';
import { formatOption, goalOption, jsonOption, levelOption, positiveInteger, positiveSeconds } from '../options/common.js';
import { printable } from '../printable.js';
import { addRow, checkAnnotation, checkJson, checkSummary, checkTable, keyLabel, labelWidthOf } from '../reporters/check-text.js';
import { annotating } from '../reporters/github.js';
import { NO_PROGRESS, progressLine } from '../reporters/progress.js';
import { movesCursor } from '../terminal.js';
import { chooseExecutor, planExecutor } from '../../runner/choose-executor.js';
import { warnOn } from '../levels.js';
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
  const jobs = await planJobs(io, sources, { format: request.format, level: request.level, goal: request.goal });
  const requestedWorkers = workerCount(io, request.jobs);
  // The plan is the same for any number of levels above the workers: no more levels are read to count them.
  const levelJobs = countLevelJobs(jobs, requestedWorkers + 1);
  const timeLimitMs = Math.min(LONGEST_TIME_LIMIT_MS, Math.round(request.timeLimitSeconds * 1000));
  const duplicates = new DuplicateFinder();

  const fitted = fitWorkers(io, requestedWorkers, levelJobs, cappedToMachine(io, request.maxMemoryMiB));
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
  const progress = jobs.count > 1 ? progressLine(io.stderr, jobs.count, () => io.now(), movesCursor(io, io.stderr)) : NO_PROGRESS;
  const out = progress.guard(io.stdout);
  const err = progress.guard(io.stderr);
  // The labels of the levels' rows, from their names and titles (an input that could not be read has no row).
  const labels = function* (): Generator<string> {
    for (let position = 0; position < jobs.count; position++) {
      const key = jobs.keyAt(position);
      if (key.index !== null) yield keyLabel(key);
    }
  };
  const table = checkTable(out, chalk, labelWidthOf(labels()));
  const totals = { levels: 0, solvable: 0, unsolvable: 0, unknown: 0, errors: 0, duplicates: 0 };
  const codes = new Set<ExitCode>();
  // Annotations stay off stdout with --json, which must stay pure JSON Lines.
  const annotations = annotating(io.env) ? (request.json ? err : out) : null;
  const emitter = new InOrder<CheckRow>((row) => {
    if (row.verdict === 'error') err.write(`${PROGRAM_NAME}: ${printable(row.error ?? 'unreadable')}\n`);
    if (request.json) out.write(`${checkJson(row)}\n`);
    else if (row.verdict !== 'error') table.row(row);
    const annotation = annotations === null ? null : checkAnnotation(row);
    if (annotation !== null) annotations?.write(annotation);
  });

  const executorChoice = {
    levels: levelJobs,
    workers,
    optimal: settings.optimal,
    maxMemoryMiB: settings.maxMemoryMiB,
    now: () => io.now(),
    workerLimits: fitted.workerLimits,
    // The same rows on every run: no race (settings.repeatable).
    repeatable: true,
  };
  const executor = chooseExecutor(executorChoice);
  const ticker = io.stderr.isTTY && progress !== NO_PROGRESS ? setInterval(() => progress.tick(), 1000) : null;
  const warn = warnOn(io, err);
  // A level is inspected, and compared with the levels before it, as its search starts: in input order.
  const itemAt = (position: number): CheckItem => {
    const job = jobs.jobAt(position, warn);
    if (job.kind === 'failed') return { job, inspected: null, duplicateOf: null };
    const started = io.now();
    const inspected = inspect(job, () => io.now() - started > timeLimitMs);
    return { job, inspected, duplicateOf: duplicates.check(inspected.key, job.key.name) };
  };
  const ended = await runBatch(
    io,
    { count: jobs.count, at: itemAt },
    {
      executor,
      workers: planExecutor(executorChoice).workers,
      interruptible: levelJobs > 1,
      start: ({ job }, signal) => (job.kind === 'failed' ? job.record : executor.solve(job, settings, signal)),
      finish: ({ job, inspected, duplicateOf }, position, record) => {
        const row = rowOf(job, record, inspected, duplicateOf);
        addRow(totals, row);
        codes.add(exitCodeOfRow(row));
        progress.done(record.status);
        emitter.put(position, row);
      },
      cleanUp: () => {
        if (ticker !== null) clearInterval(ticker);
        progress.clear();
      },
    },
  );
  // Stopped by the user or by a full heap: what is finished is reported, and the run says it is partial.
  const interrupted = ended !== 'finished';
  const stopped = ended === 'heap-full' ? 'stopped' : 'interrupted';
  if (interrupted) emitter.flush();
  const prose = request.json ? io.stderr : io.stdout;
  prose.write(`${checkSummary(totals, request.timeLimitSeconds)}\n`);
  if (interrupted) {
    io.stderr.write(`${PROGRAM_NAME}: ${stopped}: ${totals.levels + totals.errors} of ${jobs.count} levels checked\n`);
    return ended === 'heap-full' ? ExitCode.limit : ExitCode.interrupted;
  }
  return combineExitCodes(codes);
}

/** A job with what is known of its level before its search. */
interface CheckItem {
  readonly job: Job;
  readonly inspected: Inspected | null;
  readonly duplicateOf: string | null;
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
