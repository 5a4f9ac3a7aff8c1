import type { Problem } from '../model/problem.js';
import type { PackedPositions } from '../model/position.js';
import type { PlayerReach } from './reachability.js';

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

  private constructor(images: readonly Int32Array[], positions: PackedPositions) {
    const cellCount = images[0].length;
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
    return images.length > 1 ? new BoardSymmetry(images, positions) : null;
  }

  /**
   * For each symmetry, the least image of the player area that the walker's last whole walk (or
   * flood) reached, into `least`: the normalized player cell of each image of the position. Each
   * symmetry's cells are tried in the order of their images until one was reached; a player area
   * is most of the floor on most boards, so that is a few tries a symmetry. (A pass over the
   * area's cells for the extreme ones, measured before on Microban 93, took 9.5% of the push
   * proof's time; this takes 2.3%.)
   */
  leastImages(walker: PlayerReach, least: Int32Array): void {
    const { inverse, cellCount } = this;
    for (let s = 0, base = 0; s < this.count; s++, base += cellCount) {
      let k = 0;
      while (!walker.reached(inverse[base + k])) k++;
      least[s] = k;
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
 * The box hash of the boxes in `cells` under each of `images` symmetries, into `hashes`:
 * `boxKeys[s * cellCount + cell]` is the key of a box on `cell` seen under symmetry s (a
 * BoardSymmetry's boxKeys, or a level's plain keys with one image). Per parent, before the hashes of
 * its children are made from these by a few XORs each.
 */
export function boxHashesUnderImages(boxKeys: Uint32Array, images: number, cellCount: number, cells: ArrayLike<number>, count: number, hashes: Uint32Array): void {
  for (let s = 0, base = 0; s < images; s++, base += cellCount) {
    let hash = 0;
    for (let i = 0; i < count; i++) hash ^= boxKeys[base + cells[i]];
    hashes[s] = hash >>> 0;
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
