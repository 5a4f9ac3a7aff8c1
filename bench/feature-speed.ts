/**
 * npm run bench:feature-speed -- [--collection xsokoban90.xsb] [--max-nodes 20000] [--repeat 3] <levels>
 * npm run bench:feature-speed -- [--max-nodes 8000] wide_dev.xsb:28,32 xsokoban90.xsb:10
 * npm run bench:feature-speed -- --suite many-boxes
 *
 * The cost of one position in the search over features, apart from the analysis: for each level,
 * in this process, the portfolio's first search over features alone (the settings of
 * `--members feature`) runs to the node limit or its end, `--repeat` times. It prints the
 * positions expanded and generated and a hash of the opened feature cells (the same numbers mean
 * the same search: a change meant to make it faster must leave them alone), the process CPU time
 * of the analysis and the search's construction, the least CPU time of the search over the
 * repeats, and that time per position. Compare two versions with the same arguments, one after
 * the other or side by side under `nice`: the counts must agree, the times say which is faster.
 *
 * Levels come as `<file>:<levels>` (a file of test/data/levels), as many as wanted, or as numbers
 * of `--collection`. `--suite many-boxes` is the yardstick of issue 44's speed passes: 16 levels
 * of 22 to 47 boxes from four collections, at 8,000 positions unless `--max-nodes` says otherwise.
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

/** Levels of one collection (a file of test/data/levels), by 1-based number. */
interface LevelGroup {
  readonly collection: string;
  readonly levels: readonly number[];
}

interface Args {
  readonly maxNodes: number;
  readonly repeat: number;
  readonly groups: readonly LevelGroup[];
}

/**
 * Issue 44's yardstick of the cost a position on levels of many boxes (22 to 47 here), measured
 * at 8,000 positions since its fourth speed pass (bench/festival-strategies.md).
 */
const SUITES: Readonly<Record<string, readonly LevelGroup[]>> = {
  'many-boxes': [
    { collection: 'wide_dev.xsb', levels: [28, 32, 36, 42, 77, 108, 143, 153, 195, 204] },
    { collection: 'xsokoban90.xsb', levels: [10, 88, 90] },
    { collection: 'mas_sasquatch.xsb', levels: [16, 38] },
    { collection: 'sasquatch3.xsb', levels: [23] },
  ],
};
const SUITE_NODES = 8000;

function usage(message: string): never {
  process.stderr.write(
    `bench:feature-speed: ${message}\nusage: npm run bench:feature-speed -- [--collection xsokoban90.xsb] [--max-nodes 20000] [--repeat 3] 10,14,21\n` +
      `       npm run bench:feature-speed -- [--max-nodes 8000] wide_dev.xsb:28,32 xsokoban90.xsb:10\n       npm run bench:feature-speed -- --suite ${Object.keys(SUITES).join('|')}\n`,
  );
  process.exit(2);
}

function levelNumbers(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map(Number);
}

function parseArgs(argv: readonly string[]): Args {
  let collection = 'xsokoban90.xsb';
  let maxNodes: number | undefined;
  let repeat = 3;
  let suite: readonly LevelGroup[] | undefined;
  const numbers: number[] = [];
  const groups: LevelGroup[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--collection') collection = argv[++i] ?? usage('--collection needs a file of test/data/levels');
    else if (arg === '--max-nodes') maxNodes = Number(argv[++i]);
    else if (arg === '--repeat') repeat = Number(argv[++i]);
    else if (arg === '--suite') {
      const name = argv[++i] ?? '';
      suite = SUITES[name] ?? usage(`no suite "${name}"`);
    } else if (/^[\d,\s]+$/.test(arg)) numbers.push(...levelNumbers(arg));
    else if (/^[^:]+\.xsb:[\d,\s]+$/.test(arg)) {
      const at = arg.lastIndexOf(':');
      groups.push({ collection: arg.slice(0, at), levels: levelNumbers(arg.slice(at + 1)) });
    } else usage(`cannot read "${arg}"`);
  }
  if (numbers.length > 0) groups.unshift({ collection, levels: numbers });
  if (suite !== undefined) groups.push(...suite);
  const nodes = maxNodes ?? (suite !== undefined ? SUITE_NODES : 20_000);
  if (!(nodes > 0) || !Number.isInteger(repeat) || repeat < 1) usage('--max-nodes and --repeat need positive numbers');
  if (groups.length === 0) usage('name the levels, such as 10,14,21, or wide_dev.xsb:28,32, or a suite');
  return { maxNodes: nodes, repeat, groups };
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
const STEP = 1000;
let totalNodes = 0;
let totalMs = 0;
for (const group of args.groups) {
  const text = readFileSync(path.join(dataDir, 'levels', group.collection), 'utf8');
  const collection = parseCollection(text, { file: group.collection }).levels;
  if (args.groups.length > 1) process.stdout.write(`${group.collection}\n`);
  process.stdout.write(`level  state        expanded  generated  cells     analysis ms  build ms  search ms  µs/position\n`);
  for (const index of group.levels) {
    const level = collection[index - 1];
    if (level === undefined) usage(`${group.collection} has no level ${index}`);
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
}
process.stdout.write(
  `total: ${totalNodes} positions in ${totalMs.toFixed(0)} CPU ms, ${((1000 * totalMs) / Math.max(1, totalNodes)).toFixed(1)} µs a position (${Math.round((1000 * totalNodes) / Math.max(1, totalMs))} a second)\n`,
);
