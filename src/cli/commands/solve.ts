import type { ChalkInstance } from 'chalk';
import { type Command, Option } from 'commander';
import { OutputError, UsageError } from '../../errors.js';
import type { GoalRule } from '../../game/goal-rule.js';
import type { LevelFormat } from '../../level/level.js';
import { type Optimality, solve } from '../../solver/solve.js';
import { replay } from '../../game/replay.js';
import { type Regression, findRegressions } from '../batch/baseline.js';
import { type ExecutorChoice, canInterrupt, chooseExecutor, planExecutor } from '../../runner/choose-executor.js';
import { CS161_HEURISTICS, type Cs161HeuristicName } from '../../runner/heuristic-executor.js';
import type { SearchSettings } from '../../runner/solve-task.js';
import { InOrder } from '../batch/in-order.js';
import { handOutOrder } from '../batch/hand-out-order.js';
import { runBatch } from '../batch/run-batch.js';
import { expandInputs } from '../batch/inputs.js';
import { type Job, type LevelJob, type Shard, countLevelJobs, jobsOfShard, parseShard, planJobs } from '../batch/jobs.js';
import { outputPathFor, unreadableLevels, writeSolvedCollections } from '../batch/out-dir.js';
import { HEAP_BYTES_PER_LEVEL_WRITTEN, HEAP_BYTES_PER_RECORD, heapShortfall } from '../heap-room.js';
import { InputReader, STDIN_ARGUMENT } from '../input.js';
import { warnOn } from '../levels.js';
import type { LevelRecord, RecordKey } from '../../runner/record.js';
import { exitCodeOfRecord } from '../batch/record-exit-code.js';
import { type Summary, type SummarySettings, TotalsTally, parseSummary } from '../batch/summary.js';
import { type CommandContext, styleFor } from '../context.js';
import { DEBUG_VARIABLE, PROGRAM_NAME, errorLine, reportError } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import type { Io, OutputStream } from '../io.js';
import { type PlannedOutput, checkOutputs, prepareOutputFolders, tryOutput } from '../output-plan.js';
import { printable } from '../printable.js';
import { LONGEST_TIME_LIMIT_MS, cappedToMachine, fitWorkers, workerCount } from '../options/search-limits.js';
import { type Notation, collect, formatOption, goalOption, jsonOption, levelOption, notationOption, positiveInteger, positiveSeconds } from '../options/common.js';
import { NO_PROGRESS, progressLine } from '../reporters/progress.js';
import { movesCursor } from '../terminal.js';
import type { Reporter } from '../reporters/reporter.js';
import type { SolveReport } from '../reporters/solve-result.js';
import { REPORT_FILES, type ReportFile, SOLVE_REPORTERS, type SolveReporterName } from '../reporters/solve-reporters.js';
import { writeSummaryTable } from '../reporters/summary-table.js';
import { plural } from '../reporters/solve-text.js';

export const DEFAULT_TIME_LIMIT_SECONDS = 60;
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

function reportFile(path: string): ReportFile {
  const file = REPORT_FILES.find((candidate) => candidate.ending.test(path));
  if (file === undefined) throw new UsageError(`--report ${path}: the file name must end in .xml (JUnit) or .json (summary)`);
  return file;
}

/** Everything a user can get wrong on the command line is checked before any search starts. */
interface Preflight {
  readonly shard: Shard | null;
  readonly reports: readonly { readonly path: string; readonly file: ReportFile }[];
  readonly baseline: Summary | null;
}

async function preflight(io: Io, request: SolveRequest): Promise<Preflight> {
  if (request.heuristic !== undefined && request.optimal === 'pushes') {
    throw new UsageError('--heuristic searches for the fewest moves (each keeper step costs 1); it cannot prove --optimal pushes');
  }
  if (request.states === true && request.json) throw new UsageError('--states draws boards as text; it cannot be combined with --json');
  if (request.quiet === true && request.json) throw new UsageError('--quiet trims the text report; with --json filter the lines by "status" instead');
  const shard = request.shard === undefined ? null : parseShard(request.shard);
  const reports = request.reports.map((path) => ({ path, file: reportFile(path) }));
  const baseline = request.baseline === undefined ? null : await readBaseline(io, request.inputs, request.baseline);
  return { shard, reports, baseline };
}

