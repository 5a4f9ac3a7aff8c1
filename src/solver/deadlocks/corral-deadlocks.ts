import type { WalkDeadlockTest } from './detector-shapes.js';
import type { Problem } from '../model/problem.js';
import { aroundCells } from '../geometry/cell-grid.js';
import { type OpenNeighbours, openNeighboursOf } from '../geometry/open-neighbours.js';
import type { PlayerReach } from '../geometry/reachability.js';
import { sortCells } from './sort-cells.js';
import { SubBoardSearch, type SubBoardRules } from './sub-board-search.js';
import { ALIVE, DEAD, EMPTY, GAVE_UP } from './sub-board-verdicts.js';

/** How large the corral searches may grow. */
export interface CorralLimits {
  /** Corrals fenced by more boxes than this are not examined (the boxes beside the fence join while there is room). */
  readonly maxBoxes: number;
  /**
   * Positions the search for the corral's zone cleared may visit before it gives up and says
   * nothing. 64: with 512, Sasquatch at 10 s lost 12 and 31 to the searches' cost (34 against 36);
   * with 128 it solves 37 (18 new), and XSokoban 89's lost positions that Festival's corral test
   * finds are flagged 42 of 67 times instead of 57 (5 before the zone). With 64 instead of 128 the
   * portfolio solves the same at 10 s (XSokoban 85, Sasquatch 37, Mas Sasquatch 27; strategy A
   * alone 16 of its 19), and Microban 153, where most of these searches give up, is
   * solved 0.3 s sooner; at 32 strategy A alone loses XSokoban 40.
   */
  readonly maxStates: number;
  /**
   * A search whose zone holds this many boxes off goals or more stops at `crowdedStates`
   * positions instead. Clearing six or more boxes is seldom proven impossible past 32 positions
   * and mostly gives up (XSokoban 21, 30, 85, 89 at 30,000 positions: 105 deadlocks past 32
   * against 3,428 searches given up at 128), and those searches cost the most.
   */
  readonly crowdedBoxes: number;
  readonly crowdedStates: number;
  /**
   * Positions the second search, for the boxes all on goals at once, may visit; 0: no second
   * search (a corral whose zone its fence can clear is then never a deadlock).
   */
  readonly homeStates: number;
}

/** The limits before the second search existed: no second search. */
export const OPENING_ONLY_CORRAL_LIMITS: CorralLimits = { maxBoxes: 10, maxStates: 64, crowdedBoxes: 6, crowdedStates: 32, homeStates: 0 };

/**
 * The second search is what solves Microban II 130 (FESS alone, in about 3,000 positions where it
 * found nothing in 600,000): there the moves that put a box back on a goal leave a ring of up to
 * a dozen boxes that can open its corral but can never all come home.
 */
export const DEFAULT_CORRAL_LIMITS: CorralLimits = { maxBoxes: 12, maxStates: 64, crowdedBoxes: 6, crowdedStates: 32, homeStates: 2048 };

/** Verdicts kept for a level, by all its searches' corral detectors of the same limits together: what four detectors' own tables of 2^14 took. */
const CACHE_SLOTS = 1 << 16;

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

/**
 * Corral deadlocks. A corral is an area the player cannot reach; the boxes next to it fence it
 * in. While it stays closed nothing inside can be pushed, so when it holds unfinished work (a box
 * off a goal, an empty goal) some fence box must eventually move. Put only the fence boxes (and,
 * room permitting, the boxes beside them) on the board, and search their pushes
 * (sub-board-search.ts, breadth first, under the rules below) for a position in which no box of
 * theirs stands off a goal in the corral's zone (its squares and the eight around each), a box
 * pushed out of the zone leaving the board: in a solution every box ends on a goal, and its pushes
 * of these boxes, those that leave the zone dropped, are pushes of that search too, so a search that
 * runs out of positions proves the position lost. Removing the other boxes only makes room. Getting
 * the player into the corral is not enough (Festival's corral test asks the same): a box pushed into
 * a dead end of the corral on the way in stays there. The search is cut short when it grows (no
 * verdict), and verdicts are remembered by the fence's cells, the player's area and the corral.
 */
