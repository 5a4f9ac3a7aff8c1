import { availableParallelism, totalmem } from 'node:os';
import type { ChalkInstance } from 'chalk';
import { type Command, Option } from 'commander';
import { UsageError } from '../../errors.js';
import type { GoalRule } from '../../game/goal-rule.js';
import type { LevelFormat } from '../../level/level.js';
import type { Optimality } from '../../solver/solve.js';
import { type Regression, findRegressions } from '../batch/baseline.js';
import { type Executor, inProcessExecutor, poolExecutor } from '../../runner/executor.js';
import { DEFAULT_RACE_SPLIT, raceExecutor, racesEachLevel } from '../../runner/race.js';
import type { SearchSettings } from '../../runner/solve-task.js';
import { InOrder } from '../batch/in-order.js';
import { expandInputs } from '../batch/inputs.js';
import { type Job, type LevelJob, type Shard, jobsOfShard, parseShard, planJobs } from '../batch/jobs.js';
import { writeSolvedCollections } from '../batch/out-dir.js';
import type { LevelRecord } from '../../runner/record.js';
import { exitCodeOfRecord } from '../batch/record-exit-code.js';
import { type Summary, type SummarySettings, buildSummary, parseSummary, totalsOf } from '../batch/summary.js';
import { type CommandContext, styleFor } from '../context.js';
import { PROGRAM_NAME, errorLine } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import type { Io, OutputStream } from '../io.js';
import {
  type Notation,
  collect,
  formatOption,
  goalOption,
  jsonOption,
  levelOption,
  notationOption,
  positiveInteger,
  positiveSeconds,
} from '../options.js';
import { githubReporter } from '../reporters/github.js';
import { junitXml } from '../reporters/junit.js';
import { progressLine } from '../reporters/progress.js';
import type { Reporter } from '../reporters/reporter.js';
import { humanSolveReporter } from '../reporters/solve-human.js';
import { jsonSolveReporter } from '../reporters/solve-json.js';
import type { SolveReport } from '../reporters/solve-result.js';
import { summaryJson } from '../reporters/summary-json.js';
import { writeSummaryTable } from '../reporters/summary-table.js';
import { plural } from '../reporters/solve-text.js';

export const DEFAULT_TIME_LIMIT_SECONDS = 60;
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
  readonly notation: Notation;
  readonly json: boolean;
  /** Absent: one per core. */
  readonly jobs?: number;
  readonly reports: readonly string[];
  readonly out?: string;
  readonly baseline?: string;
  readonly shard?: string;
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
  const shard = request.shard === undefined ? null : parseShard(request.shard);
  const reports = request.reports.map((path) => ({ path, kind: reportKind(path) }));
  const baseline =
    request.baseline === undefined ? null : parseSummary(await io.readFile(request.baseline), request.baseline);
  return { shard, reports, baseline };
}

function writeErrorLine(io: Io, record: LevelRecord): void {
  if (record.status !== 'error' || record.error === null) return;
  const line =
    record.errorKind === 'internal' ? errorLine(new Error(record.error)) : `${PROGRAM_NAME}: ${record.error}`;
  io.stderr.write(`${line}\n`);
}

function writeRegressions(out: OutputStream, baselinePath: string, compared: number, regressions: readonly Regression[]): void {
  if (regressions.length === 0) {
    out.write(`baseline ${baselinePath}: no regressions in ${plural(compared, 'level')}\n`);
    return;
  }
  out.write(`baseline ${baselinePath}: ${regressions.length} ${regressions.length === 1 ? 'regression' : 'regressions'}\n`);
  for (const regression of regressions) {
    const title = regression.title !== null && regression.title !== '' ? ` (${regression.title})` : '';
    out.write(`  ${regression.name}${title}: ${regression.reason}\n`);
  }
}

function chooseExecutor(io: Io, levelJobs: number, workers: number, settings: SearchSettings): Executor {
  // With a core to spare for each level, parts of the portfolio race on it (runner/race.ts).
  if (racesEachLevel(levelJobs, workers, settings.optimal)) {
    return raceExecutor({ workers: levelJobs * DEFAULT_RACE_SPLIT.length, maxMemoryMiB: settings.maxMemoryMiB, now: () => io.now() });
  }
  // A single level gains nothing from a thread and would pay for starting one.
  if (levelJobs <= 1) return inProcessExecutor();
  return poolExecutor({ workers: Math.min(workers, levelJobs), maxMemoryMiB: settings.maxMemoryMiB, now: () => io.now() });
}

