/**
 * npm run bench:analysis -- [--sizes 50,100,200] [--optimal moves|pushes]
 *
 * What the per-level analysis costs on large open boards, apart from any search: one box in an
 * empty square room of each size (the box in the middle, its goal three squares to the right,
 * the player in a corner). For each size it prints the process CPU time of the analysis's
 * eager tables (side regions, push distances, dead cells), of the lazy tables the any-solution
 * portfolio asks for before and as its searches start (the goal basins, the backward packing
 * plan, the pull distances), and of a whole `solve` of the level (default mode unless
 * --optimal), with its status and positions expanded. The tables should grow with the board,
 * not with its square (issue 33: one box on 200×200 used to spend its whole 20 s here).
 */
import { parseCollection } from '../src/level/parse.js';
import type { Level } from '../src/level/level.js';
import { buildProblem } from '../src/solver/model/problem.js';
import { analyzeLevel } from '../src/solver/planning/analysis.js';
import { type Optimality, solve } from '../src/solver/solve.js';

function openRoom(size: number): Level {
  const rows = ['#'.repeat(size + 2)];
  for (let r = 0; r < size; r++) {
    const row = Array<string>(size).fill(' ');
    if (r === 0) row[0] = '@';
    if (r === size >> 1) {
      row[size >> 1] = '$';
      row[(size >> 1) + 3] = '.';
    }
    rows.push(`#${row.join('')}#`);
  }
  rows.push('#'.repeat(size + 2));
  return parseCollection(rows.join('\n'), { file: `open${size}`, format: 'xsb' }).levels[0];
}

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function parseArgs(argv: readonly string[]): { sizes: number[]; optimal: Optimality | null } {
  let sizes = [50, 100, 200];
  let optimal: Optimality | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sizes') sizes = (argv[++i] ?? '').split(',').map(Number);
    else if (argv[i] === '--optimal' && (argv[i + 1] === 'moves' || argv[i + 1] === 'pushes')) optimal = argv[++i] as Optimality;
    else {
      process.stderr.write(`bench:analysis: cannot read "${argv[i]}"\nusage: npm run bench:analysis -- [--sizes 50,100,200] [--optimal moves|pushes]\n`);
      process.exit(2);
    }
  }
  if (sizes.some((size) => !Number.isInteger(size) || size < 4)) {
    process.stderr.write('bench:analysis: --sizes needs whole numbers of 4 or more\n');
    process.exit(2);
  }
  return { sizes, optimal };
}

const { sizes, optimal } = parseArgs(process.argv.slice(2));
process.stdout.write(`size    cells  eager ms  lazy ms  solve ms  status   nodes  (${optimal ?? 'any solution'})\n`);
for (const size of sizes) {
  const level = openRoom(size);
  const problem = buildProblem(level.board, 'all-goals');
  let analysis = analyzeLevel(problem);
  const eager = cpuMs(() => {
    analysis = analyzeLevel(problem);
  });
  const lazy = cpuMs(() => {
    analysis.everyGoalBasin();
    analysis.sinkBasin();
    analysis.backwardPlan();
    analysis.backward();
  });
  let result = solve(level, { optimal, timeLimitMs: 600_000 });
  const whole = cpuMs(() => {
    result = solve(level, { optimal, timeLimitMs: 600_000 });
  });
  process.stdout.write(
    `${`${size}×${size}`.padEnd(8)}${String(problem.cellCount).padStart(5)}${eager.toFixed(0).padStart(10)}${lazy.toFixed(0).padStart(9)}${whole.toFixed(0).padStart(10)}  ${result.status.padEnd(7)}${String(result.nodes).padStart(7)}\n`,
  );
}
