/**
 * npm run bench [-- <suite>...] [--time-limit <s>] [--jobs <n>] [--max-memory <MiB>]
 *                               [--max-nodes <n>] [--levels <list>] [--fresh-workers]
 *                               [--members feature,... (the names in src/solver/portfolio/plan.ts)] [--no-improve]
 *                               [--cores 2] [--split feature/forward-greedy,backward-greedy,push-optimal]
 *
 * Solves the levels of each chosen suite in worker threads, through the CLI's own pool and kill
 * policy (src/runner), one level after another in each worker as the CLI does (with
 * --fresh-workers, a new worker for every level), replays every solution with
 * the game layer's validator before counting it, writes a row per level to
 * bench/results/<suite>-<date>.txt and prints one summary line per run on stdout.
 */
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { replay } from '../src/game/replay.js';
import { DEFAULT_RACE_SPLIT, type RaceSplit } from '../src/runner/race.js';
import { PORTFOLIO_MEMBER_NAMES } from '../src/solver/portfolio/plan.js';
import type { PortfolioMemberName, SolveResult } from '../src/solver/solve.js';
import { type BenchOutcome, runAll } from './pool.js';
import { SUITES, repoRoot, type BenchLevel, type BenchRun, type Suite } from './suites.js';

interface Args {
  readonly suites: Suite[];
  readonly timeLimitMs: number | null;
  readonly jobs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes: number | null;
  readonly levels: Set<number> | null;
  readonly freshWorkers: boolean;
  /** Only these searches of the any-solution portfolio, for ablations (FESS alone: --members feature). */
  readonly members: readonly PortfolioMemberName[] | null;
  /** False: without --optimal, keep the first solution (no improvement pass). */
  readonly improve: boolean;
  /** With --cores 2, each level's portfolio is split into these parts racing on a worker each (the CLI's mode for one level). */
  readonly race: RaceSplit | null;
}

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.stderr.write(
    `usage: npm run bench -- [${SUITES.map((s) => s.name).join('|')}]... [--time-limit <s>] [--jobs <n>] [--max-memory <MiB>] [--max-nodes <n>] [--levels 1-10,15] [--fresh-workers] [--members feature,...] [--no-improve] [--cores 2] [--split feature/forward-greedy,...]\n`,
  );
  process.exit(2);
}

function positive(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (text === undefined || !Number.isFinite(value) || value <= 0) usage(`${flag} needs a positive number`);
  return value;
}

function parseLevels(text: string | undefined): Set<number> {
  if (text === undefined) usage('--levels needs a list such as 1-10,15');
  const chosen = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (match === null) usage(`--levels: cannot read "${part}"`);
    const low = Number(match[1]);
    const high = Number(match[2] ?? match[1]);
    for (let i = low; i <= high; i++) chosen.add(i);
  }
  return chosen;
}

const MEMBER_NAMES = PORTFOLIO_MEMBER_NAMES;

function parseMembers(text: string | undefined): PortfolioMemberName[] {
  if (text === undefined) usage(`--members needs a list of ${MEMBER_NAMES.join(', ')}`);
  return text.split(',').map((name) => MEMBER_NAMES.find((member) => member === name.trim()) ?? usage(`--members: unknown search "${name}"`));
}

/** Parts separated by '/', each a list of members: feature/forward-greedy,backward-greedy,push-optimal. */
function parseSplit(text: string | undefined): RaceSplit {
  if (text === undefined) usage('--split needs parts such as feature/forward-greedy,backward-greedy,push-optimal');
  return text.split('/').map(parseMembers);
}

function parseArgs(argv: readonly string[]): Args {
  const names: string[] = [];
  let timeLimitMs: number | null = null;
  let jobs = 1;
  let maxMemoryMiB = 4096;
  let maxNodes: number | null = null;
  let levels: Set<number> | null = null;
  let freshWorkers = false;
  let members: PortfolioMemberName[] | null = null;
  let improve = true;
  let cores = 1;
  let split: RaceSplit = DEFAULT_RACE_SPLIT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--time-limit') timeLimitMs = positive(arg, argv[++i]) * 1000;
    else if (arg === '--jobs') jobs = Math.floor(positive(arg, argv[++i]));
    else if (arg === '--max-memory') maxMemoryMiB = positive(arg, argv[++i]);
    else if (arg === '--max-nodes') maxNodes = Math.floor(positive(arg, argv[++i]));
    else if (arg === '--levels') levels = parseLevels(argv[++i]);
    else if (arg === '--fresh-workers') freshWorkers = true;
    else if (arg === '--members') members = parseMembers(argv[++i]);
    else if (arg === '--no-improve') improve = false;
    else if (arg === '--cores') cores = Math.floor(positive(arg, argv[++i]));
    else if (arg === '--split') split = parseSplit(argv[++i]);
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else names.push(arg);
  }
  const suites = names.length === 0 ? [...SUITES] : names.map((name) => SUITES.find((s) => s.name === name) ?? usage(`unknown suite "${name}"`));
  if (cores !== 1 && cores !== split.length) usage(`--cores ${cores}: the split has ${split.length} parts, one per core`);
  return { suites, timeLimitMs, jobs, maxMemoryMiB, maxNodes, levels, freshWorkers, members, improve, race: cores > 1 ? split : null };
}