/** `sokoban solve`: every level of every input, in parallel, reported in input order. */
export async function solveLevels(io: Io, request: SolveRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const checked = await preflight(io, request);
  const started = io.now();
  const sources = await expandInputs(io, request.inputs);
  const plan = await planJobs(io, sources, { format: request.format, level: request.level, goal: request.goal });
  const jobs = jobsOfShard(plan.jobs, checked.shard);
  const levelJobs = jobs.filter((job): job is LevelJob => job.kind === 'level');
  const workers = request.jobs ?? availableParallelism();
  const settings: SearchSettings = {
    optimal: request.optimal,
    timeLimitMs: Math.round(request.timeLimitSeconds * 1000),
    maxMemoryMiB: request.maxMemoryMiB ?? defaultMaxMemoryMiB(Math.min(workers, Math.max(1, levelJobs.length))),
    maxNodes: request.maxNodes,
  };

  const streams: Reporter<SolveReport>[] = [
    request.json
      ? jsonSolveReporter(io.stdout, request.notation)
      : humanSolveReporter(io.stdout, chalk, { notation: request.notation, several: jobs.length > 1, ...settings }),
  ];
  // Annotations are workflow commands on stdout; with --json, stdout belongs to JSON Lines.
  if (io.env.GITHUB_ACTIONS === 'true') streams.push(githubReporter(request.json ? io.stderr : io.stdout));

  const progress = progressLine(io.stderr, jobs.length, () => io.now());
  const ticker = io.stderr.isTTY ? setInterval(() => progress.tick(), 1000) : null;
  const records: LevelRecord[] = new Array(jobs.length);
  const emitter = new InOrder<SolveReport>((report) => {
    writeErrorLine(io, report.record);
    for (const stream of streams) stream.result(report);
  });
  const finish = (job: Job, position: number, record: LevelRecord) => {
    records[position] = record;
    progress.done(record.status);
    emitter.put(position, { record, level: job.kind === 'level' ? job.level : null });
  };

  const executor = chooseExecutor(io, levelJobs.length, workers, settings);
  try {
    await Promise.all(
      jobs.map(async (job, position) => {
        finish(job, position, job.kind === 'failed' ? job.record : await executor.solve(job, settings));
      }),
    );
  } finally {
    if (ticker !== null) clearInterval(ticker);
    progress.clear();
    await executor.close();
  }
  for (const stream of streams) stream.end();

  // Prose after the results goes where it cannot corrupt machine output.
  const prose = request.json ? io.stderr : io.stdout;
  if (records.length > 1) writeSummaryTable(prose, totalsOf(records), Math.round(io.now() - started));
  const regressions = checked.baseline === null ? [] : findRegressions(checked.baseline, records);
  if (checked.baseline !== null && request.baseline !== undefined) {
    writeRegressions(prose, request.baseline, records.length, regressions);
  }
  const summarySettings: SummarySettings = {
    optimal: settings.optimal,
    goal: request.goal ?? null,
    timeLimitMs: settings.timeLimitMs,
    maxNodes: settings.maxNodes ?? null,
  };
  for (const report of checked.reports) {
    const shards = checked.shard === null ? [] : [[checked.shard.index, checked.shard.count] as const];
    const text = report.kind === 'junit' ? junitXml(records) : summaryJson(buildSummary(summarySettings, shards, records));
    await io.writeFile(report.path, text);
  }
  if (request.out !== undefined) await writeSolvedCollections(io, request.out, plan.collections, records);

  const codes = records.map(exitCodeOfRecord);
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
  readonly notation: Notation;
  readonly json?: boolean;
  readonly jobs?: number;
  readonly report?: string[];
  readonly out?: string;
  readonly baseline?: string;
  readonly shard?: string;
}

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
    .option('--jobs <n>', 'levels solved at once, each in its own worker thread (default: one per core)', positiveInteger)
    .addOption(notationOption())
    .addOption(jsonOption())
    .option('--report <file>', 'also write a report: .xml for JUnit, .json for a summary (repeatable)', collect)
    .option('--out <dir>', 'write each collection back as a SOK file with Solution lines, for sokoban verify')
    .option('--baseline <summary.json>', 'compare with an earlier --report summary; exit 1 on any regression')
    .option('--shard <k/n>', 'solve only the k-th of n deterministic slices of the levels (for CI matrix runs)')
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
        notation: options.notation,
        json: options.json === true,
        jobs: options.jobs,
        reports: options.report ?? [],
        out: options.out,
        baseline: options.baseline,
        shard: options.shard,
      };
      context.setExitCode(await solveLevels(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
