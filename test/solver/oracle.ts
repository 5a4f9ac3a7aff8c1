import { BOX, GOAL, WALL, type Board } from '../../src/level/board.js';
import type { GoalRule } from '../../src/game/goal-rule.js';

/**
 * An independent, deliberately naive judge for tiny boards: an exhaustive search over every
 * (player square, box squares) position, one single step at a time, with no pruning at all.
 * It shares nothing with the solver but the board model, so agreeing with it means something.
 * Naive in what it searches, not in how it stores it: a position is one key (a bit per open
 * square for the boxes above 7 bits for the player's square), so the suite can afford to ask it.
 */
export interface OracleAnswer {
  /** Fewest moves to a won position, or null when no won position is reachable. */
  readonly fewestMoves: number | null;
  /** Fewest pushes to a won position, or null. */
  readonly fewestPushes: number | null;
  /** Positions visited by the move search. */
  readonly positions: number;
}

/**
 * The positions of one board, each as one key: the box squares as bits above 7 bits for the
 * player's square, a number while the bits fit in one (46 open squares at most), else a bigint.
 */
interface Space<Key> {
  readonly startKey: Key;
  /** Calls `visit` with every position one step away, and whether the step pushed a box. */
  readonly forEachStep: (key: Key, visit: (child: Key, pushed: boolean) => void) => void;
  readonly isWon: (key: Key) => boolean;
}

/** The open squares of a board the player's part of it is made of, numbered, and which count for a win. */
interface Layout {
  readonly squares: readonly number[];
  /** Each numbered square's neighbour in every direction (4 per square; -1 for a wall or the edge). */
  readonly next: Int32Array;
  readonly goalIndices: readonly number[];
  readonly boxIndices: readonly number[];
  readonly playerIndex: number;
  /** Whether a position whose boxes stand on `placed` of the numbered goals, the player on a goal or not, is won. */
  readonly isWonWith: (placed: number, playerOnGoal: boolean) => boolean;
}

