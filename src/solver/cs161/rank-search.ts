import { type Cs161State, stateToBoard } from '../../game/cs161.js';
import { AStarLimitError, type AStarResult } from './a-star.js';
import { Cs161Bound, type Cs161Rule } from './bound.js';
import { PositionRank } from '../model/position-rank.js';
import { DOWN, LEFT, RIGHT, UP, buildProblem, type Problem } from '../model/problem.js';
import { FDepthBucketQueue } from '../tables/f-depth-bucket-queue.js';
import { LOST, MAX_DEPTH, RankTable } from '../tables/rank-table.js';

/**
 * The CS161 homework's A* for its own three heuristics, on compact storage: the same search as
 * `aStar` in a-star.ts (every keeper step a node costing 1, the goal test when a state is taken
 * from the open list, lowest f then deepest then first generated, a state reached again by a
 * shorter path expanded again, a lost state remembered and never expanded), hence the same node
 * counts and depths, but each state is one PositionRank number in a RankTable and the open list
 * is a bucket queue, so a search holds about 20 bytes a state and allocates nothing per node.
 *
 * Nothing is pruned beyond what the heuristic itself says: under h0 and h1 boxes are pushed onto
 * dead squares as the homework's next-states allows, since leaving those states out would change
 * the node counts the homework compares. (h2 is Infinity on them, so A* never expands them then.)
 *
 * The path is not stored as parent links, which would take a third more memory: from the goal it
 * steps back through the predecessors `aStar` would have linked (see pathTo).
 */

export type Cs161HeuristicName = 'h0' | 'h1' | 'h2';

export interface Cs161RankSearchOptions {
  readonly rule?: Cs161Rule;
  /** Expansions before giving up with AStarLimitError('nodes'). */
  readonly maxExpanded?: number;
  /** Asked every 1024 expansions; true ends the search with AStarLimitError('time'). */
  readonly shouldStop?: () => boolean;
  /** Bytes the state table may take; past it the search ends with AStarLimitError('memory'). */
  readonly maxBytes?: number;
}

/** What a finished rank search reports besides the homework's answer. */
export interface Cs161RankSearchResult extends AStarResult<number[][]> {
  /** States stored (generated, with re-generations by shorter paths). */
  readonly stored: number;
  /** Bytes the state table held at the end. */
  readonly tableBytes: number;
}

const DEFAULT_MAX_BYTES = 2 * 1024 ** 3;
/** Entries of the h2 cache by box set (16 MiB, under h2 only). */
const BOUND_CACHE_SIZE = 1 << 20;

/** The h2 cache's slot for a box set: both words of its rank mixed, as RankTable hashes ranks. */
function boxSetSlot(boxSet: number): number {
  const mixed = Math.imul((boxSet >>> 0) ^ Math.imul(Math.floor(boxSet / 2 ** 32), 0x9e3779b1), 0x85ebca6b);
  return (mixed ^ (mixed >>> 15)) & (BOUND_CACHE_SIZE - 1);
}
const DIRECTIONS = [UP, DOWN, LEFT, RIGHT] as const;

/** A problem laid out for the rank search: which squares boxes and the keeper can use. */
class RankLayout {
  readonly problem: Problem;
  readonly ranks: PositionRank;
  /** Box slot of each cell (-1 where no box can ever stand), and the cell of each slot. */
  readonly slotOfCell: Int32Array;
  readonly cellOfSlot: Int32Array;
  readonly isGoal: Uint8Array;
  /** False when no state can pass the goal test (see Problem.hopelessBecause). */
  readonly winnable: boolean;

  private constructor(problem: Problem, boxCells: readonly number[]) {
    this.problem = problem;
    const cells = problem.cellCount;
    this.slotOfCell = new Int32Array(cells).fill(-1);
    this.cellOfSlot = Int32Array.from(boxCells);
    boxCells.forEach((cell, slot) => {
      this.slotOfCell[cell] = slot;
    });
    this.ranks = new PositionRank(boxCells.length, problem.initialBoxes.length, cells);
    this.isGoal = new Uint8Array(cells);
    for (const goal of problem.goals) this.isGoal[goal] = 1;
    this.winnable = problem.hopelessBecause === null;
  }

  /** The layout, or null when its positions do not fit PositionRank's 48 bits. */
  static of(problem: Problem): RankLayout | null {
    const boxCells = boxReachableCells(problem);
    if (!PositionRank.fits(boxCells.length, problem.initialBoxes.length, problem.cellCount)) return null;
    return new RankLayout(problem, boxCells);
  }
}

