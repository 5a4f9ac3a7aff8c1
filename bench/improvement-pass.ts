/**
 * The improvement pass's cost per position: each level of a collection is solved once without it
 * (`improve: false`, `repeatable`), then `optimizePushes` alone runs on that first solution with
 * the allowance solve() gives it under --repeatable (counted in positions, so every run does the
 * same work), `--passes` times in a row; the CPU time of the passes is what is measured.
 *
 *   npm run bench:improve -- [--levels levels/microban.xsb] [--rounds 3] [--passes 3]
 *                            [--before <checkout>[,<checkout>...]] [--after <checkout>] [--profile]
 *
 * A checkout is a built copy of the repository (its dist/ is loaded); `--after` defaults to this
 * one. With `--before`, each round runs one child process per checkout, in an order that
 * rotates and alternates between rounds, so the machine's drift falls on all alike; the results
 * per level (moves, pushes, positions) must be the same in all or the bench says so and fails. Prints the
 * median CPU milliseconds of one pass over the collection and nanoseconds per position, and each
 * later checkout's time against the first's round by round (medians of the passes of the round).
 * `--worker <checkout>` is the child: it prints one JSON line. `--profile` runs one worker under
 * `node --cpu-prof` (the profile goes to the current directory).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    levels: { type: 'string', default: 'levels/microban.xsb' },
    rounds: { type: 'string', default: '3' },
    passes: { type: 'string', default: '3' },
    before: { type: 'string' },
    after: { type: 'string', default: HERE },
    worker: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});

interface WorkerReport {
  /** CPU milliseconds (user + system) of each pass over the whole collection. */
  readonly passMs: number[];
  readonly nodes: number;
  /** Per level: moves, pushes and positions of the pass. */
  readonly results: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: modules of another checkout's dist, loaded by path
type Module = any;

async function load(checkout: string, path: string): Promise<Module> {
  return import(pathToFileURL(join(checkout, 'dist', path)).href);
}

async function worker(checkout: string): Promise<WorkerReport> {
  const { parseCollection } = await load(checkout, 'level/parse.js');
  const { defaultGoalRule } = await load(checkout, 'game/goal-rule.js');
  const { parseMoves } = await load(checkout, 'game/moves.js');
  const { solve } = await load(checkout, 'solver/solve.js');
  const { problemWithFixedHomeBoxesAsWalls } = await load(checkout, 'solver/planning/fixed-home-boxes.js');
  const { analyzeLevel } = await load(checkout, 'solver/planning/analysis.js');
  const { pushesOfMoves } = await load(checkout, 'solver/optimize/solution-path.js');
  const { improvementBudget } = await load(checkout, 'solver/optimize/improvement-budget.js');
  const { OPTIMIZE_TECHNIQUES, optimizePushes } = await load(checkout, 'solver/optimize/optimize-pushes.js');

  const collection = parseCollection(readFileSync(resolve(HERE, values.levels), 'utf8'));
  const maxBytes = 4096 * 1024 * 1024;
  const tasks = [];
  for (const level of collection.levels) {
    const first = solve(level, { improve: false, repeatable: true });
    if (first.status !== 'solved') continue;
    const problem = problemWithFixedHomeBoxesAsWalls(level.board, defaultGoalRule(level.format));
    const dead = analyzeLevel(problem).dead;
    const pushes = pushesOfMoves(
      problem,
      parseMoves(first.solution).moves.map((move: { direction: string }) => move.direction),
    );
    // As solve() sizes it under --repeatable: the allowance in positions; the deadline is never reached.
    const budget = improvementBudget({
      firstMoves: first.moves,
      searchNodes: first.nodes,
      searchMs: 0,
      now: 0,
      deadline: Number.MAX_SAFE_INTEGER,
      byWork: true,
      maxBytes,
    });
    tasks.push({ problem, dead, pushes, budget });
  }
  const passMs: number[] = [];
  let results: string[] = [];
  let nodes = 0;
  const clock = () => performance.now();
  for (let pass = 0; pass < Number(values.passes); pass++) {
    results = [];
    nodes = 0;
    const started = process.cpuUsage();
    for (const { problem, dead, pushes, budget } of tasks) {
      const outcome = optimizePushes(problem, dead, pushes, 'moves', OPTIMIZE_TECHNIQUES, { clock, ...budget });
      nodes += outcome.nodes;
      results.push(`${outcome.length.moves}/${outcome.length.pushes}/${outcome.nodes}`);
    }
    const used = process.cpuUsage(started);
    passMs.push((used.user + used.system) / 1000);
  }
  return { passMs, nodes, results };
}

