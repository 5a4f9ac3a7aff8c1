/**
 * npm run bench:proof -- [--mode pushes|moves] [--max-nodes <n>] [--collection microban.xsb] [--no-pairs] [--no-triples] [--no-one-way] [--no-symmetry] [--no-walk] [--move-ties] [--no-perimeter | --perimeter-positions <n>] [--perimeter-after <expanded>] <levels>
 *
 * Nodes to proof of the optimal modes' first search, in this process, one level after another:
 * the A* that `solve --optimal` runs (pushes: over player areas with corral pruning; moves: over
 * exact player squares, fewest pushes among the fewest moves), without the second search that
 * push-optimal solves run afterwards for the fewest moves among their solutions. `npm run bench`
 * counts both searches' nodes in one figure, so it cannot tell a stronger bound on the first
 * from luck on the second; this can. For each level: the root's lower bound, what the search
 * ended in, the solution's moves/pushes (pushes proven fewest, or moves and then pushes), positions expanded and generated, and the process CPU time (which
 * other programs on the machine disturb less than the wall clock, but still do: compare nodes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCollection } from '../src/level/parse.js';
import { INFEASIBLE, MatchingBound } from '../src/solver/bounds/matching-bound.js';
import { PatternBound } from '../src/solver/bounds/pattern-bound.js';
import { WalkBound } from '../src/solver/bounds/walk-bound.js';
import { MovePerimeter } from '../src/solver/bounds/move-perimeter.js';
import { PushSearch } from '../src/solver/engines/push-search.js';
import type { Problem } from '../src/solver/model/problem.js';
import { pushesToLurd } from '../src/solver/geometry/solution.js';
import { analyzeLevel, type LevelAnalysis } from '../src/solver/planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from '../src/solver/planning/fixed-home-boxes.js';
import { MOVE_PERIMETER, OPTIMAL_SEARCH, type Optimality, PUSH_PERIMETER } from '../src/solver/portfolio/optimal-plan.js';
import { dataDir } from './suites.js';

const MAX_BYTES = 3 * 1024 * 1024 * 1024;
const STEP = 10_000;

interface Args {
  readonly mode: Optimality;
  readonly maxNodes: number;
  readonly collection: string;
  readonly levels: readonly number[];
  /** Pair patterns in the bound (the default), or the matching alone. */
  readonly pairPatterns: boolean;
  readonly triplePatterns: boolean;
  /** One-way square macros in the pushes mode (the default), or every push a step of its own. */
  readonly oneWayMacros: boolean;
  /** Board symmetries merging mirrored positions (the default), or not. */
  readonly boardSymmetry: boolean;
  /** The walking bound added in the moves mode (the default), or the push bound alone. */
  readonly walkBound: boolean;
  /** The mode's perimeter (the default: the move perimeter, or the pull perimeter), or none. */
  readonly perimeter: boolean;
  /** The perimeter's position budget instead of the first search's (null: its own). */
  readonly perimeterPositions: number | null;
  /** Pushes mode: store a position again for fewer moves at equal pushes, as before 2026-11-24 (off by default, as in solve). */
  readonly moveTies: boolean;
  /** Positions expanded before the perimeter is built (default the first search's). */
  readonly perimeterAfter: number;
}

function usage(message: string): never {
  process.stderr.write(`bench:proof: ${message}\n`);
  process.stderr.write('usage: npm run bench:proof -- [--mode pushes|moves] [--max-nodes <n>] [--collection microban.xsb] 93,139,144-146\n');
  process.exit(2);
}

function parseLevels(text: string): number[] {
  const levels: number[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (match === null) usage(`cannot read the level list part "${part}"`);
    for (let i = Number(match[1]); i <= Number(match[2] ?? match[1]); i++) levels.push(i);
  }
  return levels;
}