/**
 * Cells some box could ever stand on: pushes from the boxes' start cells over walls only (the
 * keeper behind the box, the square ahead open). Other boxes only take squares away, so every box
 * of every state stands on one of these; the rank needs no slot for the rest.
 */
function boxReachableCells(problem: Problem): number[] {
  const { neighbours, cellCount } = problem;
  const reached = new Uint8Array(cellCount);
  const stack: number[] = [];
  for (const cell of problem.initialBoxes) {
    if (reached[cell] === 0) {
      reached[cell] = 1;
      stack.push(cell);
    }
  }
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    for (const direction of DIRECTIONS) {
      const ahead = neighbours[cell * 4 + direction];
      const behind = neighbours[cell * 4 + (direction ^ 1)];
      if (ahead >= 0 && behind >= 0 && reached[ahead] === 0) {
        reached[ahead] = 1;
        stack.push(ahead);
      }
    }
  }
  const cells: number[] = [];
  for (let cell = 0; cell < cellCount; cell++) if (reached[cell] === 1) cells.push(cell);
  return cells;
}

/** Writes `boxes` with the box in `fromSlot` moved to `toSlot` into `out`, kept in increasing order. */
function moveBox(boxes: Int32Array, fromSlot: number, toSlot: number, out: Int32Array): void {
  let write = 0;
  let placed = false;
  for (let read = 0; read < boxes.length; read++) {
    const slot = boxes[read];
    if (slot === fromSlot) continue;
    if (!placed && toSlot < slot) {
      out[write++] = toSlot;
      placed = true;
    }
    out[write++] = slot;
  }
  if (!placed) out[write] = toSlot;
}

class RankSearch {
  private readonly layout: RankLayout;
  private readonly table: RankTable;
  private readonly queue: FDepthBucketQueue;
  private readonly rule: Cs161Rule;
  private readonly bound: Cs161Bound | null;
  // Scratch, reused for every node.
  private readonly boxes: Int32Array;
  private readonly nextBoxes: Int32Array;
  private readonly boxSquares: Int32Array;
  private readonly boxAt: Uint8Array;
  private readonly notOnGoal = (): boolean => false;
  /** h2 by box set: the rank of the set (-1 for none) and its value, in the slot boxSetSlot gives. */
  private readonly cachedBoxSet: Float64Array;
  private readonly cachedBound: Float64Array;

  constructor(
    layout: RankLayout,
    board: ReturnType<typeof stateToBoard>,
    private readonly heuristic: Cs161HeuristicName,
    rule: Cs161Rule,
    maxBytes: number,
  ) {
    this.layout = layout;
    this.rule = rule;
    const boxCount = layout.problem.initialBoxes.length;
    this.boxes = new Int32Array(boxCount);
    this.nextBoxes = new Int32Array(boxCount);
    this.boxSquares = new Int32Array(boxCount);
    this.boxAt = new Uint8Array(layout.problem.cellCount);
    this.bound = heuristic === 'h2' ? new Cs161Bound(board, rule) : null;
    const cacheSize = heuristic === 'h2' ? BOUND_CACHE_SIZE : 0;
    this.cachedBoxSet = new Float64Array(cacheSize).fill(-1);
    this.cachedBound = new Float64Array(cacheSize);
    this.table = new RankTable(maxBytes);
    this.queue = new FDepthBucketQueue(this.table.next, MAX_DEPTH);
  }

  /**
   * The heuristic's value for these boxes, whose set has rank `boxSet` (h1 is given as the count of
   * boxes off goals). h2 depends on the boxes alone and the keeper wanders among the same boxes
   * for many states, so its values are kept per box set in a direct-mapped cache.
   */
  private estimate(boxes: Int32Array, boxSet: number, offGoals: number): number {
    if (this.heuristic === 'h0') return 0;
    if (this.heuristic === 'h1') return offGoals;
    const entry = boxSetSlot(boxSet);
    if (this.cachedBoxSet[entry] === boxSet) return this.cachedBound[entry];
    const bound = this.bound as Cs161Bound;
    const { cellOfSlot } = this.layout;
    const { squareOfCell } = this.layout.problem;
    for (let i = 0; i < boxes.length; i++) this.boxSquares[i] = squareOfCell[cellOfSlot[boxes[i]]];
    // Every box here is one the keeper can reach, so the bound never asks whether one is on a goal.
    const value = bound.evaluateSquares(this.boxSquares, this.notOnGoal);
    this.cachedBoxSet[entry] = boxSet;
    this.cachedBound[entry] = value;
    return value;
  }

