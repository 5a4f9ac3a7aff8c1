/**
 * npm run bench:optimize -- [--metric moves|pushes] [--time-limit <s>] [--max-nodes <n>]
 *                            [--levels 1-10,15] [--techniques walks,permutation,vicinity]
 *
 * Optimizes the known XSokoban solutions of test/data/solutions/xsokoban90_lurd.toml, level by
 * level in this process: the length before and after (and after each technique), every result
 * replayed by the optimizer itself and again here, a row per level in
 * bench/results/optimize-<metric>-<date>.txt and the totals on stdout.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chooseGoalRule } from '../src/game/goal-rule.js';
import { replay } from '../src/game/replay.js';
import { parseCollection } from '../src/level/parse.js';
import type { OptimizeMetric } from '../src/solver/optimize/metric.js';
import { OPTIMIZE_TECHNIQUES, type OptimizeTechnique } from '../src/solver/optimize/optimize-pushes.js';
import { optimizeSolution } from '../src/solver/optimize/optimize.js';
import { knownSolutions } from './known-solutions.js';
import { repoRoot, dataDir } from './suites.js';

function fail(message: string): never {
  process.stderr.write(`bench:optimize: ${message}\n`);
  process.exit(2);
}

interface Args {
  readonly metric: OptimizeMetric;
  readonly timeLimitMs: number;
  readonly maxNodes: number | undefined;
  readonly levels: Set<number> | null;
  readonly techniques: readonly OptimizeTechnique[];
}

function parseArgs(argv: readonly string[]): Args {
  let metric: OptimizeMetric = 'moves';
  let timeLimitMs = 10_000;
  let maxNodes: number | undefined;
  let levels: Set<number> | null = null;
  let techniques: readonly OptimizeTechnique[] = OPTIMIZE_TECHNIQUES;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--metric') metric = value === 'moves' || value === 'pushes' ? value : fail('--metric is moves or pushes');
    else if (arg === '--time-limit') timeLimitMs = Number(value) * 1000;
    else if (arg === '--max-nodes') maxNodes = Number(value);
    else if (arg === '--levels') {
      levels = new Set();
      for (const part of value.split(',')) {
        const [low, high] = part.split('-').map(Number);
        for (let n = low; n <= (high ?? low); n++) levels.add(n);
      }
    } else if (arg === '--techniques') {
      techniques = value
        .split(',')
        .filter((name) => name !== '' && name !== 'walks')
        .map((name) => OPTIMIZE_TECHNIQUES.find((t) => t === name) ?? fail(`unknown technique ${name}`));
    } else fail(`unknown option ${arg}`);
  }
  return { metric, timeLimitMs, maxNodes, levels, techniques };
}

const args = parseArgs(process.argv.slice(2));
const levels = parseCollection(readFileSync(path.join(dataDir, 'levels', 'xsokoban90.xsb'), 'utf8'), { file: 'xsokoban90.xsb' }).levels;
const known = knownSolutions('xsokoban90_lurd.toml');

const dir = path.join(repoRoot, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
const file = path.join(dir, `optimize-${args.metric}-${args.techniques.join('+') || 'walks'}-${stamp}.txt`);
const settings = `metric ${args.metric}, techniques ${args.techniques.join('+') || 'walks only'}, ${args.timeLimitMs / 1000} s${args.maxNodes === undefined ? '' : `, ${args.maxNodes} nodes`} per level`;
writeFileSync(file, `# optimize the known XSokoban solutions: ${settings}\n#  level  before (moves/pushes)  after  steps  nodes  ms  limit\n`);

const totals = { beforeMoves: 0, beforePushes: 0, afterMoves: 0, afterPushes: 0, levels: 0, improved: 0, ms: 0 };
for (const [index, moves] of [...known].sort((a, b) => a[0] - b[0])) {
  if (args.levels !== null && !args.levels.has(index)) continue;
  const level = levels[index - 1];
  const rule = chooseGoalRule(level, undefined);
  const result = optimizeSolution(level, moves, { rule, metric: args.metric, timeLimitMs: args.timeLimitMs, maxNodes: args.maxNodes, techniques: args.techniques });
  const checked = replay(level.board, result.solution, { rule, strictCase: true });
  if (!checked.solved || checked.moves !== result.moves || checked.pushes !== result.pushes) fail(`level ${index}: the optimized solution does not replay`);
  totals.levels++;
  totals.beforeMoves += result.before.moves;
  totals.beforePushes += result.before.pushes;
  totals.afterMoves += result.moves;
  totals.afterPushes += result.pushes;
  totals.ms += result.ms;
  if (result.moves !== result.before.moves || result.pushes !== result.before.pushes) totals.improved++;
  const steps = result.steps.map((step) => `${step.technique} ${step.moves}/${step.pushes}`).join(', ');
  const row = `${String(index).padStart(4)}  ${result.before.moves}/${result.before.pushes} -> ${result.moves}/${result.pushes}  [${steps}]  ${result.nodes} nodes  ${result.ms} ms  ${result.limit ?? '-'}`;
  appendFileSync(file, `${row}\n`);
  process.stdout.write(`${row}\n`);
}
const summary = `${settings}: ${totals.levels} levels, ${totals.improved} shortened; moves ${totals.beforeMoves} -> ${totals.afterMoves}, pushes ${totals.beforePushes} -> ${totals.afterPushes}; ${(totals.ms / 1000).toFixed(1)} s`;
appendFileSync(file, `# ${summary}\n`);
process.stdout.write(`${summary}\n  results: ${path.relative(repoRoot, file)}\n`);
