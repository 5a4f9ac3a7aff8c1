import { DOWN, LEFT, type Problem, RIGHT, UP } from '../model/problem.js';
import { type OpenNeighbours, openNeighboursOf } from './open-neighbours.js';

/** A depth-first fill takes the last pushed first: this order goes up, then left, first. */
const UPWARD_LAST: readonly number[] = [RIGHT, DOWN, LEFT, UP];

/**
 * Breadth-first walks of the player around the boxes. One instance per search, reused for every
 * node: an epoch counter replaces clearing the visited marks, so a walk allocates nothing.
 */
export class PlayerReach {
  /** Cells that hold a box in the position being looked at; the search keeps it up to date. */
  readonly boxAt: Uint8Array;
  /** Walking distance of every cell reached by the last walk (valid where `reached` is true). */
  readonly distance: Int32Array;
  /** Cell the last walk came from, to rebuild paths. */
  readonly cameFrom: Int32Array;
  private readonly visitedEpoch: Uint32Array;
  private readonly queue: Int32Array;
  /** Cells a walkToAll is looking for: those marked with its epoch. */
  private readonly wantedEpoch: Uint32Array;
  /** Open neighbours of each cell, in the directions' order: every walk here steps through them. */
  private readonly open: OpenNeighbours;
  /** The same in the order UPWARD_LAST, for floodTopLeft. */
  private readonly openUpwardLast: OpenNeighbours;
  private readonly oneTarget = new Int32Array(1);
  private epoch = 0;
  /** Smallest cell reached by the last walk: the normalized player position. */
  topLeft = 0;

  constructor(problem: Problem) {
    const n = problem.cellCount;
    this.boxAt = new Uint8Array(n);
    this.distance = new Int32Array(n);
    this.cameFrom = new Int32Array(n);
    this.visitedEpoch = new Uint32Array(n);
    this.queue = new Int32Array(n);
    this.wantedEpoch = new Uint32Array(n);
    this.open = openNeighboursOf(problem);
    this.openUpwardLast = openNeighboursOf(problem, UPWARD_LAST);
  }

  reached(cell: number): boolean {
    return this.visitedEpoch[cell] === this.epoch;
  }

