import type { PlayerReach } from '../geometry/reachability.js';

/**
 * The call shapes of deadlock detectors and pruners (see registry.ts). Engines hold each detector
 * in a field of its own class and call it directly; these interfaces only say where in a search
 * each kind is called and what it may read.
 */

/**
 * Checked on the child of a push before the player's walk: the detector reads the board it was
 * given when built (the engine's boxAt, with the push already made) and looks near `movedTo`.
 */
export interface LocalDeadlockTest {
  isDeadlock(movedTo: number): boolean;
}

/**
 * Checked on the child of a push after the player's walk (`reach` walked on `boxAt`); only the
 * area around the moved box need be examined, the rest being as it was in the parent.
 */
export interface AreaDeadlockTest {
  isDeadlock(boxAt: Uint8Array, reach: PlayerReach, movedFrom: number, movedTo: number): boolean;
}

/**
 * Checked on a whole board (1 where a box stands): for rules that look at every box, cheap enough
 * (linear in the board) to run on each child the local tests let through.
 */
export interface BoardDeadlockTest {
  isDeadlock(boxAt: Uint8Array): boolean;
}

/**
 * Narrows the pushes of a position before its children are made: after restrict(reach, boxAt,
 * boxes, count) (the position's boxes both marked and listed) returns true, only boxes with
 * isAllowed(box) may be pushed.
 */
export interface PushPruner {
  restrict(reach: PlayerReach, boxAt: Uint8Array, boxes: Int32Array, count: number): boolean;
  isAllowed(box: number): boolean;
}
