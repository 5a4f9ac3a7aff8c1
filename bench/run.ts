/**
 * npm run bench [-- <suite>...] [--time-limit <s>] [--jobs <n>] [--max-memory <MiB>]
 *                               [--max-nodes <n>] [--levels <list>] [--boxes <low>-<high>] [--fresh-workers]
 *                               [--members feature,... (the names in src/solver/portfolio/plan.ts)] [--no-improve]
 *                               [--cores 2] [--split feature/forward-greedy,backward-greedy,push-optimal]
 *                               [--peer '<command with {level} and {seconds}>']
 *
 * Solves the levels of each chosen suite in worker threads, through the CLI's own pool and kill
 * policy (src/runner), one level after another in each worker as the CLI does (with
 * --fresh-workers, a new worker for every level), replays every solution with
 * the game layer's validator before counting it, writes a row per level to
 * bench/results/<suite>-<date>-<pid>.txt and prints one summary line per run on stdout, then the solved
 * counts per box-count band and, for a set of several authors, per author. With --peer, another
 * solver runs each level right after ours in the same lane (bench/peer.ts), its answers are
 * replayed the same way, and the results file gets both side by side.
 */
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { replay } from '../src/game/replay.js';
import { DEFAULT_RACE_SPLIT, type RaceSplit } from '../src/runner/race.js';
import { PORTFOLIO_MEMBER_NAMES } from '../src/solver/portfolio/plan.js';
import type { PortfolioMemberName, SolveResult } from '../src/solver/solve.js';
import { type PeerResult, runPeer } from './peer.js';
import { type BenchOutcome, runAll } from './pool.js';
import { SUITES, repoRoot, type BenchLevel, type BenchRun, type Suite } from './suites.js';

interface Args {
  readonly suites: Suite[];
  readonly timeLimitMs: number | null;
  readonly jobs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes: number | null;
  readonly levels: Set<number> | null;
  /** Only levels with this many boxes (inclusive bounds), to watch the many-box levels apart. */
  readonly boxes: BoxRange | null;
  readonly freshWorkers: boolean;
  /** Only these searches of the any-solution portfolio, for ablations (FESS alone: --members feature). */
  readonly members: readonly PortfolioMemberName[] | null;
  /** False: without --optimal, keep the first solution (no improvement pass). */
  readonly improve: boolean;
  /** With --cores 2, each level's portfolio is split into these parts racing on a worker each (the CLI's mode for one level). */
  readonly race: RaceSplit | null;
  /** Another solver's command, run on each level right after ours (bench/peer.ts). */
  readonly peer: string | null;
}

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.stderr.write(
    `usage: npm run bench -- [${SUITES.map((s) => s.name).join('|')}]... [--time-limit <s>] [--jobs <n>] [--max-memory <MiB>] [--max-nodes <n>] [--levels 1-10,15] [--boxes 13-] [--fresh-workers] [--members feature,...] [--no-improve] [--cores 2] [--split feature/forward-greedy,...] [--peer '<command>']\n`,
  );
  process.exit(2);
}

function positive(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (text === undefined || !Number.isFinite(value) || value <= 0) usage(`${flag} needs a positive number`);
  return value;
}

interface BoxRange {
  readonly low: number;
  readonly high: number;
}

