import { type CellGrid, cellGrid } from '../geometry/cell-grid.js';
import { hasOpenLineOfTwo } from '../geometry/open-line.js';
import type { Problem } from '../model/problem.js';

/**
 * Stuck boxes, Festival's count in its spread-out backward search (spread-search.ts): boxes that
 * cannot be pulled in any direction, each side a wall or the square beyond it a wall or a box.
 * The search asks for a position's count, then for the change each of its many pulls makes; the
 * answers for the position's own squares are kept for the position.
 */
export class StuckBoxes {
  private readonly problem: Problem;
  /** Per cell, pullable for a box there in the position begun last, valid where pullableStamp is positionStamp. */
  private readonly pullableThen: Uint8Array;
  private readonly pullableStamp: Uint32Array;
  private positionStamp = 0;
  /** Per cell, endStuck in the position begun last, valid where endStamp is positionStamp. */
  private readonly endStuckThen: Int32Array;
  private readonly endStamp: Uint32Array;
  /** Per cell, its row and column on the board. */
  private readonly grid: CellGrid;

  constructor(problem: Problem) {
    const { cellCount } = problem;
    this.problem = problem;
    this.pullableThen = new Uint8Array(cellCount);
    this.pullableStamp = new Uint32Array(cellCount);
    this.endStuckThen = new Int32Array(cellCount);
    this.endStamp = new Uint32Array(cellCount);
    this.grid = cellGrid(problem);
  }

  /**
   * Starts a position (its boxes: the first `boxes` of `boxCells`, and `boxAt`) whose pulls
   * `change` will be asked about, and returns its stuck boxes.
   */
  beginPosition(boxCells: Int32Array, boxes: number, boxAt: Uint8Array): number {
    if (++this.positionStamp === 0xffffffff) {
      this.pullableStamp.fill(0);
      this.endStamp.fill(0);
      this.positionStamp = 1;
    }
    let stuck = 0;
    for (let i = 0; i < boxes; i++) if (!this.pullable(boxCells[i], boxAt)) stuck++;
    return stuck;
  }

  /**
   * How many more stuck boxes the pull of the box on `from` to `to` leaves, in the position begun last. Whether
   * a box can be pulled depends on the squares two steps from it in a straight line, so only the
   * pulled box and the boxes two steps from either end can change. boxAt is left as it was.
   */
  change(boxAt: Uint8Array, from: number, to: number): number {
    // Ends more than four steps apart: no box two steps from one end reads the other, so the
    // change is the box leaving `from` and one arriving on `to`, each once a position (endStuck).
    const { rows, columns } = this.grid;
    if (Math.abs(rows[from] - rows[to]) + Math.abs(columns[from] - columns[to]) > 4) {
      return this.endStuck(boxAt, from) + this.endStuck(boxAt, to);
    }
    const { neighbours } = this.problem;
    let change = this.pullableNow(from, boxAt) ? 0 : -1;
    change += this.pullableAfter(to, from, to, boxAt) ? 0 : 1;
    for (let end = 0; end < 2; end++) {
      const at = end === 0 ? from : to;
      for (let d = 0; d < 4; d++) {
        const side = neighbours[at * 4 + d];
        const other = side < 0 ? -1 : neighbours[side * 4 + d];
        if (other < 0 || other === from || other === to || boxAt[other] === 0) continue;
        // A box two steps from both ends is counted at the first.
        if (end === 1 && this.twoStepsApart(other, from)) continue;
        const before = this.pullableNow(other, boxAt);
        const after = this.pullableAfter(other, from, to, boxAt);
        if (before !== after) change += after ? -1 : 1;
      }
    }
    return change;
  }

  /**
   * The change in stuck boxes when the box on `at` leaves it alone, or when one arrives on the
   * empty `at` alone: `at` itself and the boxes two steps from it in a line; once a position for
   * each cell (a cell with a box is only ever left in a position, an empty one only entered).
   */
  private endStuck(boxAt: Uint8Array, at: number): number {
    if (this.endStamp[at] === this.positionStamp) return this.endStuckThen[at];
    const { neighbours } = this.problem;
    const leaving = boxAt[at] !== 0;
    let change = 0;
    if (leaving) change -= this.pullableNow(at, boxAt) ? 0 : 1;
    else change += this.pullable(at, boxAt) ? 0 : 1;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[at * 4 + d];
      const other = side < 0 ? -1 : neighbours[side * 4 + d];
      if (other < 0 || boxAt[other] === 0) continue;
      const before = this.pullableNow(other, boxAt);
      const after = leaving ? this.pullableAfter(other, at, -1, boxAt) : this.pullableAfter(other, -1, at, boxAt);
      if (before !== after) change += after ? -1 : 1;
    }
    this.endStamp[at] = this.positionStamp;
    this.endStuckThen[at] = change;
    return change;
  }

  /** Whether `b` is two steps from `a` in a straight line over floor. */
  private twoStepsApart(a: number, b: number): boolean {
    const { neighbours } = this.problem;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[a * 4 + d];
      if (side >= 0 && neighbours[side * 4 + d] === b) return true;
    }
    return false;
  }

  /** pullable for a box of the position being settled, worked out once a position (its pulls ask again and again). */
  private pullableNow(cell: number, boxAt: Uint8Array): boolean {
    if (this.pullableStamp[cell] !== this.positionStamp) {
      this.pullableStamp[cell] = this.positionStamp;
      this.pullableThen[cell] = this.pullable(cell, boxAt) ? 1 : 0;
    }
    return this.pullableThen[cell] !== 0;
  }

  /** pullable after the pull of the box on `from` to `to`, without making it: only those two squares change. */
  private pullableAfter(cell: number, from: number, to: number, boxAt: Uint8Array): boolean {
    const { neighbours } = this.problem;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side < 0) continue;
      const beyond = neighbours[side * 4 + d];
      if (beyond >= 0 && beyond !== to && (beyond === from || boxAt[beyond] === 0)) return true;
    }
    return false;
  }

  /** Festival's test: a box that can be pulled off its square in some direction (other boxes beside it are not asked about). */
  private pullable(cell: number, boxAt: Uint8Array): boolean {
    return hasOpenLineOfTwo(this.problem.neighbours, cell, boxAt);
  }
}