/** One level's line in the results, after its solution (if any) was replayed. */
interface Row {
  readonly level: BenchLevel;
  readonly status: SolveResult['status'] | 'killed' | 'crashed';
  readonly result: SolveResult | null;
  readonly ms: number;
  /** 'ok', 'FAILED: ...', or '-' when there was nothing to replay. */
  readonly replay: string;
  /** Against the independent answer: 'ok', 'MISMATCH ...', or '-' when there is none to check. */
  readonly check: string;
  readonly note: string;
}

function replayCheck(level: BenchLevel, result: SolveResult): string {
  if (result.status !== 'solved') return '-';
  try {
    const replayed = replay(level.board, result.solution ?? '', { rule: level.rule, strictCase: true });
    if (!replayed.valid) return `FAILED: ${replayed.error?.message ?? 'invalid'}`;
    if (!replayed.solved) return 'FAILED: the position is not won at the end';
    if (replayed.solvedAfter !== replayed.moves) return `FAILED: already won after move ${replayed.solvedAfter}`;
    if (replayed.moves !== result.moves || replayed.pushes !== result.pushes) {
      return `FAILED: counts ${result.moves}/${result.pushes} reported, ${replayed.moves}/${replayed.pushes} replayed`;
    }
    return 'ok';
  } catch (error) {
    return `FAILED: ${(error as Error).message}`;
  }
}

function expectationCheck(level: BenchLevel, run: BenchRun, result: SolveResult | null): string {
  const expected = level.expected;
  if (expected === null || result === null) return '-';
  if (expected === 'unsolvable') {
    if (result.status === 'unsolvable') return 'ok';
    return result.status === 'solved' ? 'MISMATCH: solved a level recorded unsolvable' : '-';
  }
  if (result.status === 'unsolvable') return `MISMATCH: called unsolvable, recorded ${expected.moves} moves`;
  if (result.status !== 'solved') return '-';
  if (run.optimal === 'moves' && result.moves !== expected.moves) return `MISMATCH: ${result.moves} moves, recorded ${expected.moves}`;
  if (run.optimal !== 'moves' && (result.moves ?? 0) < expected.moves) return `MISMATCH: ${result.moves} moves beats the recorded optimum ${expected.moves}`;
  return 'ok';
}

