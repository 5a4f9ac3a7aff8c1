import type { WalkDeadlockTest } from './detector-shapes.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { aroundCells } from '../geometry/cell-grid.js';
import { PlayerReach } from '../geometry/reachability.js';
import { sortCells } from './sort-cells.js';

/** How large the corral searches may grow. */
export interface CorralLimits {
  /** Corrals fenced by more boxes than this are not examined (the boxes beside the fence join while there is room). */
  readonly maxBoxes: number;
  /** Positions the search for an opening may visit before it gives up and says nothing. */
  readonly maxStates: number;
  /**
   * Positions the second search, for the boxes all on goals at once, may visit; 0: no second
   * search (a corral that its fence can open is then never a deadlock).
   */
  readonly homeStates: number;
}

/** The limits before the second search existed: no second search. */
export const OPENING_ONLY_CORRAL_LIMITS: CorralLimits = { maxBoxes: 10, maxStates: 512, homeStates: 0 };

/**
 * The second search is what solves Microban II 130 (FESS alone, in about 3,000 positions where it
 * found nothing in 600,000): there the moves that put a box back on a goal leave a ring of up to
 * a dozen boxes that can open its corral but can never all come home.
 */
export const DEFAULT_CORRAL_LIMITS: CorralLimits = { maxBoxes: 12, maxStates: 512, homeStates: 2048 };

const CACHE_SLOTS = 1 << 14;
/**
 * The second searches of one detector (one search of one level) may make, in all, HOME_TRIAL
 * searches' worth of positions (homeStates each) and HOME_YIELD more for each deadlock they found:
 * where fences come home easily or the searches cannot tell, they only cost, and after the trial
 * they stop; where they keep finding deadlocks (Microban II 130: one per 2,600 positions), they
 * keep running. Measured on XSokoban 14, 21, 41, 29 and 50 at 4,000 positions each, with no cap
 * they cost more CPU than the rest of the search and found a deadlock per 18,000 positions or fewer.
 */
