import type { Problem } from '../model/problem.js';

/**
 * The free cells of a position split into areas the player cannot cross between: each free cell
 * gets the number of its area. Used to measure connectivity (how many areas the boxes cut the
 * level into), which a search over features tries to bring down.
 */
export class RegionLabels {
  /** Area number of each free cell (1-based) for the last labelling; 0 for boxes. */
  readonly label: Int32Array;
  private readonly stack: Int32Array;

  constructor(private readonly problem: Problem) {
    this.label = new Int32Array(problem.cellCount);
    this.stack = new Int32Array(problem.cellCount);
  }

  /** Labels the areas of the position `boxAt` and returns how many there are. */
  count(boxAt: Uint8Array): number {
    const { cellCount, neighbours } = this.problem;
    const { label, stack } = this;
    label.fill(0);
    let areas = 0;
    for (let start = 0; start < cellCount; start++) {
      if (label[start] !== 0 || boxAt[start] !== 0) continue;
      areas++;
      let top = 0;
      stack[top++] = start;
      label[start] = areas;
      while (top > 0) {
        const at = stack[--top];
        for (let d = 0; d < 4; d++) {
          const next = neighbours[at * 4 + d];
          if (next < 0 || label[next] !== 0 || boxAt[next] !== 0) continue;
          label[next] = areas;
          stack[top++] = next;
        }
      }
    }
    return areas;
  }
}
