import type { WalkDeadlockTest } from './detector-shapes.js';
import type { Problem } from '../model/problem.js';
import { findRooms } from '../fess/room-connectivity.js';
import type { PlayerReach } from '../geometry/reachability.js';
import { sortCells } from './sort-cells.js';
import { type SubBoardCounts, SubBoardSearch, type SubBoardRules } from './sub-board-search.js';

/** How large a room's sub-problem may be and how far its search may go. */
export interface RoomSearchLimits {
  /** Rooms holding more boxes than this (with their doorstep boxes) are not searched. */
  readonly maxBoxes: number;
  /** Positions a sub-search may store before it gives up and says nothing. */
  readonly maxStates: number;
}

/**
 * Measured with FESS alone at fixed position budgets: 6 boxes found about as many deadlocks on the
 * hard XSokoban levels as 10, in a third of the searches and with far fewer searches cut short;
 * a cap of 128 positions cost less (9% more CPU than without the detector instead of 12%, on
 * XSokoban levels it does not help) but no longer solved Sasquatch 17 within 20,000 positions.
 */
export const DEFAULT_ROOM_SEARCH_LIMITS: RoomSearchLimits = { maxBoxes: 6, maxStates: 256 };

/** Verdicts kept for a level, by all its searches' room detectors together: what four detectors' own tables of 2^14 took. */
const CACHE_SLOTS = 1 << 16;
/** Steps to a room's way out beyond this count as this in the search's order. */
const MAX_EXIT_STEPS = 63;

/**
 * FESS's room deadlocks (draft, appendix "Room deadlock detection"): boxes in a room may stand so
 * that they can never all be pushed out of it or onto its goals. After a box move ends in a room,
 * the boxes on the room's squares and on the squares just outside it are cut out and every other
 * box is taken off; a small search over single pushes (the player walks anywhere the cut-out board
 * lets it) takes off each box that leaves the room (or goes from just outside it farther out) and
 * looks for a position where no box left on the room's squares is off a goal. Finding one says
 * nothing; running out of positions proves the real position lost. (The draft stops at the first
 * box out; going on until the room is cleared also finds rooms where one box can leave but the
 * others are stuck for good.)
 *
 * Why that is sound: taking boxes off only makes pushing easier, so in any solution of the real
 * position, the pushes of the kept boxes, in order, can be made on the cut-out board too, where
 * each box taken off stays off; at the end of the solution every box still kept, on the room's
 * squares or not, is on a goal, which is a win of the search. Pushes onto dead cells and pushes that
 * freeze a box off a goal are skipped: boxes that cannot move on the cut-out board cannot on the
 * real one either, so no solution makes them. A search cut short by its cap says nothing.
 * Every verdict is cached by the kept box cells and the player's square as given (the smallest of
 * its area on the real board, which lies in one area of the cut-out board): the proof holds for
 * any position holding those boxes, whichever room asked.
 */
export class RoomDeadlocks implements WalkDeadlockTest, SubBoardRules {
  /** Its searches' order (SubBoardRules): the rules' score, least first. */
  readonly order = 'best-first';
  /** Its win reads the boxes and the score alone (SubBoardRules). */
  readonly readsChildWalk = false;
  /** Per cell, its room, or -1 (fess/room-connectivity.ts). */
  private readonly roomOf: Int32Array;
  /** Per room, its squares and then the squares just outside it: cells roomCells[roomStart[r] .. roomStart[r + 1]). */
  private readonly roomStart: Int32Array;
  private readonly roomCells: Int32Array;
  /** Per room, how many of its roomCells are its own squares (the rest lie just outside). */
  private readonly roomSize: Int32Array;
  /** Marks the squares just outside the room being searched (ringEpoch). */
  private readonly ringMark: Uint32Array;
  private ringEpoch = 0;
  /** Per cell of a room, the fewest steps (walls only) to a square off its room; 0 elsewhere. */
  private readonly exitSteps: Int32Array;
  private readonly search: SubBoardSearch;
  private room = -1;

