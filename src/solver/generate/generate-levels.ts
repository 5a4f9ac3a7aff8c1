import { replay } from '../../game/replay.js';
import { BOX, GOAL, WALL, type Board, boardSizeProblem } from '../../level/board.js';
import { canonicalBoard } from '../../level/canonical.js';
import { trimBoard } from '../../level/trim.js';
import { type Optimality, solve } from '../solve.js';
import { carveRoom } from './carve-room.js';
import { farthestStart } from './farthest-start.js';
import { SeededRandom } from './seeded-random.js';

export interface GenerateOptions {
  /** The rectangle the level is carved in, outer walls included. */
  readonly width: number;
  readonly height: number;
  readonly boxes: number;
  readonly seed: number;
  /** What the solution is proven shortest in. */
  readonly metric: Optimality;
  /** Positions the optimal search may expand to prove one candidate; harder candidates are dropped. */
  readonly maxNodes: number;
  /** Memory for the search's tables. */
  readonly maxMemoryMiB?: number;
  /** Levels whose proven solution is shorter than this in moves (in pushes) are dropped. */
  readonly minMoves?: number;
  readonly minPushes?: number;
}

/** A level the optimal search solved and proved: its board, its proven shortest solution, and what the proof cost. */
export interface GeneratedLevel {
  readonly board: Board;
  /** LURD, replayed and checked. */
  readonly solution: string;
  readonly moves: number;
  readonly pushes: number;
  readonly metric: Optimality;
  /**
   * The difficulty figure: the positions the optimal search handled to prove the solution
   * shortest, those it expanded and those its perimeter table stored (SolveResult.tableNodes).
   */
  readonly nodes: number;
  /** The pushes the start is from the goals, as the backward search that chose it measured them. */
  readonly startPushes: number;
  /** Candidates made (and dropped) since the previous level, this one included. */
  readonly attempts: number;
}

/**
 * The largest rectangle levels are made in. A candidate's proof costs about its positions times
 * the floor (each position walks the player's area): at the default 200,000 positions a
 * candidate the search cannot prove took 42 s at 64 by 64 and 107 s at 100 by 100, and the
 * level's analysis alone grows with the square of the floor (two minutes at 256 by 256), so a
 * larger board would run for hours before its first level, if ever (issue 46).
 */
export const MAX_GENERATE_SQUARES = 10_000;

/** Why a size cannot hold the level asked for, or null when it can. */
export function generateSizeProblem(width: number, height: number, boxes: number): string | null {
  if (width < 4 || height < 4) return `a ${width} by ${height} rectangle has no room inside its walls (at least 4 by 4)`;
  // A level the reader would refuse is not worth making (nor is the time it would take).
  const tooLarge = boardSizeProblem(width, height);
  if (tooLarge !== null) return tooLarge;
  if (width * height > MAX_GENERATE_SQUARES) {
    return `a ${width} by ${height} rectangle is too large to generate in: at most ${MAX_GENERATE_SQUARES} squares (100 by 100), where a candidate the search cannot prove already takes about two minutes`;
  }
  const inner = (width - 2) * (height - 2);
  const needed = 2 * boxes + 2;
  if (inner < needed) return `${boxes} boxes need at least ${needed} squares inside the walls; ${width} by ${height} has ${inner}`;
  return null;
}

/**
 * Positions the backward search from the goals stores to find a far start: enough to go many
 * pushes deep on boards of a few boxes. Each position walks the player's area, so on a large
 * floor the search stops sooner: at most FARTHEST_START_WORK squares walked in all (about a
 * quarter of a second; 40,000 positions of 6 boxes on 80 squares took 0.9 s).
 */
const FARTHEST_START_POSITIONS = 20_000;
const FARTHEST_START_WORK = 20_000_000;

/**
 * New levels, each solvable and with a proven optimal solution: a room is carved at random, its
 * dead ends are walled up, goals are placed on its floor, and the start is the position farthest
 * from the solved one that a backward search (pulls from the goals, breadth first) finds, so the
 * level is solvable by construction and far from trivial; the board is trimmed and closed (no
 * decoration), and then the solver's optimal search solves it within `maxNodes`. A candidate is
 * dropped when the search does not prove an optimal solution within the budget, when it is
 * trivial (the solution pushes fewer than twice per box) or shorter than `minMoves` or
 * `minPushes`, or when it repeats an earlier level up to rotation, reflection and the player's
 * spot. Everything random comes from `seed`, and the searches stop on positions, never on time,
 * so the same options give the same levels everywhere. Runs until `count` levels are made or
 * `maxAttempts` candidates in a row were dropped.
 */
