import { availableParallelism, totalmem } from 'node:os';
import type { ChalkInstance } from 'chalk';
import { type Command, Option } from 'commander';
import { UsageError } from '../../errors.js';
import type { GoalRule } from '../../game/goal-rule.js';
import type { LevelFormat } from '../../level/level.js';
import { type Optimality, solve } from '../../solver/solve.js';
import { replay } from '../../game/replay.js';
import { type Regression, findRegressions } from '../batch/baseline.js';
import { type Executor, inProcessExecutor, poolExecutor } from '../../runner/executor.js';
import { CS161_HEURISTICS, type Cs161HeuristicName, heuristicExecutor } from '../../runner/heuristic-executor.js';
import { DEFAULT_RACE_SPLIT, raceExecutor, racesEachLevel } from '../../runner/race.js';
import type { SearchSettings } from '../../runner/solve-task.js';
import { InOrder } from '../batch/in-order.js';
import { runBatch } from '../batch/run-batch.js';
import { expandInputs } from '../batch/inputs.js';
import { type Job, type LevelJob, type Shard, jobsOfShard, parseShard, planJobs } from '../batch/jobs.js';
import { outputPathFor, writeSolvedCollections } from '../batch/out-dir.js';
import type { LevelRecord, RecordKey } from '../../runner/record.js';
import { exitCodeOfRecord } from '../batch/record-exit-code.js';
import { type Summary, type SummarySettings, buildSummary, parseSummary, totalsOf } from '../batch/summary.js';
import { type CommandContext, styleFor } from '../context.js';
import { DEBUG_VARIABLE, PROGRAM_NAME, errorLine, reportWarning } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import type { Io, OutputStream } from '../io.js';
import { type PlannedOutput, checkOutputs, prepareOutputFolders } from '../output-plan.js';
import { printable } from '../printable.js';
import { type Notation, collect, formatOption, goalOption, jsonOption, levelOption, notationOption, positiveInteger, positiveSeconds } from '../options.js';
import { githubReporter } from '../reporters/github.js';
import { junitXml } from '../reporters/junit.js';
import { NO_PROGRESS, progressLine } from '../reporters/progress.js';
import type { Reporter } from '../reporters/reporter.js';
import { humanSolveReporter } from '../reporters/solve-human.js';
import { jsonSolveReporter } from '../reporters/solve-json.js';
import type { SolveReport } from '../reporters/solve-result.js';
import { summaryJson } from '../reporters/summary-json.js';
import { writeSummaryTable } from '../reporters/summary-table.js';
import { plural } from '../reporters/solve-text.js';

export const DEFAULT_TIME_LIMIT_SECONDS = 60;
/**
 * The longest time limit honoured as such, about 19 days: a worker's watchdog waits the limit
 * plus a quarter of it, and Node's timers cannot wait past 2^31-1 ms (a longer wait fires at
 * once). Any longer limit means "no limit" in practice and is cut to this.
 */
export const LONGEST_TIME_LIMIT_MS = Math.floor((2 ** 31 - 1) / 1.25);
const MIB = 1024 * 1024;

export interface SolveRequest {
  readonly inputs: readonly string[];
  readonly optimal: Optimality | null;
  readonly goal?: GoalRule;
  readonly format?: LevelFormat;
  readonly level?: string;
  readonly timeLimitSeconds: number;
  /** Absent: a share of the machine's memory, see defaultMaxMemoryMiB. */
  readonly maxMemoryMiB?: number;
  readonly maxNodes?: number;
  /** False: print the first solution found, without the improvement pass (which never runs with --optimal). */
  readonly improve?: boolean;
  /** The same solutions and node counts on every run (--repeatable): no race, steady turns. */
  readonly repeatable?: boolean;
  readonly notation: Notation;
  readonly json: boolean;
  /** Absent: one per core. */
  readonly jobs?: number;
  readonly reports: readonly string[];
  readonly out?: string;
  readonly baseline?: string;
  readonly shard?: string;
  /** Search with the CS161 homework's A* and this heuristic instead of the solver's engines. */
  readonly heuristic?: Cs161HeuristicName;
  /** Draw the board after every move of each solution. */
  readonly states?: boolean;
  /** Print only the levels not solved, and the summary. */
  readonly quiet?: boolean;
}

