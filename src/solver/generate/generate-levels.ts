import { replay } from '../../game/replay.js';
import { BOX, GOAL, WALL, type Board, boundingBox } from '../../level/board.js';
import { canonicalBoard } from '../../level/canonical.js';
import { type Optimality, solve } from '../solve.js';
import { carveRoom } from './carve-room.js';
import { scatterBoxes } from './scatter-boxes.js';
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
}

/** A level the optimal search solved and proved: its board, its proven shortest solution, and what the proof cost. */
export interface GeneratedLevel {
  readonly board: Board;
  /** LURD, replayed and checked. */
  readonly solution: string;
  readonly moves: number;
  readonly pushes: number;
  readonly metric: Optimality;
  /** Positions the optimal search expanded: the difficulty figure. */
  readonly nodes: number;
  /** Candidates made (and dropped) since the previous level, this one included. */
  readonly attempts: number;
}

/** Why a size cannot hold the level asked for, or null when it can. */
export function generateSizeProblem(width: number, height: number, boxes: number): string | null {
  if (width < 4 || height < 4) return `a ${width} by ${height} rectangle has no room inside its walls (at least 4 by 4)`;
  const inner = (width - 2) * (height - 2);
  const needed = 2 * boxes + 2;
  if (inner < needed) return `${boxes} boxes need at least ${needed} squares inside the walls; ${width} by ${height} has ${inner}`;
  return null;
}

/**
 * New levels, each solvable and with a proven optimal solution: a room is carved at random, goals
 * are placed on its floor, the boxes are pulled away from the goals (reverse play, so the level
 * is solvable by construction), and then the solver's optimal search solves it within `maxNodes`.
 * A candidate is dropped when the search does not prove an optimal solution within the budget,
 * when it is trivial (a box starts on a goal, or the solution pushes fewer than twice per box),
 * or when it repeats an earlier level up to rotation, reflection and the player's spot.
 * Everything random comes from `seed`, and the search stops on nodes, never on time, so the same
 * options give the same levels everywhere. Runs until `count` levels are made or `maxAttempts`
 * candidates in a row were dropped.
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
    const board = candidate(random, width, height, boxes, inner);
    if (board === null || startsOnGoal(board)) continue;
    const key = canonicalBoard(board).key;
    if (seen.has(key)) continue;
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
    if (played.pushes < 2 * boxes) continue;
    seen.add(key);
    made++;
    yield { board, solution: played.solution, moves: played.moves, pushes: played.pushes, metric, nodes: result.nodes, attempts };
    attempts = 0;
  }
}

/** One candidate: a carved room, goals on its floor, boxes pulled off them; cropped to its walls. Null when the room is too cramped. */
function candidate(random: SeededRandom, width: number, height: number, boxes: number, inner: number): Board | null {
  // Between half and four fifths of the inside is floor, and never less than the boxes need.
  const floor = Math.max(2 * boxes + 2, Math.round(inner * (0.5 + random.below(31) / 100)));
  const squares = carveRoom(width, height, floor, random);
  const open: number[] = [];
  squares.forEach((flags, square) => {
    if (flags !== WALL) open.push(square);
  });
  if (open.length < boxes + 1) return null;
  // Goals and the player's start are distinct floor squares, chosen by a partial shuffle.
  for (let i = 0; i <= boxes; i++) {
    const j = i + random.below(open.length - i);
    [open[i], open[j]] = [open[j], open[i]];
  }
  const goals = open.slice(0, boxes);
  const scattered = scatterBoxes(squares, width, goals, open[boxes], boxes * (10 + random.below(21)), random);
  for (const goal of goals) squares[goal] |= GOAL;
  for (const box of scattered.boxes) squares[box] |= BOX;
  return cropToWalls({ width, height, squares, player: scattered.player });
}

/** A box on a goal at the start makes a level with fewer boxes in disguise. */
function startsOnGoal(board: Board): boolean {
  return board.squares.some((flags) => (flags & (BOX | GOAL)) === (BOX | GOAL));
}

/** The board without rows and columns of nothing but wall beyond the one ring around the floor. */
function cropToWalls(board: Board): Board {
  const { width, squares } = board;
  // A generated board always has floor.
  const bounds = boundingBox(board, (square) => squares[square] !== WALL);
  if (bounds === null) throw new Error('internal: a generated board has no floor');
  const { top, bottom, left, right } = bounds;
  const newWidth = right - left + 3;
  const newHeight = bottom - top + 3;
  const cropped = new Uint8Array(newWidth * newHeight);
  for (let r = 0; r < newHeight; r++) {
    for (let c = 0; c < newWidth; c++) cropped[r * newWidth + c] = squares[(r + top - 1) * width + (c + left - 1)];
  }
  const playerRow = Math.floor(board.player / width);
  const playerCol = board.player % width;
  return { width: newWidth, height: newHeight, squares: cropped, player: (playerRow - top + 1) * newWidth + (playerCol - left + 1) };
}
