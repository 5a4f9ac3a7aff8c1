import type { ChalkInstance } from 'chalk';
import { runBatch } from '../batch/run-batch.js';
import { HEAP_BYTES_PER_LEVEL_WRITTEN } from '../heap-room.js';
import { type Command, Option } from 'commander';
import { UsageError } from '../../errors.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import { replay } from '../../game/replay.js';
import type { Level, LevelFormat } from '../../level/level.js';
import { type OptimizeMetric, compareLengths } from '../../solver/optimize/metric.js';
import { type OptimizeExecutor, inProcessOptimizeExecutor, poolOptimizeExecutor } from '../../runner/optimize-executor.js';
import { type OptimizeJob, type OptimizeRecord, optimizeErrorRecord } from '../../runner/optimize-record.js';
import type { OptimizeSettings } from '../../runner/optimize-task.js';
import { type RecordKey, keyOfLevel } from '../../runner/record.js';
import { InOrder } from '../batch/in-order.js';
import { expandInputs } from '../batch/inputs.js';
import { type LoadedCollection, planJobs } from '../batch/jobs.js';
import { outputPathFor, unreadableLevels, writeSolvedCollections } from '../batch/out-dir.js';
import { type CommandContext, styleFor } from '../context.js';
import { PROGRAM_NAME, errorLine } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import { InputReader, STDIN_ARGUMENT } from '../input.js';
import type { Io } from '../io.js';
import { entryLabel, readLevelIndex, selectNumbers, warnOn } from '../levels.js';
import { type MovesText, looksLikeMoves, parseMovesText } from '../moves-input.js';
import { type Notation, formatOption, goalOption, jsonOption, levelOption, notationOption, positiveInteger, positiveSeconds } from '../options/common.js';
import { type PlannedOutput, checkOutputs, prepareOutputFolders } from '../output-plan.js';
import { displayName, printable } from '../printable.js';
import { type OptimizeReport, type OptimizeReportSettings, OptimizeTally, optimizeJson, writeOptimizeHuman } from '../reporters/optimize.js';
import { writeJsonLine } from '../reporters/json.js';
import { parseSolutionTable } from '../solution-table.js';
import { jobsForGivenMoves } from '../batch/given-moves.js';
import { fitWorkers, workerCount } from '../options/search-limits.js';

export const DEFAULT_OPTIMIZE_SECONDS = 10;

export interface OptimizeRequest {
  /** Level files, folders, glob patterns or `-`, as for solve. */
  readonly inputs: readonly string[];
  /** A moves file (or `-`) for the one level file given; absent when the moves come from --moves or the Solution lines. */
  readonly movesPath?: string;
  readonly movesString?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly metric: OptimizeMetric;
  readonly timeLimitSeconds: number;
  readonly maxNodes?: number;
  /** Levels optimized at once, each in its own worker thread; default one per core. */
  readonly jobs?: number;
  readonly notation: Notation;
  readonly json: boolean;
  /** Write each collection back under this folder as a SOK file with the optimized Solution lines. */
  readonly out?: string;
}

/** A level ready to optimize, or one whose record is already known (unreadable input, unreadable moves). */
type PlannedLevel =
  | { readonly kind: 'level'; readonly label: string; readonly job: OptimizeJob }
  | { readonly kind: 'failed'; readonly label: string; readonly level: Level | null; readonly record: OptimizeRecord };

interface OptimizePlan {
  /** How many levels, readable or not. */
  readonly count: number;
  /** The level at `position` in input order, planned now (its level read, its warnings written to `warn`). */
  plannedAt(position: number, warn: (message: string) => void): PlannedLevel;
  readonly collections: readonly LoadedCollection[];
  /** The files read, which --out must not overwrite. */
  readonly inputFiles: readonly string[];
}

function exitCodeOf(record: OptimizeRecord): ExitCode {
  switch (record.status) {
    case 'optimized':
      return ExitCode.ok;
    case 'unsolvable':
      return ExitCode.notSolved;
    case 'timeout':
    case 'memory':
      return ExitCode.limit;
    case 'error':
      // Moves that do not solve the level answer the question "is this a solution?" with no.
      if (record.errorKind === 'moves') return ExitCode.notSolved;
      return record.errorKind === 'internal' ? ExitCode.internal : ExitCode.badInput;
  }
}