function parseArgs(argv: readonly string[]): Args {
  let mode: Optimality = 'pushes';
  let maxNodes = 2_000_000;
  let collection = 'microban.xsb';
  const levels: number[] = [];
  let pairPatterns = true;
  let triplePatterns = true;
  let oneWayMacros = true;
  let boardSymmetry = true;
  let walkBound = true;
  let perimeter = true;
  let perimeterPositions: number | null = null;
  let moveTies = false;
  let perimeterAfter: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--mode') {
      const value = argv[++i];
      if (value !== 'pushes' && value !== 'moves') usage('--mode is pushes or moves');
      mode = value;
    } else if (arg === '--max-nodes') {
      maxNodes = Number(argv[++i]);
      if (!Number.isInteger(maxNodes) || maxNodes <= 0) usage('--max-nodes needs a positive whole number');
    } else if (arg === '--collection') collection = argv[++i] ?? usage('--collection needs a file in test/data/levels');
    else if (arg === '--no-pairs') pairPatterns = false;
    else if (arg === '--no-triples') triplePatterns = false;
    else if (arg === '--no-one-way') oneWayMacros = false;
    else if (arg === '--no-symmetry') boardSymmetry = false;
    else if (arg === '--no-walk') walkBound = false;
    else if (arg === '--no-perimeter') perimeter = false;
    else if (arg === '--perimeter-positions') {
      perimeterPositions = Number(argv[++i]);
      if (!Number.isInteger(perimeterPositions) || perimeterPositions <= 0) usage('--perimeter-positions needs a positive whole number');
    } else if (arg === '--perimeter-after') {
      perimeterAfter = Number(argv[++i]);
      if (!Number.isInteger(perimeterAfter) || perimeterAfter < 0) usage('--perimeter-after needs a whole number of positions');
    } else if (arg === '--move-ties') moveTies = true;
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else levels.push(...parseLevels(arg));
  }
  if (levels.length === 0) usage('name the levels, such as 93,139,144-146');
  // The moment the first search of the mode builds its perimeter, unless told.
  const after = perimeterAfter ?? (mode === 'pushes' ? PUSH_PERIMETER.afterExpanded : MOVE_PERIMETER.afterExpanded);
  return {
    mode,
    maxNodes,
    collection,
    levels,
    pairPatterns,
    triplePatterns,
    oneWayMacros,
    boardSymmetry,
    walkBound,
    perimeter,
    perimeterPositions,
    perimeterAfter: after,
    moveTies,
  };
}

function memo<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    if (made === null) made = { value: make() };
    return made.value;
  };
}

/** The walking bound at the start: the boxes marked on a scratch board for its push test. */
function rootWalk(problem: Problem, analysis: LevelAnalysis, boxes: Int32Array): number {
  const walk = WalkBound.build(problem, analysis.dead, analysis.backward().dead);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of boxes) boxAt[cell] = 1;
  return walk.evaluate(boxes, boxes.length, problem.initialPlayer, boxAt);
}

const args = parseArgs(process.argv.slice(2));
const text = readFileSync(path.join(dataDir, 'levels', args.collection), 'utf8');
const levels = parseCollection(text, { file: args.collection }).levels;
const pullPositions = args.perimeterPositions ?? PUSH_PERIMETER.maxPositions;
const perimeterNote = !args.perimeter
  ? 'no perimeter'
  : args.mode === 'moves'
    ? `the move perimeter${args.perimeterPositions === null ? '' : ` of at most ${args.perimeterPositions} positions`} after ${args.perimeterAfter} expanded`
    : `a pull perimeter of at most ${pullPositions} positions after ${args.perimeterAfter} expanded`;
