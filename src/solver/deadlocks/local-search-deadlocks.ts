import type { AreaDeadlockTest } from './detector-shapes.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { aroundCells, cellGrid } from '../geometry/cell-grid.js';
import { PlayerReach } from '../geometry/reachability.js';
import { zobristKeys } from '../model/zobrist.js';
import { sortCells } from './sort-cells.js';

/** How the local sub-problems are cut out and how far their searches may go. */
export interface LocalSearchLimits {
  /** Boxes within this many rows and columns of the pushed box join its sub-problem. */
  readonly radius: number;
  /** At most this many boxes, the nearest first (the pushed box always). */
  readonly maxBoxes: number;
  /**
   * A box pushed more than this many rows or columns from the pushed box's cell is taken off,
   * unless it stands against a wall (where boxes are held along one axis and still bind).
   */
  readonly dropRadius: number;
  /** Positions a sub-search may visit before it gives up and says nothing. */
  readonly maxStates: number;
}

/**
 * Measured on the hard XSokoban levels (FESS alone, 20,000 nodes): a 5 by 5 window with boxes kept
 * against walls found two to three times the deadlocks of the touching-boxes cluster with a 3 by 3 window,
 * which solved nothing more than without the detector. Most of the cost is sub-searches that reach
 * their cap and say nothing: a cap of 128 positions instead of 512 found nearly the same deadlocks
 * (the same levels solved, with the explorer advisor, in fewer nodes than without the detector on 9
 * of 11) for 9% more time than without the detector, where 512 took 50% more.
 */
export const DEFAULT_LOCAL_SEARCH_LIMITS: LocalSearchLimits = { radius: 2, maxBoxes: 5, dropRadius: 2, maxStates: 128 };

/** Verdicts, as cached. EMPTY marks a free cache slot. */
const EMPTY = 0;
const ALIVE = 1;
const DEAD = 2;
const GAVE_UP = 3;
const CACHE_SLOTS = 1 << 15;
const PROBES = 4;

/**
 * Local deadlock search with a learned pattern cache. After a push, the pushed box and the boxes
 * near it are cut out of the board and everything else is taken off; a small breadth-first search
 * over pushes of just those boxes asks whether they can all stand on goals at once. A box that
 * becomes clearly free (pushed out of the window around the pushed box and off the walls, or out
 * in the open with no wall and no box around it) is taken off as it goes, so the searches stay
 * tiny; taking it off is one more relaxation. Taking boxes off only makes pushing easier, so when that search runs out of
 * positions without a win, the real position is lost too; a search cut short by its cap says
 * nothing. Every verdict is remembered by the sub-problem's box cells and the player's area in
 * it, so each pattern of a level is searched once.
 */
