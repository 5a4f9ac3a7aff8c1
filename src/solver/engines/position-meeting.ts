/**
 * Positions a search from the other end has already joined to the solved position: a forward
 * search that reaches one of them is done (bases/base-search.ts is one).
 */
export interface PositionMeeting {
  /**
   * The meeting point equal to a position with every box (its box words as PackedPositions packs
   * them, the player's normalized cell and the hash PackedPositions gives it), or -1.
   */
  meet(boxes: Uint32Array, keyPlayer: number, hash: number): number;
  /** The pushes from meeting point `point` to the solved position, the player starting on `player`. */
  pushesHome(point: number, player: number): Int32Array;
}
