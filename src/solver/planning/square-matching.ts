import { UNREACHABLE } from '../geometry/push-distances.js';

/**
 * Whether every box can be given a square of its own that pushes reach, for positions where that
 * fails and for their children (one box moved): a minimum-cost matching (matching-bound.ts) learns
 * nothing from a position without one, so its children would each need a matching from scratch.
 * Here the parent's maximum matching is found once (Kuhn's augmenting paths); a child can match
 * every box only when the parent missed one box at most, and then two augmenting paths at most
 * tell. Nothing is allocated per call.
 */
export class SquareMatching {
  private readonly rowCell: Int32Array;
  private readonly rowSquare: Int32Array;
  private readonly squareRow: Int32Array;
  private readonly savedRowSquare: Int32Array;
  private readonly savedSquareRow: Int32Array;
  private readonly visited: Uint32Array;
  private epoch = 0;
  private rows = 0;
  private parentMatched = 0;
  /** The row the parent's matching leaves without a square, or -1. */
  private unmatchedRow = -1;

  /** `distance[cell * squares + square]`: pushes from the cell onto the square, UNREACHABLE for none. */
  constructor(
    private readonly distance: Uint16Array,
    private readonly squares: number,
  ) {
    this.rowCell = new Int32Array(squares);
    this.rowSquare = new Int32Array(squares);
    this.squareRow = new Int32Array(squares);
    this.savedRowSquare = new Int32Array(squares);
    this.savedSquareRow = new Int32Array(squares);
    this.visited = new Uint32Array(squares);
  }

  /** Matches the boxes on the first `count` cells of `cells` (the parent); returns how many get a square. */
  matchParent(cells: Int32Array, count: number): number {
    this.rows = count;
    this.rowSquare.fill(-1);
    this.squareRow.fill(-1);
    this.unmatchedRow = -1;
    let matched = 0;
    for (let row = 0; row < count; row++) {
      this.rowCell[row] = cells[row];
      this.epoch++;
      if (this.augment(row)) matched++;
      else this.unmatchedRow = row;
    }
    this.parentMatched = matched;
    return matched;
  }

  /** Whether every box gets a square after the parent's box `row` moves to `cell`. */
  childMatchesAll(row: number, cell: number): boolean {
    if (this.parentMatched < this.rows - 1) return false;
    const { rowSquare, squareRow, rowCell } = this;
    this.savedRowSquare.set(rowSquare);
    this.savedSquareRow.set(squareRow);
    const home = rowCell[row];
    rowCell[row] = cell;
    if (rowSquare[row] >= 0) squareRow[rowSquare[row]] = -1;
    rowSquare[row] = -1;
    this.epoch++;
    let all = this.augment(row);
    if (all && this.unmatchedRow >= 0 && this.unmatchedRow !== row) {
      this.epoch++;
      all = this.augment(this.unmatchedRow);
    }
    rowCell[row] = home;
    rowSquare.set(this.savedRowSquare);
    squareRow.set(this.savedSquareRow);
    return all;
  }

  /** Kuhn's augmenting path from `row`. */
  private augment(row: number): boolean {
    const { distance, squares, visited, squareRow, rowSquare } = this;
    const base = this.rowCell[row] * squares;
    for (let k = 0; k < squares; k++) {
      if (visited[k] === this.epoch || distance[base + k] === UNREACHABLE) continue;
      visited[k] = this.epoch;
      if (squareRow[k] < 0 || this.augment(squareRow[k])) {
        squareRow[k] = row;
        rowSquare[row] = k;
        return true;
      }
    }
    return false;
  }
}
