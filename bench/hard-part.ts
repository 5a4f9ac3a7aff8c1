/**
 * npm run bench:hard-part -- [--collection xsokoban|sasquatch|microban|microban2] [--max-nodes <n>]
 *                            [--step <k>] [--give-up <f>] [--config <json>] <levels>
 *
 * Where a level gets hard for the search over features: the known solution of each level
 * (test/data/solutions) is cut into box moves (the pushes of one box in a row, the unit of
 * FESS's moves), and FESS alone, with the given config, is started from the position after box
 * move k, for k from the last move back towards the start, every `step` moves, until `give-up`
 * starts in a row find nothing within `max-nodes` positions. The start of the last unbroken run
 * of solved starts says where the hard part ends; the positions just before it show what the
 * search misses (a parking square, boxes taken back off their goals, a goal room's order), which
 * the closing notes' per-level tables describe. Every start is a real position of a real
 * solution, so a failure there is the search's, not a lost position's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { directionOfLetter } from '../src/game/direction.js';
import { step } from '../src/game/step.js';
import type { Board } from '../src/level/board.js';
import { parseCollection } from '../src/level/parse.js';
import { FeatureSearch, type FeatureSearchConfig } from '../src/solver/engines/feature-search.js';
import { buildProblem } from '../src/solver/model/problem.js';
import { analyzeLevel } from '../src/solver/planning/analysis.js';
import { knownSolutions } from './known-solutions.js';
import { dataDir } from './suites.js';

interface Args {
  readonly collection: string;
  readonly maxNodes: number;
  readonly step: number;
  readonly giveUp: number;
  readonly config: FeatureSearchConfig;
  readonly levels: readonly number[];
}

/** Levels file and known solutions of each collection (the ksokoban files carry Solution lines). */
const COLLECTIONS: Readonly<Record<string, { readonly levels: string; readonly solutions: string }>> = {
  xsokoban: { levels: 'xsokoban90.xsb', solutions: 'xsokoban90_lurd.toml' },
  sasquatch: { levels: 'sasquatch.xsb', solutions: 'sasquatch_ksokoban_solutions.xsb' },
  microban: { levels: 'microban.xsb', solutions: 'microban_ksokoban_solutions.xsb' },
  microban2: { levels: 'microban2.xsb', solutions: 'microban2_ksokoban_solutions.xsb' },
};

function fail(message: string): never {
  process.stderr.write(`bench:hard-part: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  let collection = 'xsokoban';
  let maxNodes = 20_000;
  let stride = 1;
  let giveUp = 3;
  let config: FeatureSearchConfig = {};
  const levels: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      for (const part of arg.split(',')) {
        const [low, high] = part.split('-').map(Number);
        for (let n = low; n <= (high ?? low); n++) levels.push(n);
      }
      continue;
    }
    const value = argv[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--collection') collection = value in COLLECTIONS ? value : fail(`unknown collection ${value}`);
    else if (arg === '--max-nodes') maxNodes = Number(value);
    else if (arg === '--step') stride = Math.max(1, Number(value));
    else if (arg === '--give-up') giveUp = Math.max(1, Number(value));
    else if (arg === '--config') config = JSON.parse(value) as FeatureSearchConfig;
    else fail(`unknown option ${arg}`);
  }
  if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n < 1)) fail('name the levels, for example 18,29 or 1-10');
  return { collection, maxNodes, step: stride, giveUp, config, levels };
}

/** The positions after each box move of a solution (the start first): a box move ends where the next push moves another box. */
function boxMovePositions(start: Board, moves: string): Board[] {
  const positions = [start];
  let board = start;
  let lastBoxAt = -1;
  for (const letter of moves) {
    const direction = directionOfLetter(letter.toLowerCase()) ?? fail(`the known solution has a stray ${JSON.stringify(letter)}`);
    const result = step(board, direction);
    if (!result.ok) fail('the known solution does not replay');
    if (result.pushed) {
      // The box moved from the square the player now stands on; pushing another box ends the previous box move.
      if (lastBoxAt >= 0 && result.board.player !== lastBoxAt) positions.push(board);
      lastBoxAt = 2 * result.board.player - board.player;
    }
    board = result.board;
  }
  positions.push(board);
  return positions;
}

const args = parseArgs(process.argv.slice(2));
const { levels: levelsFile, solutions } = COLLECTIONS[args.collection];
const levels = parseCollection(readFileSync(path.join(dataDir, 'levels', levelsFile), 'utf8'), { file: levelsFile }).levels;
const known = knownSolutions(solutions);
process.stdout.write(
  `# ${args.collection}: FESS alone (${JSON.stringify(args.config)}) from the position after box move k of the known solution, ${args.maxNodes} positions each\n`,
);
for (const index of args.levels) {
  const level = levels[index - 1] ?? fail(`${args.collection} has no level ${index}`);
  const moves = known.get(index) ?? fail(`no known solution of ${args.collection} ${index}`);
  const positions = boxMovePositions(level.board, moves);
  const last = positions.length - 1;
  const samples: string[] = [];
  let hardUntil = -1;
  let failures = 0;
  for (let k = last; k >= 0 && failures < args.giveUp; k -= args.step) {
    const search = new FeatureSearch(analyzeLevel(buildProblem(positions[k], 'all-goals')), args.config);
    search.run(args.maxNodes);
    const solved = search.state === 'solved';
    samples.push(`${k}:${solved ? search.expanded : '-'}`);
    if (solved && failures === 0) hardUntil = k;
    if (!solved) failures++;
  }
  const verdict = hardUntil === 0 ? 'solved from the start' : `solved from box move ${hardUntil} of ${last} on`;
  process.stdout.write(`${args.collection} ${index}: ${verdict}; ${samples.join(' ')}\n`);
}