/**
 * Memory per level when the user does not say: half the machine shared by the workers running
 * at once, and never more than 4 GiB, since a search that needs more rarely finishes anyway.
 */
export function defaultMaxMemoryMiB(workers: number, machineBytes = totalmem()): number {
  const share = Math.floor(machineBytes / MIB / 2 / Math.max(1, workers));
  return Math.max(256, Math.min(4096, share));
}

type ReportKind = 'junit' | 'summary';

function reportKind(path: string): ReportKind {
  if (/\.xml$/i.test(path)) return 'junit';
  if (/\.json$/i.test(path)) return 'summary';
  throw new UsageError(`--report ${path}: the file name must end in .xml (JUnit) or .json (summary)`);
}

/** Everything a user can get wrong on the command line is checked before any search starts. */
interface Preflight {
  readonly shard: Shard | null;
  readonly reports: readonly { readonly path: string; readonly kind: ReportKind }[];
  readonly baseline: Summary | null;
}

async function preflight(io: Io, request: SolveRequest): Promise<Preflight> {
  if (request.heuristic !== undefined && request.optimal === 'pushes') {
    throw new UsageError('--heuristic searches for the fewest moves (each keeper step costs 1); it cannot prove --optimal pushes');
  }
  if (request.states === true && request.json) throw new UsageError('--states draws boards as text; it cannot be combined with --json');
  if (request.quiet === true && request.json) throw new UsageError('--quiet trims the text report; with --json filter the lines by "status" instead');
  const shard = request.shard === undefined ? null : parseShard(request.shard);
  const reports = request.reports.map((path) => ({ path, kind: reportKind(path) }));
  const baseline = request.baseline === undefined ? null : parseSummary(await io.readFile(request.baseline), request.baseline);
  return { shard, reports, baseline };
}

function writeErrorLine(err: OutputStream, record: LevelRecord): void {
  if (record.status !== 'error' || record.error === null) return;
  const line = record.errorKind === 'internal' ? errorLine(new Error(record.error)) : `${PROGRAM_NAME}: ${printable(record.error)}`;
  err.write(`${line}\n`);
}

/**
 * With SOKOBAN_DEBUG set, an internal error of a level is worth a second look in the main thread,
 * since its stack stayed in the worker (or there was none: a solution that failed replay). The
 * level is solved again under the same limits and what goes wrong is shown: the stack of what
 * was thrown, or the moves and why their replay does not solve the level.
 */
function debugDetails(job: LevelJob, settings: SearchSettings): string {
  const lines = [`${DEBUG_VARIABLE}: solving ${printable(job.key.name)} again in the main thread to show where`];
  try {
    const result = solve(job.level.board, {
      rule: job.rule,
      optimal: settings.optimal,
      timeLimitMs: settings.timeLimitMs,
      maxMemoryMiB: settings.maxMemoryMiB,
      maxNodes: settings.maxNodes,
    });
    if (result.solution === null) {
      lines.push(`  this time the search ended ${result.status}, after ${result.nodes} nodes`);
    } else {
      const played = replay(job.level.board, result.solution, { rule: job.rule, strictCase: true });
      lines.push(`  solution: ${result.solution}`);
      const verdict = played.error?.message ?? (played.solved ? 'solves the level this time' : `its ${played.moves} moves leave the level unsolved`);
      lines.push(`  replay: ${printable(verdict)}`);
    }
  } catch (error) {
    lines.push(error instanceof Error && error.stack !== undefined ? error.stack : String(error));
  }
  return `${lines.join('\n')}\n`;
}

function writeRegressions(out: OutputStream, baselinePath: string, compared: number, regressions: readonly Regression[]): void {
  if (regressions.length === 0) {
    out.write(`baseline ${printable(baselinePath)}: no regressions in ${plural(compared, 'level')}\n`);
    return;
  }
  out.write(`baseline ${printable(baselinePath)}: ${regressions.length} ${regressions.length === 1 ? 'regression' : 'regressions'}\n`);
  for (const regression of regressions) {
    const title = regression.title !== null && regression.title !== '' ? ` (${printable(regression.title)})` : '';
    out.write(`  ${printable(regression.name)}${title}: ${regression.reason}\n`);
  }
}

