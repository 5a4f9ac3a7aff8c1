/**
 * npm run bench:cs161 -- [--max-expanded <n>] [--problems p1-p19] [--rule all-boxes|keeper-too]
 *                        [--time-limit <s>] [--max-gib <n>] [--heuristics h0,h1,h2]
 *
 * The CS161 homework's comparison of heuristics: A* (src/solver/cs161/a-star.ts through the students'
 * `sokoban`) on each problem of test/data/cs161 with h0, h1 and h2, the depth it finds (checked
 * against the published or breadth-first depth) and the states expanded. Every path is replayed
 * step by step with the homework's `nextStates`, so a printed depth is a real solution's.
 * A heuristic that needs more than --max-expanded states, --time-limit seconds (default: none)
 * or --max-gib GiB of states (default 16) on a problem is reported with how far it got.
 * Prints a Markdown table on stdout, then one row per search with its time and memory.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Cs161State, goalTest, nextStates } from '../src/game/cs161.js';
import { AStarLimitError } from '../src/solver/cs161/a-star.js';
import type { Cs161Rule } from '../src/solver/cs161/bound.js';
import { type Cs161HeuristicName, cs161RankSearch } from '../src/solver/cs161/rank-search.js';
import { dataDir } from './suites.js';

interface Problem {
  readonly name: string;
  readonly optimal_depth_published: number | null;
  readonly optimal_depth_bfs_check: number | null;
  readonly grid: number[][];
}

const FILES: Record<Cs161Rule, string> = {
  'all-boxes': 'hw3_22_problems_boxes_rule.json',
  'keeper-too': 'hw3_15_problems_keeper_rule.json',
};

function fail(message: string): never {
  process.stderr.write(`bench:cs161: ${message}\n`);
  process.exit(2);
}

interface Args {
  readonly maxExpanded: number;
  readonly names: Set<string> | null;
  readonly rule: Cs161Rule;
  readonly timeLimitS: number;
  readonly maxGiB: number;
  readonly heuristics: readonly Cs161HeuristicName[];
}

function parseArgs(argv: readonly string[]): Args {
  let maxExpanded = 20_000_000;
  let names: Set<string> | null = null;
  let rule: Cs161Rule = 'all-boxes';
  let timeLimitS = Infinity;
  let maxGiB = 16;
  let heuristics: Cs161HeuristicName[] = ['h0', 'h1', 'h2'];
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--max-expanded' && /^\d+$/.test(value ?? '')) maxExpanded = Number(value);
    else if (argv[i] === '--time-limit' && /^\d+$/.test(value ?? '')) timeLimitS = Number(value);
    else if (argv[i] === '--max-gib' && /^\d+(\.\d+)?$/.test(value ?? '')) maxGiB = Number(value);
    else if (argv[i] === '--heuristics' && /^(h[012])(,h[012])*$/.test(value ?? '')) heuristics = value.split(',') as Cs161HeuristicName[];
    else if (argv[i] === '--rule' && (value === 'all-boxes' || value === 'keeper-too')) rule = value;
    else if (argv[i] === '--problems' && /^p\d+-p\d+$/.test(value ?? '')) {
      const [from, to] = value.split('-').map((name) => Number(name.slice(1)));
      names = new Set(Array.from({ length: to - from + 1 }, (_, k) => `p${from + k}`));
    } else fail(`unknown argument ${argv[i]} ${value ?? ''}`);
    i++;
  }
  return { maxExpanded, names, rule, timeLimitS, maxGiB, heuristics };
}

/** True when each state of the path follows from the one before by the homework's rules, and the last one wins. */
function replays(path: readonly Cs161State[], rule: Cs161Rule): boolean {
  for (let i = 1; i < path.length; i++) {
    const next = JSON.stringify(path[i]);
    if (!nextStates(path[i - 1]).some((state) => JSON.stringify(state) === next)) return false;
  }
  return goalTest(path[path.length - 1], rule);
}

const { maxExpanded, names, rule, timeLimitS, maxGiB, heuristics } = parseArgs(process.argv.slice(2));
const problems = (JSON.parse(readFileSync(path.join(dataDir, 'cs161', FILES[rule]), 'utf8')) as Problem[]).filter((problem) => names === null || names.has(problem.name));