function inputRecord(key: RecordKey, error: unknown): OptimizeRecord {
  return optimizeErrorRecord(key, errorLine(error).replace(/^sokoban: /, ''), 'input');
}

/** Reads the moves to start from into LURD, or says in the level's record why they cannot be read. */
function plannedLevel(level: Level, label: string, goal: GoalRule | undefined, moves: MovesText | null): PlannedLevel {
  const key = keyOfLevel(level);
  try {
    const rule = chooseGoalRule(level, goal);
    const lurd =
      moves === null
        ? null
        : parseMovesText(moves, false)
            .moves.map((move) => (move.push === true ? move.direction[0].toUpperCase() : move.direction[0]))
            .join('');
    return { kind: 'level', label, job: { key, level, rule, moves: lurd } };
  } catch (error) {
    return { kind: 'failed', label, level, record: inputRecord(key, error) };
  }
}

/**
 * The moves to start from for a level read from its file: the shortest of its Solution lines in
 * the metric (the others could only do worse as a start), or null, and then the solver finds one.
 */
function storedMoves(level: Level, rule: GoalRule | undefined, metric: OptimizeMetric): MovesText | null {
  if (level.solutions.length === 0) return null;
  let best: { text: string; moves: number; pushes: number } | null = null;
  for (const text of level.solutions) {
    try {
      const played = replay(level.board, text, { rule: chooseGoalRule(level, rule) });
      if (!played.valid || !played.solved) continue;
      if (best === null || compareLengths(metric, played, best) < 0) best = { text, moves: played.moves, pushes: played.pushes };
    } catch {
      // A Solution line that cannot be read is left for the parser to explain; another may do.
    }
  }
  return { text: best?.text ?? level.solutions[0], file: level.source.file, level: level.source.index, context: 'its Solution line' };
}

/** Every level of every input (files, folders, globs, `-`), each starting from its Solution lines or the solver. */
async function planFromInputs(io: Io, request: OptimizeRequest): Promise<OptimizePlan> {
  const sources = await expandInputs(io, request.inputs);
  const plan = await planJobs(io, sources, { format: request.format, level: request.level, goal: request.goal });
  const counts = new Map(plan.collections.map(({ collection }) => [collection.file, collection.count]));
  const labelOf = (key: RecordKey) => (key.index === null ? displayName(key.file) : entryLabel(key.file, key.index, key.title, counts.get(key.file) ?? 2));
  const plannedAt = (position: number, warn: (message: string) => void): PlannedLevel => {
    const job = plan.jobAt(position, warn);
    if (job.kind === 'level') return plannedLevel(job.level, labelOf(job.key), request.goal, storedMoves(job.level, request.goal, request.metric));
    const { record } = job;
    const kind = record.errorKind === 'internal' ? 'internal' : 'input';
    return { kind: 'failed', label: labelOf(job.key), level: null, record: optimizeErrorRecord(job.key, record.error ?? 'could not be read', kind) };
  };
  const inputFiles = sources.flatMap((source) => (source.kind === 'file' ? [source.path] : []));
  return { count: plan.count, plannedAt, collections: plan.collections, inputFiles };
}

/** One level file with the moves the user gave: one string for one level, or a solution table for many (as verify). */
async function planFromGivenMoves(io: Io, request: OptimizeRequest): Promise<OptimizePlan> {
  if (request.inputs.length !== 1) {
    throw new UsageError(
      `moves given with ${request.movesString !== undefined ? '--moves' : 'a moves file'} are for one level file; without them each level starts from its Solution lines`,
    );
  }
  const [levelPath] = request.inputs;
  const reader = new InputReader(io);
  const input = await reader.read(levelPath, 'level file');
  const collection = readLevelIndex(io, input.text, input.name, request.format);
  const jobs = await jobsForGivenMoves(io, reader, request, collection, selectNumbers(collection, request.level), 'optimize');
  const levels = jobs.map((job): PlannedLevel => {
    const { ref } = job;
    if (ref.level === null || job.unreadable !== null) {
      const key: RecordKey = { name: `${ref.file}#${ref.index}`, file: ref.file, index: ref.index, title: ref.title, line: null };
      return { kind: 'failed', label: ref.label, level: null, record: inputRecord(key, job.unreadable) };
    }
    // A level the table has no row for starts from the solver's solution, as one without Solution lines.
    return plannedLevel(ref.level, ref.label, request.goal, job.moves);
  });
  const path = levelPath === STDIN_ARGUMENT ? null : levelPath;
  // These levels were read, and warned about, while their moves were matched to them.
  return { count: levels.length, plannedAt: (position) => levels[position], collections: [{ collection, path }], inputFiles: path === null ? [] : [path] };
}

