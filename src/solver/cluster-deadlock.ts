import type { Problem } from './problem.js';
import { PlayerReach } from './reachability.js';

/** Boxes looked at together: the pushed box and its nearest neighbours. */
const MAX_CLUSTER = 4;
/** Positions a sub-search may store before it gives up and says nothing. */
const MAX_STATES = 64;
const CACHE_SLOTS = 1 << 16;
/** Words of a cache entry: the cluster's cells (padded with -1), the player's area, the verdict. */
const ENTRY = MAX_CLUSTER + 2;
/** Cache verdicts; EMPTY marks a free cache slot, GAVE_UP a search cut short. */
const EMPTY = 0;
const SOLVABLE = 1;
const DEADLOCK = 2;
const GAVE_UP = 3;

/**
 * Deadlocks of a few boxes together, found by searching. After a push, the boxes packed around the
 * pushed one (touching it, also diagonally, and each other) are put alone on the board, every
 * other box removed, and a small search asks whether they can still all reach goals. Taking
 * boxes away only makes room, so if even that is impossible the whole position is lost: this
 * catches the locks that freeze tests miss, for example boxes that block the only squares from
 * which their neighbours could be pushed. The search is cut short when it grows (no verdict then),
 * and verdicts are remembered by the cluster's cells and the player's area.
 */
