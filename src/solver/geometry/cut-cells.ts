import type { Problem } from '../model/problem.js';

/**
 * Which free cells split their area when a box is put on them, found for a whole position at once
 * by one depth-first walk (Tarjan's cut vertices): each cell gets its discovery time and the lowest
 * discovery time its subtree reaches by a back edge. From those, without any further walk, a box
 * put on any cell tells how many areas the level falls into.
 */
export class CutCells {
  /** Number of areas of free cells in the position last analyzed. */
  areas = 0;
  private readonly discovered: Int32Array;
  private readonly low: Int32Array;
  private readonly parent: Int32Array;
  private readonly next: Uint8Array;
  private readonly stack: Int32Array;

  constructor(private readonly problem: Problem) {
    const n = problem.cellCount;
    this.discovered = new Int32Array(n);
    this.low = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.next = new Uint8Array(n);
    this.stack = new Int32Array(n);
  }

  /** Walks the free cells (boxAt 0) of a position. */
  analyze(boxAt: Uint8Array): void {
    const { cellCount, neighbours } = this.problem;
    const { discovered, low, parent, next, stack } = this;
    discovered.fill(0);
    let time = 0;
    let areas = 0;
    for (let root = 0; root < cellCount; root++) {
      if (boxAt[root] !== 0 || discovered[root] !== 0) continue;
      areas++;
      let top = 0;
      stack[top++] = root;
      discovered[root] = low[root] = ++time;
      parent[root] = -1;
      next[root] = 0;
      while (top > 0) {
        const at = stack[top - 1];
        if (next[at] < 4) {
          const to = neighbours[at * 4 + next[at]++];
          if (to < 0 || boxAt[to] !== 0) continue;
          if (discovered[to] === 0) {
            parent[to] = at;
            discovered[to] = low[to] = ++time;
            next[to] = 0;
            stack[top++] = to;
          } else if (to !== parent[at] && discovered[to] < low[at]) {
            low[at] = discovered[to];
          }
          continue;
        }
        top--;
        const up = parent[at];
        if (up >= 0 && low[at] < low[up]) low[up] = low[at];
      }
    }
    this.areas = areas;
  }

  /** Areas of the position with a box put on the free cell `cell`. */
  areasWithBoxOn(cell: number, boxAt: Uint8Array): number {
    const { neighbours } = this.problem;
    const { discovered, low, parent } = this;
    const isRoot = parent[cell] < 0;
    let pieces = isRoot ? 0 : 1;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side >= 0 && boxAt[side] === 0 && parent[side] === cell && (isRoot || low[side] >= discovered[cell])) pieces++;
    }
    return this.areas - 1 + pieces;
  }
}