/** One search's outcome: the depth (or why there is none), the states expanded, and what it cost. */
interface Run {
  readonly problem: string;
  readonly heuristic: Cs161HeuristicName;
  readonly depth: string;
  /** States expanded; when a limit stopped the search, how many it had expanded by then. */
  readonly expanded: number;
  readonly stopped: 'nodes' | 'time' | 'memory' | null;
  readonly stored: number | null;
  readonly tableMiB: number | null;
  readonly seconds: number;
  readonly rssMiB: number;
}

function search(problem: Problem, heuristic: Cs161HeuristicName, known: number | null): Run {
  const started = performance.now();
  const shouldStop = () => performance.now() - started > timeLimitS * 1000;
  const measured = (depth: string, expanded: number, stopped: Run['stopped'], stored: number | null, tableBytes: number | null): Run => ({
    problem: problem.name,
    heuristic,
    depth,
    expanded,
    stopped,
    stored,
    tableMiB: tableBytes === null ? null : tableBytes / 1024 ** 2,
    seconds: (performance.now() - started) / 1000,
    rssMiB: process.memoryUsage().rss / 1024 ** 2,
  });
  try {
    const result = cs161RankSearch(problem.grid, heuristic, { rule, maxExpanded, shouldStop, maxBytes: maxGiB * 1024 ** 3 });
    if (result === null) fail(`${problem.name}: its positions do not fit the rank search`);
    if (result.path === null) return measured('none', result.expanded, null, result.stored, result.tableBytes);
    if (!replays(result.path, rule)) fail(`${problem.name} ${heuristic}: the path does not replay`);
    const depth = result.path.length - 1;
    if (known !== null && depth !== known) fail(`${problem.name} ${heuristic}: depth ${depth}, expected ${known}`);
    return measured(String(depth), result.expanded, null, result.stored, result.tableBytes);
  } catch (error) {
    if (!(error instanceof AStarLimitError)) throw error;
    return measured('-', error.expanded, error.limit, null, null);
  }
}

const LIMIT_NAMES = { nodes: 'node limit', time: 'time limit', memory: 'memory limit' } as const;
const runs: Run[] = [];
process.stdout.write(`CS161 ${FILES[rule]} under ${rule}, at most ${maxExpanded} states expanded, ${timeLimitS} s and ${maxGiB} GiB per search\n\n`);
process.stdout.write(
  `| problem | known depth | ${heuristics.map((name) => `depth ${name}`).join(' | ')} | ${heuristics.map((name) => `nodes ${name}`).join(' | ')} | h2 < h1 < h0 |\n`,
);
process.stdout.write(`|---|---|${heuristics.map(() => '---|---|').join('')}---|\n`);
for (const problem of problems) {
  const known = problem.optimal_depth_bfs_check ?? problem.optimal_depth_published;
  const these = heuristics.map((heuristic) => search(problem, heuristic, known));
  runs.push(...these);
  const nodes = new Map(these.map((run) => [run.heuristic, run.stopped === null ? run.expanded : null]));
  const [n0, n1, n2] = (['h0', 'h1', 'h2'] as const).map((name) => nodes.get(name) ?? null);
  const ordered = n0 !== null && n1 !== null && n2 !== null ? (n2 < n1 && n1 < n0 ? 'yes' : 'NO') : n1 !== null && n2 !== null && n2 < n1 ? 'h2 < h1' : '?';
  const shown = these.map((run) => (run.stopped === null ? String(run.expanded) : `> ${run.expanded} (${LIMIT_NAMES[run.stopped]})`));
  process.stdout.write(`| ${problem.name} | ${known ?? '?'} | ${these.map((run) => run.depth).join(' | ')} | ${shown.join(' | ')} | ${ordered} |\n`);
}
process.stdout.write('\n| problem | heuristic | depth | expanded | stored states | state table MiB | seconds | process RSS MiB |\n|---|---|---|---|---|---|---|---|\n');
for (const run of runs) {
  const expanded = run.stopped === null ? String(run.expanded) : `${run.expanded} (stopped: ${LIMIT_NAMES[run.stopped]})`;
  const table = run.tableMiB === null ? '-' : run.tableMiB.toFixed(0);
  process.stdout.write(
    `| ${run.problem} | ${run.heuristic} | ${run.depth} | ${expanded} | ${run.stored ?? '-'} | ${table} | ${run.seconds.toFixed(0)} | ${run.rssMiB.toFixed(0)} |\n`,
  );
}