process.stdout.write(
  `# ${args.collection}, ${args.mode === 'pushes' ? 'push' : 'move'}-optimal first search, at most ${args.maxNodes} nodes a level, ${args.pairPatterns ? 'with' : 'without'} pair patterns, ${args.pairPatterns && args.triplePatterns ? 'with' : 'without'} triple patterns, ${args.mode === 'pushes' && args.oneWayMacros ? 'with' : 'without'} one-way macros, ${args.boardSymmetry ? 'with' : 'without'} board symmetries, ${args.mode === 'moves' && args.walkBound ? 'with' : 'without'} the walking bound, ${args.mode === 'pushes' && args.moveTies ? 'with' : 'without'} move ties, ${perimeterNote} (root-bound: pushes, + walks in the moves mode; sym: how many; table-ms: building the tables; cpu-ms: the search)\n`,
);
process.stdout.write('level  root-bound  state   moves/pushes  expanded  generated  cpu-ms  open-f  table-ms  sym\n');
for (const index of args.levels) {
  const level = levels[index - 1];
  if (level === undefined) usage(`${args.collection} has no level ${index}`);
  // As solve builds it: boxes fixed on their goals from the start are walls.
  const problem = problemWithFixedHomeBoxesAsWalls(level.board, 'all-goals');
  const analyzed = analyzeLevel(problem);
  // The perimeter with another budget: built here and handed to the search as the analysis's.
  const analysis: LevelAnalysis =
    args.perimeterPositions === null || args.mode !== 'moves'
      ? analyzed
      : { ...analyzed, movePerimeter: memo(() => MovePerimeter.build(problem, analyzed.backward().dead, { maxPositions: args.perimeterPositions ?? 0, afterPushOnly: true })) };
  const boxes = Int32Array.from(problem.initialBoxes);
  const tableStarted = process.cpuUsage();
  const pairs = args.pairPatterns ? analysis.pairCosts() : null;
  const triples = pairs !== null && args.triplePatterns ? analysis.tripleCosts() : null;
  const tableMs = Math.round(process.cpuUsage(tableStarted).user / 1000);
  const started = process.cpuUsage();
  const patterns = pairs === null ? null : new PatternBound(pairs, boxes.length, analysis.distances.goalCount, triples);
  const pushRoot = new MatchingBound(analysis.distances, boxes.length, problem.everyBoxNeedsGoal, patterns).evaluate(boxes, boxes.length, problem.initialPlayer);
  const built = process.cpuUsage();
  const search = new PushSearch(analysis, {
    ...OPTIMAL_SEARCH[args.mode],
    maxBytes: MAX_BYTES,
    pairPatterns: args.pairPatterns,
    triplePatterns: args.triplePatterns,
    ...(args.mode === 'pushes'
      ? { oneWayMacros: args.oneWayMacros, moveTies: args.moveTies, pullPerimeter: { maxPositions: args.perimeter ? pullPositions : 0, afterExpanded: args.perimeterAfter } }
      : {}),
    boardSymmetry: args.boardSymmetry,
    ...(args.mode === 'moves' ? { walkBound: args.walkBound, movePerimeter: args.perimeter ? { afterExpanded: args.perimeterAfter } : undefined } : {}),
  });
  let buildMs = Math.round(process.cpuUsage(built).user / 1000);
  const root = pushRoot === INFEASIBLE ? 'lost' : args.mode === 'moves' && args.walkBound ? `${pushRoot}+${rootWalk(problem, analysis, boxes)}` : String(pushRoot);
  // A perimeter built during the search is built in the run that passes its expansion count:
  // that run is one expansion, timed alone.
  const after = args.perimeter && args.perimeterAfter > 0 ? args.perimeterAfter : args.maxNodes;
  while (search.state === 'running' && search.expanded < Math.min(after, args.maxNodes)) search.run(Math.min(STEP, Math.min(after, args.maxNodes) - search.expanded));
  if (search.state === 'running' && search.expanded < args.maxNodes) {
    const building = process.cpuUsage();
    search.run(1);
    buildMs = Math.round(process.cpuUsage(building).user / 1000);
  }
  while (search.state === 'running' && search.expanded < args.maxNodes) search.run(Math.min(STEP, args.maxNodes - search.expanded));
  const cpuMs = Math.round(process.cpuUsage(started).user / 1000);
  // Pushes first: the fewest pushes, with the moves of the solution found; moves first: both proven.
  const solved = search.state === 'solved' ? pushesToLurd(problem, search.solution()) : null;
  const cost = solved === null ? '-' : `${solved.moves}/${solved.pushes}`;
  const row = [
    String(index).padStart(5),
    root.padStart(10),
    ` ${search.state.padEnd(9)}`,
    cost.padStart(8),
    String(search.expanded).padStart(9),
    String(search.generated).padStart(10),
    String(cpuMs).padStart(7),
    String(search.openFloor).padStart(7),
    String(tableMs).padStart(9),
    String(search.symmetries).padStart(4),
  ];
  process.stdout.write(`${row.join(' ')}\n`);
  const perimeter = search.builtPullPerimeter ?? search.builtMovePerimeter;
  if (perimeter !== null) {
    const extent = perimeter.complete ? 'complete' : `depth ${perimeter.depth}`;
    process.stdout.write(
      `#      ${args.mode === 'pushes' ? 'pull' : 'move'} perimeter: ${extent}, ${perimeter.size} positions, ${Math.round(perimeter.bytes / 1048576)} MiB, built in ${buildMs} ms (in cpu-ms) after ${args.perimeterAfter} expanded; layers ${perimeter.layerSizes.join(' ')}\n`,
    );
  }
}
