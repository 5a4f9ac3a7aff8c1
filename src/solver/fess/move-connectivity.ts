import { CutCells } from '../geometry/cut-cells.js';
import type { Problem } from '../model/problem.js';

/**
 * Player areas after moving one box, for many destinations of the same box: one walk over the
 * position without that box (Tarjan's cut cells) answers every destination in constant time.
 */
export class MoveConnectivity {
  private readonly cuts: CutCells;
  private lifted = -1;

  constructor(problem: Problem) {
    this.cuts = new CutCells(problem);
  }

  /** Forgets the last walk: call before asking about a new position. */
  reset(): void {
    this.lifted = -1;
  }

  /** Areas of the position `boxAt` after its box on `from` goes to the free cell `to`; boxAt is left as it was. */
  areasAfter(boxAt: Uint8Array, from: number, to: number): number {
    boxAt[from] = 0;
    if (this.lifted !== from) {
      this.cuts.analyze(boxAt);
      this.lifted = from;
    }
    const areas = this.cuts.areasWithBoxOn(to, boxAt);
    boxAt[from] = 1;
    return areas;
  }
}
