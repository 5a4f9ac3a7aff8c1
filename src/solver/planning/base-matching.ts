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

  /** `pullsToBase[cell * bases + base]`: pulls from the cell to the base on the empty board, UNREACHABLE for none. */
  constructor(
    private readonly pullsToBase: Uint16Array,
    private readonly bases: number,
  ) {
    this.matchOfBase = new Int32Array(bases);
    this.visitedBase = new Uint32Array(bases);
  }

  /**
   * Whether the first `boxes` cells of `boxCells` can each be given a base of their own, among
   * those `baseLeft` marks with 1 (null: every base), so that every such base has a box.
   */
  matched(boxCells: Int32Array, boxes: number, baseLeft: Uint8Array | null): boolean {
    const { matchOfBase } = this;
    this.boxCells = boxCells;
    this.baseLeft = baseLeft;
    matchOfBase.fill(-1);
    for (let i = 0; i < boxes; i++) {
      this.visitEpoch++;
      if (!this.augment(i)) return false;
    }
    // Every box has a base; as many bases are left as boxes, so every base has a box too.
    for (let b = 0; b < this.bases; b++) if ((baseLeft === null || baseLeft[b] !== 0) && matchOfBase[b] < 0) return false;
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
