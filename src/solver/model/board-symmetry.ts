import type { Problem } from './problem.js';
import type { PackedPositions } from './position.js';

/**
 * The mirrors and rotations of a level that map its cells onto its cells and its goals onto its
 * goals. Every goal rule asks only which cells hold boxes, which of them are goals and (keeper
 * too) where the player ends, so such a map sends a position and its image to the same costs to
 * go, in pushes and in moves: an optimal search may store the two as one node. The boxes' and the
 * player's start need not be symmetric; squares outside the cells (beyond the walls) do not count.
 *
 * A position's canonical key is the least of its images' Zobrist hashes, each computed with the
 * tables here (a box on `cell` under symmetry s hashes as a box on its image), so the searches
 * update all of them incrementally per push, as they do the plain hash.
 */
export class BoardSymmetry {
  /** Symmetries held, the identity first (number 0). */
  readonly count: number;
  readonly cellCount: number;
  /** image[s * cellCount + cell]: the cell that symmetry s maps `cell` onto. */
  readonly image: Int32Array;
  /** inverse[s * cellCount + cell]: the cell that symmetry s maps onto `cell`. */
  readonly inverse: Int32Array;
  /** boxKeys[s * cellCount + cell]: the plain box key of the image of `cell` under s. */
  readonly boxKeys: Uint32Array;
  /** Row and column of each cell on the board. */
  private readonly rowOf: Int32Array;
  private readonly colOf: Int32Array;
  /** The extreme cells of the last area scanned (see leastImages). */
  private readonly extremes = new Int32Array(8);

  private constructor(problem: Problem, images: readonly Int32Array[], positions: PackedPositions) {
    const cellCount = images[0].length;
    this.rowOf = new Int32Array(cellCount);
    this.colOf = new Int32Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      this.rowOf[cell] = Math.floor(problem.squareOfCell[cell] / problem.width);
      this.colOf[cell] = problem.squareOfCell[cell] - this.rowOf[cell] * problem.width;
    }
    this.count = images.length;
    this.cellCount = cellCount;
    this.image = new Int32Array(images.length * cellCount);
    this.inverse = new Int32Array(images.length * cellCount);
    this.boxKeys = new Uint32Array(images.length * cellCount);
    images.forEach((image, s) => {
      const base = s * cellCount;
      for (let cell = 0; cell < cellCount; cell++) {
        this.image[base + cell] = image[cell];
        this.inverse[base + image[cell]] = cell;
        this.boxKeys[base + cell] = positions.boxKeys[image[cell]];
      }
    });
  }

  /** The level's symmetries, or null when only the identity maps it onto itself (nothing to gain). */
  static of(problem: Problem, positions: PackedPositions): BoardSymmetry | null {
    const images = boardSymmetries(problem);
    return images.length > 1 ? new BoardSymmetry(problem, images, positions) : null;
  }

  /**
   * For each symmetry, the least image of the `count` cells in `cells` (a player area), into
   * `least`: the normalized player cell of each image of the position. Cells are numbered row by
   * row, so each symmetry's least image is the image of an extreme cell: first in the top or
   * bottom row, or the left or right column, then first or last along it. One pass finds those
   * eight, so the scan costs the same whatever the number of symmetries.
   */
  leastImages(cells: Int32Array, count: number, least: Int32Array): void {
    const { rowOf, colOf, extremes, image, cellCount } = this;
    let top = cellCount;
    let bottom = -1;
    let left = cellCount;
    let right = -1;
    let topFirst = 0;
    let topLast = 0;
    let bottomFirst = 0;
    let bottomLast = 0;
    let leftFirst = 0;
    let leftLast = 0;
    let rightFirst = 0;
    let rightLast = 0;
    for (let i = 0; i < count; i++) {
      const cell = cells[i];
      const row = rowOf[cell];
      const col = colOf[cell];
      // Along a row or a column, cell numbers run in the same order as the squares.
      if (row < top) {
        top = row;
        topFirst = cell;
        topLast = cell;
      } else if (row === top) {
        if (cell < topFirst) topFirst = cell;
        else if (cell > topLast) topLast = cell;
      }
      if (row > bottom) {
        bottom = row;
        bottomFirst = cell;
        bottomLast = cell;
      } else if (row === bottom) {
        if (cell < bottomFirst) bottomFirst = cell;
        else if (cell > bottomLast) bottomLast = cell;
      }
      if (col < left) {
        left = col;
        leftFirst = cell;
        leftLast = cell;
      } else if (col === left) {
        if (cell < leftFirst) leftFirst = cell;
        else if (cell > leftLast) leftLast = cell;
      }
      if (col > right) {
        right = col;
        rightFirst = cell;
        rightLast = cell;
      } else if (col === right) {
        if (cell < rightFirst) rightFirst = cell;
        else if (cell > rightLast) rightLast = cell;
      }
    }
    extremes[0] = topFirst;
    extremes[1] = topLast;
    extremes[2] = bottomFirst;
    extremes[3] = bottomLast;
    extremes[4] = leftFirst;
    extremes[5] = leftLast;
    extremes[6] = rightFirst;
    extremes[7] = rightLast;
    for (let s = 0, base = 0; s < this.count; s++, base += cellCount) {
      let smallest = cellCount;
      for (let e = 0; e < 8; e++) {
        const mapped = image[base + extremes[e]];
        if (mapped < smallest) smallest = mapped;
      }
      least[s] = smallest;
    }
  }

  /**
   * Whether the box set packed at `stored[base ..]`, seen under symmetry `storedSymmetry`, is the
   * box set packed in `candidate` seen under `candidateSymmetry`: each stored box, mapped by the
   * first and back by the inverse of the second, must be a candidate box (both sets hold as many).
   */
  sameImage(stored: Uint32Array, base: number, storedSymmetry: number, candidate: Uint32Array, candidateSymmetry: number, words: number): boolean {
    const { image, inverse, cellCount } = this;
    const forth = storedSymmetry * cellCount;
    const back = candidateSymmetry * cellCount;
    for (let w = 0; w < words; w++) {
      let bits = stored[base + w];
      while (bits !== 0) {
        const low = bits & -bits;
        const cell = inverse[back + image[forth + (w << 5) + (31 - Math.clz32(low))]];
        if ((candidate[cell >>> 5] & (1 << (cell & 31))) === 0) return false;
        bits ^= low;
      }
    }
    return true;
  }
}