  /**
   * Walks out from `start`, recording distances, and paths (cameFrom) when `withPaths`; the
   * search itself never reads paths, only the solution writer does. Returns the cells reached.
   */
  walk(start: number, withPaths = false): number {
    const { start: openStart, cells: open } = this.open;
    const { boxAt, distance, cameFrom, visitedEpoch, queue } = this;
    const epoch = this.nextEpoch();
    let head = 0;
    let tail = 0;
    let topLeft = start;
    queue[tail++] = start;
    visitedEpoch[start] = epoch;
    distance[start] = 0;
    cameFrom[start] = -1;
    while (head < tail) {
      const at = queue[head++];
      const next = distance[at] + 1;
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const to = open[k];
        if (visitedEpoch[to] === epoch || boxAt[to] !== 0) continue;
        visitedEpoch[to] = epoch;
        distance[to] = next;
        if (withPaths) cameFrom[to] = at;
        queue[tail++] = to;
        if (to < topLeft) topLeft = to;
      }
    }
    this.topLeft = topLeft;
    return tail;
  }

  /**
   * `walk` that stops once it has reached every one of the first `count` of `targets` (repeats
   * allowed): their `reached` and `distance` are then what `walk` gives them, and the cells nearer
   * than the last of them are reached too, but the rest of the area may not be, nor is `topLeft`
   * set. A search that needs the distances to a few squares beside its boxes pays for the part of
   * the player's area up to the farthest of them, not the whole area. Returns how many of the
   * targets (counted once each) it did not reach: 0 when every one is reachable.
   */
  walkToAll(start: number, targets: Int32Array, count: number): number {
    const { start: openStart, cells: open } = this.open;
    const { boxAt, distance, visitedEpoch, wantedEpoch, queue } = this;
    const epoch = this.nextEpoch();
    let missing = 0;
    for (let k = 0; k < count; k++) {
      const target = targets[k];
      if (wantedEpoch[target] === epoch) continue;
      wantedEpoch[target] = epoch;
      missing++;
    }
    visitedEpoch[start] = epoch;
    distance[start] = 0;
    if (wantedEpoch[start] === epoch) missing--;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail && missing > 0) {
      const at = queue[head++];
      const next = distance[at] + 1;
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const to = open[k];
        if (visitedEpoch[to] === epoch || boxAt[to] !== 0) continue;
        visitedEpoch[to] = epoch;
        distance[to] = next;
        queue[tail++] = to;
        if (wantedEpoch[to] === epoch) missing--;
      }
    }
    return missing;
  }

  /**
   * Steps of a shortest walk from `start` to `target`, or -1 when there is none (or a box stands
   * on `target`): walkToAll with one target, so `reached` and `distance` are partial after it.
   */
  stepsTo(start: number, target: number): number {
    if (this.boxAt[target] !== 0) return -1;
    this.oneTarget[0] = target;
    return this.walkToAll(start, this.oneTarget, 1) === 0 ? this.distance[target] : -1;
  }

  /**
   * A shortest walk from `start` to `target`: whether there is one, and then `cameFrom` leads back
   * from `target` to `start` (-1 there). The walk stops when it reaches `target`, so it costs what
   * lies nearer `start` than `target`, not the whole area; `distance` and `reached` are partial.
   */
  walkTo(start: number, target: number): boolean {
    const { start: openStart, cells: open } = this.open;
    const { boxAt, cameFrom, visitedEpoch, queue } = this;
    const epoch = this.nextEpoch();
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    visitedEpoch[start] = epoch;
    cameFrom[start] = -1;
    while (head < tail) {
      const at = queue[head++];
      if (at === target) return true;
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const to = open[k];
        if (visitedEpoch[to] === epoch || boxAt[to] !== 0) continue;
        visitedEpoch[to] = epoch;
        cameFrom[to] = at;
        queue[tail++] = to;
      }
    }
    return false;
  }

  /**
   * Marks the cells reachable from `start` and finds the top-left one, without distances or
   * paths: the cheaper walk that only normalizes the player position of a new position.
   */
  flood(start: number): void {
    const { start: openStart, cells: open } = this.open;
    const { boxAt, visitedEpoch, queue } = this;
    const epoch = this.nextEpoch();
    let top = 0;
    let topLeft = start;
    queue[top++] = start;
    visitedEpoch[start] = epoch;
    while (top > 0) {
      const at = queue[--top];
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const to = open[k];
        if (visitedEpoch[to] === epoch || boxAt[to] !== 0) continue;
        visitedEpoch[to] = epoch;
        queue[top++] = to;
        if (to < topLeft) topLeft = to;
      }
    }
    this.topLeft = topLeft;
  }

  /**
   * Whether a walk from the free cells among the first `sourceCount` of `sources` reaches one of
   * the first `targetCount` of `targets` (a source that is a target counts): reachability is
   * symmetric, so either side may be the player. The fill stops at the first target it meets;
   * when it meets none, `reached` tells the cells it filled until the next walk. It costs the
   * sources' areas, or less: ask from the side whose areas are likely small (a closed corral), or
   * the side likely to meet a target soon.
   */
  anyReaches(sources: Int32Array, sourceCount: number, targets: Int32Array, targetCount: number): boolean {
    const { start: openStart, cells: open } = this.open;
    const { boxAt, visitedEpoch, queue } = this;
    const epoch = this.nextEpoch();
    let top = 0;
    for (let k = 0; k < sourceCount; k++) {
      const source = sources[k];
      if (boxAt[source] !== 0 || visitedEpoch[source] === epoch) continue;
      for (let t = 0; t < targetCount; t++) if (targets[t] === source) return true;
      visitedEpoch[source] = epoch;
      queue[top++] = source;
    }
    while (top > 0) {
      const at = queue[--top];
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const to = open[k];
        if (visitedEpoch[to] === epoch || boxAt[to] !== 0) continue;
        for (let t = 0; t < targetCount; t++) if (targets[t] === to) return true;
        visitedEpoch[to] = epoch;
        queue[top++] = to;
      }
    }
    return false;
  }

  /**
   * The smallest cell reachable from `start` (or from `alsoFrom` too, unless it is -1), for
   * normalizing a child position's player when the caller knows a `floor`: a cell that no
   * reachable cell lies below (or -1 when it knows none). The fill stops as soon as it reaches
   * `floor`, and it tries upward and leftward steps first (cells are numbered row by row), where
   * the smallest cells lie. The visited marks are left partial, so unlike after `flood`,
   * `reached` and `topLeft` are not to be read afterwards.
   */
  floodTopLeft(start: number, floor: number, alsoFrom = -1): number {
    if (start === floor) return start;
    const { start: openStart, cells: open } = this.openUpwardLast;
    const { boxAt, visitedEpoch, queue } = this;
    const epoch = this.nextEpoch();
    let top = 0;
    let topLeft = start;
    queue[top++] = start;
    visitedEpoch[start] = epoch;
    if (alsoFrom >= 0 && alsoFrom !== start) {
      queue[top++] = alsoFrom;
      visitedEpoch[alsoFrom] = epoch;
      if (alsoFrom < topLeft) topLeft = alsoFrom;
    }
    while (top > 0) {
      const at = queue[--top];
      const end = openStart[at + 1];
      for (let k = openStart[at]; k < end; k++) {
        const to = open[k];
        if (visitedEpoch[to] === epoch || boxAt[to] !== 0) continue;
        if (to === floor) return to;
        visitedEpoch[to] = epoch;
        queue[top++] = to;
        if (to < topLeft) topLeft = to;
      }
    }
    return topLeft;
  }

  /** A fresh mark for a walk's visited cells; the marks are cleared only when the counter wraps. */
  private nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.visitedEpoch.fill(0);
      this.wantedEpoch.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  /**
   * The array whose first `count` entries are the cells the last walk reached (`count` being what
   * it returned), without making a view: for per-child scans in a search's hot loop.
   */
  get visitedOrder(): Int32Array {
    return this.queue;
  }

  /** Cells visited by the last walk, in breadth-first order (a view; valid until the next walk). */
  visitedCells(count: number): Int32Array {
    return this.queue.subarray(0, count);
  }
}
