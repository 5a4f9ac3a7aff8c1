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
  /**
   * Per radius, per cell, the live cells within that many steps of it around walls (itself left
   * out), made when a box first stands on the cell: a table over every pair of cells took
   * quadratic time and memory, 1.6 GB on an open 200×200 board, for the few cells a path visits.
   */
  private readonly around = new Map<number, (Int32Array | undefined)[]>();
  /** Per spread, per cell, every cell within that many steps of it (itself included), made on first use. */
  private readonly within = new Map<number, (Int32Array | undefined)[]>();
  /** Breadth-first steps from one cell, valid where stepEpoch is current. */
  private readonly stepsFrom: Int32Array;
  private readonly stepEpoch: Uint32Array;
  private readonly stepQueue: Int32Array;
  private epoch = 0;
  private readonly boxAt: Uint8Array;
  private readonly boxCells: Int32Array;
  private readonly scratch: Uint32Array;
  private readonly chosen: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly keys: Uint32Array,
  ) {
    this.stepsFrom = new Int32Array(problem.cellCount);
    this.stepEpoch = new Uint32Array(problem.cellCount);
    this.stepQueue = new Int32Array(problem.cellCount);
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
      full = !this.walkPath(pushes, from, until, () => this.addMoved(set, k, 0, 0, stage.radius, stage.spread));
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
  private addMoved(set: BoxSet, k: number, depth: number, from: number, radius: number, spread: number): boolean {
    const { boxCells, scratch, chosen } = this;
    if (depth === k) return set.add(scratch, this.hashOf());
    for (let i = from; i < boxCells.length; i++) {
      const box = boxCells[i];
      let near = true;
      for (let c = 0; c < depth && near; c++) near = this.isWithin(spread, box, boxCells[chosen[c]]);
      if (!near) continue;
      chosen[depth] = i;
      scratch[box >>> 5] &= ~(1 << (box & 31));
      const cells = this.cellsAround(radius, box);
      for (let j = 0; j < cells.length; j++) {
        const to = cells[j];
        // A cell another box holds, or one a box moved already took, is not free.
        if ((scratch[to >>> 5] & (1 << (to & 31))) !== 0) continue;
        scratch[to >>> 5] |= 1 << (to & 31);
        const ok = this.addMoved(set, k, depth + 1, i + 1, radius, spread);
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

  /**
   * The Zobrist hash of the configuration in scratch, as a signed 32-bit number: the set reads
   * only its bits, and a number past 2^31 would be boxed on every call that is not inlined.
   */
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
    return hash;
  }

  /** The live cells within `radius` steps of `cell`, itself left out, in cell order (the order configurations go into the set). */
  private cellsAround(radius: number, cell: number): Int32Array {
    let perCell = this.around.get(radius);
    if (perCell === undefined) {
      perCell = new Array<Int32Array | undefined>(this.problem.cellCount);
      this.around.set(radius, perCell);
    }
    const known = perCell[cell];
    if (known !== undefined) return known;
    const made = this.ball(cell, radius)
      .filter((other) => other !== cell && this.dead[other] === 0)
      .sort();
    perCell[cell] = made;
    return made;
  }

  /** Whether `a` and `b` are at most `spread` steps apart around walls. */
  private isWithin(spread: number, a: number, b: number): boolean {
    let perCell = this.within.get(spread);
    if (perCell === undefined) {
      perCell = new Array<Int32Array | undefined>(this.problem.cellCount);
      this.within.set(spread, perCell);
    }
    let cells = perCell[a];
    if (cells === undefined) {
      cells = this.ball(a, spread);
      perCell[a] = cells;
    }
    return cells.includes(b);
  }

  /** Every cell within `radius` steps of `from` around walls, `from` first, by a breadth-first walk that stops there. */
  private ball(from: number, radius: number): Int32Array {
    const { stepsFrom, stepEpoch, stepQueue } = this;
    const { neighbours } = this.problem;
    const epoch = ++this.epoch;
    stepEpoch[from] = epoch;
    stepsFrom[from] = 0;
    stepQueue[0] = from;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const at = stepQueue[head];
      if (stepsFrom[at] >= radius) continue;
      for (let d = 0; d < 4; d++) {
        const to = neighbours[at * 4 + d];
        if (to < 0 || stepEpoch[to] === epoch) continue;
        stepEpoch[to] = epoch;
        stepsFrom[to] = stepsFrom[at] + 1;
        stepQueue[tail++] = to;
      }
    }
    return stepQueue.slice(0, tail);
  }
}
