import { UNREACHABLE } from '../geometry/push-distances.js';

/**
 * Whether the boxes of a backward search's position can each be given a start square (a base)
 * of their own that pulls can take them to: every box of a position reachable from the start
 * came from a start square of its own, so a position that fails this lies on no solution.
 * Kuhn's augmenting paths over the pull distances; nothing is allocated per call.
 */
export class BaseMatching {
  private readonly matchOfBase: Int32Array;
  private readonly visitedBase: Uint32Array;
  private visitEpoch = 0;
  private boxCells: Int32Array = new Int32Array(0);
  private baseLeft: Uint8Array | null = null;
  /**
   * Per base, the cell of the box the last call gave it (-1: none). A search asks about position
   * after position, most boxes of one standing where they stood in the last: the pairs whose box
   * is still there start the next matching, and only the other boxes need paths.
   */
  private readonly cellOfBase: Int32Array;
  /** Per cell, 1 + the index of its box in boxCells during a call (0: none). */
  private readonly rowOfCell: Int32Array;

  /** `pullsToBase[cell * bases + base]`: pulls from the cell to the base on the empty board, UNREACHABLE for none. */
  constructor(
    private readonly pullsToBase: Uint16Array,
    private readonly bases: number,
  ) {
    this.matchOfBase = new Int32Array(bases);
    this.visitedBase = new Uint32Array(bases);
    this.cellOfBase = new Int32Array(bases).fill(-1);
    this.rowOfCell = new Int32Array(bases === 0 ? 0 : pullsToBase.length / bases);
  }

  /**
   * Whether the first `boxes` cells of `boxCells` can each be given a base of their own, among
   * those `baseLeft` marks with 1 (null: every base), so that every such base has a box.
   */
  matched(boxCells: Int32Array, boxes: number, baseLeft: Uint8Array | null): boolean {
    const { matchOfBase, cellOfBase, rowOfCell, bases } = this;
    this.boxCells = boxCells;
    this.baseLeft = baseLeft;
    for (let i = 0; i < boxes; i++) rowOfCell[boxCells[i]] = i + 1;
    // The last call's pairs whose box still stands there and whose base is still left: a matching to start from.
    for (let b = 0; b < bases; b++) {
      const cell = cellOfBase[b];
      matchOfBase[b] = cell >= 0 && rowOfCell[cell] > 0 && (baseLeft === null || baseLeft[b] !== 0) ? rowOfCell[cell] - 1 : -1;
    }
    for (let i = 0; i < boxes; i++) rowOfCell[boxCells[i]] = 0;
    for (let b = 0; b < bases; b++) if (matchOfBase[b] >= 0) rowOfCell[boxCells[matchOfBase[b]]] = 1;
    // Kuhn's paths for the boxes without a base. From any matching this finds a path for each box
    // exactly while a matching of every box exists: the answer is the one a matching from scratch gives.
    let all = true;
    for (let i = 0; i < boxes && all; i++) {
      if (rowOfCell[boxCells[i]] !== 0) continue;
      this.visitEpoch++;
      all = this.augment(i);
    }
    for (let i = 0; i < boxes; i++) rowOfCell[boxCells[i]] = 0;
    for (let b = 0; b < bases; b++) cellOfBase[b] = matchOfBase[b] >= 0 ? boxCells[matchOfBase[b]] : -1;
    if (!all) return false;
    // Every box has a base; as many bases are left as boxes, so every base has a box too.
    for (let b = 0; b < bases; b++) if ((baseLeft === null || baseLeft[b] !== 0) && matchOfBase[b] < 0) return false;
    return true;
  }

  /** Kuhn's augmenting path from box i of boxCells. */
  private augment(i: number): boolean {
    const { matchOfBase, baseLeft, visitedBase, pullsToBase, bases } = this;
    const cell = this.boxCells[i];
    for (let b = 0; b < bases; b++) {
      if ((baseLeft !== null && baseLeft[b] === 0) || visitedBase[b] === this.visitEpoch || pullsToBase[cell * bases + b] === UNREACHABLE) continue;
      visitedBase[b] = this.visitEpoch;
      if (matchOfBase[b] < 0 || this.augment(matchOfBase[b])) {
        matchOfBase[b] = i;
        return true;
      }
    }
    return false;
  }
}