export class CorralDeadlocks implements WalkDeadlockTest, SubBoardRules {
  /** Its searches' order (SubBoardRules): level by level, as the positions were found. */
  readonly order = 'breadth-first';
  /** Cells already put in a corral during the current check. */
  private readonly inspected: Uint32Array;
  /** The corral's fill and its fence step through each cell's open neighbours. */
  private readonly open: OpenNeighbours;
  private stamp = 0;
  private readonly stack: Int32Array;
  private readonly corralCells: Int32Array;
  private readonly fence: Int32Array;
  private readonly fenceMark: Uint32Array;
  private fenceEpoch = 0;
  /** The zone of the corral being examined: its squares and the eight around each, by epoch. */
  private readonly zoneMark: Uint32Array;
  private zoneEpoch = 0;
  /** Which search runs: for the corral's zone cleared, or for the fence all home (the second search). */
  private untilHome = false;
  private readonly search: SubBoardSearch;
  private readonly maxBoxes: number;
  /** The eight cells around each cell, -1 for walls (aroundCells). */
  private readonly around: Int32Array;
  /** Sub-searches run, deadlocks found (by the second search among them) and searches cut short: for measurement. */
  searches = 0;
  found = 0;
  foundHome = 0;
  gaveUp = 0;
  /** Second searches run and cut short, and the positions they made: what decides whether the next one is run (HOME_TRIAL). */
  homeSearches = 0;
  homeGaveUp = 0;
  homeSpent = 0;