const HOME_TRIAL = 16;
const HOME_YIELD = 2;

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
export class CorralDeadlocks implements WalkDeadlockTest {
  /** Cells already put in a corral during the current check. */
  private readonly inspected: Uint32Array;
  private stamp = 0;
  private readonly stack: Int32Array;
  private readonly corralCells: Int32Array;
  private readonly fence: Int32Array;
  private readonly fenceMark: Uint32Array;
  private fenceEpoch = 0;
  /** 1 on the cells of the corral being examined. */
  private readonly inCorral: Uint8Array;
  private readonly walker: PlayerReach;
  private readonly probe: PlayerReach;
  private lastTopLeft = 0;
  private readonly freeze: FreezeDeadlocks;
  private readonly maxBoxes: number;
  /** The eight cells around each cell, -1 for walls (aroundCells). */
  private readonly around: Int32Array;
  /** Cache entry: the box cells (padded with -1), the player's area, the verdict. */
  private readonly entry: number;
  private readonly states: Int32Array;
  private readonly statePlayer: Int32Array;
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private readonly child: Int32Array;
  private readonly cache: Int32Array;
  private readonly key: Int32Array;
  /** Sub-searches run, deadlocks found (by the second search among them) and searches cut short: for measurement. */
  searches = 0;
  found = 0;
  foundHome = 0;
  gaveUp = 0;
  /** Second searches run and cut short, and the positions they made: what decides whether the next one is run (HOME_TRIAL). */
  homeSearches = 0;
  homeGaveUp = 0;
  homeSpent = 0;
  /** Positions the last sub-search made. */
  private lastStates = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly limits: CorralLimits = DEFAULT_CORRAL_LIMITS,
  ) {
    const n = problem.cellCount;
    const { maxBoxes } = limits;
    const maxStates = Math.max(limits.maxStates, limits.homeStates);
    this.maxBoxes = maxBoxes;
    this.entry = maxBoxes + 2;
    this.fence = new Int32Array(maxBoxes);
    this.states = new Int32Array(maxStates * maxBoxes);
    this.statePlayer = new Int32Array(maxStates);
    // An open-addressed set, a power of two at least four times the positions.
    let slots = 4;
    while (slots < maxStates * 4) slots *= 2;
    this.seen = new Int32Array(slots);
    this.queue = new Int32Array(maxStates);
    this.child = new Int32Array(maxBoxes);
    this.cache = new Int32Array(CACHE_SLOTS * this.entry);
    this.key = new Int32Array(this.entry - 1);
    this.inspected = new Uint32Array(n);
    this.stack = new Int32Array(n);
    this.corralCells = new Int32Array(n);
    this.fenceMark = new Uint32Array(n);
    this.inCorral = new Uint8Array(n);
    this.walker = new PlayerReach(problem);
    this.around = aroundCells(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
  }

  /**
   * True when some corral of the position (`boxAt`, with `reach` walked from the player) can
   * never be opened nor finished. Given the cells a box just left and entered, only the corrals
   * beside them are examined: the others are as they were before the move.
   */
  isDeadlockAfterWalk(boxAt: Uint8Array, reach: PlayerReach, movedFrom = -1, movedTo = -1): boolean {
    const { cellCount } = this.problem;
    const stamp = this.nextStamp();
    if (movedFrom < 0) {
      for (let start = 0; start < cellCount; start++) if (this.corralAt(start, boxAt, reach, stamp)) return true;
      return false;
    }
    if (this.corralBeside(movedFrom, boxAt, reach, stamp) || this.corralBeside(movedTo, boxAt, reach, stamp)) return true;
    // A box that comes to rest beside a fence box can hold it for good (standing where that box's
    // way out needed the box or the player), so the corrals its neighbours fence are examined too.
    const { neighbours } = this.problem;
    for (let d = 0; d < 4; d++) {
      const beside = neighbours[movedTo * 4 + d];
      if (beside >= 0 && boxAt[beside] !== 0 && this.corralBeside(beside, boxAt, reach, stamp)) return true;
    }
    return false;
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
        if (boxes === this.maxBoxes) return false;
        fenceMark[next] = epoch;
        fence[boxes++] = next;
        if (goalIndexOfCell[next] < 0) unfinished = true;
      }
    }
    if (!unfinished || boxes === 0) return false;
    const { limits } = this;
    // Boxes beside the fence can hold its boxes in place (standing where a push needs the player
    // or the box), so they join the search for an opening while there is room; leaving any out is only lenient.
    const fenceOnly = boxes;
    for (let i = 0; i < fenceOnly && boxes < this.maxBoxes; i++) {
      for (let d = 0; d < 4 && boxes < this.maxBoxes; d++) {
        const next = neighbours[fence[i] * 4 + d];
        if (next < 0 || boxAt[next] === 0 || fenceMark[next] === epoch) continue;
        fenceMark[next] = epoch;
        fence[boxes++] = next;
      }
    }
    sortCells(fence, boxes);
    key.fill(-1);
    key.set(fence.subarray(0, boxes));
    key[this.maxBoxes] = reach.topLeft;
    const { entry } = this;
    const slot = this.cacheSlot(key);
    const known = this.cache[slot * entry + entry - 1];
    if (known !== EMPTY) return known === DEADLOCK;
    for (const cell of cells) this.inCorral[cell] = 1;
    this.searches++;
    let verdict = this.search(boxes, reach.topLeft, cells, false, limits.maxStates);
    // The fence can open the corral, but can its boxes (alone on the board, so with more room than
    // in the position) ever all stand on goals at once? If not, the position is lost all the same.
    if (verdict === OPENS && limits.homeStates > 0 && this.someOffGoal(boxes) && this.homeSpent < (HOME_TRIAL + HOME_YIELD * this.foundHome) * limits.homeStates) {
      verdict = this.search(boxes, reach.topLeft, cells, true, limits.homeStates);
      this.homeSpent += this.lastStates;
      this.homeSearches++;
      if (verdict === DEADLOCK) this.foundHome++;
      if (verdict === GAVE_UP) this.homeGaveUp++;
    }
    for (const cell of cells) this.inCorral[cell] = 0;
    if (verdict === DEADLOCK) this.found++;
    if (verdict === GAVE_UP) this.gaveUp++;
    this.cache.set(key, slot * entry);
    this.cache[slot * entry + entry - 1] = verdict;
    return verdict === DEADLOCK;
  }

  /** Whether the eight cells around `cell` are all floor without a box on the sub-search's board. */
  private inTheOpen(cell: number): boolean {
    const { around } = this;
    const boxAt = this.walker.boxAt;
    for (let k = cell * 8; k < cell * 8 + 8; k++) if (around[k] >= 0 && boxAt[around[k]] !== 0) return false;
    return true;
  }

  /** Whether one of the first `size` boxes of the fence stands off the goals. */
  private someOffGoal(size: number): boolean {
    for (let i = 0; i < size; i++) if (this.problem.goalIndexOfCell[this.fence[i]] < 0) return true;
    return false;
  }

  /**
   * Breadth-first over the fence boxes' pushes, alone on the board, until the corral opens or the
   * boxes are home, or, `untilHome`, only until the boxes are all on goals (opening is no end:
   * the boxes must still come home), within `maxStates` positions.
   */
  private search(size: number, player: number, cells: Int32Array, untilHome: boolean, maxStates: number): number {
    const { maxBoxes } = this;
    const { problem, dead, walker, states, statePlayer, queue, child } = this;
    const { neighbours, goalIndexOfCell } = problem;
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
      const base = state * maxBoxes;
      const probeAt = this.probe.boxAt;
      let offGoal = 0;
      for (let i = 0; i < size; i++) {
        const cell = states[base + i];
        if (cell < 0) continue;
        boxAt[cell] = 1;
        probeAt[cell] = 1;
        if (goalIndexOfCell[cell] < 0) offGoal++;
      }
      walker.flood(statePlayer[state]);
      for (let i = 0; i < size; i++) {
        const box = states[base + i];
        if (box < 0) continue;
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          boxAt[box] = 0;
          boxAt[to] = 1;
          const frozen = this.freeze.isDeadlock(to);
          // Coming home, a box pushed into the open (no wall and no box around it) is taken off:
          // one more relaxation, which ends the searches of fences that are not stuck early.
          const dropped = untilHome && !frozen && this.inTheOpen(to);
          if (dropped) boxAt[to] = 0;
          let verdict = EMPTY;
          if (!frozen) {
            // The probe's board follows the walker's, one push at a time, instead of a copy per push.
            probeAt[box] = 0;
            probeAt[to] = boxAt[to];
            const offGoalAfter = offGoal - (goalIndexOfCell[box] < 0 ? 1 : 0) + (!dropped && goalIndexOfCell[to] < 0 ? 1 : 0);
            verdict = this.afterPush(box, cells, untilHome, offGoalAfter);
            probeAt[to] = 0;
            probeAt[box] = 1;
          }
          boxAt[to] = 0;
          boxAt[box] = 1;
          if (frozen) continue;
          if (verdict === OPENS) {
            this.clear(state, size);
            this.lastStates = count;
            return OPENS;
          }
          if (count === maxStates) {
            this.clear(state, size);
            this.lastStates = count;
            return GAVE_UP;
          }
          for (let j = 0; j < size; j++) child[j] = states[base + j];
          child[i] = dropped ? -1 : to;
          sortCells(child, size);
          states.set(child.subarray(0, size), count * maxBoxes);
          statePlayer[count] = this.lastTopLeft;
          if (!this.remember(count, size)) continue;
          queue[tail++] = count++;
        }
      }
      this.clear(state, size);
    }
    this.lastStates = count;
    return DEADLOCK;
  }

  /**
   * With the pushed box already moved in walker.boxAt (the player now on `player`): OPENS when
   * the player can get into the corral, or every fence box is home with no empty goal inside
   * (`untilHome`: when every box is on a goal); otherwise EMPTY. The child's normalized player
   * cell is left in lastTopLeft. The probe walks its own board (kept equal to the walker's by the
   * caller), so the parent's walk stays usable for its other pushes; `offGoal` counts the
   * sub-search's boxes off goals after the push.
   */
  private afterPush(player: number, cells: Int32Array, untilHome: boolean, offGoal: number): number {
    const { walker } = this;
    const { goalIndexOfCell } = this.problem;
    const probe = this.probe;
    probe.flood(player);
    this.lastTopLeft = probe.topLeft;
    if (!untilHome) for (const cell of cells) if (probe.reached(cell)) return OPENS;
    const home = offGoal === 0;
    if (!home || untilHome) return home ? OPENS : EMPTY;
    for (const cell of cells) if (goalIndexOfCell[cell] >= 0 && walker.boxAt[cell] === 0) return EMPTY;
    return OPENS;
  }

  private clear(state: number, size: number): void {
    for (let i = 0; i < size; i++) {
      const cell = this.states[state * this.maxBoxes + i];
      if (cell >= 0) {
        this.walker.boxAt[cell] = 0;
        this.probe.boxAt[cell] = 0;
      }
    }
  }

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number, size: number): boolean {
    const { states, statePlayer, seen } = this;
    const mask = seen.length - 1;
    const base = state * this.maxBoxes;
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
        for (let i = 0; i < size && same; i++) same = states[other * this.maxBoxes + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & mask;
    }
  }

  private cacheSlot(key: Int32Array): number {
    const { cache, entry } = this;
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key[i], 0x01000193);
    const slot = (hash >>> 0) & (CACHE_SLOTS - 1);
    for (let probe = 0; probe < 4; probe++) {
      const at = ((slot + probe) & (CACHE_SLOTS - 1)) * entry;
      let same = true;
      for (let i = 0; i < key.length && same; i++) same = cache[at + i] === key[i];
      if (same || cache[at + entry - 1] === EMPTY) return (slot + probe) & (CACHE_SLOTS - 1);
    }
    cache.fill(0, slot * entry, slot * entry + entry);
    return slot;
  }
}
