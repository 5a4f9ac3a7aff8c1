import type { BoardDeadlockTest, PushDeadlockTest } from './detector-shapes.js';
import { GoalAssignment } from './goal-assignment.js';
import type { Problem } from '../model/problem.js';
import { UNREACHABLE, type PushDistances } from '../geometry/push-distances.js';

/**
 * Matching deadlocks: every box must end on a goal of its own, and a lone box can only reach the
 * goals its push distances reach. When no assignment gives each box a different goal it can
 * reach, the position is lost, however far from a dead cell each box is on its own: two boxes
 * pushed into a pocket that leads to one goal, say, or a row of boxes that only the goals of one
 * room can take in while that room has fewer goals.
 *
 * It is a bipartite matching over the reachable pairs (goal-assignment.ts), started from the
 * assignment of the board examined before (boards met one after the other share most boxes).
 * Nothing is allocated per call.
 *
 * After a push, most boards need no matching at all: when the pushed box can still reach every
 * goal it could reach before, the parent's assignment still gives each box a goal of its own
 * (isDeadlockAfterPush, for searches whose parents all passed this test).
 */
export class MatchingDeadlocks implements PushDeadlockTest, BoardDeadlockTest {
  /** Goals a lone box on each cell can reach, as goalStart[cell]..goalStart[cell + 1] into goalList. */
  private readonly goalStart: Int32Array;
  private readonly goalList: Int32Array;
  private readonly assignment: GoalAssignment;
  /** The boxes of the board being examined, by cell. */
  private readonly boxes: Int32Array;
  /** Per cell, the goals a lone box there can reach, as a bit set of `goalWords` 32-bit words. */
  private readonly reachable: Uint32Array;
  private readonly goalWords: number;

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
    this.goalWords = (goalCount + 31) >>> 5;
    this.reachable = new Uint32Array(cellCount * this.goalWords);
    for (let cell = 0; cell < cellCount; cell++) {
      for (let at = this.goalStart[cell]; at < this.goalStart[cell + 1]; at++) {
        const goal = this.goalList[at];
        this.reachable[cell * this.goalWords + (goal >>> 5)] |= 1 << (goal & 31);
      }
    }
    this.assignment = new GoalAssignment(goalCount, problem.initialBoxes.length);
    this.boxes = new Int32Array(problem.initialBoxes.length);
  }

  /**
   * isDeadlock for the child of a push from `from` to `to` (made on `boxAt`) of a board that is not
   * such a deadlock: when every goal the box could reach from `from` it can reach from `to`, the
   * parent's assignment holds with the box keeping its goal, so only other pushes need the matching.
   */
  isDeadlockAfterPush(boxAt: Uint8Array, from: number, to: number): boolean {
    const { reachable, goalWords } = this;
    const before = from * goalWords;
    const after = to * goalWords;
    let kept = true;
    for (let w = 0; w < goalWords && kept; w++) kept = (reachable[before + w] & ~reachable[after + w]) === 0;
    return !kept && this.isDeadlock(boxAt);
  }

  /** True when the boxes of `boxAt` cannot each be given a goal of their own that they can reach. */
  isDeadlock(boxAt: Uint8Array): boolean {
    const { boxes } = this;
    let boxCount = 0;
    for (let cell = 0; cell < this.problem.cellCount; cell++) if (boxAt[cell] !== 0) boxes[boxCount++] = cell;
    return !this.assignment.assignsAllAgain(boxCount, boxes, this.goalStart, this.goalList);
  }
}
