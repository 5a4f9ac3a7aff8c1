import type { Problem } from '../model/problem.js';
import { type OpenNeighbours, openNeighboursOf } from './open-neighbours.js';

/**
 * Which free cells split their area when a box is put on them, found by one depth-first walk
 * (Tarjan's cut vertices), over a whole position (analyze) or one area of it (walkArea): each
 * cell gets its discovery time, its parent, the lowest discovery time its subtree reaches by a
 * back edge, and the last discovery time within its subtree. From those, without any further
 * walk, a box put on any cell tells how many areas the level falls into, and which of the cell's
 * sides stay joined (box-moves.ts).
 */
export class CutCells {
  /** Number of areas of free cells in the position last analyzed. */
  areas = 0;
  /** Per cell of the last walk: discovery time (0 = not reached), lowest time its subtree reaches, last time within its subtree, parent (-1 at a root). */
  readonly discovered: Int32Array;
  readonly low: Int32Array;
  readonly last: Int32Array;
  readonly parent: Int32Array;
  /** Per free cell of the position last analyzed, the number of its area (1 up, as RegionLabels numbers them). */
  readonly areaOf: Int32Array;
  /** Per cell of the last walk, 1 where a box on it would split its area (a cut vertex). */
  readonly splits: Uint8Array;
  /** Per cell on the walk's stack, the place in its open neighbours' list of the next one to look at. */
  private readonly next: Int32Array;
  /** The walk steps over open neighbours only: most floor cells have a wall on some side. */
  private readonly open: OpenNeighbours;
  private readonly stack: Int32Array;
  /** The cells the last walkArea reached, to clear before the next. */
  private readonly reached: Int32Array;
  private reachedCount = 0;
  /** Whether the last walk was analyze's, over every area (then the next walkArea clears all). */
  private walkedWhole = false;

  constructor(private readonly problem: Problem) {
    const n = problem.cellCount;
    this.discovered = new Int32Array(n);
    this.low = new Int32Array(n);
    this.last = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.areaOf = new Int32Array(n);
    this.splits = new Uint8Array(n);
    this.next = new Int32Array(n);
    this.open = openNeighboursOf(problem);
    this.stack = new Int32Array(n);
    this.reached = new Int32Array(n);
  }

  /** Walks the free cells (boxAt 0) of a position. */
  analyze(boxAt: Uint8Array): void {
    const { cellCount } = this.problem;
    const { discovered } = this;
    discovered.fill(0);
    this.walkedWhole = true;
    let time = 0;
    let areas = 0;
    for (let root = 0; root < cellCount; root++) {
      if (boxAt[root] !== 0 || discovered[root] !== 0) continue;
      areas++;
      time = this.walkFrom(root, boxAt, time, false, areas);
    }
    this.areas = areas;
  }

  /**
   * Walks only the area of the free cell `root`, clearing what the last walkArea marked first:
   * work in proportion to the area, not the level.
   */
  walkArea(root: number, boxAt: Uint8Array): void {
    const { discovered, reached } = this;
    if (this.walkedWhole) discovered.fill(0);
    else for (let i = 0; i < this.reachedCount; i++) discovered[reached[i]] = 0;
    this.walkedWhole = false;
    this.reachedCount = 0;
    this.walkFrom(root, boxAt, 0, true, 0);
  }

  /** The depth-first walk from `root`, numbering from `time` on, labelling the cells `area` (unless 0); returns the last number given. */
  private walkFrom(root: number, boxAt: Uint8Array, time: number, remember: boolean, area: number): number {
    const { start: openStart, cells: open } = this.open;
    const { discovered, low, last, parent, next, stack, reached, areaOf, splits } = this;
    const labelling = area > 0;
    let top = 0;
    stack[top++] = root;
    discovered[root] = low[root] = ++time;
    parent[root] = -1;
    next[root] = openStart[root];
    splits[root] = 0;
    let rootChildren = 0;
    if (remember) reached[this.reachedCount++] = root;
    if (labelling) areaOf[root] = area;
    while (top > 0) {
      const at = stack[top - 1];
      // The cell's remaining sides, up to the first that leads to a new cell (walked next) or all of them.
      let k = next[at];
      const end = openStart[at + 1];
      let descended = false;
      while (k < end) {
        const to = open[k++];
        if (boxAt[to] !== 0) continue;
        if (discovered[to] === 0) {
          parent[to] = at;
          discovered[to] = low[to] = ++time;
          next[to] = openStart[to];
          splits[to] = 0;
          stack[top++] = to;
          if (remember) reached[this.reachedCount++] = to;
          if (labelling) areaOf[to] = area;
          descended = true;
          break;
        }
        if (to !== parent[at] && discovered[to] < low[at]) low[at] = discovered[to];
      }
      next[at] = k;
      if (descended) continue;
      top--;
      last[at] = time;
      const up = parent[at];
      if (up < 0) continue;
      if (low[at] < low[up]) low[up] = low[at];
      // A child whose subtree reaches no higher than its parent is cut off by a box there.
      if (up === root) rootChildren++;
      else if (low[at] >= discovered[up]) splits[up] = 1;
    }
    // The root splits its area when the walk left it more than once.
    splits[root] = rootChildren > 1 ? 1 : 0;
    return time;
  }

  /**
   * Which piece of its area the free cell `at` is in once a box stands on the walked cell `cell`
   * (same area): the child of `cell` heading it, or -1 for the piece holding `cell`'s parent and
   * every cell not below `cell`. Two free cells beside `cell` are joined by a walk round the box
   * exactly when this gives both the same piece, so no walk is needed per box cell.
   */
  pieceOf(at: number, cell: number): number {
    const { neighbours } = this.problem;
    const { discovered, low, last, parent } = this;
    const time = discovered[at];
    const cellTime = discovered[cell];
    if (time <= cellTime || time > last[cell]) return -1;
    for (let e = 0; e < 4; e++) {
      const child = neighbours[cell * 4 + e];
      if (child < 0 || discovered[child] === 0 || parent[child] !== cell || discovered[child] > time || last[child] < time) continue;
      return parent[cell] < 0 || low[child] >= cellTime ? child : -1;
    }
    return -1;
  }

  /** Areas of the position with a box put on the free cell `cell`. */
  areasWithBoxOn(cell: number): number {
    return this.areas - 1 + this.piecesWithBoxOn(cell);
  }

  /**
   * Pieces the area of the walked cell `cell` falls into with a box on it: one per child whose
   * subtree reaches no higher than `cell`, one more for the part holding its parent (none when
   * the cell stood alone).
   */
  piecesWithBoxOn(cell: number): number {
    const { neighbours } = this.problem;
    const { discovered, low, parent } = this;
    const isRoot = parent[cell] < 0;
    let pieces = isRoot ? 0 : 1;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side >= 0 && discovered[side] !== 0 && parent[side] === cell && (isRoot || low[side] >= discovered[cell])) pieces++;
    }
    return pieces;
  }
}