/** The executor for a run of `levelJobs` levels, and its worker threads (0: on this thread). */
function chooseOptimizeExecutor(io: Io, levelJobs: number, workers: number): { executor: OptimizeExecutor; workers: number } {
  // A single level gains nothing from a thread and would pay for starting one.
  if (levelJobs <= 1) return { executor: inProcessOptimizeExecutor(), workers: 0 };
  // Under an address-space limit, as many workers as fit, or none (see fitWorkers).
  const fitted = fitWorkers(io, Math.min(workers, levelJobs), levelJobs, undefined);
  if (fitted.workers === 0) return { executor: inProcessOptimizeExecutor(), workers: 0 };
  const executor = poolOptimizeExecutor({ workers: fitted.workers, maxMemoryMiB: fitted.maxMemoryMiB, now: () => io.now(), workerLimits: fitted.workerLimits });
  return { executor, workers: fitted.workers };
}

/**
 * How many of the planned levels are levels to optimize, counted up to `atMost`: the executor is
 * the same for any number above the workers, and no more levels are read to count them.
 */
function countLevels(plan: OptimizePlan, atMost: number): number {
  let count = 0;
  for (let position = 0; position < plan.count && count < atMost; position++) if (plan.plannedAt(position, () => {}).kind === 'level') count++;
  return count;
}

/**
 * `sokoban optimize`: shortens solutions (given, stored in the files, or found first) of every
 * level of every input, in parallel worker threads, and prints them replayed, in input order.
 */
export async function optimizeLevels(io: Io, request: OptimizeRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const started = io.now();
  const explicitMoves = request.movesPath !== undefined || request.movesString !== undefined;
  const plan = explicitMoves ? await planFromGivenMoves(io, request) : await planFromInputs(io, request);
  if (request.out !== undefined) {
    const outputs = plan.collections
      .filter(({ collection }) => unreadableLevels(collection).length === 0)
      .map(({ collection, path }): PlannedOutput => ({ path: outputPathFor(request.out as string, path), option: `--out ${request.out}`, from: collection.file }));
    checkOutputs(io, plan.inputFiles, outputs);
    await prepareOutputFolders(io, [request.out], outputs);
  }
  const requestedWorkers = workerCount(io, request.jobs);
  const levelJobs = countLevels(plan, requestedWorkers + 1);
  const settings: OptimizeSettings = { metric: request.metric, timeLimitMs: Math.round(request.timeLimitSeconds * 1000), maxNodes: request.maxNodes };
  const reportSettings: OptimizeReportSettings = { metric: request.metric, notation: request.notation };
  // Every record is kept only for --out, which writes the solutions back at the end.
  const records: OptimizeRecord[] = request.out === undefined ? [] : new Array(plan.count);
  const tally = new OptimizeTally();
  const codes = new Set<ExitCode>();
  const emitter = new InOrder<OptimizeReport>((report) => {
    if (report.record.status === 'error' && report.record.error !== null) io.stderr.write(`${PROGRAM_NAME}: ${printable(report.record.error)}\n`);
    if (request.json) writeJsonLine(io.stdout, optimizeJson(report, reportSettings));
    else writeOptimizeHuman(io.stdout, chalk, report, reportSettings);
  });
  const finish = (planned: PlannedLevel, position: number, record: OptimizeRecord) => {
    if (request.out !== undefined) records[position] = record;
    tally.add(record);
    codes.add(exitCodeOf(record));
    const level = request.notation === 'squares' ? (planned.kind === 'level' ? planned.job.level : planned.level) : null;
    emitter.put(position, { record, label: planned.label, level });
  };

  const { executor, workers } = chooseOptimizeExecutor(io, levelJobs, requestedWorkers);
  // Ctrl-C or SIGTERM stops the workers and keeps what is finished; a level on the main thread cannot be interrupted.
  const warn = warnOn(io);
  const ended = await runBatch(
    io,
    { count: plan.count, at: (position) => plan.plannedAt(position, warn) },
    {
      executor,
      workers,
      interruptible: levelJobs > 1,
      start: (planned, signal) => (planned.kind === 'failed' ? planned.record : executor.optimize(planned.job, settings, signal)),
      finish,
      // --out writes every level back at the end.
      reserveBytes: () => (request.out === undefined ? 0 : plan.count * HEAP_BYTES_PER_LEVEL_WRITTEN),
    },
  );
  // Stopped by the user or by a full heap: what is finished is reported, and the run says it is partial.
  const interrupted = ended !== 'finished';
  const stopped = ended === 'heap-full' ? 'stopped' : 'interrupted';
  if (interrupted) emitter.flush();
  // Prose after the results goes where it cannot corrupt machine output.
  if (tally.count > 1 || interrupted) tally.write(request.json ? io.stderr : io.stdout, Math.round(io.now() - started));
  if (interrupted) {
    io.stderr.write(`${PROGRAM_NAME}: ${stopped}: ${tally.count} of ${plan.count} levels finished, ${plan.count - tally.count} not\n`);
    return ended === 'heap-full' ? ExitCode.limit : ExitCode.interrupted;
  }
  const finished = records.filter((record): record is OptimizeRecord => record !== undefined);
  if (request.out !== undefined && (await writeSolvedCollections(io, request.out, plan.collections, finished)).failed > 0) codes.add(ExitCode.outputFailed);
  return combineExitCodes(codes);
}

