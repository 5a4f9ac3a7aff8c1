import { BOX, GOAL, WALL, type Board } from '../../src/level/board.js';
import type { GoalRule } from '../../src/game/goal-rule.js';

/**
 * An independent, deliberately naive judge for tiny boards: an exhaustive search over every
 * (player square, box squares) position, one single step at a time, with no pruning at all.
 * It shares nothing with the solver but the board model, so agreeing with it means something.
 */
export interface OracleAnswer {
  /** Fewest moves to a won position, or null when no won position is reachable. */
  readonly fewestMoves: number | null;
  /** Fewest pushes to a won position, or null. */
  readonly fewestPushes: number | null;
  /** Positions visited by the move search. */
  readonly positions: number;
}

interface Position {
  readonly player: number;
  /** Box squares in increasing order. */
  readonly boxes: readonly number[];
}

const keyOf = (position: Position): string => `${position.player}:${position.boxes.join(',')}`;

function isWon(board: Board, position: Position, rule: GoalRule, goals: readonly number[]): boolean {
  const onGoal = (square: number): boolean => (board.squares[square] & GOAL) !== 0;
  if (rule === 'all-goals') return goals.length > 0 && goals.every((goal) => position.boxes.includes(goal));
  if (!position.boxes.every(onGoal)) return false;
  return rule === 'all-boxes' || onGoal(position.player);
}

