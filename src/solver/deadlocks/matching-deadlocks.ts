import type { BoardDeadlockTest } from './detector-shapes.js';
import type { Problem } from '../model/problem.js';
import { UNREACHABLE, type PushDistances } from '../geometry/push-distances.js';

/**
 * Matching deadlocks: every box must end on a goal of its own, and a lone box can only reach the
 * goals its push distances reach. When no assignment gives each box a different goal it can
 * reach, the position is lost, however far from a dead cell each box is on its own: two boxes
 * pushed into a pocket that leads to one goal, say, or a row of boxes that only the goals of one
 * room can take in while that room has fewer goals.
 *
 * It is a bipartite matching (Kuhn's augmenting paths) over the reachable pairs, found from
 * scratch per board: boxes take the first free goal they reach, and only those left over search
 * for an augmenting path. Nothing is allocated per call.
 */
export class MatchingDeadlocks implements BoardDeadlockTest {
  /** Goals a lone box on each cell can reach, as goalStart[cell]..goalStart[cell + 1] into goalList. */
  private readonly goalStart: Int32Array;
  private readonly goalList: Int32Array;
  /** Per goal, the box (index into boxes) that holds it, or -1. */
  private readonly holder: Int32Array;
  /** Per goal, the epoch of the augmenting search that last visited it. */
  private readonly visited: Uint32Array;
  private epoch = 0;
  /** The boxes of the board being examined, by cell. */
  private readonly boxes: Int32Array;
  private readonly unmatched: Int32Array;

  constructor(
    private readonly problem: Problem,
    distances: PushDistances,
  ) {
    const { cellCount } = problem;
    const { goalCount, distance } = distances;
    this.goalStart = new Int32Array(cellCount + 1);
    let pairs = 0;
    for (let cell = 0; cell < cellCount; cell++) {
      this.goalStart[cell] = pairs;
      for (let goal = 0; goal < goalCount; goal++) if (distance[cell * goalCount + goal] !== UNREACHABLE) pairs++;
    }
    this.goalStart[cellCount] = pairs;
    this.goalList = new Int32Array(pairs);
    for (let cell = 0, at = 0; cell < cellCount; cell++) {
      for (let goal = 0; goal < goalCount; goal++) if (distance[cell * goalCount + goal] !== UNREACHABLE) this.goalList[at++] = goal;
    }
    this.holder = new Int32Array(goalCount);
    this.visited = new Uint32Array(goalCount);
    this.boxes = new Int32Array(problem.initialBoxes.length);
    this.unmatched = new Int32Array(problem.initialBoxes.length);
  }

  /** True when the boxes of `boxAt` cannot each be given a goal of their own that they can reach. */
  isDeadlock(boxAt: Uint8Array): boolean {
    const { goalStart, goalList, holder, boxes, unmatched } = this;
    holder.fill(-1);
    let boxCount = 0;
    let unmatchedCount = 0;
    for (let cell = 0; cell < this.problem.cellCount; cell++) {
      if (boxAt[cell] === 0) continue;
      const box = boxCount++;
      boxes[box] = cell;
      let placed = false;
      for (let k = goalStart[cell]; k < goalStart[cell + 1]; k++) {
        const goal = goalList[k];
        if (holder[goal] < 0) {
          holder[goal] = box;
          placed = true;
          break;
        }
      }
      if (!placed) unmatched[unmatchedCount++] = box;
    }
    for (let i = 0; i < unmatchedCount; i++) {
      this.nextEpoch();
      if (!this.augment(unmatched[i])) return true;
    }
    return false;
  }

  /** Finds a goal for `box`, moving boxes that hold goals it reaches along to others (depth is at most the box count). */
  private augment(box: number): boolean {
    const { goalStart, goalList, holder, visited, epoch } = this;
    const cell = this.boxes[box];
    for (let k = goalStart[cell]; k < goalStart[cell + 1]; k++) {
      const goal = goalList[k];
      if (visited[goal] === epoch) continue;
      visited[goal] = epoch;
      if (holder[goal] < 0 || this.augment(holder[goal])) {
        holder[goal] = box;
        return true;
      }
    }
    return false;
  }

  private nextEpoch(): void {
    this.epoch++;
    if (this.epoch === 0xffffffff) {
      this.visited.fill(0);
      this.epoch = 1;
    }
  }
}