/**
 * The old form `optimize <level> <moves>` stays: with two arguments, the second is the moves when
 * it is `-` or a file that reads as moves or a solution table, which no level file does (levels
 * have walls, moves only letters, counts and brackets).
 */
async function splitMovesArgument(io: Io, inputs: readonly string[]): Promise<{ inputs: readonly string[]; movesPath?: string }> {
  if (inputs.length !== 2) return { inputs };
  const [levelPath, second] = inputs;
  if (second === STDIN_ARGUMENT) return { inputs: [levelPath], movesPath: second };
  if ((await io.pathKind(second)) !== 'file') return { inputs };
  const text = await io.readFile(second).catch(() => null);
  if (text === null || text.trim() === '') return { inputs };
  if (looksLikeMoves(text) || parseSolutionTable(text, second) !== null) return { inputs: [levelPath], movesPath: second };
  return { inputs };
}

interface OptimizeOptions {
  readonly moves?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly metric: OptimizeMetric;
  readonly timeLimit: number;
  readonly maxNodes?: number;
  readonly jobs?: number;
  readonly notation: Notation;
  readonly json?: boolean;
  readonly out?: string;
}

export function registerOptimize(program: Command, context: CommandContext): void {
  program
    .command('optimize')
    .description('shorten solutions in moves or pushes, never making them worse; levels without moves are solved first')
    .argument(
      '<inputs...>',
      "level files, folders, glob patterns, or '-' for stdin; or one level file then a file of LURD moves or a solution table (Level1 = \"...\"), or '-'. Default moves: each level's Solution lines, else the solver's solution",
    )
    .option('--moves <lurd>', 'the moves as a string, for one level')
    .addOption(new Option('--metric <measure>', 'what to shorten first; the other breaks ties').choices(['moves', 'pushes']).default('moves'))
    .addOption(levelOption())
    .addOption(goalOption())
    .addOption(formatOption())
    .option('--time-limit <s>', 'seconds per level for the optimizer (and as much again for the solver when there are no moves)', positiveSeconds, DEFAULT_OPTIMIZE_SECONDS)
    .option('--max-nodes <n>', 'positions the optimizer (and the solver) may expand per level', positiveInteger)
    .option('--jobs <n>', 'levels optimized at once, each in its own worker thread (default: one per core)', positiveInteger)
    .addOption(notationOption())
    .addOption(jsonOption())
    .option('--out <dir>', 'write each collection back as a SOK file with the optimized Solution lines, for sokoban verify')
    .action(async (inputs: string[], options: OptimizeOptions, command: Command) => {
      const split = options.moves === undefined ? await splitMovesArgument(context.io, inputs) : { inputs };
      const request: OptimizeRequest = {
        inputs: split.inputs,
        movesPath: split.movesPath,
        movesString: options.moves,
        level: options.level,
        format: options.format,
        goal: options.goal,
        metric: options.metric,
        timeLimitSeconds: options.timeLimit,
        maxNodes: options.maxNodes,
        jobs: options.jobs,
        notation: options.notation,
        json: options.json === true,
        out: options.out,
      };
      context.setExitCode(await optimizeLevels(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
