import type { Problem } from '../model/problem.js';
import type { PlayerReach } from '../geometry/reachability.js';
import { walkToFreeGoal } from './solution-path.js';

/** Segments between a box move and the next move of the same box that a reordering may jump. */
const MAX_WINDOW = 12;

/**
 * Push permutation: a solution is a sequence of box moves (runs of pushes of one box), and moves
 * of different boxes that do not get in each other's way can be played in another order. The
 * box configuration after the reordered stretch is the same, so only the walks inside it and the
 * walk out of it change; a reordering is kept when they get shorter. Three reorderings are tried
 * at each box move: swapping it with the next one, pulling the next move of the same box forward
 * to join it, and pushing it back to join that move. The push count never changes.
 */
export class PushPermutation {
  /** Pushes played by a trial, to take back: a window never holds more than the whole solution. */
  private undoBox = new Int32Array(0);
  private undoTo = new Int32Array(0);
  private undoCount = 0;

  constructor(
    private readonly problem: Problem,
    private readonly reach: PlayerReach,
  ) {}

  /** Returns the reordered pushes (the same array when nothing got shorter); `stop` is asked between tries. */
  improve(pushes: Int32Array, stop: () => boolean): Int32Array {
    let list = Array.from(pushes);
    if (this.undoBox.length < list.length) {
      this.undoBox = new Int32Array(list.length);
      this.undoTo = new Int32Array(list.length);
    }
    let improvedInPass = true;
    while (improvedInPass && !stop()) {
      improvedInPass = false;
      const boxAt = this.reach.boxAt;
      boxAt.fill(0);
      for (const cell of this.problem.initialBoxes) boxAt[cell] = 1;
      let player = this.problem.initialPlayer;
      let starts = segmentStarts(this.problem, list);
      let s = 0;
      while (s < starts.length - 1) {
        if (stop()) break;
        const better = this.bestReordering(list, starts, s, player);
        if (better !== null) {
          const at = starts[s];
          list = better;
          starts = segmentStarts(this.problem, list);
          improvedInPass = true;
          // The position is the one before push `at`. When the reordered move joined the move
          // before it, no segment starts there any more and the numbers after it moved: replay
          // from the start rather than go on from a segment the position is not at.
          const same = starts.indexOf(at);
          if (same >= 0) {
            s = same;
            continue;
          }
          boxAt.fill(0);
          for (const cell of this.problem.initialBoxes) boxAt[cell] = 1;
          player = this.problem.initialPlayer;
          s = 0;
          continue;
        }
        // Play segment s and go on from there.
        for (let i = starts[s]; i < starts[s + 1]; i++) {
          const box = list[i] >> 2;
          const to = this.problem.neighbours[list[i]];
          boxAt[box] = 0;
          boxAt[to] = 1;
          player = box;
        }
        s++;
      }
      boxAt.fill(0);
    }
    return list.length === pushes.length && list.every((push, i) => push === pushes[i]) ? pushes : Int32Array.from(list);
  }

  /** The pushes with a shorter order of the segments from s on, or null. `starts` ends with list.length. */
  private bestReordering(list: number[], starts: number[], s: number, player: number): number[] | null {
    const segments = starts.length - 1;
    const { neighbours } = this.problem;
    const lastOfS = list[starts[s + 1] - 1];
    const boxEnd = neighbours[lastOfS];
    // The next segment that moves the same box again.
    let again = -1;
    for (let t = s + 1; t < segments && t <= s + MAX_WINDOW; t++) {
      if (list[starts[t]] >> 2 === boxEnd) {
        again = t;
        break;
      }
    }
    const orders: number[][] = [];
    if (s + 1 < segments) orders.push([s + 1, s]);
    if (again > s + 1) {
      const between = range(s + 1, again);
      orders.push([s, again, ...between]);
      orders.push([...between, s, again]);
    }
    let best: number[] | null = null;
    let bestSaving = 0;
    for (const order of orders) {
      const natural = [...order].sort((a, b) => a - b);
      const after = natural[natural.length - 1] + 1;
      const original = this.windowCost(list, starts, natural, after, player);
      const reordered = this.windowCost(list, starts, order, after, player);
      if (reordered < 0 || original < 0) continue;
      if (original - reordered > bestSaving) {
        bestSaving = original - reordered;
        best = order;
      }
    }
    if (best === null) return null;
    const first = Math.min(...best);
    const result = list.slice(0, starts[first]);
    for (const t of best) for (let i = starts[t]; i < starts[t + 1]; i++) result.push(list[i]);
    const after = Math.max(...best) + 1;
    for (let i = starts[after]; i < list.length; i++) result.push(list[i]);
    return result;
  }

  /**
   * Moves to play the segments in `order` from the current position (reach.boxAt, `player`), plus
   * the walk to the first push of segment `after` (or, at the end, the final walk keeper-too
   * needs); -1 when the order is illegal. The position is left as it was.
   */
  private windowCost(list: number[], starts: number[], order: number[], after: number, player: number): number {
    const { neighbours } = this.problem;
    const { reach } = this;
    const boxAt = reach.boxAt;
    let moves = 0;
    let legal = true;
    this.undoCount = 0;
    for (const t of order) {
      for (let i = starts[t]; i < starts[t + 1] && legal; i++) {
        const box = list[i] >> 2;
        const d = list[i] & 3;
        const side = neighbours[box * 4 + (d ^ 1)];
        const to = neighbours[list[i]];
        if (boxAt[box] !== 1 || to < 0 || boxAt[to] !== 0 || side < 0 || boxAt[side] !== 0) {
          legal = false;
          break;
        }
        const steps = reach.stepsTo(player, side);
        if (steps < 0) {
          legal = false;
          break;
        }
        moves += steps + 1;
        boxAt[box] = 0;
        boxAt[to] = 1;
        this.undoBox[this.undoCount] = box;
        this.undoTo[this.undoCount++] = to;
        player = box;
      }
      if (!legal) break;
    }
    if (legal) {
      if (after < starts.length - 1) {
        const next = list[starts[after]];
        const side = neighbours[(next >> 2) * 4 + ((next & 3) ^ 1)];
        const steps = reach.stepsTo(player, side);
        if (steps >= 0) moves += steps;
        else legal = false;
      } else if (this.problem.rule === 'keeper-too') {
        const walk = walkToFreeGoal(this.problem, reach, player);
        if (walk < 0) legal = false;
        else moves += walk;
      }
    }
    for (let k = this.undoCount - 1; k >= 0; k--) {
      boxAt[this.undoTo[k]] = 0;
      boxAt[this.undoBox[k]] = 1;
    }
    return legal ? moves : -1;
  }
}

/** Index of the first push of each box move, then list.length. */
function segmentStarts(problem: Problem, list: readonly number[]): number[] {
  const starts: number[] = [];
  for (let i = 0; i < list.length; i++) {
    if (i === 0 || list[i] >> 2 !== problem.neighbours[list[i - 1]]) starts.push(i);
  }
  starts.push(list.length);
  return starts;
}

function range(from: number, to: number): number[] {
  const result: number[] = [];
  for (let i = from; i < to; i++) result.push(i);
  return result;
}
