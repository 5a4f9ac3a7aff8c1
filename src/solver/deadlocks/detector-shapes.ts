import type { PlayerReach } from '../geometry/reachability.js';

/**
 * The call shapes of deadlock detectors and pruners (see registry.ts), one method name each so
 * that one class may take several. Each names the point of a search where it is called; an
 * engine holds one list per shape (detector-lists.ts) and calls every detector of the list there.
 */

/**
 * Checked on the child of a push before the player's walk (`boxAt` with the push made): only the
 * pushed box's neighbourhood need be examined, the rest being as it was in the parent, which
 * passed. A search's start has no parent: a test that needs it checked says so with `atStart`.
 */
export interface PushDeadlockTest {
  isDeadlockAfterPush(boxAt: Uint8Array, movedFrom: number, movedTo: number): boolean;
}

/**
 * Checked on the child of a push after the player's walk (`reach` walked on `boxAt`); only the
 * area around the moved box need be examined, the rest being as it was in the parent.
 */
export interface WalkDeadlockTest {
  isDeadlockAfterWalk(boxAt: Uint8Array, reach: PlayerReach, movedFrom: number, movedTo: number): boolean;
}

/**
 * Checked on a whole board (1 where a box stands): for rules that look at every box, cheap enough
 * (linear in the board) to run on each child the other tests let through, or at a search's start.
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

/** Where in a search each shape is called: the lists a registry entry's detector joins. */
export interface CallShapes {
  /** Each child, before the player's walk. */
  readonly afterPush: PushDeadlockTest;
  /** Each child the push tests and the table let through, after the walk. */
  readonly afterWalk: WalkDeadlockTest;
  /** Each child the push tests let through, on the whole board (push search: when a position is expanded). */
  readonly onBoard: BoardDeadlockTest;
  /** The start position, once: what an incremental test assumes its parent passed. */
  readonly atStart: BoardDeadlockTest;
  /** Each position before its pushes are listed. */
  readonly pruning: PushPruner;
}

export type CallPoint = keyof CallShapes;