/** The --baseline summary: a file, or stdin with `-` when no level comes from stdin. */
async function readBaseline(io: Io, inputs: readonly string[], path: string): Promise<Summary> {
  const reader = new InputReader(io);
  if (inputs.includes(STDIN_ARGUMENT)) reader.claimStdin('levels');
  const input = await reader.read(path, 'baseline');
  return parseSummary(input.text, input.name);
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
          .filter(({ collection }) => unreadableLevels(collection).length === 0)
          .map(({ collection, path }): PlannedOutput => ({ path: outputPathFor(request.out as string, path), option: `--out ${request.out}`, from: collection.file }));
  const inputFiles = sources.flatMap((source) => (source.kind === 'file' ? [source.path] : []));
  checkOutputs(io, [...inputFiles, ...(request.baseline === undefined ? [] : [request.baseline])], [...outOutputs, ...reportOutputs]);
  await prepareOutputFolders(io, request.out === undefined ? [] : [request.out], [...outOutputs, ...reportOutputs]);
  const jobs = jobsOfShard(plan, checked.shard);
  const requestedWorkers = workerCount(io, request.jobs);
  // The plan is the same for any number of levels above the workers: no more levels are read to count them.
  const levelJobs = countLevelJobs(jobs, requestedWorkers + 1);
  const fitted = fitWorkers(io, requestedWorkers, levelJobs, cappedToMachine(io, request.maxMemoryMiB));
  const workers = fitted.workers;
  const settings: SearchSettings = {
    // The homework's A* with an admissible heuristic proves its solutions move-optimal.
    optimal: request.heuristic !== undefined ? 'moves' : request.optimal,
    timeLimitMs: Math.min(LONGEST_TIME_LIMIT_MS, Math.round(request.timeLimitSeconds * 1000)),
    maxMemoryMiB: fitted.maxMemoryMiB,
    maxNodes: request.maxNodes,
    improve: request.improve,
    repeatable: request.repeatable,
  };

  // A single level is over before a progress line would say anything.
  const progress = jobs.count > 1 ? progressLine(io.stderr, jobs.count, () => io.now(), movesCursor(io, io.stderr)) : NO_PROGRESS;
  const out = progress.guard(io.stdout);
  const err = progress.guard(io.stderr);
  const reporterNames: SolveReporterName[] = [request.json ? 'json' : 'human'];
  if (io.env.GITHUB_ACTIONS === 'true') reporterNames.push('github');
  const streams: Reporter<SolveReport>[] = reporterNames.map((name) =>
    SOLVE_REPORTERS[name]({
      out,
      // Annotations are workflow commands on stdout; with --json, stdout belongs to JSON Lines.
      annotations: request.json ? err : out,
      chalk,
      human: { notation: request.notation, several: jobs.count > 1, quiet: request.quiet, states: request.states, heuristic: request.heuristic, ...settings },
    }),
  );
  // Reports waiting for an earlier level keep their board only when a reporter draws on it.
  const keepsBoards = request.states === true || request.notation === 'squares';

  // Every record is kept only for what needs them all at the end: report files, the baseline, --out.
  const keepsRecords = checked.reports.length > 0 || checked.baseline !== null || request.out !== undefined;
  // What is made from every level at the end (each report file, the collections --out writes, the
  // baseline's comparison) must fit in the heap with the records: refused now, not after the search.
  const filesWritten = checked.reports.length + (request.out === undefined ? 0 : 1) + (checked.baseline === null ? 0 : 1);
  const endBytes = jobs.count * filesWritten * HEAP_BYTES_PER_LEVEL_WRITTEN;
  const shortfall = keepsRecords ? heapShortfall(io.heap?.(), endBytes + jobs.count * HEAP_BYTES_PER_RECORD) : null;
  if (shortfall !== null) {
    const what = checked.reports.length > 0 ? `--report ${checked.reports[0].path}` : request.out !== undefined ? `--out ${request.out}` : `--baseline ${request.baseline}`;
    throw new UsageError(`${what}: a file of all ${jobs.count} levels ${shortfall}`);
  }
  // Only once nothing is refused: an interval left running would keep the process alive after the error.
  const ticker = io.stderr.isTTY && progress !== NO_PROGRESS ? setInterval(() => progress.tick(), 1000) : null;
  const records: LevelRecord[] = keepsRecords ? new Array(jobs.count) : [];
  const finishedAt = new Uint8Array(jobs.count);
  const tally = new TotalsTally();
  const codes = new Set<ExitCode>();
  const debugging = io.env[DEBUG_VARIABLE] !== undefined && io.env[DEBUG_VARIABLE] !== '';
  const details = new Map<LevelRecord, string>();
  const emitter = new InOrder<SolveReport>((report) => {
    writeErrorLine(err, report.record);
    const detail = details.get(report.record);
    if (detail !== undefined) err.write(detail);
    for (const stream of streams) stream.result(report);
  });
  const finish = (job: Job, position: number, record: LevelRecord) => {
    if (keepsRecords) records[position] = record;
    finishedAt[position] = 1;
    tally.add(record);
    codes.add(exitCodeOfRecord(record));
    if (debugging && record.errorKind === 'internal' && job.kind === 'level') details.set(record, debugDetails(job, settings));
    progress.done(record.status);
    emitter.put(position, { record, level: job.kind === 'level' && keepsBoards ? job.level : null });
  };

  const executorChoice: ExecutorChoice = {
    levels: levelJobs,
    workers,
    optimal: settings.optimal,
    maxMemoryMiB: settings.maxMemoryMiB,
    now: () => io.now(),
    heuristic: request.heuristic,
    workerLimits: fitted.workerLimits,
    hasReports: checked.reports.length > 0,
    repeatable: settings.maxNodes !== undefined || settings.repeatable === true,
  };
  const executorPlan = planExecutor(executorChoice);
  const executor = chooseExecutor(executorChoice);
  // Ctrl-C, SIGTERM, SIGHUP or a closed stdout stops the workers and keeps what is finished; a
  // search on the main thread (a single level with no race and no report, or --heuristic's A* for
  // every level) cannot be interrupted.
  const warn = warnOn(io, err);
  const items = { count: jobs.count, at: (position: number) => jobs.jobAt(position, warn) };
  // The hardest-looking few early, so that none is left to run alone at the end of the batch;
  // weighing reads each level once more, silently (its warnings come when it starts).
  const silently = { count: jobs.count, at: (position: number) => jobs.jobAt(position, () => {}) };
  const ended = await runBatch(io, items, {
    executor,
    workers: executorPlan.workers,
    interruptible: canInterrupt(executorPlan, levelJobs),
    order: () => handOutOrder(silently, executorPlan.kind === 'pool' ? executorPlan.workers : 1),
    start: (job, signal) => (job.kind === 'failed' ? job.record : executor.solve(job, settings, signal)),
    finish,
    cleanUp: () => {
      if (ticker !== null) clearInterval(ticker);
      progress.clear();
    },
    reserveBytes: () => endBytes,
  });
  // Stopped by the user or by a full heap: what is finished is reported, and the run says it is partial.
  const interrupted = ended !== 'finished';
  const stopped = ended === 'heap-full' ? 'stopped' : 'interrupted';
  if (interrupted) emitter.flush();
  for (const stream of streams) stream.end();
  const finished = records.filter((record): record is LevelRecord => record !== undefined);
  const unfinishedCount = jobs.count - tally.count;
  // The levels not finished are named only in report files, once one is written.
  let unfinished: RecordKey[] | null = null;
  const unfinishedKeys = (): RecordKey[] => {
    if (unfinished !== null) return unfinished;
    const keys: RecordKey[] = [];
    for (let position = 0; position < jobs.count; position++) if (finishedAt[position] === 0) keys.push(jobs.keyAt(position));
    unfinished = keys;
    return keys;
  };

  // Prose after the results goes where it cannot corrupt machine output.
  const prose = request.json ? io.stderr : io.stdout;
  // Under --quiet the summary is the only sign the solved levels were there, so it is always printed.
  if (tally.count > 1 || interrupted || request.quiet === true) writeSummaryTable(prose, tally.totals(), Math.round(io.now() - started));
  if (interrupted) {
    io.stderr.write(`${PROGRAM_NAME}: ${stopped}: ${tally.count} of ${jobs.count} levels finished, ${unfinishedCount} not\n`);
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
  const shards = checked.shard === null ? [] : [[checked.shard.index, checked.shard.count] as const];
  // Each output is tried on its own: a full disk that refuses one report may still take the next.
  let outputsFailed = 0;
  const reportBytes = finished.reduce((sum, record) => sum + HEAP_BYTES_PER_LEVEL_WRITTEN + 3 * (record.solution?.length ?? 0), unfinishedCount * HEAP_BYTES_PER_LEVEL_WRITTEN);
  for (const report of checked.reports) {
    // Solutions longer than planned may leave no room at the end: this report is then not written, in one line.
    const noRoom = heapShortfall(io.heap?.(), reportBytes);
    if (noRoom !== null) {
      reportError(io, new OutputError(`not written: writing it ${noRoom}`, report.path));
      outputsFailed++;
      continue;
    }
    const text = report.file.write({ finished, unfinished: interrupted ? unfinishedKeys() : null, settings: summarySettings, shards });
    if (!(await tryOutput(io, () => io.writeFile(report.path, text)))) outputsFailed++;
  }
  if (interrupted) return ended === 'heap-full' ? ExitCode.limit : ExitCode.interrupted;
  if (request.out !== undefined) outputsFailed += (await writeSolvedCollections(io, request.out, plan.collections, finished)).failed;

  if (regressions.length > 0) codes.add(ExitCode.notSolved);
  if (outputsFailed > 0) {
    io.stderr.write(`${PROGRAM_NAME}: ${outputsFailed === 1 ? 'an output' : `${outputsFailed} outputs`} could not be written (exit ${ExitCode.outputFailed})\n`);
    codes.add(ExitCode.outputFailed);
  }
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
    .option(
      '--max-memory <MiB>',
      "memory per level for the search tables (default: half the machine shared by the workers, at most 4096); a level raced on two workers shares it between them, each its part of the portfolio's, and each worker thread adds its own Node heap (about 30 MB)",
      positiveInteger,
    )
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