function runWorker(checkout: string, profile: boolean): WorkerReport {
  const args = [...(profile ? ['--cpu-prof'] : []), '--import', 'tsx', join(HERE, 'bench/improvement-pass.ts')];
  args.push('--worker', checkout, '--levels', values.levels, '--passes', values.passes);
  const child = spawnSync(process.execPath, args, { cwd: HERE, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`worker for ${checkout} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as WorkerReport;
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

async function main(): Promise<void> {
  if (values.worker !== undefined) {
    process.stdout.write(`${JSON.stringify(await worker(resolve(values.worker)))}\n`);
    return;
  }
  const after = resolve(values.after);
  if (values.profile) {
    const report = runWorker(after, true);
    console.log(`profiled ${after}: passes ${report.passMs.map((ms) => ms.toFixed(0)).join(', ')} ms, ${report.nodes} positions`);
    return;
  }
  const checkouts = [...(values.before === undefined ? [] : values.before.split(',').map((path) => resolve(path))), after];
  const samples = new Map<string, number[]>(checkouts.map((checkout) => [checkout, []]));
  /** Per checkout, the median pass of each round: rounds pair the checkouts under the same load. */
  const roundMedians = new Map<string, number[]>(checkouts.map((checkout) => [checkout, []]));
  const reports = new Map<string, WorkerReport>();
  for (let round = 0; round < Number(values.rounds); round++) {
    // Each round starts with another checkout and goes the other way round every other time.
    const rotated = checkouts.map((_, i) => checkouts[(i + round) % checkouts.length]);
    const order = round % 2 === 0 ? rotated : rotated.reverse();
    for (const checkout of order) {
      const report = runWorker(checkout, false);
      samples.get(checkout)?.push(...report.passMs);
      roundMedians.get(checkout)?.push(median(report.passMs));
      reports.set(checkout, report);
    }
  }
  console.log(`| checkout | passes | positions | CPU ms a pass (median) | range | ns a position |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  for (const checkout of checkouts) {
    const ms = samples.get(checkout) as number[];
    const nodes = (reports.get(checkout) as WorkerReport).nodes;
    const mid = median(ms);
    console.log(
      `| ${checkout} | ${ms.length} | ${nodes} | ${mid.toFixed(0)} | ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} | ${((mid * 1e6) / nodes).toFixed(0)} |`,
    );
  }
  if (checkouts.length > 1) {
    const base = roundMedians.get(checkouts[0]) as number[];
    for (const checkout of checkouts.slice(1)) {
      const ratios = (roundMedians.get(checkout) as number[]).map((ms, round) => ms / base[round]);
      console.log(`${checkout} against ${checkouts[0]}, round by round: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)})`);
    }
    const [first, ...others] = checkouts.map((checkout) => (reports.get(checkout) as WorkerReport).results);
    const differ = others.flatMap((results, k) =>
      results.flatMap((result, i) => (result === first[i] ? [] : [`level #${i + 1}: ${first[i]} in ${checkouts[0]}, ${result} in ${checkouts[k + 1]}`])),
    );
    if (differ.length > 0) {
      console.log(`results differ:\n${differ.join('\n')}`);
      process.exitCode = 1;
    } else console.log('same moves, pushes and positions on every level');
  }
}

await main();