/** '13-' (13 or more), '7-12', '-6' (at most 6) or '20' (exactly). */
function parseBoxes(text: string | undefined): BoxRange {
  const match = text === undefined ? null : /^(\d*)(-?)(\d*)$/.exec(text.trim());
  if (match === null || (match[1] === '' && match[3] === '')) usage('--boxes needs a range such as 13-, 7-12 or -6');
  const low = match[1] === '' ? 0 : Number(match[1]);
  const high = match[3] !== '' ? Number(match[3]) : match[2] === '-' ? Number.POSITIVE_INFINITY : low;
  return { low, high };
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
  let boxes: BoxRange | null = null;
  let freshWorkers = false;
  let members: PortfolioMemberName[] | null = null;
  let improve = true;
  let cores = 1;
  let split: RaceSplit = DEFAULT_RACE_SPLIT;
  let peer: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--time-limit') timeLimitMs = positive(arg, argv[++i]) * 1000;
    else if (arg === '--jobs') jobs = Math.floor(positive(arg, argv[++i]));
    else if (arg === '--max-memory') maxMemoryMiB = positive(arg, argv[++i]);
    else if (arg === '--max-nodes') maxNodes = Math.floor(positive(arg, argv[++i]));
    else if (arg === '--levels') levels = parseLevels(argv[++i]);
    else if (arg === '--boxes') boxes = parseBoxes(argv[++i]);
    else if (arg === '--fresh-workers') freshWorkers = true;
    else if (arg === '--members') members = parseMembers(argv[++i]);
    else if (arg === '--no-improve') improve = false;
    else if (arg === '--cores') cores = Math.floor(positive(arg, argv[++i]));
    else if (arg === '--split') split = parseSplit(argv[++i]);
    else if (arg === '--peer') peer = argv[++i] ?? usage('--peer needs a command');
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else names.push(arg);
  }
  const suites = names.length === 0 ? [...SUITES] : names.map((name) => SUITES.find((s) => s.name === name) ?? usage(`unknown suite "${name}"`));
  if (cores !== 1 && cores !== split.length) usage(`--cores ${cores}: the split has ${split.length} parts, one per core`);
  return { suites, timeLimitMs, jobs, maxMemoryMiB, maxNodes, levels, boxes, freshWorkers, members, improve, race: cores > 1 ? split : null, peer };
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

const HEADER = `${padLeft('#', 4)}  ${pad('title', 28)} ${padLeft('boxes', 5)} ${pad('status', 13)} ${padLeft('moves', 6)} ${padLeft('pushes', 6)} ${padLeft('nodes', 10)} ${padLeft('ms', 8)} ${padLeft('MiB', 7)}  replay  check`;

function formatRow(row: Row): string {
  const r = row.result;
  const notes = [row.replay.startsWith('FAILED') ? row.replay : '', row.check.startsWith('MISMATCH') ? row.check : '', row.note].filter((n) => n !== '');
  return [
    `${padLeft(row.level.index, 4)}  ${pad(row.level.title.slice(0, 28), 28)} ${padLeft(row.level.boxes, 5)} ${pad(statusText(row), 13)}`,
    `${padLeft(r?.moves ?? '-', 6)} ${padLeft(r?.pushes ?? '-', 6)} ${padLeft(r?.nodes ?? '-', 10)} ${padLeft(row.ms, 8)} ${padLeft(r?.peakMemoryMiB ?? '-', 7)}`,
    ` ${pad(row.replay.startsWith('FAILED') ? 'FAILED' : row.replay, 6)}  ${row.check.startsWith('MISMATCH') ? 'MISMATCH' : row.check}`,
    notes.length > 0 ? `  !! ${notes.join('; ')}` : '',
  ].join(' ');
}

interface Summary {
  readonly line: string;
  /** Solved counts per box-count band and, when the run has several authors, per author; with a peer, its counts too. */
  readonly breakdown: readonly string[];
  readonly rows: readonly Row[];
  readonly peerRows: readonly PeerRow[];
}

/** A peer's answer on one level, already replayed. */
interface PeerRow extends PeerResult {
  readonly level: BenchLevel;
}

function formatPeerRow(row: PeerRow): string {
  return `${padLeft(row.level.index, 4)}  peer ${pad(row.status, 9)} ${padLeft(row.moves ?? '-', 6)} ${padLeft(row.pushes ?? '-', 6)} ${padLeft(row.ms, 8)}${row.note === '' ? '' : `  ${row.note}`}`;
}

const PEER_HEADER = `${padLeft('#', 4)}  ${pad('title', 28)} ${padLeft('boxes', 5)}  ${pad('ours', 9)} ${padLeft('moves', 6)} ${padLeft('ms', 7)}  ${pad('peer', 9)} ${padLeft('moves', 6)} ${padLeft('ms', 7)}`;

function formatSideBySide(row: Row, peer: PeerRow | undefined): string {
  const ours = row.status === 'solved' && row.replay === 'ok' ? 'solved' : statusText(row);
  return [
    `${padLeft(row.level.index, 4)}  ${pad(row.level.title.slice(0, 28), 28)} ${padLeft(row.level.boxes, 5)} `,
    ` ${pad(ours, 9)} ${padLeft(row.result?.status === 'solved' ? (row.result.moves ?? '-') : '-', 6)} ${padLeft(row.ms, 7)} `,
    ` ${pad(peer?.status ?? '-', 9)} ${padLeft(peer?.moves ?? '-', 6)} ${padLeft(peer?.ms ?? '-', 7)}`,
  ].join('');
}