export function chooseExecutor(io: Io, levelJobs: number, workers: number, settings: SearchSettings, heuristic?: Cs161HeuristicName): Executor {
  // The homework's A* is a reference search on the main thread, one level after another.
  if (heuristic !== undefined) return heuristicExecutor(heuristic, () => io.now());
  // With a core to spare for each level, parts of the portfolio race on it (runner/race.ts).
  // A race keeps whichever side answers first, so a repeatable run never races.
  if (settings.repeatable !== true && racesEachLevel(levelJobs, workers, settings.optimal)) {
    return raceExecutor({ workers: levelJobs * DEFAULT_RACE_SPLIT.length, maxMemoryMiB: settings.maxMemoryMiB, now: () => io.now() });
  }
  // A single level gains nothing from a thread and would pay for starting one.
  if (levelJobs <= 1) return inProcessExecutor();
  return poolExecutor({ workers: Math.min(workers, levelJobs), maxMemoryMiB: settings.maxMemoryMiB, now: () => io.now() });
}

/**
 * Threads to solve with: one per core unless --jobs says otherwise, and never more than four per
 * core, since each thread holds its own heap and more only wait for a core (`--jobs 100000` on
 * a folder of levels would otherwise start a thread per level).
 */
export function workerCount(io: Io, requested: number | undefined): number {
  const cores = availableParallelism();
  if (requested === undefined) return cores;
  const most = 4 * cores;
  if (requested <= most) return requested;
  reportWarning(io, `--jobs ${requested}: at most ${most} levels are solved at once (four per core)`);
  return most;
}