  private offGoals(boxes: Int32Array): number {
    let count = 0;
    for (let i = 0; i < boxes.length; i++) if (this.layout.isGoal[this.layout.cellOfSlot[boxes[i]]] === 0) count++;
    return count;
  }

  private isGoal(keeper: number, boxes: Int32Array): boolean {
    if (!this.layout.winnable || this.offGoals(boxes) > 0) return false;
    return this.rule !== 'keeper-too' || this.layout.isGoal[keeper] === 1;
  }

  /** The node of a new or shorter state, or an AStarLimitError('memory') when the table is full. */
  private store(known: number, rank: number, depth: number, expanded: number): number {
    const node = known < 0 ? this.table.add(rank, depth) : this.table.replace(known, depth);
    if (node < 0) throw new AStarLimitError('memory', expanded);
    return node;
  }

  run(start: Cs161State, options: Cs161RankSearchOptions): Cs161RankSearchResult {
    const { problem, ranks, slotOfCell, isGoal } = this.layout;
    const { neighbours } = problem;
    const { table, queue, boxes, nextBoxes, boxAt } = this;
    const maxExpanded = options.maxExpanded ?? Infinity;
    const finish = (path: number[][][] | null, expanded: number): Cs161RankSearchResult => ({ path, expanded, stored: table.count, tableBytes: table.bytes });

    problem.initialBoxes.forEach((cell, i) => {
      boxes[i] = slotOfCell[cell];
    });
    boxes.sort();
    const startSet = ranks.boxSetRank(boxes);
    const startEstimate = this.estimate(boxes, startSet, this.offGoals(boxes));
    if (startEstimate === Infinity) return finish(null, 0);
    const startRank = ranks.withKeeper(problem.initialPlayer, startSet);
    const startNode = this.store(-1, startRank, 0, 0);
    queue.push(startNode, startEstimate, 0);

    let expanded = 0;
    while (queue.size > 0) {
      const node = queue.pop();
      const depth = table.depth[node];
      // A node replaced by a shorter path to its state, still in its old bucket.
      if (depth > MAX_DEPTH) continue;
      const keeper = ranks.unrank(table.rank(node), boxes);
      if (this.isGoal(keeper, boxes)) return finish(this.pathTo(keeper, boxes, depth, start), expanded);
      if (expanded >= maxExpanded) throw new AStarLimitError('nodes', expanded);
      if ((expanded & 1023) === 1023 && options.shouldStop?.() === true) throw new AStarLimitError('time', expanded);
      expanded++;
      if (depth + 1 > MAX_DEPTH) throw new RangeError(`CS161 rank search: a path longer than ${MAX_DEPTH} moves does not fit its depth field`);

      const offGoals = this.offGoals(boxes);
      const ownSet = ranks.boxSetRank(boxes);
      let ownEstimate = -1;
      for (let i = 0; i < boxes.length; i++) boxAt[this.layout.cellOfSlot[boxes[i]]] = 1;
      for (const direction of DIRECTIONS) {
        const target = neighbours[keeper * 4 + direction];
        if (target < 0) continue;
        let nextOffGoals = offGoals;
        let nextState = boxes;
        let nextSet = ownSet;
        if (boxAt[target] === 1) {
          const beyond = neighbours[target * 4 + direction];
          if (beyond < 0 || boxAt[beyond] === 1) continue;
          moveBox(boxes, slotOfCell[target], slotOfCell[beyond], nextBoxes);
          nextState = nextBoxes;
          nextSet = ranks.boxSetRank(nextBoxes);
          nextOffGoals += isGoal[target] - isGoal[beyond];
        }
        const rank = ranks.withKeeper(target, nextSet);
        const known = table.find(rank);
        if (known >= 0 && (table.depth[known] === LOST || table.depth[known] <= depth + 1)) continue;
        // A step that pushes nothing leaves the boxes, hence every heuristic's value, as they were.
        if (nextState === boxes && ownEstimate < 0) ownEstimate = this.estimate(boxes, ownSet, offGoals);
        const estimate = nextState === boxes ? ownEstimate : this.estimate(nextState, nextSet, nextOffGoals);
        const child = this.store(known, rank, depth + 1, expanded);
        // A lost state is remembered, so it is not judged again, but never put on the open list.
        if (estimate === Infinity) table.depth[child] = LOST;
        else queue.push(child, depth + 1 + estimate, depth + 1);
      }
      for (let i = 0; i < boxes.length; i++) boxAt[this.layout.cellOfSlot[boxes[i]]] = 0;
    }
    return finish(null, expanded);
  }

