import type { PlayerReach } from '../geometry/reachability.js';
import type { BoardDeadlockTest, PushDeadlockTest, PushPruner, WalkDeadlockTest } from './detector-shapes.js';

/**
 * One engine's detectors on one level, as one list per call shape (detector-shapes.ts), in the
 * registry's order (cheapest first). The engine calls each list at its point of the search; a
 * detector added to the registry is called without the engine changing. The lists hold at most
 * a handful of classes each, so their call sites stay polymorphic rather than megamorphic.
 */
export class DetectorLists {
  /** The pruner that restricted the position last given to restrict(), or null. */
  private restricting: PushPruner | null = null;

  constructor(
    readonly afterPushTests: readonly PushDeadlockTest[],
    readonly afterWalkTests: readonly WalkDeadlockTest[],
    readonly onBoardTests: readonly BoardDeadlockTest[],
    readonly atStartTests: readonly BoardDeadlockTest[],
    readonly pruners: readonly PushPruner[],
  ) {}

  /** Whether the child of a push is lost, from the pushed box's neighbourhood (before the walk). */
  afterPush(boxAt: Uint8Array, movedFrom: number, movedTo: number): boolean {
    const tests = this.afterPushTests;
    for (let i = 0; i < tests.length; i++) if (tests[i].isDeadlockAfterPush(boxAt, movedFrom, movedTo)) return true;
    return false;
  }

  /** Whether the child of a push is lost, from the area around the moved box (after the walk). */
  afterWalk(boxAt: Uint8Array, reach: PlayerReach, movedFrom: number, movedTo: number): boolean {
    const tests = this.afterWalkTests;
    for (let i = 0; i < tests.length; i++) if (tests[i].isDeadlockAfterWalk(boxAt, reach, movedFrom, movedTo)) return true;
    return false;
  }

  /** Whether a whole board is lost by the whole-board rules. */
  onBoard(boxAt: Uint8Array): boolean {
    const tests = this.onBoardTests;
    for (let i = 0; i < tests.length; i++) if (tests[i].isDeadlock(boxAt)) return true;
    return false;
  }

  /** Whether the start is lost by the rules whose incremental checks assume a parent that passed. */
  atStart(boxAt: Uint8Array): boolean {
    const tests = this.atStartTests;
    for (let i = 0; i < tests.length; i++) if (tests[i].isDeadlock(boxAt)) return true;
    return false;
  }

  /**
   * Whether a pruner narrows this position's pushes (then ask isAllowed). The first pruner that
   * restricts decides alone: each pruner's restriction is sound by itself, not together with
   * another's (two corrals may each come first in some solution, not both).
   */
  restrict(reach: PlayerReach, boxAt: Uint8Array, boxes: Int32Array, count: number): boolean {
    this.restricting = null;
    const pruners = this.pruners;
    for (let i = 0; i < pruners.length; i++) {
      if (pruners[i].restrict(reach, boxAt, boxes, count)) {
        this.restricting = pruners[i];
        return true;
      }
    }
    return false;
  }

  /** After restrict() returned true: whether `box` may be pushed. */
  isAllowed(box: number): boolean {
    return this.restricting === null || this.restricting.isAllowed(box);
  }
}