  constructor(
    private readonly problem: Problem,
    dead: Uint8Array,
    private readonly limits: RoomSearchLimits = DEFAULT_ROOM_SEARCH_LIMITS,
  ) {
    const { cellCount, neighbours } = problem;
    this.roomOf = findRooms(problem);
    let rooms = 0;
    for (let cell = 0; cell < cellCount; cell++) rooms = Math.max(rooms, this.roomOf[cell] + 1);
    const lists: number[][] = Array.from({ length: rooms }, () => []);
    const outside: number[][] = Array.from({ length: rooms }, () => []);
    for (let cell = 0; cell < cellCount; cell++) {
      const room = this.roomOf[cell];
      if (room >= 0) lists[room].push(cell);
    }
    // The squares just outside a room: doorways and corridor mouths where a box still hems in its boxes.
    for (let room = 0; room < rooms; room++) {
      const marked = new Set<number>();
      for (const cell of lists[room]) {
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cell * 4 + d];
          if (next >= 0 && this.roomOf[next] !== room && !marked.has(next)) {
            marked.add(next);
            outside[room].push(next);
          }
        }
      }
    }
    this.roomStart = new Int32Array(rooms + 1);
    this.roomSize = Int32Array.from(lists, (list) => list.length);
    this.ringMark = new Uint32Array(cellCount);
    const flat: number[] = [];
    for (let room = 0; room < rooms; room++) {
      this.roomStart[room] = flat.length;
      flat.push(...lists[room], ...outside[room]);
    }
    this.roomStart[rooms] = flat.length;
    this.roomCells = Int32Array.from(flat);
    this.exitSteps = new Int32Array(cellCount);
    const queue = new Int32Array(cellCount);
    for (let room = 0; room < rooms; room++) {
      let tail = 0;
      for (const cell of lists[room]) this.exitSteps[cell] = -1;
      for (const cell of outside[room]) {
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cell * 4 + d];
          if (next >= 0 && this.roomOf[next] === room && this.exitSteps[next] < 0) {
            this.exitSteps[next] = 1;
            queue[tail++] = next;
          }
        }
      }
      for (let head = 0; head < tail; head++) {
        const cell = queue[head];
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cell * 4 + d];
          if (next >= 0 && this.exitSteps[next] < 0) {
            this.exitSteps[next] = this.exitSteps[cell] + 1;
            queue[tail++] = next;
          }
        }
      }
      // A room with no way out (the whole level): its boxes are ordered alike.
      for (const cell of lists[room]) if (this.exitSteps[cell] < 0) this.exitSteps[cell] = 0;
    }
    const { maxBoxes, maxStates } = limits;
    this.search = new SubBoardSearch(problem, dead, { maxBoxes, maxStates, cacheSlots: CACHE_SLOTS, boxSeed: 0x3a9d51c7, playerSeed: 0x7e2f08b3 }, limits);
  }

  /** Sub-searches run, deadlocks found, searches cut short and cache hits: for measurement. */
  get counts(): SubBoardCounts {
    return this.search;
  }

  /** The engines' call after a box move and the player's walk: `reach` walked on `boxAt`. */
  isDeadlockAfterWalk(boxAt: Uint8Array, reach: PlayerReach, _movedFrom: number, movedTo: number): boolean {
    return this.isDeadlockIn(boxAt, reach.topLeft, movedTo);
  }

  /**
   * True when the boxes of the room holding `movedTo` (and those just outside it), alone on the
   * board with the player on `player` (any cell of the player's area), can neither push a box out
   * of the room nor all stand on goals.
   */
  isDeadlockIn(boxAt: Uint8Array, player: number, movedTo: number): boolean {
    const room = this.roomOf[movedTo];
    if (room < 0) return false;
    const { roomCells, problem } = this;
    const { child } = this.search;
    const { maxBoxes } = this.limits;
    let size = 0;
    let offGoal = false;
    const ownEnd = this.roomStart[room] + this.roomSize[room];
    for (let k = this.roomStart[room]; k < this.roomStart[room + 1]; k++) {
      const cell = roomCells[k];
      if (boxAt[cell] === 0) continue;
      if (size === maxBoxes) return false;
      child[size++] = cell;
      if (k < ownEnd && problem.goalIndexOfCell[cell] < 0) offGoal = true;
    }
    // A lone box is left to the dead cells: a search for it would rarely say more.
    if (!offGoal || size < 2) return false;
    sortCells(child, size);
    this.room = room;
    return this.search.isLost(size, player, this);
  }

  /** Marks the squares just outside the room about to be searched. */
  prepare(): void {
    const { ringMark, roomCells, roomStart, room } = this;
    const ring = ++this.ringEpoch;
    for (let k = roomStart[room] + this.roomSize[room]; k < roomStart[room + 1]; k++) ringMark[roomCells[k]] = ring;
  }

  /** No room box left off a goal. */
  wins(_cells: Int32Array, _size: number, score: number): boolean {
    return score === 0;
  }

  /**
   * A box that leaves the room, or goes from the squares just outside it farther out, is taken
   * off: one more relaxation, and what makes the room's way out count as progress.
   */
  keeps(to: number, from: number): boolean {
    const { roomOf, room } = this;
    return roomOf[to] === room || (this.ringMark[to] === this.ringEpoch && roomOf[from] !== room);
  }

  /**
   * The search's order for the first `size` cells of `cells`: room boxes off goals, then the
   * fewest steps one of them is from leaving the room; 0 when no room box is off a goal (the search's win).
   */
  score(cells: Int32Array, size: number): number {
    const { roomOf, room, exitSteps } = this;
    const { goalIndexOfCell } = this.problem;
    let off = 0;
    let nearest = MAX_EXIT_STEPS;
    for (let i = 0; i < size; i++) {
      const cell = cells[i];
      if (roomOf[cell] !== room || goalIndexOfCell[cell] >= 0) continue;
      off++;
      if (exitSteps[cell] < nearest) nearest = exitSteps[cell];
    }
    return off === 0 ? 0 : off * (MAX_EXIT_STEPS + 1) + nearest;
  }
}