/** The peer's counts under ours, and the levels one of the two solved alone. */
function withPeer(summary: Summary, peerRows: readonly PeerRow[]): Summary {
  if (peerRows.length === 0) return summary;
  const solvedByUs = new Set(summary.rows.filter((row) => row.status === 'solved' && row.replay === 'ok').map((row) => row.level.index));
  const peerSolved = peerRows.filter((row) => row.status === 'solved');
  const peerSolvedSet = new Set(peerSolved.map((row) => row.level.index));
  const both = peerSolved.filter((row) => solvedByUs.has(row.level.index));
  const oursOnBoth = summary.rows.filter((row) => peerSolvedSet.has(row.level.index) && solvedByUs.has(row.level.index));
  const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
  const wrong = peerRows.filter((row) => row.status === 'wrong').length;
  const lines = [
    `  peer: solved ${peerSolved.length}/${peerRows.length}${wrong > 0 ? `, !!! ${wrong} solutions that do not replay` : ''} | ${(sum(peerSolved.map((row) => row.ms)) / 1000).toFixed(1)} s on its solved levels`,
    `  on the ${both.length} levels both solved: ours ${sum(oursOnBoth.map((row) => row.result?.moves ?? 0))} moves in ${(sum(oursOnBoth.map((row) => row.ms)) / 1000).toFixed(1)} s, the peer's ${sum(both.map((row) => row.moves ?? 0))} moves in ${(sum(both.map((row) => row.ms)) / 1000).toFixed(1)} s`,
    `  only ours: ${
      [...solvedByUs]
        .filter((index) => !peerSolvedSet.has(index))
        .sort((a, b) => a - b)
        .join(' ') || '-'
    } | only the peer's: ${
      [...peerSolvedSet]
        .filter((index) => !solvedByUs.has(index))
        .sort((a, b) => a - b)
        .join(' ') || '-'
    }`,
    ...breakdownOf(peerRows, (row) => row.status === 'solved').map((line) => line.replace('  by', '  peer by')),
  ];
  return { ...summary, breakdown: [...summary.breakdown, ...lines], peerRows };
}

/** The bands the wide yardstick is watched by: the many-box levels are where the solver was behind. */
const BOX_BANDS: readonly BoxRange[] = [
  { low: 0, high: 6 },
  { low: 7, high: 12 },
  { low: 13, high: 20 },
  { low: 21, high: Number.POSITIVE_INFINITY },
];

const bandName = (band: BoxRange): string => (band.low === 0 ? `up to ${band.high}` : band.high === Number.POSITIVE_INFINITY ? `${band.low}+` : `${band.low}-${band.high}`);

/** What the per-band and per-author counts need of a row, ours or a peer's. */
interface Counted {
  readonly level: BenchLevel;
  readonly ms: number;
}

/** "solved/levels, seconds the solved ones took" for a group of rows. */
function groupCount<T extends Counted>(rows: readonly T[], isVerified: (row: T) => boolean): string {
  const solved = rows.filter(isVerified);
  const seconds = solved.reduce((sum, row) => sum + row.ms, 0) / 1000;
  return `${solved.length}/${rows.length} (${seconds.toFixed(1)} s)`;
}

function breakdownOf<T extends Counted>(rows: readonly T[], isVerified: (row: T) => boolean): string[] {
  const bands = BOX_BANDS.map((band) => [band, rows.filter((row) => row.level.boxes >= band.low && row.level.boxes <= band.high)] as const)
    .filter(([, inBand]) => inBand.length > 0)
    .map(([band, inBand]) => `${bandName(band)} ${groupCount(inBand, isVerified)}`);
  const lines = [`  by boxes: ${bands.join(' | ')}`];
  const authors = [...new Set(rows.map((row) => row.level.author))];
  if (authors.length > 1) {
    lines.push(
      `  by author: ${authors
        .map(
          (author) =>
            `${author} ${groupCount(
              rows.filter((row) => row.level.author === author),
              isVerified,
            )}`,
        )
        .join(' | ')}`,
    );
  }
  return lines;
}