export class ClusterDeadlocks {
  private readonly walker: PlayerReach;
  private readonly childWalker: PlayerReach;
  /** Cells of the 8 squares around each cell, -1 for walls. */
  private readonly around: Int32Array;
  private readonly cluster = new Int32Array(MAX_CLUSTER);
  private readonly states: Int32Array;
  private readonly statePlayer: Int32Array;
  private readonly seen: Int32Array;
  private readonly seenMask: number;
  private readonly stack: Int32Array;
  private readonly cache = new Int32Array(CACHE_SLOTS * ENTRY);
  private readonly key = new Int32Array(ENTRY - 1);
  private readonly childBoxes = new Int32Array(MAX_CLUSTER);
  /** Sub-searches run, deadlocks they found, and searches cut short: for measurement. */
  searches = 0;
  found = 0;
  gaveUp = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    this.walker = new PlayerReach(problem);
    this.childWalker = new PlayerReach(problem);
    this.around = eightNeighbours(problem);
    this.states = new Int32Array(MAX_STATES * MAX_CLUSTER);
    this.statePlayer = new Int32Array(MAX_STATES);
    this.seenMask = MAX_STATES * 4 - 1;
    this.seen = new Int32Array(MAX_STATES * 4);
    this.stack = new Int32Array(MAX_STATES);
  }

  /**
   * True when the boxes around `pushed` (boxAt describes the position after the push) can never
   * all reach goals with the player starting at `player`.
   */
  isDeadlock(boxAt: Uint8Array, pushed: number, player: number): boolean {
    // Most locks press a box against the pushed one; looking only there keeps the cost down.
    if (!this.touchesBox(boxAt, pushed)) return false;
    const size = this.gatherCluster(boxAt, pushed);
    if (size < 2) return false;
    const { goalIndexOfCell } = this.problem;
    let offGoal = 0;
    for (let i = 0; i < size; i++) if (goalIndexOfCell[this.cluster[i]] < 0) offGoal++;
    if (offGoal === 0) return false;

    const { childWalker, cluster, key } = this;
    sortCells(cluster, size);
    for (let i = 0; i < size; i++) childWalker.boxAt[cluster[i]] = 1;
    childWalker.flood(player);
    const start = childWalker.topLeft;
    for (let i = 0; i < size; i++) childWalker.boxAt[cluster[i]] = 0;
    key.fill(-1);
    key.set(cluster.subarray(0, size));
    key[MAX_CLUSTER] = start;
    const slot = this.cacheSlot(key);
    const known = this.cache[slot * ENTRY + ENTRY - 1];
    if (known !== EMPTY) return known === DEADLOCK;

    this.searches++;
    const verdict = this.search(size, start);
    if (verdict === DEADLOCK) this.found++;
    if (verdict === GAVE_UP) this.gaveUp++;
    this.cache.set(key, slot * ENTRY);
    this.cache[slot * ENTRY + ENTRY - 1] = verdict;
    return verdict === DEADLOCK;
  }

  private touchesBox(boxAt: Uint8Array, cell: number): boolean {
    const { neighbours } = this.problem;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side >= 0 && boxAt[side] !== 0) return true;
    }
    return false;
  }

  /** The pushed box, then boxes touching the cluster so far, up to MAX_CLUSTER. */
  private gatherCluster(boxAt: Uint8Array, pushed: number): number {
    const { cluster, around } = this;
    cluster[0] = pushed;
    let size = 1;
    for (let k = 0; k < size && size < MAX_CLUSTER; k++) {
      const base = cluster[k] * 8;
      for (let j = 0; j < 8 && size < MAX_CLUSTER; j++) {
        const cell = around[base + j];
        if (cell < 0 || boxAt[cell] === 0) continue;
        let member = false;
        for (let m = 0; m < size; m++) if (cluster[m] === cell) member = true;
        if (!member) cluster[size++] = cell;
      }
    }
    return size;
  }

  /**
   * Depth-first over pushes of the cluster's boxes alone. SOLVABLE when every box reaches a goal,
   * DEADLOCK when the reachable positions run out first, GAVE_UP when there are too many.
   */
  private search(size: number, start: number): number {
    const { problem, dead, walker, childWalker, states, statePlayer, stack } = this;
    const { neighbours, goalIndexOfCell } = problem;
    this.seen.fill(-1);
    states.set(this.cluster.subarray(0, size), 0);
    statePlayer[0] = start;
    this.remember(0, size);
    let count = 1;
    let top = 0;
    stack[top++] = 0;
    const boxes = this.childBoxes;
    while (top > 0) {
      const state = stack[--top];
      const base = state * MAX_CLUSTER;
      for (let i = 0; i < size; i++) walker.boxAt[states[base + i]] = 1;
      walker.flood(statePlayer[state]);
      for (let i = 0; i < size; i++) {
        const box = states[base + i];
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || walker.boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          for (let j = 0; j < size; j++) boxes[j] = states[base + j];
          boxes[i] = to;
          sortCells(boxes, size);
          let home = 0;
          for (let j = 0; j < size; j++) if (goalIndexOfCell[boxes[j]] >= 0) home++;
          if (home === size) {
            this.clearBoxes(state, size);
            return SOLVABLE;
          }
          if (count === MAX_STATES) {
            this.clearBoxes(state, size);
            return GAVE_UP;
          }
          // The child's player area, found with the child's boxes in place.
          for (let j = 0; j < size; j++) childWalker.boxAt[boxes[j]] = 1;
          childWalker.flood(box);
          for (let j = 0; j < size; j++) childWalker.boxAt[boxes[j]] = 0;
          const player = childWalker.topLeft;
          states.set(boxes, count * MAX_CLUSTER);
          statePlayer[count] = player;
          if (!this.remember(count, size)) continue;
          stack[top++] = count++;
        }
      }
      this.clearBoxes(state, size);
    }
    return DEADLOCK;
  }

  private clearBoxes(state: number, size: number): void {
    for (let i = 0; i < size; i++) this.walker.boxAt[this.states[state * MAX_CLUSTER + i]] = 0;
  }

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number, size: number): boolean {
    const { states, statePlayer, seen, seenMask } = this;
    const base = state * MAX_CLUSTER;
    let hash = statePlayer[state] * 0x9e3779b1;
    for (let i = 0; i < size; i++) hash = Math.imul(hash ^ states[base + i], 0x85ebca6b) ^ (hash >>> 13);
    let slot = (hash >>> 0) & seenMask;
    for (;;) {
      const other = seen[slot];
      if (other < 0) {
        seen[slot] = state;
        return true;
      }
      if (statePlayer[other] === statePlayer[state]) {
        let same = true;
        for (let i = 0; i < size && same; i++) same = states[other * MAX_CLUSTER + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & seenMask;
    }
  }

  private cacheSlot(key: Int32Array): number {
    const { cache } = this;
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key[i], 0x01000193);
    let slot = (hash >>> 0) & (CACHE_SLOTS - 1);
    // A full cache slot with another key is simply overwritten: the cache only saves work.
    for (let probe = 0; probe < 4; probe++) {
      const at = ((slot + probe) & (CACHE_SLOTS - 1)) * ENTRY;
      let same = true;
      for (let i = 0; i < key.length && same; i++) same = cache[at + i] === key[i];
      if (same || cache[at + ENTRY - 1] === EMPTY) return (slot + probe) & (CACHE_SLOTS - 1);
    }
    cache.fill(0, slot * ENTRY, slot * ENTRY + ENTRY);
    return slot;
  }
}

function sortCells(cells: Int32Array, size: number): void {
  for (let i = 1; i < size; i++) {
    const cell = cells[i];
    let j = i - 1;
    while (j >= 0 && cells[j] > cell) {
      cells[j + 1] = cells[j];
      j--;
    }
    cells[j + 1] = cell;
  }
}

function eightNeighbours(problem: Problem): Int32Array {
  const { cellCount, squareOfCell, cellOfSquare, width, height } = problem;
  const around = new Int32Array(cellCount * 8).fill(-1);
  for (let cell = 0; cell < cellCount; cell++) {
    const square = squareOfCell[cell];
    const row = Math.floor(square / width);
    const col = square - row * width;
    let k = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dr === 0 && dc === 0) continue;
        const r = row + dr;
        const c = col + dc;
        if (r >= 0 && r < height && c >= 0 && c < width) around[cell * 8 + k] = cellOfSquare[r * width + c];
        k++;
      }
    }
  }
  return around;
}