/** `sokoban solve`: every level of every input, in parallel, reported in input order. */
export async function solveLevels(io: Io, request: SolveRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const checked = await preflight(io, request);
  const started = io.now();
  const sources = await expandInputs(io, request.inputs);
  const plan = await planJobs(io, sources, { format: request.format, level: request.level, goal: request.goal });
  const reportOutputs = checked.reports.map((report): PlannedOutput => ({ path: report.path, option: `--report ${report.path}` }));
  const outOutputs =
    request.out === undefined
      ? []
      : plan.collections
          .filter(({ collection }) => collection.failures.length === 0)
          .map(({ collection, path }): PlannedOutput => ({ path: outputPathFor(request.out as string, path), option: `--out ${request.out}`, from: collection.file }));
  const inputFiles = sources.flatMap((source) => (source.kind === 'file' ? [source.path] : []));
  checkOutputs(io, [...inputFiles, ...(request.baseline === undefined ? [] : [request.baseline])], [...outOutputs, ...reportOutputs]);
  await prepareOutputFolders(io, request.out === undefined ? [] : [request.out], reportOutputs);
  const jobs = jobsOfShard(plan.jobs, checked.shard);
  const levelJobs = jobs.filter((job): job is LevelJob => job.kind === 'level');
  const workers = workerCount(io, request.jobs);
  const settings: SearchSettings = {
    // The homework's A* with an admissible heuristic proves its solutions move-optimal.
    optimal: request.heuristic !== undefined ? 'moves' : request.optimal,
    timeLimitMs: Math.min(LONGEST_TIME_LIMIT_MS, Math.round(request.timeLimitSeconds * 1000)),
    maxMemoryMiB: request.maxMemoryMiB ?? defaultMaxMemoryMiB(Math.min(workers, Math.max(1, levelJobs.length))),
    maxNodes: request.maxNodes,
    improve: request.improve,
    repeatable: request.repeatable,
  };

  // A single level is over before a progress line would say anything.
  const progress = jobs.length > 1 ? progressLine(io.stderr, jobs.length, () => io.now()) : NO_PROGRESS;
  const out = progress.guard(io.stdout);
  const err = progress.guard(io.stderr);
  const streams: Reporter<SolveReport>[] = [
    request.json
      ? jsonSolveReporter(out, request.notation)
      : humanSolveReporter(out, chalk, {
          notation: request.notation,
          several: jobs.length > 1,
          quiet: request.quiet,
          states: request.states,
          heuristic: request.heuristic,
          ...settings,
        }),
  ];
  // Annotations are workflow commands on stdout; with --json, stdout belongs to JSON Lines.
  if (io.env.GITHUB_ACTIONS === 'true') streams.push(githubReporter(request.json ? err : out));

  const ticker = io.stderr.isTTY && progress !== NO_PROGRESS ? setInterval(() => progress.tick(), 1000) : null;
  const records: LevelRecord[] = new Array(jobs.length);
  const debugging = io.env[DEBUG_VARIABLE] !== undefined && io.env[DEBUG_VARIABLE] !== '';
  const details = new Map<LevelRecord, string>();
  const emitter = new InOrder<SolveReport>((report) => {
    writeErrorLine(err, report.record);
    const detail = details.get(report.record);
    if (detail !== undefined) err.write(detail);
    for (const stream of streams) stream.result(report);
  });
  const finish = (job: Job, position: number, record: LevelRecord) => {
    records[position] = record;
    if (debugging && record.errorKind === 'internal' && job.kind === 'level') details.set(record, debugDetails(job, settings));
    progress.done(record.status);
    emitter.put(position, { record, level: job.kind === 'level' ? job.level : null });
  };

  const executor = chooseExecutor(io, levelJobs.length, workers, settings, request.heuristic);
  // Ctrl-C or SIGTERM stops the workers and keeps what is finished; a search on the main thread
  // (a single level, or --heuristic's A* for every level) cannot be interrupted.
  const interrupted = await runBatch(io, jobs, {
    executor,
    interruptible: levelJobs.length > 1 && request.heuristic === undefined,
    start: (job, signal) => (job.kind === 'failed' ? job.record : executor.solve(job, settings, signal)),
    finish,
    cleanUp: () => {
      if (ticker !== null) clearInterval(ticker);
      progress.clear();
    },
  });
  if (interrupted) emitter.flush();
  for (const stream of streams) stream.end();
  const unfinished: RecordKey[] = interrupted ? jobs.filter((_, position) => records[position] === undefined).map((job) => job.key) : [];
  const finished = records.filter((record): record is LevelRecord => record !== undefined);

  // Prose after the results goes where it cannot corrupt machine output.
  const prose = request.json ? io.stderr : io.stdout;
  // Under --quiet the summary is the only sign the solved levels were there, so it is always printed.
  if (finished.length > 1 || interrupted || request.quiet === true) writeSummaryTable(prose, totalsOf(finished), Math.round(io.now() - started));
  if (interrupted) {
    io.stderr.write(`${PROGRAM_NAME}: interrupted: ${finished.length} of ${jobs.length} levels finished, ${unfinished.length} not\n`);
  }
  // A partial run is no baseline comparison and no collection to write back: only its reports.
  const regressions = checked.baseline === null || interrupted ? [] : findRegressions(checked.baseline, finished);
  if (checked.baseline !== null && request.baseline !== undefined && !interrupted) {
    writeRegressions(prose, request.baseline, finished.length, regressions);
  }
  const summarySettings: SummarySettings = {
    optimal: settings.optimal,
    goal: request.goal ?? null,
    timeLimitMs: settings.timeLimitMs,
    maxNodes: settings.maxNodes ?? null,
  };
  for (const report of checked.reports) {
    const shards = checked.shard === null ? [] : [[checked.shard.index, checked.shard.count] as const];
    const text =
      report.kind === 'junit'
        ? junitXml(finished, interrupted ? unfinished : null)
        : summaryJson(buildSummary(summarySettings, shards, finished, interrupted ? unfinished.map((key) => key.name) : null));
    await io.writeFile(report.path, text);
  }
  if (interrupted) return ExitCode.interrupted;
  if (request.out !== undefined) await writeSolvedCollections(io, request.out, plan.collections, finished);

  const codes = finished.map(exitCodeOfRecord);
  if (regressions.length > 0) codes.push(ExitCode.notSolved);
  return combineExitCodes(codes);
}

