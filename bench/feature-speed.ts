/**
 * npm run bench:feature-speed -- [--collection xsokoban90.xsb] [--max-nodes 20000] [--repeat 3] <levels>
 *
 * The cost of one position in the search over features, apart from the analysis: for each level,
 * in this process, the portfolio's first search over features alone (the settings of
 * `--members feature`) runs to the node limit or its end, `--repeat` times. It prints the
 * positions expanded and generated and a hash of the opened feature cells (the same numbers mean
 * the same search: a change meant to make it faster must leave them alone), the process CPU time
 * of the analysis and the search's construction, the least CPU time of the search over the
 * repeats, and that time per position. Compare two versions with the same arguments, one after
 * the other or side by side under `nice`: the counts must agree, the times say which is faster.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCollection } from '../src/level/parse.js';
import { chooseGoalRule } from '../src/game/goal-rule.js';
import { OPENING_ONLY_CORRAL_LIMITS } from '../src/solver/deadlocks/corral-deadlocks.js';
import { FeatureSearch } from '../src/solver/engines/feature-search.js';
import { analyzeLevel } from '../src/solver/planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from '../src/solver/planning/fixed-home-boxes.js';
import { dataDir } from './suites.js';

interface Args {
  readonly collection: string;
  readonly maxNodes: number;
  readonly repeat: number;
  readonly levels: readonly number[];
}

function usage(message: string): never {
  process.stderr.write(`bench:feature-speed: ${message}\nusage: npm run bench:feature-speed -- [--collection xsokoban90.xsb] [--max-nodes 20000] [--repeat 3] 10,14,21\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  let collection = 'xsokoban90.xsb';
  let maxNodes = 20_000;
  let repeat = 3;
  const levels: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--collection') collection = argv[++i] ?? usage('--collection needs a file of test/data/levels');
    else if (arg === '--max-nodes') maxNodes = Number(argv[++i]);
    else if (arg === '--repeat') repeat = Number(argv[++i]);
    else if (/^[\d,\s]+$/.test(arg))
      levels.push(
        ...arg
          .split(/[,\s]+/)
          .filter((part) => part !== '')
          .map(Number),
      );
    else usage(`cannot read "${arg}"`);
  }
  if (!(maxNodes > 0) || !Number.isInteger(repeat) || repeat < 1) usage('--max-nodes and --repeat need positive numbers');
  if (levels.length === 0) usage('name the levels, such as 10,14,21');
  return { collection, maxNodes, repeat, levels };
}

function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The feature cells' keys in the order they were opened, folded into one number. */
function cellHash(keys: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const key of keys) hash = Math.imul(hash ^ (key >>> 0), 0x01000193) ^ Math.floor(key / 0x100000000);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const args = parseArgs(process.argv.slice(2));
const text = readFileSync(path.join(dataDir, 'levels', args.collection), 'utf8');
const collection = parseCollection(text, { file: args.collection }).levels;
const STEP = 1000;
process.stdout.write(`level  state        expanded  generated  cells     analysis ms  build ms  search ms  µs/position\n`);
let totalNodes = 0;
let totalMs = 0;
for (const index of args.levels) {
  const level = collection[index - 1];
  if (level === undefined) usage(`${args.collection} has no level ${index}`);
  const problem = problemWithFixedHomeBoxesAsWalls(level.board, chooseGoalRule(level, undefined));
  let best = Number.POSITIVE_INFINITY;
  let line = '';
  for (let round = 0; round < args.repeat; round++) {
    const started = cpuMs();
    const analysis = analyzeLevel(problem);
    const analyzed = cpuMs();
    // The settings of the portfolio's first search over features (solve.ts).
    const search = new FeatureSearch(analysis, { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, mobility: true });
    const built = cpuMs();
    while (search.state === 'running' && search.expanded < args.maxNodes) search.run(Math.min(STEP, args.maxNodes - search.expanded));
    const searched = cpuMs() - built;
    best = Math.min(best, searched);
    line = `${String(index).padEnd(7)}${search.state.padEnd(11)}${String(search.expanded).padStart(10)}${String(search.generated).padStart(11)}  ${cellHash(search.cellKeys())}${(analyzed - started).toFixed(0).padStart(12)}${(built - analyzed).toFixed(0).padStart(10)}`;
    if (round === args.repeat - 1) {
      totalNodes += search.expanded;
      totalMs += best;
      process.stdout.write(`${line}${best.toFixed(0).padStart(11)}${((1000 * best) / Math.max(1, search.expanded)).toFixed(1).padStart(13)}\n`);
    }
  }
}
process.stdout.write(
  `total: ${totalNodes} positions in ${totalMs.toFixed(0)} CPU ms, ${((1000 * totalMs) / Math.max(1, totalNodes)).toFixed(1)} µs a position (${Math.round((1000 * totalNodes) / Math.max(1, totalMs))} a second)\n`,
);