function summarize(run: BenchRun, rows: readonly Row[], maxRssKiB: number, wallMs: number): Summary {
  const isVerified = (row: Row): boolean => row.status === 'solved' && row.replay === 'ok' && !row.check.startsWith('MISMATCH');
  const verified = rows.filter(isVerified);
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
    breakdown: breakdownOf(rows, isVerified),
    rows,
    peerRows: [],
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
  // The process id keeps two benches started in the same minute (a pair compared side by side) apart.
  const file = path.join(dir, `${suite.name}-${stamp()}-${process.pid}.txt`);
  writeFileSync(
    file,
    `# ${suite.name}: ${suite.description}${limitNote(args)}\n# jobs ${args.jobs}${args.freshWorkers ? ', a fresh worker per level' : ''}, node ${process.version}\n`,
  );
  const summaries: Summary[] = [];
  let healthy = true;
  for (const run of runs) {
    const levels = run.levels.filter(
      (level) => (args.levels === null || args.levels.has(level.index)) && (args.boxes === null || (level.boxes >= args.boxes.low && level.boxes <= args.boxes.high)),
    );
    appendFileSync(file, `\n## ${run.label} (${levels.length} levels)\n${HEADER}\n`);
    const rows: Row[] = [];
    const peerRows: PeerRow[] = [];
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
      async (level, outcome) => {
        if (outcome.outcome.kind === 'done') maxRssKiB = Math.max(maxRssKiB, outcome.maxRssKiB);
        const row = toRow(level, run, outcome);
        rows.push(row);
        appendFileSync(file, `${formatRow(row)}\n`);
        if (row.replay.startsWith('FAILED')) process.stderr.write(`!!! ${run.label} level ${level.index} (${level.title}): solution REPLAY ${row.replay}\n`);
        if (row.check.startsWith('MISMATCH')) process.stderr.write(`!!! ${run.label} level ${level.index} (${level.title}): ${row.check}\n`);
        if (args.peer !== null) {
          const peer = { level, ...(await runPeer(args.peer, level, run.timeLimitMs)) };
          peerRows.push(peer);
          appendFileSync(file, `${formatPeerRow(peer)}\n`);
          if (peer.status === 'wrong') process.stderr.write(`!!! peer on ${run.label} level ${level.index} (${level.title}): its solution does not replay: ${peer.note}\n`);
        }
      },
    );
    rows.sort((a, b) => a.level.index - b.level.index);
    peerRows.sort((a, b) => a.level.index - b.level.index);
    const summary = withPeer(summarize(run, rows, maxRssKiB, performance.now() - started), peerRows);
    summaries.push(summary);
    healthy &&= !rows.some((row) => row.replay.startsWith('FAILED') || row.check.startsWith('MISMATCH'));
    process.stdout.write(`${summary.line}\n${summary.breakdown.join('\n')}\n`);
  }
  // Rewrite in level order, summaries on top.
  const sections = runs.map((run, i) => {
    const { rows, peerRows } = summaries[i];
    const peerSection =
      peerRows.length === 0
        ? ''
        : `\n### beside the peer (${args.peer})\n${PEER_HEADER}\n${rows
            .map((row) =>
              formatSideBySide(
                row,
                peerRows.find((p) => p.level.index === row.level.index),
              ),
            )
            .join('\n')}\n`;
    return `## ${run.label} (${rows.length} levels)\n${HEADER}\n${rows.map(formatRow).join('\n')}\n${peerSection}`;
  });
  const header = [
    `# ${suite.name}: ${suite.description}${limitNote(args)}`,
    `# jobs ${args.jobs}${args.freshWorkers ? ', a fresh worker per level' : ''}, node ${process.version}, ${new Date().toISOString()}`,
    ...summaries.flatMap((s) => [`# ${s.line}`, ...s.breakdown.map((line) => `#${line}`)]),
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

// The CLI's own compiler flags (bin/compiler-flags.cjs), before any worker starts: the bench measures what a call does.
(createRequire(import.meta.url)('../bin/compiler-flags.cjs') as { tuneCompiler: () => boolean }).tuneCompiler();
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
