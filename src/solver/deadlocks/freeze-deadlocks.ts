import type { PushDeadlockTest } from './detector-shapes.js';
import type { Problem } from '../model/problem.js';

const NOT_FROZEN = 0;
const FROZEN_ON_GOALS = 1;
const FROZEN_OFF_GOAL = 2;

/**
 * Freeze deadlocks: a box that can move neither vertically nor horizontally, because walls,
 * dead squares or other frozen boxes hold it on both axes, can never move again. When such a
 * frozen group holds a box off a goal, the position is lost (only when every box needs a goal).
 * A box under examination counts as a wall for its neighbours, which is what makes groups of
 * boxes that hold each other frozen together.
 */
export class FreezeDeadlocks implements PushDeadlockTest {
  private readonly asWall: Uint8Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly boxAt: Uint8Array,
  ) {
    this.asWall = new Uint8Array(problem.cellCount);
  }

  /** True when the box at `cell` (already placed in boxAt) is frozen with some box of its group off a goal. */
  isDeadlock(cell: number): boolean {
    return this.frozen(cell) === FROZEN_OFF_GOAL;
  }

  /** The push shape: the box pushed to `movedTo` on the board this detector was built on. */
  isDeadlockAfterPush(_boxAt: Uint8Array, _movedFrom: number, movedTo: number): boolean {
    return this.frozen(movedTo) === FROZEN_OFF_GOAL;
  }

  /**
   * True when the box at `cell` (already placed in boxAt) can never move again, on or off a goal.
   * With no dead cells given, this is the plain geometric fact: walls and other such boxes hold it.
   */
  isFrozen(cell: number): boolean {
    return this.frozen(cell) !== NOT_FROZEN;
  }

  private frozen(cell: number): number {
    const { neighbours, goalIndexOfCell } = this.problem;
    this.asWall[cell] = 1;
    let status = goalIndexOfCell[cell] < 0 ? FROZEN_OFF_GOAL : FROZEN_ON_GOALS;
    const vertical = this.axisBlocked(neighbours[cell * 4], neighbours[cell * 4 + 1]);
    if (vertical === NOT_FROZEN) {
      this.asWall[cell] = 0;
      return NOT_FROZEN;
    }
    const horizontal = this.axisBlocked(neighbours[cell * 4 + 2], neighbours[cell * 4 + 3]);
    this.asWall[cell] = 0;
    if (horizontal === NOT_FROZEN) return NOT_FROZEN;
    if (vertical === FROZEN_OFF_GOAL || horizontal === FROZEN_OFF_GOAL) status = FROZEN_OFF_GOAL;
    return status;
  }

  /**
   * Whether a box between cells a and b cannot move along their axis. Returns NOT_FROZEN,
   * FROZEN_ON_GOALS (held by walls, dead squares or boxes all on goals) or FROZEN_OFF_GOAL
   * (held by a frozen box group with a box off a goal).
   */
  private axisBlocked(a: number, b: number): number {
    if (a < 0 || b < 0 || this.asWall[a] !== 0 || this.asWall[b] !== 0) return FROZEN_ON_GOALS;
    if (this.dead[a] !== 0 && this.dead[b] !== 0) return FROZEN_ON_GOALS;
    if (this.boxAt[a] !== 0) {
      const held = this.frozen(a);
      if (held !== NOT_FROZEN) return held;
    }
    if (this.boxAt[b] !== 0) {
      const held = this.frozen(b);
      if (held !== NOT_FROZEN) return held;
    }
    return NOT_FROZEN;
  }
}
