import type { AreaDeadlockTest } from './detector-shapes.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';
import { sortCells } from './sort-cells.js';

/** Corrals fenced by more boxes than this are not examined. */
const MAX_BOXES = 10;
/** Positions a sub-search may visit before it gives up and says nothing. */
const MAX_STATES = 512;
const CACHE_SLOTS = 1 << 14;
const ENTRY = MAX_BOXES + 2;
const EMPTY = 0;
const OPENS = 1;
const DEADLOCK = 2;
const GAVE_UP = 3;

/**
 * Corral deadlocks. A corral is an area the player cannot reach; the boxes next to it fence it
 * in. While it stays closed nothing inside can be pushed, so when it holds unfinished work (a box
 * off a goal, an empty goal) some fence box must eventually move. Put only the fence boxes (and,
 * room permitting, the boxes beside them) on the board, and search their pushes: if none of them
 * ever lets the player into the corral or brings every one of them home, the position is lost. Removing the other boxes only makes room, so the
 * verdict holds for the real position. The search is cut short when it grows (no verdict), and
 * verdicts are remembered by the fence's cells and the player's area.
 */
export class CorralDeadlocks implements AreaDeadlockTest {
  /** Cells already put in a corral during the current check. */
  private readonly inspected: Uint32Array;
  private stamp = 0;
  private readonly stack: Int32Array;
  private readonly corralCells: Int32Array;
  private readonly fence = new Int32Array(MAX_BOXES);
  private readonly fenceMark: Uint32Array;
  private fenceEpoch = 0;
  /** 1 on the cells of the corral being examined. */
  private readonly inCorral: Uint8Array;
  private readonly walker: PlayerReach;
  private readonly probe: PlayerReach;
  private lastTopLeft = 0;
  private readonly freeze: FreezeDeadlocks;
  private readonly states = new Int32Array(MAX_STATES * MAX_BOXES);
  private readonly statePlayer = new Int32Array(MAX_STATES);
  private readonly seen = new Int32Array(MAX_STATES * 4);
  private readonly queue = new Int32Array(MAX_STATES);
  private readonly child = new Int32Array(MAX_BOXES);
  private readonly cache = new Int32Array(CACHE_SLOTS * ENTRY);
  private readonly key = new Int32Array(ENTRY - 1);
  /** Sub-searches run, deadlocks found and searches cut short: for measurement. */
  searches = 0;
  found = 0;
  gaveUp = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    const n = problem.cellCount;
    this.inspected = new Uint32Array(n);
    this.stack = new Int32Array(n);
    this.corralCells = new Int32Array(n);
    this.fenceMark = new Uint32Array(n);
    this.inCorral = new Uint8Array(n);
    this.walker = new PlayerReach(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
  }

  /**
   * True when some corral of the position (`boxAt`, with `reach` walked from the player) can
   * never be opened nor finished. Given the cells a box just left and entered, only the corrals
   * beside them are examined: the others are as they were before the move.
   */
  isDeadlock(boxAt: Uint8Array, reach: PlayerReach, movedFrom = -1, movedTo = -1): boolean {
    const { cellCount } = this.problem;
    const stamp = this.nextStamp();
    if (movedFrom < 0) {
      for (let start = 0; start < cellCount; start++) if (this.corralAt(start, boxAt, reach, stamp)) return true;
      return false;
    }
    return this.corralBeside(movedFrom, boxAt, reach, stamp) || this.corralBeside(movedTo, boxAt, reach, stamp);
  }