function toRow(level: BenchLevel, run: BenchRun, { outcome }: BenchOutcome): Row {
  if (outcome.kind === 'killed') {
    return { level, status: 'killed', result: null, ms: outcome.afterMs, replay: '-', check: '-', note: `worker terminated after ${outcome.afterMs} ms` };
  }
  if (outcome.kind !== 'done') {
    return {
      level,
      status: 'crashed',
      result: null,
      ms: 0,
      replay: '-',
      check: '-',
      note: outcome.kind === 'out-of-memory' ? 'worker out of memory' : outcome.kind === 'failed' ? outcome.message : 'cancelled',
    };
  }
  const result = outcome.value;
  return { level, status: result.status, result, ms: result.ms, replay: replayCheck(level, result), check: expectationCheck(level, run, result), note: '' };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const pad = (text: string | number, width: number): string => String(text).padEnd(width);
const padLeft = (text: string | number, width: number): string => String(text).padStart(width);

/** The status, with the limit that stopped the search: a node limit is not a time-out. */
function statusText(row: Row): string {
  const limit = row.result?.limit ?? null;
  return row.status === 'timeout' && limit !== null && limit !== 'time' ? `timeout:${limit}` : row.status;
}

const HEADER = `${padLeft('#', 4)}  ${pad('title', 28)} ${pad('status', 13)} ${padLeft('moves', 6)} ${padLeft('pushes', 6)} ${padLeft('nodes', 10)} ${padLeft('ms', 8)} ${padLeft('MiB', 7)}  replay  check`;

function formatRow(row: Row): string {
  const r = row.result;
  const notes = [row.replay.startsWith('FAILED') ? row.replay : '', row.check.startsWith('MISMATCH') ? row.check : '', row.note].filter((n) => n !== '');
  return [
    `${padLeft(row.level.index, 4)}  ${pad(row.level.title.slice(0, 28), 28)} ${pad(statusText(row), 13)}`,
    `${padLeft(r?.moves ?? '-', 6)} ${padLeft(r?.pushes ?? '-', 6)} ${padLeft(r?.nodes ?? '-', 10)} ${padLeft(row.ms, 8)} ${padLeft(r?.peakMemoryMiB ?? '-', 7)}`,
    ` ${pad(row.replay.startsWith('FAILED') ? 'FAILED' : row.replay, 6)}  ${row.check.startsWith('MISMATCH') ? 'MISMATCH' : row.check}`,
    notes.length > 0 ? `  !! ${notes.join('; ')}` : '',
  ].join(' ');
}

interface Summary {
  readonly line: string;
  readonly rows: readonly Row[];
}

function summarize(run: BenchRun, rows: readonly Row[], maxRssKiB: number, wallMs: number): Summary {
  const verified = rows.filter((row) => row.status === 'solved' && row.replay === 'ok' && !row.check.startsWith('MISMATCH'));
  const unsolvable = rows.filter((row) => row.status === 'unsolvable');
  const count = (status: Row['status']): number => rows.filter((row) => row.status === status).length;
  const replayFailures = rows.filter((row) => row.replay.startsWith('FAILED')).length;
  const mismatches = rows.filter((row) => row.check.startsWith('MISMATCH')).length;
  const withExpectation = rows.filter((row) => row.level.expected !== null);
  const correct = withExpectation.filter((row) => row.check === 'ok' && (row.status !== 'solved' || row.replay === 'ok')).length;
  const times = rows.map((row) => row.ms);
  const totalMs = times.reduce((a, b) => a + b, 0);
  const searched = rows.filter((row) => row.result !== null);
  const searchMs = searched.reduce((sum, row) => sum + (row.result?.ms ?? 0), 0);
  const expanded = searched.reduce((sum, row) => sum + (row.result?.nodes ?? 0), 0);
  const generated = searched.reduce((sum, row) => sum + (row.result?.generated ?? 0), 0);
  const perSecond = (n: number): string => (searchMs > 0 ? Math.round((n * 1000) / searchMs).toLocaleString('en-US') : '-');
  const peakSearch = Math.max(0, ...searched.map((row) => row.result?.peakMemoryMiB ?? 0));
  const rssMiB = Math.round(Math.max(maxRssKiB, process.resourceUsage().maxRSS) / 1024);
  // Lengths of the verified solutions, and of the first solutions before the improvement pass.
  const total = (read: (result: SolveResult) => number | null): number => verified.reduce((sum, row) => sum + (row.result === null ? 0 : (read(row.result) ?? 0)), 0);
  const lengths = `| moves/pushes ${total((r) => r.moves)}/${total((r) => r.pushes)}, first found ${total((r) => r.firstMoves)}/${total((r) => r.firstPushes)}`;
  const parts = [
    `${run.label}: solved ${verified.length}/${rows.length}`,
    withExpectation.length > 0 ? `matches the independent answer ${correct}/${withExpectation.length}` : '',
    unsolvable.length > 0 ? `proven unsolvable ${unsolvable.length}` : '',
    count('timeout') > 0 ? `timeout ${count('timeout')}` : '',
    count('memory') > 0 ? `memory ${count('memory')}` : '',
    count('killed') > 0 ? `KILLED ${count('killed')}` : '',
    count('crashed') > 0 ? `CRASHED ${count('crashed')}` : '',
    run.optimal !== null ? `the other measure proven fewest too ${verified.filter((row) => row.result?.thenFewest != null).length}` : '',
    replayFailures > 0 ? `!!! REPLAY FAILED ${replayFailures}` : '',
    mismatches > 0 ? `!!! MISMATCH ${mismatches}` : '',
    lengths,
    `| total ${(totalMs / 1000).toFixed(2)} s, median ${median(times)} ms`,
    `| ${perSecond(expanded)} expanded/s, ${perSecond(generated)} generated/s`,
    `| peak memory: search tables ${peakSearch} MiB, process RSS ${rssMiB} MiB`,
    `| limit ${run.timeLimitMs / 1000} s${run.maxNodes !== null ? `, ${run.maxNodes} nodes` : ''}, wall ${(wallMs / 1000).toFixed(1)} s`,
  ];
  return {
    line: parts
      .filter((p) => p !== '')
      .join(', ')
      .replace(/, \|/g, ' |'),
    rows,
  };
}

function stamp(): string {
  const now = new Date();
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}`;
}

/** Levels proven optimal in both modes must agree: fewest pushes cannot beat the other on moves. */
function crossCheck(byPushes: readonly Row[], byMoves: readonly Row[]): string[] {
  const problems: string[] = [];
  for (const p of byPushes) {
    const m = byMoves.find((row) => row.level.index === p.level.index);
    if (m === undefined || p.result?.status !== 'solved' || m.result?.status !== 'solved') continue;
    if ((p.result.pushes ?? 0) > (m.result.pushes ?? 0) || (p.result.moves ?? 0) < (m.result.moves ?? 0)) {
      problems.push(`level ${p.level.index}: push-optimal ${p.result.moves}/${p.result.pushes}, move-optimal ${m.result.moves}/${m.result.pushes} (moves/pushes)`);
    }
  }
  return problems;
}

async function runSuite(suite: Suite, args: Args): Promise<boolean> {
  const runs = suite.runs({ timeLimitMs: args.timeLimitMs, maxNodes: args.maxNodes });
  const dir = path.join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${suite.name}-${stamp()}.txt`);
  writeFileSync(
    file,
    `# ${suite.name}: ${suite.description}${limitNote(args)}\n# jobs ${args.jobs}${args.freshWorkers ? ', a fresh worker per level' : ''}, node ${process.version}\n`,
  );
  const summaries: Summary[] = [];
  let healthy = true;
  for (const run of runs) {
    const levels = args.levels === null ? run.levels : run.levels.filter((level) => args.levels?.has(level.index));
    appendFileSync(file, `\n## ${run.label} (${levels.length} levels)\n${HEADER}\n`);
    const rows: Row[] = [];
    let maxRssKiB = 0;
    const started = performance.now();
    await runAll(
      levels,
      { jobs: args.jobs, maxMemoryMiB: args.maxMemoryMiB, fresh: args.freshWorkers, race: args.race },
      (level) => ({
        board: level.board,
        rule: level.rule,
        optimal: run.optimal,
        timeLimitMs: run.timeLimitMs,
        maxMemoryMiB: args.maxMemoryMiB,
        maxNodes: run.maxNodes ?? undefined,
        members: args.members ?? undefined,
        improve: args.improve,
      }),
      (level, outcome) => {
        if (outcome.outcome.kind === 'done') maxRssKiB = Math.max(maxRssKiB, outcome.maxRssKiB);
        const row = toRow(level, run, outcome);
        rows.push(row);
        appendFileSync(file, `${formatRow(row)}\n`);
        if (row.replay.startsWith('FAILED')) process.stderr.write(`!!! ${run.label} level ${level.index} (${level.title}): solution REPLAY ${row.replay}\n`);
        if (row.check.startsWith('MISMATCH')) process.stderr.write(`!!! ${run.label} level ${level.index} (${level.title}): ${row.check}\n`);
      },
    );
    rows.sort((a, b) => a.level.index - b.level.index);
    const summary = summarize(run, rows, maxRssKiB, performance.now() - started);
    summaries.push(summary);
    healthy &&= !rows.some((row) => row.replay.startsWith('FAILED') || row.check.startsWith('MISMATCH'));
    process.stdout.write(`${summary.line}\n`);
  }
  // Rewrite in level order, summaries on top.
  const sections = runs.map((run, i) => `## ${run.label} (${summaries[i].rows.length} levels)\n${HEADER}\n${summaries[i].rows.map(formatRow).join('\n')}\n`);
  const header = [
    `# ${suite.name}: ${suite.description}${limitNote(args)}`,
    `# jobs ${args.jobs}${args.freshWorkers ? ', a fresh worker per level' : ''}, node ${process.version}, ${new Date().toISOString()}`,
    ...summaries.map((s) => `# ${s.line}`),
  ];
  if (runs.length === 2 && runs[0].optimal === 'pushes' && runs[1].optimal === 'moves') {
    const problems = crossCheck(summaries[0].rows, summaries[1].rows);
    const line =
      problems.length === 0
        ? 'push-optimal and move-optimal results agree on every level both proved'
        : `!!! ${problems.length} levels where the two optimal modes contradict each other: ${problems.join('; ')}`;
    header.push(`# ${line}`);
    process.stdout.write(`${suite.name}: ${line}\n`);
    healthy &&= problems.length === 0;
  }
  writeFileSync(file, `${header.join('\n')}\n\n${sections.join('\n')}`);
  process.stdout.write(`  results: ${path.relative(repoRoot, file)}\n`);
  return healthy;
}

const args = parseArgs(process.argv.slice(2));
let healthy = true;
for (const suite of args.suites) healthy = (await runSuite(suite, args)) && healthy;
// A solution that fails replay or a wrong optimal length is a failed bench, whatever else passed.
process.exitCode = healthy ? 0 : 1;

/** The suite's own description names its default limit; say so when --time-limit overrides it. */
function limitNote(args: Args): string {
  const time = args.timeLimitMs === null ? '' : ` (overridden: --time-limit ${args.timeLimitMs / 1000} s)`;
  const race = args.race === null ? '' : ` (racing on ${args.race.length} cores per level: ${args.race.map((part) => part.join(',')).join(' | ')})`;
  const searches = args.members === null ? `${time}${race}` : `${time} (searches: ${args.members.join(', ')})${race}`;
  return args.improve ? searches : `${searches} (no improvement pass)`;
}