  constructor(
    private readonly problem: Problem,
    dead: Uint8Array,
    private readonly limits: CorralLimits = DEFAULT_CORRAL_LIMITS,
  ) {
    const n = problem.cellCount;
    const { maxBoxes } = limits;
    this.maxBoxes = maxBoxes;
    this.fence = new Int32Array(maxBoxes);
    const maxStates = Math.max(limits.maxStates, limits.homeStates);
    this.search = new SubBoardSearch(problem, dead, { maxBoxes, maxStates, cacheSlots: CACHE_SLOTS, boxSeed: 0x6a09e667, playerSeed: 0x3c6ef372 }, limits);
    this.inspected = new Uint32Array(n);
    this.stack = new Int32Array(n);
    this.corralCells = new Int32Array(n);
    this.fenceMark = new Uint32Array(n);
    this.zoneMark = new Uint32Array(n);
    this.around = aroundCells(problem);
    this.open = openNeighboursOf(problem);
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
    const { start: openStart, cells: open } = this.open;
    const { inspected, stack, corralCells } = this;
    if (inspected[start] === stamp || boxAt[start] !== 0 || reach.reached(start)) return false;
    let top = 0;
    stack[top++] = start;
    inspected[start] = stamp;
    let size = 0;
    while (top > 0) {
      const at = stack[--top];
      corralCells[size++] = at;
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const next = open[k];
        if (inspected[next] === stamp || boxAt[next] !== 0 || reach.reached(next)) continue;
        inspected[next] = stamp;
        stack[top++] = next;
      }
    }
    return this.examine(boxAt, reach, size);
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.inspected.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Whether the corral on the first `size` cells of corralCells is lost; false when unsure. */
  private examine(boxAt: Uint8Array, reach: PlayerReach, size: number): boolean {
    const { neighbours, goalIndexOfCell } = this.problem;
    const { start: openStart, cells: open } = this.open;
    const { fence, fenceMark, corralCells } = this;
    const epoch = ++this.fenceEpoch;
    let boxes = 0;
    let unfinished = false;
    for (let i = 0; i < size; i++) {
      const cell = corralCells[i];
      if (goalIndexOfCell[cell] >= 0) unfinished = true;
      const end = openStart[cell + 1];
      for (let k = openStart[cell]; k < end; k++) {
        const next = open[k];
        if (boxAt[next] === 0 || fenceMark[next] === epoch) continue;
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
    const { search } = this;
    const player = reach.topLeft;
    // Copied by hand, not through a view: this runs for most children of most positions.
    for (let i = 0; i < boxes; i++) search.child[i] = fence[i];
    // The corral, named by its smallest square, is part of the key: one fence can close two.
    let corralKey = corralCells[0];
    for (let i = 1; i < size; i++) if (corralCells[i] < corralKey) corralKey = corralCells[i];
    const known = search.verdictOf(boxes, player, corralKey);
    if (known !== EMPTY) return known === DEAD;
    const start = search.searchStart;
    const zone = ++this.zoneEpoch;
    for (let i = 0; i < size; i++) {
      const cell = corralCells[i];
      this.zoneMark[cell] = zone;
      for (let k = cell * 8; k < cell * 8 + 8; k++) if (this.around[k] >= 0) this.zoneMark[this.around[k]] = zone;
    }
    this.searches++;
    this.untilHome = false;
    const crowded = this.offGoalInZone(boxes, zone) >= limits.crowdedBoxes;
    let verdict = search.search(boxes, start, this, crowded ? limits.crowdedStates : limits.maxStates);
    // The fence can open the corral, but can its boxes (alone on the board, so with more room than
    // in the position) ever all stand on goals at once? If not, the position is lost all the same.
    if (verdict === ALIVE && limits.homeStates > 0 && this.someOffGoal(boxes) && this.homeSpent < (HOME_TRIAL + HOME_YIELD * this.foundHome) * limits.homeStates) {
      this.untilHome = true;
      for (let i = 0; i < boxes; i++) search.child[i] = fence[i];
      verdict = search.search(boxes, start, this, limits.homeStates);
      this.homeSpent += search.stored;
      this.homeSearches++;
      if (verdict === DEAD) this.foundHome++;
      if (verdict === GAVE_UP) this.homeGaveUp++;
    }
    if (verdict === DEAD) this.found++;
    if (verdict === GAVE_UP) this.gaveUp++;
    search.keepVerdict(boxes, player, corralKey, verdict);
    return verdict === DEAD;
  }

  /** Nothing to prepare: examine() runs its searches itself (SubBoardRules). */
  prepare(): void {}

  /** Breadth first, so no order among the positions (SubBoardRules). */
  score(): number {
    return 0;
  }

  /** Its win reads only where the boxes stand, not the walk (SubBoardRules). */
  readonly readsChildWalk = false;

  /**
   * The search's end (SubBoardRules), on the child of a push: no box left in the corral's zone
   * stands off a goal; in the second search, every box on a goal.
   */
  wins(cells: Int32Array, size: number): boolean {
    const { goalIndexOfCell } = this.problem;
    const { zoneMark, zoneEpoch } = this;
    for (let i = 0; i < size; i++) {
      const cell = cells[i];
      if (goalIndexOfCell[cell] < 0 && (this.untilHome || zoneMark[cell] === zoneEpoch)) return false;
    }
    return true;
  }

  /**
   * Which pushed boxes stay on the sub-board (SubBoardRules): looking for the zone cleared, those
   * still in the zone; coming home, those not pushed into the open (no wall and no box around).
   * Each is one more relaxation, which ends the searches of fences that are not stuck early.
   */
  keeps(to: number, from: number): boolean {
    if (!this.untilHome) return this.zoneMark[to] === this.zoneEpoch;
    return !this.inTheOpen(to, from);
  }

  /** Whether the eight cells around `cell` are all floor without a box on the sub-search's board, the box just pushed from `from` gone. */
  private inTheOpen(cell: number, from: number): boolean {
    const { around } = this;
    const boxAt = this.search.walker.boxAt;
    for (let k = cell * 8; k < cell * 8 + 8; k++) if (around[k] >= 0 && around[k] !== from && boxAt[around[k]] !== 0) return false;
    return true;
  }

  /** How many of the first `size` boxes of the fence stand off the goals in the zone. */
  private offGoalInZone(size: number, zone: number): number {
    const { goalIndexOfCell } = this.problem;
    let count = 0;
    for (let i = 0; i < size; i++) if (goalIndexOfCell[this.fence[i]] < 0 && this.zoneMark[this.fence[i]] === zone) count++;
    return count;
  }

  /** Whether one of the first `size` boxes of the fence stands off the goals. */
  private someOffGoal(size: number): boolean {
    for (let i = 0; i < size; i++) if (this.problem.goalIndexOfCell[this.fence[i]] < 0) return true;
    return false;
  }
}
