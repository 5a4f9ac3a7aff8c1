import type { WalkDeadlockTest } from './detector-shapes.js';
import type { Problem } from '../model/problem.js';
import { aroundCells, cellGrid } from '../geometry/cell-grid.js';
import type { PlayerReach } from '../geometry/reachability.js';
import { sortCells } from './sort-cells.js';
import { type SubBoardCounts, SubBoardSearch, type SubBoardRules } from './sub-board-search.js';

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

/** Verdicts kept for a level, by all its searches' local-search detectors together: what four detectors' own tables of 2^15 took. */
const CACHE_SLOTS = 1 << 17;

/**
 * Local deadlock search with a learned pattern cache. After a push, the pushed box and the boxes
 * near it are cut out of the board and everything else is taken off; a small best-first search
 * over pushes of just those boxes (sub-board-search.ts, boxes nearest their goals first) asks
 * whether they can all stand on goals at once. A box that becomes clearly free (pushed out of the
 * window around the pushed box and off the walls, or out in the open with no wall and no box
 * around it) is taken off as it goes, so the searches stay tiny; taking it off is one more
 * relaxation. Taking boxes off only makes pushing easier, so when that search runs out of
 * positions without a win, the real position is lost too; a search cut short by its cap says
 * nothing. Every verdict is remembered by the sub-problem's box cells and the player's area in
 * it, so each pattern of a level is searched once.
 */
export class LocalSearchDeadlocks implements WalkDeadlockTest, SubBoardRules {
  /** Its searches' order (SubBoardRules): the rules' score, least first. */
  readonly order = 'best-first';
  /** Its win reads the boxes and the score alone (SubBoardRules). */
  readonly readsChildWalk = false;
  private readonly row: Int32Array;
  private readonly col: Int32Array;
  /** The eight cells around each cell (-1 for walls). */
  private readonly around: Int32Array;
  /** 1 on cells with a wall beside them. */
  private readonly againstWall: Uint8Array;
  private readonly search: SubBoardSearch;
  private readonly picked: Int32Array;
  private readonly pickedDistance: Int32Array;
  private centerRow = 0;
  private centerCol = 0;

  constructor(
    private readonly problem: Problem,
    dead: Uint8Array,
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
    const { maxBoxes, maxStates } = limits;
    this.search = new SubBoardSearch(problem, dead, { maxBoxes, maxStates, cacheSlots: CACHE_SLOTS, boxSeed: 0x51ed2701, playerSeed: 0x2c1b3c6d }, limits);
    const side = 2 * limits.radius + 1;
    this.picked = new Int32Array(side * side);
    this.pickedDistance = new Int32Array(side * side);
  }

  /** Sub-searches run, deadlocks found, searches cut short and cache hits: for measurement. */
  get counts(): SubBoardCounts {
    return this.search;
  }

  /** The engines' call after a push and the player's walk: `reach` walked on `boxAt`. */
  isDeadlockAfterWalk(boxAt: Uint8Array, reach: PlayerReach, _movedFrom: number, movedTo: number): boolean {
    return this.isDeadlockAround(boxAt, reach.topLeft, movedTo);
  }

  /**
   * True when the box at `movedTo` and the boxes near it, alone on the board with the player on
   * `player` (any cell of the player's area), can never all stand on goals.
   */
  isDeadlockAround(boxAt: Uint8Array, player: number, movedTo: number): boolean {
    const size = this.pickBoxes(boxAt, movedTo);
    if (size < 2) return false;
    const { child } = this.search;
    let offGoal = false;
    for (let i = 0; i < size; i++) if (this.problem.goalIndexOfCell[child[i]] < 0) offGoal = true;
    if (!offGoal) return false;
    this.centerRow = this.row[movedTo];
    this.centerCol = this.col[movedTo];
    return this.search.isLost(size, player, this);
  }

  prepare(): void {}

  /** The lone push distances of the first `size` cells of `cells` to their nearest goals, summed: the search's order. */
  score(cells: Int32Array, size: number): number {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += this.nearest[cells[i]];
    return sum;
  }

  /** Every box left on a goal. */
  wins(cells: Int32Array, size: number): boolean {
    const { goalIndexOfCell } = this.problem;
    for (let i = 0; i < size; i++) if (goalIndexOfCell[cells[i]] < 0) return false;
    return true;
  }

  /** The pushed box stays unless it is clearly free: out beyond the window and off the walls, or in the open with nothing around it. */
  keeps(to: number, from: number): boolean {
    return (this.againstWall[to] !== 0 || this.inWindow(to)) && !this.loose(to, from);
  }

  /**
   * Puts the boxes within `radius` of `center` (nearest first, at most maxBoxes) into the
   * search's child buffer, sorted by cell, and returns how many.
   */
  private pickBoxes(boxAt: Uint8Array, center: number): number {
    const { problem, row, col, picked, pickedDistance } = this;
    const { child } = this.search;
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
    const size = Math.min(count, this.limits.maxBoxes);
    for (let i = 0; i < size; i++) child[i] = picked[i];
    sortCells(child, size);
    return size;
  }

  /** Whether a box at `cell` stands in the open: no wall and no other box (but the one at `ignore`) around it. */
  private loose(cell: number, ignore: number): boolean {
    const { around } = this;
    const boxAt = this.search.walker.boxAt;
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
}
