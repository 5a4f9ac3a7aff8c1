import type { PushPruner } from './detector-shapes.js';
import { type OpenNeighbours, openNeighboursOf } from '../geometry/open-neighbours.js';
import type { PlayerReach } from '../geometry/reachability.js';
import type { Problem } from '../model/problem.js';

/**
 * PI-corral pruning. A corral is a connected area the player cannot reach, together with the
 * boxes in and around it. When every push of its barrier boxes (those next to the player's
 * area) can only go into the corral (I) and the player can already make each of them (P), and
 * the corral still holds unfinished work, some push into it must come first in every solution,
 * and pushing it first changes no push count. So only those pushes need to be searched: sound
 * for solvability and for push-optimal search, not for move-optimal search.
 */
export class PiCorralPruning implements PushPruner {
  /**
   * Corral label of each cell for the current position: labels above `labelBase` were given by
   * the current call, anything else means "not in a corral yet". Raising the base instead of
   * clearing the array spares a pass over every cell per position.
   */
  private readonly label: Int32Array;
  private labelBase = 0;
  private readonly stack: Int32Array;
  private readonly corralBoxes: Int32Array;
  /** The boxes of the best corral found so far in the current call. */
  private readonly bestBoxes: Int32Array;
  /** Boxes whose pushes are allowed, marked with the current epoch. */
  private readonly allowedEpoch: Uint32Array;
  private epoch = 0;
  /** The corrals' fills step through each cell's open neighbours. */
  private readonly open: OpenNeighbours;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    this.label = new Int32Array(problem.cellCount);
    this.stack = new Int32Array(problem.cellCount);
    this.corralBoxes = new Int32Array(problem.cellCount);
    this.bestBoxes = new Int32Array(problem.cellCount);
    this.allowedEpoch = new Uint32Array(problem.cellCount);
    this.open = openNeighboursOf(problem);
  }

  isAllowed(box: number): boolean {
    return this.allowedEpoch[box] === this.epoch;
  }

  /**
   * Looks for a PI-corral in the position (boxAt, the same boxes listed in `boxes`, and the
   * player's walk already done in reach). Returns true when one was found; then only boxes with
   * isAllowed(box) may be pushed. Of the PI-corrals with the fewest pushes into them, the one
   * holding the least cell is chosen.
   */
  restrict(reach: PlayerReach, boxAt: Uint8Array, boxes: Int32Array, count: number): boolean {
    const { cellCount, goalIndexOfCell, everyBoxNeedsGoal, everyGoalNeedsBox } = this.problem;
    const { start: openStart, cells: open } = this.open;
    const { label, stack, corralBoxes, bestBoxes } = this;
    // Each call gives fewer labels than there are cells.
    if (this.labelBase > 0x3fffffff - cellCount) {
      label.fill(0);
      this.labelBase = 0;
    }
    const base = this.labelBase;
    let corral = base;
    let bestBarrier = Infinity;
    let bestLeast = cellCount;
    let bestCount = -1;
    // Every corral holds a box: the board's cells are all connected, so a corral has a cell next
    // to the player's area, and only a box stops the player there. So the fills start at boxes.
    for (let b = 0; b < count; b++) {
      const start = boxes[b];
      if (label[start] > base) continue;
      corral++;
      let top = 0;
      let boxesIn = 0;
      let least = start;
      stack[top++] = start;
      label[start] = corral;
      let unfinished = false;
      while (top > 0) {
        const at = stack[--top];
        if (at < least) least = at;
        if (boxAt[at] !== 0) {
          corralBoxes[boxesIn++] = at;
          // A spare box (all-goals with more boxes than goals) may rest anywhere.
          if (goalIndexOfCell[at] < 0 && everyBoxNeedsGoal) unfinished = true;
        } else if (goalIndexOfCell[at] >= 0 && everyGoalNeedsBox) {
          unfinished = true;
        }
        const end = openStart[at + 1];
        for (let k = openStart[at]; k < end; k++) {
          const to = open[k];
          if (label[to] <= base && !reach.reached(to)) {
            label[to] = corral;
            stack[top++] = to;
          }
        }
      }
      if (!unfinished) continue;
      const barrier = this.barrierPushes(corral, corralBoxes, boxesIn, reach, boxAt);
      if (barrier >= 0 && (barrier < bestBarrier || (barrier === bestBarrier && least < bestLeast))) {
        bestBarrier = barrier;
        bestLeast = least;
        for (let i = 0; i < boxesIn; i++) bestBoxes[i] = corralBoxes[i];
        bestCount = boxesIn;
      }
    }
    this.labelBase = corral;
    if (bestCount < 0) return false;
    let epoch = ++this.epoch;
    if (epoch === 0xffffffff) {
      this.allowedEpoch.fill(0);
      epoch = this.epoch = 1;
    }
    for (let i = 0; i < bestCount; i++) this.allowedEpoch[bestBoxes[i]] = epoch;
    return true;
  }

  /** Number of pushes into the corral, or -1 when the corral is not a PI-corral. */
  private barrierPushes(corral: number, boxes: Int32Array, count: number, reach: PlayerReach, boxAt: Uint8Array): number {
    const { neighbours } = this.problem;
    const { label, dead } = this;
    let pushes = 0;
    for (let i = 0; i < count; i++) {
      const box = boxes[i];
      for (let d = 0; d < 4; d++) {
        const to = neighbours[box * 4 + d];
        const from = neighbours[box * 4 + (d ^ 1)];
        if (to < 0 || from < 0) continue;
        if (!reach.reached(from)) {
          // The player cannot get behind this box before a corral push, unless `from` lies outside
          // this corral (another corral that other pushes could open): then we cannot be sure.
          if (label[from] !== corral) return -1;
          continue;
        }
        if (dead[to] !== 0) continue;
        if (label[to] !== corral) return -1;
        if (boxAt[to] === 0) pushes++;
      }
    }
    return pushes;
  }
}
