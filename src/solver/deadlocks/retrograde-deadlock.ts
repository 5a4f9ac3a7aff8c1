import { FixedBoxes } from './fixed-boxes.js';
import type { Problem } from '../model/problem.js';

/** Per-cell roles in the retrograde play. */
const OPEN = 0;
/** A box that never moves again in any solution: a wall for the rest of the game. */
const FIXED = 1;
/** A goal whose box of the final position has not been pulled off yet. */
const HELD = 2;

/**
 * Retrograde analysis (after Shoham's FESS draft, appendix): finds positions where boxes were
 * fixed on goals too early, so that the goals behind them can no longer be filled.
 *
 * First the boxes that can never move are found (fixed-boxes.ts). A fixed box off a goal is lost.
 *
 * Then the game is played backwards from the final position, with the fixed boxes as walls and a
 * box on every other goal: a box is pulled off (and taken off the board, which only makes room)
 * when the square beside it is open and not dead and the square beyond is open for the player
 * to step back onto. The player is allowed to stand anywhere, which again only makes room. A goal
 * whose box can never be pulled holds its box throughout every solution's last stretch, so it
 * must hold a box already; an empty one proves the position lost.
 *
 * Sound for every use (optimal search, unsolvability proofs); it needs every goal filled at the
 * end, so it says nothing when the boxes and goals differ in number or spare boxes may rest
 * anywhere. Work is linear in boxes plus goals.
 */
export class RetrogradeDeadlocks {
  /** Whether the level is one where the analysis means anything. */
  readonly applies: boolean;
  /** Positions found lost: for measurement. */
  found = 0;
  /**
   * What the last isDeadlock that said true found, for explaining it (solver/explain): a box
   * that never moves off a goal, or else an empty goal that can never be filled; -1 otherwise.
   */
  lastFixedOffGoal = -1;
  lastUnfillableGoal = -1;

  private readonly role: Uint8Array;
  private readonly fixedBoxes: FixedBoxes;
  private readonly pending: Uint8Array;
  private readonly boxes: Int32Array;
  private readonly work: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    const n = problem.cellCount;
    this.applies = problem.everyBoxNeedsGoal && problem.goals.length === problem.initialBoxes.length;
    this.role = new Uint8Array(n);
    this.fixedBoxes = new FixedBoxes(problem, dead);
    this.pending = new Uint8Array(n);
    this.boxes = new Int32Array(problem.initialBoxes.length);
    this.work = new Int32Array(Math.max(n, 1));
  }

  /** True when the boxes of `boxAt` (one per cell, 1 = box) can provably never all be home. */
  isDeadlock(boxAt: Uint8Array): boolean {
    if (!this.applies) return false;
    this.lastFixedOffGoal = -1;
    this.lastUnfillableGoal = -1;
    const count = this.collectBoxes(boxAt);
    const lost = this.fixBoxes(count) || this.playBackwards(boxAt);
    this.reset(count);
    if (lost) this.found++;
    return lost;
  }

  private collectBoxes(boxAt: Uint8Array): number {
    const { boxes } = this;
    let count = 0;
    for (let cell = 0; cell < boxAt.length && count < boxes.length; cell++) if (boxAt[cell] !== 0) boxes[count++] = cell;
    return count;
  }

  /** Marks the boxes that never move (see fixed-boxes.ts); true when one of them is off a goal. */
  private fixBoxes(count: number): boolean {
    const { goalIndexOfCell } = this.problem;
    const { boxes, fixedBoxes } = this;
    fixedBoxes.mark(boxes, count);
    for (let i = 0; i < count; i++) {
      if (fixedBoxes.fixed[boxes[i]] !== 0 && goalIndexOfCell[boxes[i]] < 0) {
        this.lastFixedOffGoal = boxes[i];
        return true;
      }
    }
    return false;
  }

  /** Pulls boxes off the final position; true when a goal that keeps its box is empty now. */
  private playBackwards(boxAt: Uint8Array): boolean {
    const { goals, neighbours } = this.problem;
    const { role, pending, work } = this;
    const { fixed } = this.fixedBoxes;
    let top = 0;
    for (let i = 0; i < goals.length; i++) {
      const goal = goals[i];
      if (fixed[goal] !== 0) {
        role[goal] = FIXED;
      } else {
        role[goal] = HELD;
        pending[goal] = 1;
        work[top++] = goal;
      }
    }
    while (top > 0) {
      const goal = work[--top];
      pending[goal] = 0;
      if (role[goal] !== HELD || !this.pullable(goal)) continue;
      role[goal] = OPEN;
      // Goals one or two squares away in a line may now have room to be pulled.
      for (let d = 0; d < 4; d++) {
        const near = neighbours[goal * 4 + d];
        if (near < 0 || role[near] === FIXED) continue;
        if (role[near] === HELD && pending[near] === 0) {
          pending[near] = 1;
          work[top++] = near;
        }
        const far = neighbours[near * 4 + d];
        if (far >= 0 && role[far] === HELD && pending[far] === 0) {
          pending[far] = 1;
          work[top++] = far;
        }
      }
    }
    let lost = false;
    for (let i = 0; i < goals.length; i++) {
      const goal = goals[i];
      if (role[goal] === HELD && boxAt[goal] === 0) {
        if (!lost) this.lastUnfillableGoal = goal;
        lost = true;
      }
    }
    return lost;
  }

  private pullable(goal: number): boolean {
    const { neighbours } = this.problem;
    const { role, dead } = this;
    for (let d = 0; d < 4; d++) {
      const into = neighbours[goal * 4 + d];
      if (into < 0 || role[into] !== OPEN || dead[into] !== 0) continue;
      const back = neighbours[into * 4 + d];
      if (back >= 0 && role[back] === OPEN) return true;
    }
    return false;
  }

  private reset(count: number): void {
    const { boxes, role } = this;
    this.fixedBoxes.clear(boxes, count);
    const { goals } = this.problem;
    for (let i = 0; i < goals.length; i++) role[goals[i]] = OPEN;
  }
}