export function* generateLevels(options: GenerateOptions, count: number, maxAttempts = 500): Generator<GeneratedLevel, void, void> {
  const { width, height, boxes, metric } = options;
  const problem = generateSizeProblem(width, height, boxes);
  if (problem !== null) throw new RangeError(`generateLevels: ${problem}`);
  const random = new SeededRandom(options.seed);
  const seen = new Set<string>();
  const inner = (width - 2) * (height - 2);
  let made = 0;
  let attempts = 0;
  while (made < count && attempts < maxAttempts) {
    attempts++;
    const built = candidate(random, width, height, boxes, inner);
    if (built === null) continue;
    const { board, startPushes } = built;
    if (startPushes < 2 * boxes || startPushes < (options.minPushes ?? 0)) continue;
    const key = canonicalBoard(board).key;
    if (seen.has(key)) continue;
    seen.add(key);
    const result = solve(board, {
      rule: 'all-goals',
      optimal: metric,
      maxNodes: options.maxNodes,
      // The node budget is the limit: a time limit would make the levels depend on the machine.
      timeLimitMs: 2 ** 31 - 1,
      maxMemoryMiB: options.maxMemoryMiB,
    });
    if (result.status !== 'solved' || result.optimal !== metric || result.solution === null) continue;
    const played = replay(board, result.solution, { rule: 'all-goals', strictCase: true });
    if (!played.solved) throw new Error(`generateLevels: the solver's solution of a generated level failed replay`);
    if (played.pushes < 2 * boxes || played.moves < (options.minMoves ?? 0) || played.pushes < (options.minPushes ?? 0)) continue;
    made++;
    yield { board, solution: played.solution, moves: played.moves, pushes: played.pushes, metric, nodes: result.nodes + result.tableNodes, startPushes, attempts };
    attempts = 0;
  }
}

/**
 * One candidate: a carved room with its dead ends walled up, goals on its floor, and the start
 * farthest from them; trimmed to its playing area and closed. Null when the room is too cramped.
 */
function candidate(random: SeededRandom, width: number, height: number, boxes: number, inner: number): { board: Board; startPushes: number } | null {
  // Between half and four fifths of the inside is floor, and never less than the boxes need.
  const floor = Math.max(2 * boxes + 2, Math.round(inner * (0.5 + random.below(31) / 100)));
  const squares = carveRoom(width, height, floor, random);
  wallUpDeadEnds(squares, width);
  const open: number[] = [];
  squares.forEach((flags, square) => {
    if (flags !== WALL) open.push(square);
  });
  if (open.length < 2 * boxes + 2) return null;
  // Goals are distinct floor squares, chosen by a partial shuffle.
  for (let i = 0; i < boxes; i++) {
    const j = i + random.below(open.length - i);
    [open[i], open[j]] = [open[j], open[i]];
  }
  const goals = open.slice(0, boxes);
  const positions = Math.max(1, Math.min(FARTHEST_START_POSITIONS, Math.floor(FARTHEST_START_WORK / (open.length * 4 * boxes))));
  const start = farthestStart(squares, width, goals, positions, random);
  if (start === null) return null;
  for (const goal of goals) squares[goal] |= GOAL;
  for (const box of start.boxes) squares[box] |= BOX;
  // A box that starts on a goal is a level with fewer boxes in disguise.
  if (start.boxes.some((box) => (squares[box] & GOAL) !== 0)) return null;
  return { board: trimBoard({ width, height, squares, player: start.player }).board, startPushes: start.pushes };
}

/**
 * Walls up floor squares with three walls around them, again and again, so corridors that lead
 * nowhere go. No solution needs such a square: a box pushed into it can never leave, and a player
 * who walks in must walk out the same way; so the level, its solutions and its optimal lengths are
 * the same without them, and the board has no pocket or dead-end corridor for decoration.
 */
function wallUpDeadEnds(squares: Uint8Array, width: number): void {
  const offsets = [-width, width, -1, 1];
  const stack: number[] = [];
  const isDeadEnd = (square: number) => squares[square] !== WALL && offsets.filter((offset) => squares[square + offset] === WALL).length >= 3;
  squares.forEach((_, square) => {
    if (isDeadEnd(square)) stack.push(square);
  });
  while (stack.length > 0) {
    const square = stack.pop() as number;
    if (!isDeadEnd(square)) continue;
    squares[square] = WALL;
    for (const offset of offsets) if (isDeadEnd(square + offset)) stack.push(square + offset);
  }
}