function layoutOf(board: Board, rule: GoalRule): Layout {
  const { width, height } = board;
  // The open squares the player can ever stand on or push a box to (those joined to its own),
  // numbered; and each one's neighbour in every direction (-1 for a wall or the edge).
  const indexOf = new Int32Array(width * height).fill(-1);
  const squares: number[] = [board.player];
  indexOf[board.player] = 0;
  for (let i = 0; i < squares.length; i++) {
    const row = Math.floor(squares[i] / width);
    const col = squares[i] % width;
    for (const [r, c] of [
      [row - 1, col],
      [row + 1, col],
      [row, col - 1],
      [row, col + 1],
    ]) {
      const square = r * width + c;
      if (r < 0 || r >= height || c < 0 || c >= width || (board.squares[square] & WALL) !== 0 || indexOf[square] >= 0) continue;
      indexOf[square] = squares.length;
      squares.push(square);
    }
  }
  if (squares.length > 127) throw new RangeError('the exhaustive search: for boards of at most 127 open squares');
  const DELTAS = [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const;
  const next = new Int32Array(squares.length * 4);
  squares.forEach((square, index) => {
    DELTAS.forEach(([dr, dc], d) => {
      const row = Math.floor(square / width) + dr;
      const col = (square % width) + dc;
      next[index * 4 + d] = row < 0 || row >= height || col < 0 || col >= width ? -1 : indexOf[row * width + col];
    });
  });
  const goalIndices: number[] = [];
  const boxIndices: number[] = [];
  let goals = 0;
  let boxes = 0;
  let fixedOnGoals = 0;
  let fixedOffGoals = 0;
  board.squares.forEach((flags, square) => {
    const index = indexOf[square];
    if ((flags & GOAL) !== 0) {
      goals++;
      if (index >= 0) goalIndices.push(index);
    }
    if ((flags & BOX) !== 0) {
      boxes++;
      // A box the player can never reach stays where it is: on a goal it counts, off one the level is lost.
      if (index >= 0) boxIndices.push(index);
      else if ((flags & GOAL) !== 0) fixedOnGoals++;
      else fixedOffGoals++;
    }
  });
  const isWonWith = (placedHere: number, playerOnGoal: boolean): boolean => {
    if (fixedOffGoals > 0 && rule !== 'all-goals') return false;
    const placed = placedHere + fixedOnGoals;
    if (rule === 'all-goals') return goals > 0 && placed === goals;
    if (placed !== boxes) return false;
    return rule === 'all-boxes' || playerOnGoal;
  };
  return { squares, next, goalIndices, boxIndices, playerIndex: indexOf[board.player], isWonWith };
}

/** Keys as numbers: the player's square plus 2^(7 + i) for a box on square i, exact below 2^53. */
function numberSpace(layout: Layout): Space<number> {
  const { next, goalIndices, isWonWith } = layout;
  const weight = layout.squares.map((_, index) => 2 ** (7 + index));
  // (key / weight) is below 2^46; `& 1` takes the low bit of an integer that size exactly.
  const hasBox = (key: number, index: number): boolean => (Math.floor(key / weight[index]) & 1) === 1;
  const isGoal = new Uint8Array(layout.squares.length);
  for (const goal of goalIndices) isGoal[goal] = 1;
  return {
    startKey: layout.boxIndices.reduce((key, index) => key + weight[index], layout.playerIndex),
    forEachStep: (key, visit) => {
      const player = key % 128;
      const boxes = key - player;
      for (let d = 0; d < 4; d++) {
        const into = next[player * 4 + d];
        if (into < 0) continue;
        if (!hasBox(key, into)) {
          visit(boxes + into, false);
          continue;
        }
        const beyond = next[into * 4 + d];
        if (beyond < 0 || hasBox(key, beyond)) continue;
        visit(boxes - weight[into] + weight[beyond] + into, true);
      }
    },
    isWon: (key) => {
      let placed = 0;
      for (const goal of goalIndices) if (hasBox(key, goal)) placed++;
      return isWonWith(placed, isGoal[key % 128] === 1);
    },
  };
}

/** Keys as bigints, for boards of up to 127 open squares. */
function bigintSpace(layout: Layout): Space<bigint> {
  const { next, goalIndices, isWonWith } = layout;
  const bits = layout.squares.map((_, index) => 1n << BigInt(7 + index));
  const goalMask = goalIndices.reduce((mask, index) => mask | bits[index], 0n);
  const bitCount = (mask: bigint): number => {
    let count = 0;
    for (let rest = mask; rest !== 0n; rest &= rest - 1n) count++;
    return count;
  };
  return {
    startKey: layout.boxIndices.reduce((key, index) => key | bits[index], BigInt(layout.playerIndex)),
    forEachStep: (key, visit) => {
      const player = Number(key & 127n);
      const boxes = key & ~127n;
      for (let d = 0; d < 4; d++) {
        const into = next[player * 4 + d];
        if (into < 0) continue;
        if ((key & bits[into]) === 0n) {
          visit(boxes | BigInt(into), false);
          continue;
        }
        const beyond = next[into * 4 + d];
        if (beyond < 0 || (key & bits[beyond]) !== 0n) continue;
        visit((boxes & ~bits[into]) | bits[beyond] | BigInt(into), true);
      }
    },
    isWon: (key) => isWonWith(bitCount(key & goalMask), (goalMask & bits[Number(key & 127n)]) !== 0n),
  };
}

/** Runs `search` on the board's positions, with number keys where they fit. */
function withSpace<T>(board: Board, rule: GoalRule, search: <Key>(space: Space<Key>) => T): T {
  const layout = layoutOf(board, rule);
  return layout.squares.length <= 46 ? search(numberSpace(layout)) : search(bigintSpace(layout));
}

export function solveByExhaustion(board: Board, rule: GoalRule): OracleAnswer {
  return withSpace(board, rule, exhaust);
}

function exhaust<Key>(space: Space<Key>): OracleAnswer {
  const start = space.startKey;

  // Fewest moves: breadth-first over single steps.
  let fewestMoves: number | null = null;
  const seen = new Set([start]);
  let layer = [start];
  for (let depth = 0; layer.length > 0 && fewestMoves === null; depth++) {
    if (layer.some(space.isWon)) {
      fewestMoves = depth;
      break;
    }
    const nextLayer: Key[] = [];
    for (const key of layer) {
      space.forEachStep(key, (child) => {
        if (!seen.has(child)) {
          seen.add(child);
          nextLayer.push(child);
        }
      });
    }
    layer = nextLayer;
  }

  // Fewest pushes: breadth-first over pushes, each layer closed under walking first.
  let fewestPushes: number | null = null;
  // A position found by a push joins the next layer only if walking has not reached it first.
  const reached = new Set<Key>();
  let candidates = [start];
  for (let pushes = 0; candidates.length > 0 && fewestPushes === null; pushes++) {
    const frontier: Key[] = [];
    for (const candidate of candidates) {
      if (reached.has(candidate)) continue;
      reached.add(candidate);
      frontier.push(candidate);
    }
    const pushedInto: Key[] = [];
    for (let i = 0; i < frontier.length; i++) {
      const key = frontier[i];
      if (space.isWon(key)) {
        fewestPushes = pushes;
        break;
      }
      space.forEachStep(key, (child, pushed) => {
        if (pushed) {
          pushedInto.push(child);
          return;
        }
        if (reached.has(child)) return;
        reached.add(child);
        frontier.push(child);
      });
    }
    candidates = pushedInto;
  }

  return { fewestMoves, fewestPushes, positions: seen.size };
}

/** A solution's length in both measures. */
export interface BothMeasures {
  readonly moves: number;
  readonly pushes: number;
}

/**
 * The fewest of one measure and, among the solutions with that many, the fewest of the other:
 * Dijkstra over every (player square, box squares) position, one single step at a time, each step
 * costing one move and, when it moves a box, one push, costs compared as pairs (first measure,
 * then the other). No bound, no pruning. Null when no won position is reachable. With
 * `maxPositions`, a search that would settle more positions gives up and says 'too large'.
 */
export function fewestByExhaustion(board: Board, rule: GoalRule, first: 'pushes' | 'moves'): BothMeasures | null {
  const answer = fewestByExhaustionWithin(board, rule, first, Number.POSITIVE_INFINITY);
  if (answer === 'too large') throw new Error('unreachable: no position limit');
  return answer;
}

export function fewestByExhaustionWithin(board: Board, rule: GoalRule, first: 'pushes' | 'moves', maxPositions: number): BothMeasures | null | 'too large' {
  return withSpace(board, rule, (space) => fewestWithin(space, first, maxPositions));
}

function fewestWithin<Key>(space: Space<Key>, first: 'pushes' | 'moves', maxPositions: number): BothMeasures | null | 'too large' {
  // Pairs of small counts as one number that orders the same way.
  const SCALE = 1 << 20;
  const MOVE = first === 'moves' ? SCALE : 1;
  const PUSH = first === 'pushes' ? SCALE : 1;
  // The cheapest cost found for each position, and SETTLED once it is the cheapest there is.
  const SETTLED = -1;
  const best = new Map<Key, number>();
  let settled = 0;
  const open = new MinHeap<Key>();
  open.push(0, space.startKey);
  best.set(space.startKey, 0);
  while (open.size > 0) {
    const cost = open.topKey();
    const key = open.pop();
    // A cost above the best known is a position settled since at its best.
    if (best.get(key) !== cost) continue;
    if (settled >= maxPositions) return 'too large';
    settled++;
    best.set(key, SETTLED);
    if (space.isWon(key)) {
      const [moves, pushes] = first === 'moves' ? [Math.floor(cost / SCALE), cost % SCALE] : [cost % SCALE, Math.floor(cost / SCALE)];
      return { moves, pushes };
    }
    space.forEachStep(key, (child, pushed) => {
      const childCost = cost + MOVE + (pushed ? PUSH : 0);
      const known = best.get(child);
      if (known !== undefined && (known === SETTLED || known <= childCost)) return;
      best.set(child, childCost);
      open.push(childCost, child);
    });
  }
  return null;
}

/** A textbook binary heap of items by a numeric key. */
class MinHeap<Item> {
  private readonly keys: number[] = [];
  private readonly items: Item[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** The smallest key, of the item pop gives next. */
  topKey(): number {
    return this.keys[0];
  }

  push(key: number, item: Item): void {
    const { keys, items } = this;
    let at = keys.length;
    keys.push(key);
    items.push(item);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[at] = keys[parent];
      items[at] = items[parent];
      at = parent;
    }
    keys[at] = key;
    items[at] = item;
  }

  pop(): Item {
    const { keys, items } = this;
    const top = items[0];
    const lastKey = keys.pop() as number;
    const lastItem = items.pop() as Item;
    if (keys.length === 0) return top;
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= keys.length) break;
      if (child + 1 < keys.length && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= lastKey) break;
      keys[at] = keys[child];
      items[at] = items[child];
      at = child;
    }
    keys[at] = lastKey;
    items[at] = lastItem;
    return top;
  }
}