  /** Examines the corrals that hold `cell` or one of its neighbours. */
  private corralBeside(cell: number, boxAt: Uint8Array, reach: PlayerReach, stamp: number): boolean {
    const { neighbours } = this.problem;
    if (this.corralAt(cell, boxAt, reach, stamp)) return true;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side >= 0 && this.corralAt(side, boxAt, reach, stamp)) return true;
    }
    return false;
  }

  /** Examines the corral containing `start`, unless it is not in one or was examined already. */
  private corralAt(start: number, boxAt: Uint8Array, reach: PlayerReach, stamp: number): boolean {
    const { neighbours } = this.problem;
    const { inspected, stack, corralCells } = this;
    if (inspected[start] === stamp || boxAt[start] !== 0 || reach.reached(start)) return false;
    let top = 0;
    stack[top++] = start;
    inspected[start] = stamp;
    let size = 0;
    while (top > 0) {
      const at = stack[--top];
      corralCells[size++] = at;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[at * 4 + d];
        if (next < 0 || inspected[next] === stamp || boxAt[next] !== 0 || reach.reached(next)) continue;
        inspected[next] = stamp;
        stack[top++] = next;
      }
    }
    return this.examine(boxAt, reach, corralCells.subarray(0, size));
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.inspected.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Whether the corral on `cells` is lost; false when unsure. */
  private examine(boxAt: Uint8Array, reach: PlayerReach, cells: Int32Array): boolean {
    const { neighbours, goalIndexOfCell } = this.problem;
    const { fence, fenceMark, key } = this;
    const epoch = ++this.fenceEpoch;
    let boxes = 0;
    let unfinished = false;
    for (const cell of cells) {
      if (goalIndexOfCell[cell] >= 0) unfinished = true;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[cell * 4 + d];
        if (next < 0 || boxAt[next] === 0 || fenceMark[next] === epoch) continue;
        if (boxes === MAX_BOXES) return false;
        fenceMark[next] = epoch;
        fence[boxes++] = next;
        if (goalIndexOfCell[next] < 0) unfinished = true;
      }
    }
    if (!unfinished || boxes === 0) return false;
    // Boxes beside the fence can hold its boxes in place (standing where a push needs the player
    // or the box), so they join the search while there is room; leaving any out is only lenient.
    const fenceOnly = boxes;
    for (let i = 0; i < fenceOnly && boxes < MAX_BOXES; i++) {
      for (let d = 0; d < 4 && boxes < MAX_BOXES; d++) {
        const next = neighbours[fence[i] * 4 + d];
        if (next < 0 || boxAt[next] === 0 || fenceMark[next] === epoch) continue;
        fenceMark[next] = epoch;
        fence[boxes++] = next;
      }
    }
    sortCells(fence, boxes);
    key.fill(-1);
    key.set(fence.subarray(0, boxes));
    key[MAX_BOXES] = reach.topLeft;
    const slot = this.cacheSlot(key);
    const known = this.cache[slot * ENTRY + ENTRY - 1];
    if (known !== EMPTY) return known === DEADLOCK;
    for (const cell of cells) this.inCorral[cell] = 1;
    this.searches++;
    const verdict = this.search(boxes, reach.topLeft, cells);
    for (const cell of cells) this.inCorral[cell] = 0;
    if (verdict === DEADLOCK) this.found++;
    if (verdict === GAVE_UP) this.gaveUp++;
    this.cache.set(key, slot * ENTRY);
    this.cache[slot * ENTRY + ENTRY - 1] = verdict;
    return verdict === DEADLOCK;
  }

  /** Breadth-first over the fence boxes' pushes, alone on the board. */
  private search(size: number, player: number, cells: Int32Array): number {
    const { problem, dead, walker, states, statePlayer, queue, child } = this;
    const { neighbours } = problem;
    this.seen.fill(-1);
    states.set(this.fence.subarray(0, size), 0);
    statePlayer[0] = player;
    this.remember(0, size);
    let count = 1;
    let head = 0;
    queue[0] = 0;
    let tail = 1;
    const boxAt = walker.boxAt;
    while (head < tail) {
      const state = queue[head++];
      const base = state * MAX_BOXES;
      for (let i = 0; i < size; i++) boxAt[states[base + i]] = 1;
      walker.flood(statePlayer[state]);
      for (let i = 0; i < size; i++) {
        const box = states[base + i];
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          boxAt[box] = 0;
          boxAt[to] = 1;
          const frozen = this.freeze.isDeadlock(to);
          let verdict = EMPTY;
          if (!frozen) verdict = this.afterPush(box, cells);
          boxAt[to] = 0;
          boxAt[box] = 1;
          if (frozen) continue;
          if (verdict === OPENS) {
            this.clear(state, size);
            return OPENS;
          }
          if (count === MAX_STATES) {
            this.clear(state, size);
            return GAVE_UP;
          }
          for (let j = 0; j < size; j++) child[j] = states[base + j];
          child[i] = to;
          sortCells(child, size);
          states.set(child.subarray(0, size), count * MAX_BOXES);
          statePlayer[count] = this.lastTopLeft;
          if (!this.remember(count, size)) continue;
          queue[tail++] = count++;
        }
      }
      this.clear(state, size);
    }
    return DEADLOCK;
  }

  /**
   * With the pushed box already moved in walker.boxAt (the player now on `player`): OPENS when
   * the player can get into the corral, or every fence box is home with no empty goal inside;
   * otherwise EMPTY. The child's normalized player cell is left in lastTopLeft. The probe walks
   * on a copy, so the parent's walk stays usable for its other pushes.
   */
  private afterPush(player: number, cells: Int32Array): number {
    const { walker } = this;
    const { goalIndexOfCell } = this.problem;
    const probe = this.probe;
    probe.boxAt.set(walker.boxAt);
    probe.flood(player);
    this.lastTopLeft = probe.topLeft;
    for (const cell of cells) if (probe.reached(cell)) return OPENS;
    let home = true;
    for (let cell = 0; cell < walker.boxAt.length && home; cell++) {
      if (walker.boxAt[cell] !== 0 && goalIndexOfCell[cell] < 0) home = false;
    }
    if (!home) return EMPTY;
    for (const cell of cells) if (goalIndexOfCell[cell] >= 0 && walker.boxAt[cell] === 0) return EMPTY;
    return OPENS;
  }

  private clear(state: number, size: number): void {
    for (let i = 0; i < size; i++) this.walker.boxAt[this.states[state * MAX_BOXES + i]] = 0;
  }

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number, size: number): boolean {
    const { states, statePlayer, seen } = this;
    const mask = seen.length - 1;
    const base = state * MAX_BOXES;
    let hash = Math.imul(statePlayer[state] + 1, 0x9e3779b1);
    for (let i = 0; i < size; i++) hash = Math.imul(hash ^ states[base + i], 0x85ebca6b) ^ (hash >>> 13);
    let slot = (hash >>> 0) & mask;
    for (;;) {
      const other = seen[slot];
      if (other < 0) {
        seen[slot] = state;
        return true;
      }
      if (statePlayer[other] === statePlayer[state]) {
        let same = true;
        for (let i = 0; i < size && same; i++) same = states[other * MAX_BOXES + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & mask;
    }
  }

  private cacheSlot(key: Int32Array): number {
    const { cache } = this;
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key[i], 0x01000193);
    const slot = (hash >>> 0) & (CACHE_SLOTS - 1);
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