/**
 * The maps of the dihedral group of the cells' bounding box (the four that swap rows and columns
 * only when it is square) that send every cell to a cell and keep goals goals; the identity first.
 * Each is returned as the image of every cell.
 */
export function boardSymmetries(problem: Problem): Int32Array[] {
  const { width, cellCount, squareOfCell, cellOfSquare, goalIndexOfCell } = problem;
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  for (let cell = 0; cell < cellCount; cell++) {
    const row = Math.floor(squareOfCell[cell] / width);
    const col = squareOfCell[cell] - row * width;
    top = Math.min(top, row);
    bottom = Math.max(bottom, row);
    left = Math.min(left, col);
    right = Math.max(right, col);
  }
  const rows = bottom - top + 1;
  const cols = right - left + 1;
  // Each map takes (row, col) inside the box, counted from its top-left corner, to a new (row, col).
  const maps: ((row: number, col: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [r, cols - 1 - c],
    (r, c) => [rows - 1 - r, c],
    (r, c) => [rows - 1 - r, cols - 1 - c],
  ];
  if (rows === cols) {
    maps.push(
      (r, c) => [c, r],
      (r, c) => [c, rows - 1 - r],
      (r, c) => [cols - 1 - c, r],
      (r, c) => [cols - 1 - c, rows - 1 - r],
    );
  }
  const found: Int32Array[] = [];
  for (const map of maps) {
    const image = new Int32Array(cellCount);
    let holds = true;
    for (let cell = 0; cell < cellCount && holds; cell++) {
      const row = Math.floor(squareOfCell[cell] / width);
      const col = squareOfCell[cell] - row * width;
      const [toRow, toCol] = map(row - top, col - left);
      const target = cellOfSquare[(toRow + top) * width + toCol + left];
      holds = target >= 0 && goalIndexOfCell[target] >= 0 === goalIndexOfCell[cell] >= 0;
      image[cell] = target;
    }
    if (holds) found.push(image);
  }
  return found;
}