/** Every position one step away, with whether the step pushed a box. */
function successors(board: Board, position: Position): { next: Position; pushed: boolean }[] {
  const { width, height } = board;
  const open = (row: number, col: number): boolean => row >= 0 && row < height && col >= 0 && col < width && (board.squares[row * width + col] & WALL) === 0;
  const row = Math.floor(position.player / width);
  const col = position.player % width;
  const result: { next: Position; pushed: boolean }[] = [];
  for (const [dr, dc] of [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const) {
    if (!open(row + dr, col + dc)) continue;
    const into = (row + dr) * width + col + dc;
    if (!position.boxes.includes(into)) {
      result.push({ next: { player: into, boxes: position.boxes }, pushed: false });
      continue;
    }
    if (!open(row + 2 * dr, col + 2 * dc)) continue;
    const beyond = (row + 2 * dr) * width + col + 2 * dc;
    if (position.boxes.includes(beyond)) continue;
    const boxes = position.boxes.map((box) => (box === into ? beyond : box)).sort((a, b) => a - b);
    result.push({ next: { player: into, boxes }, pushed: true });
  }
  return result;
}

export function solveByExhaustion(board: Board, rule: GoalRule): OracleAnswer {
  const goals: number[] = [];
  const boxes: number[] = [];
  board.squares.forEach((flags, square) => {
    if ((flags & GOAL) !== 0) goals.push(square);
    if ((flags & BOX) !== 0) boxes.push(square);
  });
  const start: Position = { player: board.player, boxes };

  // Fewest moves: breadth-first over single steps.
  let fewestMoves: number | null = null;
  const seen = new Set([keyOf(start)]);
  let layer = [start];
  for (let depth = 0; layer.length > 0 && fewestMoves === null; depth++) {
    if (layer.some((position) => isWon(board, position, rule, goals))) {
      fewestMoves = depth;
      break;
    }
    const next: Position[] = [];
    for (const position of layer) {
      for (const { next: child } of successors(board, position)) {
        const key = keyOf(child);
        if (!seen.has(key)) {
          seen.add(key);
          next.push(child);
        }
      }
    }
    layer = next;
  }

  // Fewest pushes: breadth-first over pushes, each layer closed under walking first.
  let fewestPushes: number | null = null;
  // A position found by a push joins the next layer only if walking has not reached it first.
  const reached = new Set<string>();
  let candidates = [start];
  for (let pushes = 0; candidates.length > 0 && fewestPushes === null; pushes++) {
    const frontier: Position[] = [];
    for (const candidate of candidates) {
      const key = keyOf(candidate);
      if (reached.has(key)) continue;
      reached.add(key);
      frontier.push(candidate);
    }
    const pushedInto: Position[] = [];
    for (let i = 0; i < frontier.length; i++) {
      const position = frontier[i];
      if (isWon(board, position, rule, goals)) {
        fewestPushes = pushes;
        break;
      }
      for (const { next: child, pushed } of successors(board, position)) {
        if (pushed) {
          pushedInto.push(child);
          continue;
        }
        const key = keyOf(child);
        if (reached.has(key)) continue;
        reached.add(key);
        frontier.push(child);
      }
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
 * then the other). No bound, no pruning. Null when no won position is reachable. A position is
 * one bigint: a bit per open square for the boxes, then 7 bits for the player's square. With
 * `maxPositions`, a search that would settle more positions gives up and says 'too large'.
 */
export function fewestByExhaustion(board: Board, rule: GoalRule, first: 'pushes' | 'moves'): BothMeasures | null {
  const answer = fewestByExhaustionWithin(board, rule, first, Number.POSITIVE_INFINITY);
  if (answer === 'too large') throw new Error('unreachable: no position limit');
  return answer;
}

export function fewestByExhaustionWithin(board: Board, rule: GoalRule, first: 'pushes' | 'moves', maxPositions: number): BothMeasures | null | 'too large' {
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
  if (squares.length > 127) throw new RangeError('fewestByExhaustion: for boards of at most 127 open squares');
  const step = (index: number, dr: number, dc: number): number => {
    const row = Math.floor(squares[index] / width) + dr;
    const col = (squares[index] % width) + dc;
    return row < 0 || row >= height || col < 0 || col >= width ? -1 : indexOf[row * width + col];
  };
  const DELTAS = [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const;
  const next = squares.map((_, index) => DELTAS.map(([dr, dc]) => step(index, dr, dc)));
  const bit = (index: number): bigint => 1n << BigInt(index);
  const has = (mask: bigint, index: number): boolean => (mask & bit(index)) !== 0n;
  let goalMask = 0n;
  let startBoxes = 0n;
  let goals = 0;
  let boxes = 0;
  let fixedOnGoals = 0;
  let fixedOffGoals = 0;
  board.squares.forEach((flags, square) => {
    const index = indexOf[square];
    if ((flags & GOAL) !== 0) {
      goals++;
      if (index >= 0) goalMask |= bit(index);
    }
    if ((flags & BOX) !== 0) {
      boxes++;
      // A box the player can never reach stays where it is: on a goal it counts, off one the level is lost.
      if (index >= 0) startBoxes |= bit(index);
      else if ((flags & GOAL) !== 0) fixedOnGoals++;
      else fixedOffGoals++;
    }
  });
  const boxesOnGoals = (mask: bigint): number => squares.reduce((count, _, index) => count + (has(mask, index) && has(goalMask, index) ? 1 : 0), 0);
  const isWonHere = (mask: bigint, player: number): boolean => {
    if (fixedOffGoals > 0 && rule !== 'all-goals') return false;
    const placed = boxesOnGoals(mask) + fixedOnGoals;
    if (rule === 'all-goals') return goals > 0 && placed === goals;
    if (placed !== boxes) return false;
    return rule === 'all-boxes' || has(goalMask, player);
  };

  // Pairs of small counts as one number that orders the same way.
  const SCALE = 1 << 20;
  const costOf = (moves: number, pushes: number): number => (first === 'pushes' ? pushes * SCALE + moves : moves * SCALE + pushes);
  const settled = new Set<bigint>();
  const best = new Map<bigint, number>();
  const startKey = (startBoxes << 7n) | BigInt(indexOf[board.player]);
  const open = new MinHeap<{ key: bigint; moves: number; pushes: number }>();
  open.push(0, { key: startKey, moves: 0, pushes: 0 });
  best.set(startKey, 0);
  while (open.size > 0) {
    const entry = open.pop();
    if (settled.has(entry.key)) continue;
    if (settled.size >= maxPositions) return 'too large';
    settled.add(entry.key);
    const player = Number(entry.key & 127n);
    const mask = entry.key >> 7n;
    if (isWonHere(mask, player)) return { moves: entry.moves, pushes: entry.pushes };
    for (let d = 0; d < 4; d++) {
      const into = next[player][d];
      if (into < 0) continue;
      let nextMask = mask;
      let pushed = false;
      if (has(mask, into)) {
        const beyond = next[into][d];
        if (beyond < 0 || has(mask, beyond)) continue;
        nextMask = (mask & ~bit(into)) | bit(beyond);
        pushed = true;
      }
      const key = (nextMask << 7n) | BigInt(into);
      if (settled.has(key)) continue;
      const moves = entry.moves + 1;
      const pushes = entry.pushes + (pushed ? 1 : 0);
      const cost = costOf(moves, pushes);
      if (cost >= (best.get(key) ?? Number.POSITIVE_INFINITY)) continue;
      best.set(key, cost);
      open.push(cost, { key, moves, pushes });
    }
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
