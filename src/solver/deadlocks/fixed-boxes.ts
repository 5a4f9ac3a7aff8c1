import type { Problem } from '../model/problem.js';

/**
 * The boxes of a position that can never move again, as a greatest fixpoint: assume every box is
 * fixed, then free any box that has an axis along which neither neighbour is a wall or a fixed
 * box, nor are both neighbours dead cells. The first fixed box to move in any solution would need
 * such an axis, so the boxes left are fixed in every solution: walls for the rest of the game.
 * Work is linear in the boxes; nothing is allocated per call.
 */
export class FixedBoxes {
  /** 1 on the boxes found fixed by the last mark(), until clear(). */
  readonly fixed: Uint8Array;
  private readonly pending: Uint8Array;
  private readonly work: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    this.fixed = new Uint8Array(problem.cellCount);
    this.pending = new Uint8Array(problem.cellCount);
    this.work = new Int32Array(Math.max(problem.initialBoxes.length, 1));
  }

  /** Marks in `fixed` which of the `count` boxes listed in `boxes` never move. */
  mark(boxes: Int32Array, count: number): void {
    const { neighbours } = this.problem;
    const { fixed, pending, work } = this;
    let top = 0;
    for (let i = 0; i < count; i++) {
      fixed[boxes[i]] = 1;
      pending[boxes[i]] = 1;
      work[top++] = boxes[i];
    }
    while (top > 0) {
      const box = work[--top];
      pending[box] = 0;
      if (fixed[box] === 0) continue;
      if (this.axisHeld(box, 0) && this.axisHeld(box, 2)) continue;
      fixed[box] = 0;
      // Its neighbours may have been held only by it.
      for (let d = 0; d < 4; d++) {
        const next = neighbours[box * 4 + d];
        if (next >= 0 && fixed[next] !== 0 && pending[next] === 0) {
          pending[next] = 1;
          work[top++] = next;
        }
      }
    }
  }

  /** Clears the marks of the boxes mark() was given. */
  clear(boxes: Int32Array, count: number): void {
    for (let i = 0; i < count; i++) this.fixed[boxes[i]] = 0;
  }

  /** Whether the box at `cell` cannot move along the axis of direction `d` (0: vertical, 2: horizontal). */
  private axisHeld(cell: number, d: number): boolean {
    const { neighbours } = this.problem;
    const a = neighbours[cell * 4 + d];
    const b = neighbours[cell * 4 + d + 1];
    if (a < 0 || b < 0 || this.fixed[a] !== 0 || this.fixed[b] !== 0) return true;
    return this.dead[a] !== 0 && this.dead[b] !== 0;
  }
}
