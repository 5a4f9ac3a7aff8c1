import type { Problem } from '../model/problem.js';
import { RoomConnectivity } from './room-connectivity.js';
import { UNREACHED, floorSteps } from '../geometry/floor-steps.js';

/** Whether the child of a push is lost by the push-time tests (the search's DetectorLists, given from above). */
export interface PushTests {
  afterPush(boxAt: Uint8Array, movedFrom: number, movedTo: number): boolean;
}

/** Walking steps past this many count as this many in the opener's order (a level's floor is smaller). */
const ORDER_SPAN = 1 << 16;

/**
 * Festival's opener advisor, ours (bench/festival-strategies.md): when no move fills a step of the
 * packing plan, make room at the plan's next square. Of the moves that undo no step, leave no more
 * player areas and break no more links between Festival's rooms (2×2 blocks, room-connectivity.ts),
 * take the box nearest that square (walking, boxes ignored) and push it where it ends no nearer,
 * as far as it goes; and only a move whose child the after-push deadlock tests pass, since
 * Festival's advisors choose among the moves its generator kept, which drops those. On XSokoban 23
 * most of Festival's road before its first packed box is this advisor's.
 *
 * The room count and the deadlock tests are the costly part: they are asked candidate by
 * candidate, in the opener's order, only until one passes.
 */
export class PlanOpener {
  private readonly rooms: RoomConnectivity;
  /** Per plan square asked for so far, each cell's walking steps from it, walls only. */
  private readonly stepsFromSquare = new Map<number, Int32Array>();
  /** The candidates that may open, and their place in the opener's order (lower first; -1 once tried). */
  private readonly eligible: Int32Array;
  private readonly order: Float64Array;

  /** `capacity`: candidates per position, at most. */
  constructor(
    private readonly problem: Problem,
    private readonly detectors: PushTests,
    capacity: number,
  ) {
    this.rooms = new RoomConnectivity(problem, 'festival');
    this.eligible = new Int32Array(capacity);
    this.order = new Float64Array(capacity);
  }

  /**
   * The opening move among a position's `count` candidates, or -1: candidate c moves the box on
   * from[c] to target[c] >> 2 (a target state: cell * 4 + the player's side), after which
   * packedAfter[c] plan steps are done and areasAfter[c] player areas are left. `square` is the
   * plan's next square (empty in boxAt, the position; restored after each test).
   */
  choose(
    square: number,
    boxAt: Uint8Array,
    packed: number,
    areas: number,
    count: number,
    from: Int32Array,
    target: Int32Array,
    packedAfter: Int32Array,
    areasAfter: Int32Array,
  ): number {
    const { eligible, order } = this;
    const steps = this.stepsFrom(square);
    // One pass: no advice where a move packs; else the moves that may open, with their order
    // (nearest box first, then the move ending farthest, then candidate order).
    let listed = 0;
    for (let c = 0; c < count; c++) {
      if (packedAfter[c] > packed) return -1;
      if (packedAfter[c] < packed || areasAfter[c] > areas) continue;
      const before = steps[from[c]];
      const after = steps[target[c] >> 2];
      if (after < before || before === UNREACHED) continue;
      eligible[listed] = c;
      order[listed++] = before * ORDER_SPAN + (ORDER_SPAN - 1 - Math.min(after, ORDER_SPAN - 1));
    }
    if (listed === 0) return -1;
    const linksNow = this.rooms.brokenLinks(boxAt);
    for (;;) {
      let next = -1;
      for (let k = 0; k < listed; k++) if (order[k] >= 0 && (next < 0 || order[k] < order[next])) next = k;
      if (next < 0) return -1;
      order[next] = -1;
      const c = eligible[next];
      const moved = from[c];
      const arrived = target[c] >> 2;
      boxAt[moved] = 0;
      boxAt[arrived] = 1;
      const kept = this.rooms.brokenLinks(boxAt) <= linksNow && !this.detectors.afterPush(boxAt, moved, arrived);
      boxAt[moved] = 1;
      boxAt[arrived] = 0;
      if (kept) return c;
    }
  }

  /** Each cell's walking steps from `square`, walls only (UNREACHED where it cannot walk), worked out once per square. */
  private stepsFrom(square: number): Int32Array {
    let steps = this.stepsFromSquare.get(square);
    if (steps !== undefined) return steps;
    steps = floorSteps(this.problem.neighbours, this.problem.cellCount, [square]);
    this.stepsFromSquare.set(square, steps);
    return steps;
  }
}
