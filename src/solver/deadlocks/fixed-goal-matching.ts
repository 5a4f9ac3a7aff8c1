import type { WalkDeadlockTest } from './detector-shapes.js';
import { BoxMoves } from '../geometry/box-moves.js';
import { FixedBoxes } from './fixed-boxes.js';
import { FixedSetGoals } from './fixed-set-goals.js';
import { GoalAssignment } from './goal-assignment.js';
import type { Problem } from '../model/problem.js';

/** Any side of a box may be where the player starts: the relaxation that keeps the test sound. */
const ANY_SIDE = (): boolean => true;

/**
 * Bipartite analysis with the fixed boxes as walls (after the FESS draft's appendix): once boxes
 * stand on goals for good, they are walls for the rest of the game, and the way they close can
 * leave a box that can still move with no free goal it can reach. Every box that can still move
 * needs a goal of its own among the goals no fixed box holds, reachable by pushes with the fixed
 * boxes as the only obstacles and the player free to start on any side; when no assignment gives
 * each one such a goal, the position is lost.
 *
 * The fixed set only grows when a push leaves its box fixed on a goal (a box that can still move
 * holds no fixed box in place), so that is the only push after which the test runs; then it
 * searches, for each box that can still move, where it can be pushed alone (box-moves.ts), or
 * reads it from an earlier position with the same fixed boxes (fixed-set-goals.ts).
 * Removing the movable boxes and letting the player start anywhere only widens what each box
 * can reach, so a failed matching is a proof.
 */
export class FixedGoalMatching implements WalkDeadlockTest {
  /** Whether the level is one where the test means anything: every box needs a goal of its own. */
  readonly applies: boolean;
  /** Positions found lost: for measurement. */
  found = 0;

  private readonly fixedBoxes: FixedBoxes;
  private readonly moves: BoxMoves;
  /** The fixed boxes, and the one box being searched. */
  private readonly walls: Uint8Array;
  private readonly boxes: Int32Array;
  /** Per box that can move (by index), the goals it can reach: reachStart[i]..reachStart[i + 1] into reachGoals. */
  private readonly reachStart: Int32Array;
  private readonly reachGoals: Int32Array;
  private readonly movable: Int32Array;
  /** 0, 1, 2, ...: movable box i reads its own goal list (see GoalAssignment). */
  private readonly ownRow: Int32Array;
  private readonly assignment: GoalAssignment;
  /** The fixed boxes of the position tested, in square order. */
  private readonly fixedList: Int32Array;
  /** Each square's reachable goals per fixed set, as boxes come up. */
  private readonly reached: FixedSetGoals;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    const boxCount = problem.initialBoxes.length;
    const goalCount = problem.goals.length;
    this.applies = problem.everyBoxNeedsGoal && goalCount === boxCount && boxCount > 0;
    this.fixedBoxes = new FixedBoxes(problem, dead);
    this.moves = new BoxMoves(problem);
    this.walls = new Uint8Array(problem.cellCount);
    this.boxes = new Int32Array(boxCount);
    this.reachStart = new Int32Array(boxCount + 1);
    this.reachGoals = new Int32Array(Math.max(1, boxCount * goalCount));
    this.movable = new Int32Array(boxCount);
    this.ownRow = Int32Array.from({ length: boxCount }, (_, i) => i);
    this.assignment = new GoalAssignment(goalCount, boxCount);
    this.fixedList = new Int32Array(boxCount);
    this.reached = new FixedSetGoals(problem.cellCount, goalCount);
  }

  /** True when the push that put a box on `movedTo` fixed it there and left the movable boxes without goals of their own. */
  isDeadlockAfterWalk(boxAt: Uint8Array, _reach: unknown, _movedFrom: number, movedTo: number): boolean {
    const { goalIndexOfCell, cellCount } = this.problem;
    if (!this.applies || goalIndexOfCell[movedTo] < 0) return false;
    const { boxes, fixedBoxes } = this;
    let count = 0;
    for (let cell = 0; cell < cellCount && count < boxes.length; cell++) if (boxAt[cell] !== 0) boxes[count++] = cell;
    fixedBoxes.mark(boxes, count);
    const lost = fixedBoxes.fixed[movedTo] !== 0 && this.unmatched(count);
    fixedBoxes.clear(boxes, count);
    if (lost) this.found++;
    return lost;
  }

  /** With the fixed boxes marked: true when the boxes that can move cannot each have a free goal they reach. */
  private unmatched(count: number): boolean {
    const { boxes, movable, fixedList, reached } = this;
    const { fixed } = this.fixedBoxes;
    const { goalIndexOfCell } = this.problem;
    let movableCount = 0;
    let fixedCount = 0;
    for (let i = 0; i < count; i++) {
      if (fixed[boxes[i]] !== 0) {
        // A fixed box off a goal is lost for good.
        if (goalIndexOfCell[boxes[i]] < 0) return true;
        fixedList[fixedCount++] = boxes[i];
      } else {
        movable[movableCount++] = boxes[i];
      }
    }
    reached.select(fixedList, fixedCount);
    this.findMissingGoals(movableCount, fixedCount);
    const { reachStart, reachGoals } = this;
    const { bits, words } = reached;
    let pairs = 0;
    for (let i = 0; i < movableCount; i++) {
      reachStart[i] = pairs;
      const base = movable[i] * words;
      for (let k = 0; k < words; k++) {
        let word = bits[base + k];
        while (word !== 0) {
          const low = word & -word;
          reachGoals[pairs++] = k * 32 + (31 - Math.clz32(low));
          word ^= low;
        }
      }
    }
    reachStart[movableCount] = pairs;
    return !this.assignment.assignsAll(movableCount, this.ownRow, reachStart, reachGoals);
  }

  /** Records in `reached` the goals of the movable boxes it has none for yet: the free goals a lone box there can be pushed to (or stays on). */
  private findMissingGoals(movableCount: number, fixedCount: number): void {
    const { walls, moves, movable, fixedList, reached, dead } = this;
    const { goalIndexOfCell } = this.problem;
    let wallsUp = false;
    for (let i = 0; i < movableCount; i++) {
      const box = movable[i];
      if (reached.has(box)) continue;
      if (!wallsUp) {
        for (let k = 0; k < fixedCount; k++) walls[fixedList[k]] = 1;
        wallsUp = true;
      }
      // A box already on a free goal may stay there.
      if (goalIndexOfCell[box] >= 0) reached.add(box, goalIndexOfCell[box]);
      walls[box] = 1;
      const found = moves.search(box, walls, dead, ANY_SIDE);
      walls[box] = 0;
      // The fixed boxes are walls: no square found holds one.
      for (let k = 0; k < found; k++) {
        const goal = goalIndexOfCell[moves.states[k] >> 2];
        if (goal >= 0) reached.add(box, goal);
      }
      reached.done(box);
    }
    if (wallsUp) for (let k = 0; k < fixedCount; k++) walls[fixedList[k]] = 0;
  }
}