  /**
   * The states from the start to this goal, the very path `aStar` returns. Node numbers are the
   * order of generation, as in `aStar`, so a state's parent there is the predecessor that was
   * expanded first at one move less: the least (f, node number) among the stored states one keeper
   * step before it (a plain step, or the step that pushed the box now ahead of the keeper) at that
   * depth. The heuristics are consistent, so a state's depth never changes once it is expanded.
   */
  private pathTo(goalKeeper: number, goalBoxes: Int32Array, goalDepth: number, start: Cs161State): number[][][] {
    const { problem, ranks, slotOfCell } = this.layout;
    const { neighbours } = problem;
    const steps: { keeper: number; boxes: Int32Array }[] = [{ keeper: goalKeeper, boxes: Int32Array.from(goalBoxes) }];
    let keeper = goalKeeper;
    let boxes: Int32Array = Int32Array.from(goalBoxes);
    let depth = goalDepth;
    const occupied = (cell: number): boolean => slotOfCell[cell] >= 0 && boxes.includes(slotOfCell[cell]);
    while (depth > 0) {
      let best: { keeper: number; boxes: Int32Array; f: number; node: number } | null = null;
      for (const direction of DIRECTIONS) {
        const from = neighbours[keeper * 4 + (direction ^ 1)];
        if (from < 0 || occupied(from)) continue;
        const ahead = neighbours[keeper * 4 + direction];
        const candidates: Int32Array[] = [boxes];
        if (ahead >= 0 && occupied(ahead)) {
          const before = new Int32Array(boxes.length);
          moveBox(boxes, slotOfCell[ahead], slotOfCell[keeper], before);
          candidates.push(before);
        }
        for (const candidate of candidates) {
          const node = this.table.find(ranks.rank(from, candidate));
          if (node < 0 || this.table.depth[node] !== depth - 1) continue;
          const f = depth - 1 + this.estimate(candidate, ranks.boxSetRank(candidate), this.offGoals(candidate));
          if (best === null || f < best.f || (f === best.f && node < best.node)) best = { keeper: from, boxes: candidate, f, node };
        }
      }
      if (best === null) throw new Error('internal: CS161 rank search found no stored predecessor on the way back to the start');
      keeper = best.keeper;
      boxes = best.boxes;
      depth--;
      steps.push({ keeper, boxes });
    }
    return steps.reverse().map((step) => this.grid(step.keeper, step.boxes, start));
  }

  /** The homework's grid of a state: the start's squares with its movable boxes and keeper moved. */
  private grid(keeper: number, boxes: Int32Array, start: Cs161State): number[][] {
    const { problem, cellOfSlot } = this.layout;
    const width = Math.max(...start.map((row) => row.length));
    const grid = start.map((row) => [...row]);
    const put = (cell: number, onFloor: number, onGoal: number): void => {
      const square = problem.squareOfCell[cell];
      const row = Math.floor(square / width);
      grid[row][square - row * width] = this.layout.isGoal[cell] === 1 ? onGoal : onFloor;
    };
    for (const cell of problem.initialBoxes) put(cell, 0, 4);
    put(problem.initialPlayer, 0, 4);
    for (let i = 0; i < boxes.length; i++) put(cellOfSlot[boxes[i]], 2, 5);
    put(keeper, 3, 6);
    return grid;
  }
}

/**
 * The homework's A* with h0, h1 or h2 on compact storage (see the top of this file). Null when the
 * problem's positions do not fit a 48-bit rank; the caller then runs the reference `aStar`.
 */
export function cs161RankSearch(start: Cs161State, heuristic: Cs161HeuristicName, options: Cs161RankSearchOptions = {}): Cs161RankSearchResult | null {
  const rule = options.rule ?? 'all-boxes';
  const board = stateToBoard(start);
  const layout = RankLayout.of(buildProblem(board, rule));
  if (layout === null) return null;
  return new RankSearch(layout, board, heuristic, rule, options.maxBytes ?? DEFAULT_MAX_BYTES).run(start, options);
}