export class LocalSearchDeadlocks implements AreaDeadlockTest {
  private readonly row: Int32Array;
  private readonly col: Int32Array;
  /** The eight cells around each cell (-1 for walls). */
  private readonly around: Int32Array;
  /** 1 on cells with a wall beside them. */
  private readonly againstWall: Uint8Array;
  private readonly boxKeys: Uint32Array;
  private readonly playerKeys: Uint32Array;
  /** Sub-problem boards: `walker` holds the position being expanded, `probe` its child. */
  private readonly walker: PlayerReach;
  private readonly probe: PlayerReach;
  private readonly freeze: FreezeDeadlocks;
  private readonly maxBoxes: number;
  private readonly stride: number;
  // The sub-search's positions: sorted box cells (padded with -1), their count and the normalized player.
  private readonly states: Int32Array;
  private readonly stateSize: Int32Array;
  private readonly statePlayer: Int32Array;
  private readonly seen: Int32Array;
  /** Per stored position: the boxes' lone push distances to their nearest goals, summed (the search's order), and whether it was expanded. */
  private readonly stateScore: Int32Array;
  private readonly stateDone: Uint8Array;
  private readonly child: Int32Array;
  private readonly picked: Int32Array;
  private readonly pickedDistance: Int32Array;
  private readonly cache: Int32Array;
  private readonly cacheHash: Uint32Array;
  private centerRow = 0;
  private centerCol = 0;
  /** Sub-searches run, deadlocks found, searches cut short and cache hits: for measurement. */
  searches = 0;
  found = 0;
  gaveUp = 0;
  hits = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly nearest: Uint16Array,
    private readonly limits: LocalSearchLimits = DEFAULT_LOCAL_SEARCH_LIMITS,
  ) {
    const { cellCount } = problem;
    const grid = cellGrid(problem);
    this.row = grid.rows;
    this.col = grid.columns;
    this.around = aroundCells(problem, grid);
    this.againstWall = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      for (let d = 0; d < 4; d++) if (problem.neighbours[cell * 4 + d] < 0) this.againstWall[cell] = 1;
    }
    this.boxKeys = zobristKeys(cellCount, 0x51ed2701);
    this.playerKeys = zobristKeys(cellCount, 0x2c1b3c6d);
    this.walker = new PlayerReach(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
    this.maxBoxes = limits.maxBoxes;
    this.stride = limits.maxBoxes + 2;
    this.states = new Int32Array(limits.maxStates * limits.maxBoxes);
    this.stateSize = new Int32Array(limits.maxStates);
    this.statePlayer = new Int32Array(limits.maxStates);
    this.stateScore = new Int32Array(limits.maxStates);
    this.stateDone = new Uint8Array(limits.maxStates);
    let slots = 4;
    while (slots < limits.maxStates * 2) slots *= 2;
    this.seen = new Int32Array(slots);
    this.child = new Int32Array(limits.maxBoxes);
    const side = 2 * limits.radius + 1;
    this.picked = new Int32Array(side * side);
    this.pickedDistance = new Int32Array(side * side);
    // Per slot: the box cells (padded with -1), the player, the verdict.
    this.cache = new Int32Array(CACHE_SLOTS * this.stride);
    this.cacheHash = new Uint32Array(CACHE_SLOTS);
  }

  /** The engines' call after a push and the player's walk: `reach` walked on `boxAt`. */
  isDeadlock(boxAt: Uint8Array, reach: PlayerReach, _movedFrom: number, movedTo: number): boolean {
    return this.isDeadlockAround(boxAt, reach.topLeft, movedTo);
  }

  /**
   * True when the box at `movedTo` and the boxes near it, alone on the board with the player on
   * `player` (any cell of the player's area), can never all stand on goals.
   */
  isDeadlockAround(boxAt: Uint8Array, player: number, movedTo: number): boolean {
    const size = this.pickBoxes(boxAt, movedTo);
    if (size < 2) return false;
    const { child, problem } = this;
    let offGoal = false;
    for (let i = 0; i < size; i++) if (problem.goalIndexOfCell[child[i]] < 0) offGoal = true;
    if (!offGoal) return false;
    // The player's area among these boxes alone, normalized to its smallest cell.
    const walker = this.walker;
    for (let i = 0; i < size; i++) walker.boxAt[child[i]] = 1;
    walker.flood(player);
    const start = walker.topLeft;
    for (let i = 0; i < size; i++) walker.boxAt[child[i]] = 0;

    const slot = this.cacheSlot(size, start);
    const at = slot * this.stride;
    const known = this.cache[at + this.stride - 1];
    if (known !== EMPTY) {
      this.hits++;
      return known === DEAD;
    }
    this.centerRow = this.row[movedTo];
    this.centerCol = this.col[movedTo];
    this.searches++;
    const verdict = this.search(size, start);
    if (verdict === DEAD) this.found++;
    else if (verdict === GAVE_UP) this.gaveUp++;
    // search() leaves the child buffer alone until it returns; the key is written from the
    // sorted sub-problem kept in state 0.
    const { states, stride, maxBoxes } = this;
    for (let i = 0; i < maxBoxes; i++) this.cache[at + i] = i < size ? states[i] : -1;
    this.cache[at + maxBoxes] = start;
    this.cache[at + stride - 1] = verdict;
    return verdict === DEAD;
  }

  /**
   * Puts the boxes within `radius` of `center` (nearest first, at most maxBoxes) into `child`,
   * sorted by cell, and returns how many.
   */
  private pickBoxes(boxAt: Uint8Array, center: number): number {
    const { problem, row, col, picked, pickedDistance, child } = this;
    const { radius } = this.limits;
    const { width, height, cellOfSquare } = problem;
    const r0 = row[center];
    const c0 = col[center];
    let count = 0;
    for (let r = Math.max(0, r0 - radius); r <= Math.min(height - 1, r0 + radius); r++) {
      for (let c = Math.max(0, c0 - radius); c <= Math.min(width - 1, c0 + radius); c++) {
        const cell = cellOfSquare[r * width + c];
        if (cell < 0 || boxAt[cell] === 0) continue;
        // Insertion by distance (then cell), so the nearest boxes are kept under the cap.
        const distance = Math.abs(r - r0) + Math.abs(c - c0);
        let j = count++;
        while (j > 0 && pickedDistance[j - 1] > distance) {
          picked[j] = picked[j - 1];
          pickedDistance[j] = pickedDistance[j - 1];
          j--;
        }
        picked[j] = cell;
        pickedDistance[j] = distance;
      }
    }
    const size = Math.min(count, this.maxBoxes);
    for (let i = 0; i < size; i++) child[i] = picked[i];
    sortCells(child, size);
    return size;
  }

  /** Whether the box set in `child` (sorted) with the player area `start` is lost. */
  private search(size: number, start: number): number {
    const { problem, dead, walker, probe, states, stateSize, statePlayer, stateScore, stateDone, child, maxBoxes } = this;
    const { neighbours, goalIndexOfCell } = problem;
    const { maxStates } = this.limits;
    this.seen.fill(-1);
    states.fill(-1, 0, maxBoxes);
    states.set(child.subarray(0, size), 0);
    stateSize[0] = size;
    statePlayer[0] = start;
    stateScore[0] = this.score(child, size);
    stateDone[0] = 0;
    this.remember(0);
    let count = 1;
    let expanded = 0;
    const boxAt = walker.boxAt;
    const childAt = probe.boxAt;
    let verdict = DEAD;
    while (expanded < count && verdict === DEAD) {
      // Best first, boxes nearest their goals: a sub-problem that is not lost usually shows it
      // within a few pushes that way, where breadth first spent its whole cap; one that is lost
      // is only proven so by running out of positions, which the order does not change.
      let state = -1;
      for (let k = 0; k < count; k++) if (stateDone[k] === 0 && (state < 0 || stateScore[k] < stateScore[state])) state = k;
      stateDone[state] = 1;
      expanded++;
      const base = state * maxBoxes;
      const boxes = stateSize[state];
      for (let i = 0; i < boxes; i++) {
        boxAt[states[base + i]] = 1;
        childAt[states[base + i]] = 1;
      }
      walker.flood(statePlayer[state]);
      for (let i = 0; i < boxes && verdict === DEAD; i++) {
        const box = states[base + i];
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          boxAt[box] = 0;
          boxAt[to] = 1;
          const frozen = this.freeze.isDeadlock(to);
          boxAt[to] = 0;
          boxAt[box] = 1;
          if (frozen) continue;
          // The child: the pushed box moves, or leaves the sub-problem when it is clearly free:
          // out beyond the window and off the walls, or in the open with nothing around it.
          const kept = (this.againstWall[to] !== 0 || this.inWindow(to)) && !this.loose(to, box);
          let childSize = 0;
          let home = true;
          for (let j = 0; j < boxes; j++) {
            const cell = j === i ? to : states[base + j];
            if (j === i && !kept) continue;
            child[childSize++] = cell;
            if (goalIndexOfCell[cell] < 0) home = false;
          }
          if (home) {
            verdict = ALIVE;
            break;
          }
          if (count === maxStates) {
            verdict = GAVE_UP;
            break;
          }
          sortCells(child, childSize);
          childAt[box] = 0;
          if (kept) childAt[to] = 1;
          probe.flood(box);
          childAt[to] = 0;
          childAt[box] = 1;
          const next = count * maxBoxes;
          states.fill(-1, next, next + maxBoxes);
          states.set(child.subarray(0, childSize), next);
          stateSize[count] = childSize;
          statePlayer[count] = probe.topLeft;
          stateScore[count] = this.score(child, childSize);
          stateDone[count] = 0;
          if (this.remember(count)) count++;
        }
      }
      for (let i = 0; i < boxes; i++) {
        boxAt[states[base + i]] = 0;
        childAt[states[base + i]] = 0;
      }
    }
    return verdict;
  }

  /** The lone push distances of the first `size` cells of `cells` to their nearest goals, summed. */
  private score(cells: Int32Array, size: number): number {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += this.nearest[cells[i]];
    return sum;
  }

  /** Whether a box at `cell` stands in the open: no wall and no other box (but the one at `ignore`) around it. */
  private loose(cell: number, ignore: number): boolean {
    const { around } = this;
    const boxAt = this.walker.boxAt;
    for (let k = 0; k < 8; k++) {
      const next = around[cell * 8 + k];
      if (next < 0) return false;
      if (next !== ignore && next !== cell && boxAt[next] !== 0) return false;
    }
    return true;
  }

  /** Whether `cell` is within dropRadius rows and columns of the pushed box's cell. */
  private inWindow(cell: number): boolean {
    const { dropRadius } = this.limits;
    return Math.abs(this.row[cell] - this.centerRow) <= dropRadius && Math.abs(this.col[cell] - this.centerCol) <= dropRadius;
  }

  private stateHash(state: number): number {
    const { states, maxBoxes, boxKeys } = this;
    let hash = this.playerKeys[this.statePlayer[state]];
    const base = state * maxBoxes;
    for (let i = 0; i < this.stateSize[state]; i++) hash ^= boxKeys[states[base + i]];
    return hash >>> 0;
  }

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number): boolean {
    const { states, statePlayer, stateSize, seen, maxBoxes } = this;
    const mask = seen.length - 1;
    const base = state * maxBoxes;
    let slot = this.stateHash(state) & mask;
    for (;;) {
      const other = seen[slot];
      if (other < 0) {
        seen[slot] = state;
        return true;
      }
      if (statePlayer[other] === statePlayer[state] && stateSize[other] === stateSize[state]) {
        let same = true;
        for (let i = 0; i < stateSize[state] && same; i++) same = states[other * maxBoxes + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & mask;
    }
  }

  /**
   * The cache slot of the sub-problem in `child` (sorted, `size` boxes) with the player area
   * `player`: the slot holding it, else a free one, else one to overwrite (emptied).
   */
  private cacheSlot(size: number, player: number): number {
    const { cache, cacheHash, child, stride, maxBoxes } = this;
    let hash = this.playerKeys[player];
    for (let i = 0; i < size; i++) hash ^= this.boxKeys[child[i]];
    hash >>>= 0;
    const first = hash & (CACHE_SLOTS - 1);
    for (let probe = 0; probe < PROBES; probe++) {
      const slot = (first + probe) & (CACHE_SLOTS - 1);
      const at = slot * stride;
      if (cache[at + stride - 1] === EMPTY) {
        cacheHash[slot] = hash;
        return slot;
      }
      if (cacheHash[slot] !== hash || cache[at + maxBoxes] !== player) continue;
      let same = true;
      for (let i = 0; i < maxBoxes && same; i++) same = cache[at + i] === (i < size ? child[i] : -1);
      if (same) return slot;
    }
    cache.fill(0, first * stride, first * stride + stride);
    cacheHash[first] = hash;
    return first;
  }
}