interface SolveOptions {
  readonly optimal?: Optimality;
  readonly goal?: GoalRule;
  readonly format?: LevelFormat;
  readonly level?: string;
  readonly timeLimit: number;
  readonly maxMemory?: number;
  readonly maxNodes?: number;
  readonly improve: boolean;
  readonly repeatable?: boolean;
  readonly notation: Notation;
  readonly json?: boolean;
  readonly jobs?: number;
  readonly report?: string[];
  readonly out?: string;
  readonly baseline?: string;
  readonly shard?: string;
  readonly heuristic?: Cs161HeuristicName;
  readonly states?: boolean;
  readonly quiet?: boolean;
}

const REPEATABILITY_HELP = `
What can differ from run to run:
  Times always. Without --optimal, also the solution found and the node counts: the searches take
  turns sized by their measured speed, a single level with a core to spare is raced on two workers
  (the first answer wins), and the shortening pass stops at a share of the time.
  With --optimal the lengths are proven, so they do not change (the solution itself may).
  --repeatable makes solutions and node counts the same on every run (check always runs so);
  only a level stopped at --time-limit can still differ: use --max-nodes to bound it by work instead.
`;

export function registerSolve(program: Command, context: CommandContext): void {
  program
    .command('solve')
    .description('solve levels: one file or many (folders, globs, stdin), in parallel, with reports for CI')
    .argument('<inputs...>', "level files, folders (searched for .xsb .sok .txt .json), glob patterns, or '-' for stdin")
    .addOption(new Option('--optimal <measure>', 'prove the solution shortest in moves or in pushes').choices(['moves', 'pushes']))
    .addOption(goalOption())
    .addOption(formatOption())
    .addOption(levelOption())
    .option('--time-limit <s>', 'seconds per level before giving up', positiveSeconds, DEFAULT_TIME_LIMIT_SECONDS)
    .option('--max-memory <MiB>', 'memory per level for the search (default: half the machine shared by the workers, at most 4096)', positiveInteger)
    .option('--max-nodes <n>', 'positions expanded per level before giving up', positiveInteger)
    .option('--no-improve', 'print the first solution found instead of spending part of the time left shortening it')
    .option('--repeatable', 'the same solutions and node counts on every run and machine (no race; turns sized by work, not speed)')
    .option('--jobs <n>', 'levels solved at once, each in its own worker thread (default: one per core)', positiveInteger)
    .addOption(notationOption())
    .addOption(jsonOption())
    .option('--report <file>', 'also write a report: .xml for JUnit, .json for a summary (repeatable)', collect)
    .option('--out <dir>', 'write each collection back as a SOK file with Solution lines, for sokoban verify')
    .option('--baseline <summary.json>', 'compare with an earlier --report summary; exit 1 on any regression')
    .option('--shard <k/n>', 'solve only the k-th of n deterministic slices of the levels (for CI matrix runs)')
    .addOption(
      new Option(
        '--heuristic <h>',
        "search with the CS161 homework's A* and this heuristic: h0 zero, h1 boxes off goals, h2 box-to-goal matching (move-optimal, in process)",
      ).choices(Object.keys(CS161_HEURISTICS)),
    )
    .option('--states', "print the board after every move of each solution, in the CS161 homework's layout")
    .option('-q, --quiet', 'print only the levels not solved, and the summary')
    .addHelpText('after', REPEATABILITY_HELP)
    .action(async (inputs: string[], options: SolveOptions, command: Command) => {
      const request: SolveRequest = {
        inputs,
        optimal: options.optimal ?? null,
        goal: options.goal,
        format: options.format,
        level: options.level,
        timeLimitSeconds: options.timeLimit,
        maxMemoryMiB: options.maxMemory,
        maxNodes: options.maxNodes,
        improve: options.improve,
        repeatable: options.repeatable === true,
        notation: options.notation,
        json: options.json === true,
        jobs: options.jobs,
        reports: options.report ?? [],
        out: options.out,
        baseline: options.baseline,
        shard: options.shard,
        heuristic: options.heuristic,
        states: options.states === true,
        quiet: options.quiet === true,
      };
      context.setExitCode(await solveLevels(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
