/**
 * npm run bench:cs161 -- [--max-expanded <n>] [--problems p1-p19] [--rule all-boxes|keeper-too]
 *
 * The CS161 homework's comparison of heuristics: A* (src/solver/a-star.ts through the students'
 * `sokoban`) on each problem of ../shared/cs161 with h0, h1 and h2, the depth it finds (checked
 * against the published or breadth-first depth) and the states expanded. Every path is replayed
 * step by step with the homework's `nextStates`, so a printed depth is a real solution's.
 * A heuristic that needs more than --max-expanded states on a problem is reported as such.
 * Prints a Markdown table on stdout.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Cs161State, goalTest, h0, h1, nextStates } from '../src/game/cs161.js';
import { SearchLimitError } from '../src/errors.js';
import { type Cs161Heuristic, sokoban } from '../src/solver/cs161-search.js';
import type { Cs161Rule } from '../src/solver/cs161-bound.js';
import { h2 } from '../src/solver/seed-api.js';
import { sharedDir } from './suites.js';

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

function parseArgs(argv: readonly string[]): { maxExpanded: number; names: Set<string> | null; rule: Cs161Rule } {
  let maxExpanded = 20_000_000;
  let names: Set<string> | null = null;
  let rule: Cs161Rule = 'all-boxes';
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--max-expanded' && /^\d+$/.test(value ?? '')) maxExpanded = Number(value);
    else if (argv[i] === '--rule' && (value === 'all-boxes' || value === 'keeper-too')) rule = value;
    else if (argv[i] === '--problems' && /^p\d+-p\d+$/.test(value ?? '')) {
      const [from, to] = value.split('-').map((name) => Number(name.slice(1)));
      names = new Set(Array.from({ length: to - from + 1 }, (_, k) => `p${from + k}`));
    } else fail(`unknown argument ${argv[i]} ${value ?? ''}`);
    i++;
  }
  return { maxExpanded, names, rule };
}

/** True when each state of the path follows from the one before by the homework's rules, and the last one wins. */
function replays(path: readonly Cs161State[], rule: Cs161Rule): boolean {
  for (let i = 1; i < path.length; i++) {
    const next = JSON.stringify(path[i]);
    if (!nextStates(path[i - 1]).some((state) => JSON.stringify(state) === next)) return false;
  }
  return goalTest(path[path.length - 1], rule);
}

const { maxExpanded, names, rule } = parseArgs(process.argv.slice(2));
const problems = (JSON.parse(readFileSync(path.join(sharedDir, 'cs161', FILES[rule]), 'utf8')) as Problem[]).filter((problem) => names === null || names.has(problem.name));
const heuristics: [string, Cs161Heuristic][] = [
  ['h0', h0],
  ['h1', h1],
  // sokoban() evaluates h2 under the search's rule.
  ['h2', h2],
];

process.stdout.write(`CS161 ${FILES[rule]} under ${rule}, at most ${maxExpanded} states expanded per search\n\n`);
process.stdout.write('| problem | known depth | depth h0 | depth h1 | depth h2 | nodes h0 | nodes h1 | nodes h2 | h2 < h1 < h0 |\n');
process.stdout.write('|---|---|---|---|---|---|---|---|---|\n');
for (const problem of problems) {
  const known = problem.optimal_depth_bfs_check ?? problem.optimal_depth_published;
  const depths: string[] = [];
  const nodes: (number | null)[] = [];
  for (const [name, heuristic] of heuristics) {
    try {
      const result = sokoban(problem.grid, heuristic, { rule, maxExpanded });
      if (result.path === null) {
        depths.push('none');
      } else {
        if (!replays(result.path, rule)) fail(`${problem.name} ${name}: the path does not replay`);
        const depth = result.path.length - 1;
        if (known !== null && depth !== known) fail(`${problem.name} ${name}: depth ${depth}, expected ${known}`);
        depths.push(String(depth));
      }
      nodes.push(result.expanded);
    } catch (error) {
      if (!(error instanceof SearchLimitError)) throw error;
      depths.push('-');
      nodes.push(null);
    }
  }
  const [n0, n1, n2] = nodes;
  const ordered = n0 !== null && n1 !== null && n2 !== null ? (n2 < n1 && n1 < n0 ? 'yes' : 'NO') : n1 !== null && n2 !== null && n2 < n1 ? 'h2 < h1' : '?';
  const shown = nodes.map((count) => (count === null ? `> ${maxExpanded}` : String(count)));
  process.stdout.write(`| ${problem.name} | ${known ?? '?'} | ${depths.join(' | ')} | ${shown.join(' | ')} | ${ordered} |\n`);
}
