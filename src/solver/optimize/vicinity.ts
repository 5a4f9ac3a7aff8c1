import type { Problem } from '../model/problem.js';
import { BoxSet } from './box-set.js';

/** How far from the solution path a vicinity reaches. */
export interface VicinityStage {
  /** Boxes moved at once away from a path position. */
  readonly boxes: number;
  /** Squares each of them may move, counted in steps around walls. */
  readonly radius: number;
  /** Boxes moved together stand at most this many steps apart (keeps the combinations few). */
  readonly spread: number;
}

/**
 * The box configurations near a solution path, after the vicinity search of the YASS optimizer:
 * every configuration of the path, and those that differ from one of them in up to `boxes` boxes,
 * each moved to a live cell within `radius` steps. A search confined to them can only find the
 * path itself or something shorter.
 */
export class VicinityBuilder {
  /** Cells within each radius of every cell, live ones only: flat lists with offsets, made on first use. */
  private readonly around = new Map<number, { readonly start: Int32Array; readonly cells: Int32Array }>();
  /** Steps between every two cells around walls, capped at 255. */
  private readonly steps: Uint8Array;
  private readonly boxAt: Uint8Array;
  private readonly boxCells: Int32Array;
  private readonly scratch: Uint32Array;
  private readonly chosen: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly keys: Uint32Array,
  ) {
    this.steps = stepsBetweenCells(problem);
    this.boxAt = new Uint8Array(problem.cellCount);
    this.boxCells = new Int32Array(problem.initialBoxes.length);
    this.scratch = new Uint32Array(problem.words);
    this.chosen = new Int32Array(8);
  }

  /**
   * The vicinity of the path the pushes make from the start. Path configurations go in first, so
   * a set that fills up (`maxEntries`) still holds the whole path; `full` then says so.
   */
  build(pushes: Int32Array, stage: VicinityStage, maxEntries: number, from = 0, until = pushes.length): { readonly set: BoxSet; readonly full: boolean } {
    const set = new BoxSet(this.problem.words, maxEntries);
    let full = !this.walkPath(pushes, from, until, () => set.add(this.scratch, this.hashOf()));
    for (let k = 1; k <= stage.boxes && !full; k++) {
      const { start, cells } = this.cellsAround(stage.radius);
      full = !this.walkPath(pushes, from, until, () => this.addMoved(set, k, 0, 0, start, cells, stage.spread));
    }
    return { set, full };
  }

  /**
   * Plays the pushes, calling `visit` at the positions after `from` up to `until` pushes (boxAt,
   * boxCells, scratch set); stops when it says false.
   */
  private walkPath(pushes: Int32Array, from: number, until: number, visit: () => boolean): boolean {
    const { problem, boxAt, boxCells, scratch } = this;
    boxAt.fill(0);
    scratch.fill(0);
    problem.initialBoxes.forEach((cell, i) => {
      boxAt[cell] = 1;
      boxCells[i] = cell;
      scratch[cell >>> 5] |= 1 << (cell & 31);
    });
    let ok = from > 0 || visit();
    for (let p = 0; p < until && ok; p++) {
      const box = pushes[p] >> 2;
      const to = problem.neighbours[pushes[p]];
      boxAt[box] = 0;
      boxAt[to] = 1;
      scratch[box >>> 5] &= ~(1 << (box & 31));
      scratch[to >>> 5] |= 1 << (to & 31);
      boxCells[boxCells.indexOf(box)] = to;
      if (p + 1 >= from) ok = visit();
    }
    return ok;
  }

  /**
   * Adds every configuration with `k - depth` more boxes (indices from `from` on) moved to free
   * live cells near them; scratch holds the configuration so far and is restored. False when full.
   */
  private addMoved(set: BoxSet, k: number, depth: number, from: number, start: Int32Array, cells: Int32Array, spread: number): boolean {
    const { boxCells, scratch, chosen, steps } = this;
    const n = this.problem.cellCount;
    if (depth === k) return set.add(scratch, this.hashOf());
    for (let i = from; i < boxCells.length; i++) {
      const box = boxCells[i];
      let near = true;
      for (let c = 0; c < depth && near; c++) near = steps[box * n + boxCells[chosen[c]]] <= spread;
      if (!near) continue;
      chosen[depth] = i;
      scratch[box >>> 5] &= ~(1 << (box & 31));
      for (let j = start[box]; j < start[box + 1]; j++) {
        const to = cells[j];
        // A cell another box holds, or one a box moved already took, is not free.
        if ((scratch[to >>> 5] & (1 << (to & 31))) !== 0) continue;
        scratch[to >>> 5] |= 1 << (to & 31);
        const ok = this.addMoved(set, k, depth + 1, i + 1, start, cells, spread);
        scratch[to >>> 5] &= ~(1 << (to & 31));
        if (!ok) {
          scratch[box >>> 5] |= 1 << (box & 31);
          return false;
        }
      }
      scratch[box >>> 5] |= 1 << (box & 31);
    }
    return true;
  }

  private hashOf(): number {
    const { scratch, keys } = this;
    let hash = 0;
    for (let w = 0; w < scratch.length; w++) {
      let bits = scratch[w];
      while (bits !== 0) {
        const low = bits & -bits;
        hash ^= keys[w * 32 + (31 - Math.clz32(low))];
        bits ^= low;
      }
    }
    return hash >>> 0;
  }

  private cellsAround(radius: number): { readonly start: Int32Array; readonly cells: Int32Array } {
    const known = this.around.get(radius);
    if (known !== undefined) return known;
    const n = this.problem.cellCount;
    const start = new Int32Array(n + 1);
    const list: number[] = [];
    for (let cell = 0; cell < n; cell++) {
      start[cell] = list.length;
      for (let other = 0; other < n; other++) {
        if (other !== cell && this.dead[other] === 0 && this.steps[cell * n + other] <= radius) list.push(other);
      }
    }
    start[n] = list.length;
    const made = { start, cells: Int32Array.from(list) };
    this.around.set(radius, made);
    return made;
  }
}

/** Breadth-first steps between every two cells, walls only, capped at 255. */
function stepsBetweenCells(problem: Problem): Uint8Array {
  const n = problem.cellCount;
  const steps = new Uint8Array(n * n).fill(255);
  const queue = new Int32Array(n);
  for (let from = 0; from < n; from++) {
    const row = from * n;
    steps[row + from] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const at = queue[head++];
      const next = steps[row + at] + 1;
      if (next >= 255) break;
      for (let d = 0; d < 4; d++) {
        const to = problem.neighbours[at * 4 + d];
        if (to < 0 || steps[row + to] !== 255) continue;
        steps[row + to] = next;
        queue[tail++] = to;
      }
    }
  }
  return steps;
}
