import type { AreaDeadlockTest } from './detector-shapes.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { findRooms } from '../fess/room-connectivity.js';
import { PlayerReach } from '../geometry/reachability.js';
import { zobristKeys } from '../model/zobrist.js';
import { sortCells } from './sort-cells.js';

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

/** Verdicts, as cached. EMPTY marks a free cache slot. */
const EMPTY = 0;
const ALIVE = 1;
const DEAD = 2;
const GAVE_UP = 3;
const CACHE_SLOTS = 1 << 14;
const PROBES = 4;
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
export class RoomDeadlocks implements AreaDeadlockTest {
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
  private readonly boxKeys: Uint32Array;
  private readonly playerKeys: Uint32Array;
  /** Sub-problem boards: `walker` holds the position being expanded, `probe` its child. */
  private readonly walker: PlayerReach;
  private readonly probe: PlayerReach;
  private readonly freeze: FreezeDeadlocks;
  private readonly maxBoxes: number;
  private readonly stride: number;
  // The sub-search's positions: sorted box cells (every position has the same count) and the normalized player.
  private readonly states: Int32Array;
  private readonly stateSize: Int32Array;
  private readonly statePlayer: Int32Array;
  /** Per stored position: the fewest steps any of its room boxes is from leaving the room (the search's order), and whether it was expanded. */
  private readonly stateScore: Int32Array;
  private readonly stateDone: Uint8Array;
  private readonly seen: Int32Array;
  private readonly child: Int32Array;
  private readonly cache: Int32Array;
  private readonly cacheHash: Uint32Array;
  private room = -1;
  /** Sub-searches run, deadlocks found, searches cut short and cache hits: for measurement. */
  searches = 0;
  found = 0;
  gaveUp = 0;
  hits = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
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
    this.boxKeys = zobristKeys(cellCount, 0x3a9d51c7);
    this.playerKeys = zobristKeys(cellCount, 0x7e2f08b3);
    this.walker = new PlayerReach(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
    this.maxBoxes = limits.maxBoxes;
    this.stride = limits.maxBoxes + 2;
    this.states = new Int32Array(limits.maxStates * limits.maxBoxes);
    this.stateSize = new Int32Array(limits.maxStates);
    this.statePlayer = new Int32Array(limits.maxStates);
    this.stateScore = new Int32Array(limits.maxStates);
    this.stateDone = new Uint8Array(limits.maxStates);
    let slots = 4;
    while (slots < limits.maxStates * 2) slots *= 2;
    this.seen = new Int32Array(slots);
    this.child = new Int32Array(limits.maxBoxes);
    // Per slot: the box cells (padded with -1), the player, the verdict.
    this.cache = new Int32Array(CACHE_SLOTS * this.stride);
    this.cacheHash = new Uint32Array(CACHE_SLOTS);
  }

  /** The engines' call after a box move and the player's walk: `reach` walked on `boxAt`. */
  isDeadlock(boxAt: Uint8Array, reach: PlayerReach, _movedFrom: number, movedTo: number): boolean {
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
    const { roomCells, child, maxBoxes, problem } = this;
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
    // The key takes the player's square as given, the smallest of its area on the real board:
    // on the cut-out board that square lies in one area, the same for every position with these
    // boxes, so the key names one sub-problem; a second flood to normalize it further would cost
    // more per call than the few searches it saves.
    const start = player;

    const slot = this.cacheSlot(size, start);
    const at = slot * this.stride;
    const known = this.cache[at + this.stride - 1];
    if (known !== EMPTY) {
      this.hits++;
      return known === DEAD;
    }
    this.room = room;
    this.searches++;
    const verdict = this.search(size, start);
    if (verdict === DEAD) this.found++;
    else if (verdict === GAVE_UP) this.gaveUp++;
    // The key is written from the sorted sub-problem kept in state 0 (search() reuses `child`).
    const { states, stride } = this;
    for (let i = 0; i < maxBoxes; i++) this.cache[at + i] = i < size ? states[i] : -1;
    this.cache[at + maxBoxes] = start;
    this.cache[at + stride - 1] = verdict;
    return verdict === DEAD;
  }

  /** Whether the box set in `child` (sorted, `size` boxes) with the player area `start` is lost. */
  private search(size: number, start: number): number {
    const { problem, dead, walker, probe, states, stateSize, statePlayer, stateScore, stateDone, child, maxBoxes, roomOf, room, ringMark } = this;
    const { neighbours } = problem;
    const { maxStates } = this.limits;
    const ring = ++this.ringEpoch;
    for (let k = this.roomStart[room] + this.roomSize[room]; k < this.roomStart[room + 1]; k++) ringMark[this.roomCells[k]] = ring;
    this.seen.fill(-1);
    // The start's player area on the cut-out board, normalized as its children's are, so that
    // a position the search comes back to is known.
    for (let i = 0; i < size; i++) walker.boxAt[child[i]] = 1;
    walker.flood(start);
    for (let i = 0; i < size; i++) walker.boxAt[child[i]] = 0;
    states.set(child.subarray(0, size), 0);
    stateSize[0] = size;
    statePlayer[0] = walker.topLeft;
    stateScore[0] = this.score(child, size);
    stateDone[0] = 0;
    this.remember(0);
    let count = 1;
    let expanded = 0;
    const boxAt = walker.boxAt;
    const childAt = probe.boxAt;
    let verdict = DEAD;
    while (expanded < count && verdict === DEAD) {
      // Best first, fewest room boxes off goals, then one nearest the way out: a room that is not
      // lost usually shows it within a few pushes that way; one that is lost is only proven so by
      // running out of positions, which the order does not change.
      let state = -1;
      for (let k = 0; k < count; k++) if (stateDone[k] === 0 && (state < 0 || stateScore[k] < stateScore[state])) state = k;
      stateDone[state] = 1;
      expanded++;
      const base = state * maxBoxes;
      const boxes = stateSize[state];
      for (let i = 0; i < boxes; i++) {
        boxAt[states[base + i]] = 1;
        childAt[states[base + i]] = 1;
      }
      walker.flood(statePlayer[state]);
      for (let i = 0; i < boxes && verdict === DEAD; i++) {
        const box = states[base + i];
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          boxAt[box] = 0;
          boxAt[to] = 1;
          const frozen = this.freeze.isDeadlock(to);
          boxAt[to] = 0;
          boxAt[box] = 1;
          if (frozen) continue;
          // A box that leaves the room, or goes from the squares just outside it farther out, is
          // taken off: one more relaxation, and what makes the room's way out count as progress.
          const kept = roomOf[to] === room || (ringMark[to] === ring && roomOf[box] !== room);
          let childSize = 0;
          for (let j = 0; j < boxes; j++) {
            if (j === i && !kept) continue;
            child[childSize++] = j === i ? to : states[base + j];
          }
          const score = this.score(child, childSize);
          if (score === 0) {
            verdict = ALIVE;
            break;
          }
          if (count === maxStates) {
            verdict = GAVE_UP;
            break;
          }
          sortCells(child, childSize);
          childAt[box] = 0;
          if (kept) childAt[to] = 1;
          probe.flood(box);
          childAt[to] = 0;
          childAt[box] = 1;
          states.set(child.subarray(0, childSize), count * maxBoxes);
          stateSize[count] = childSize;
          statePlayer[count] = probe.topLeft;
          stateScore[count] = score;
          stateDone[count] = 0;
          if (this.remember(count)) count++;
        }
      }
      for (let i = 0; i < boxes; i++) {
        boxAt[states[base + i]] = 0;
        childAt[states[base + i]] = 0;
      }
    }
    return verdict;
  }

  /**
   * The search's order for the first `size` cells of `cells`: room boxes off goals, then the
   * fewest steps one of them is from leaving the room; 0 when no room box is off a goal (the search's win).
   */
  private score(cells: Int32Array, size: number): number {
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

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number): boolean {
    const { states, statePlayer, stateSize, seen, maxBoxes, boxKeys } = this;
    const size = stateSize[state];
    const mask = seen.length - 1;
    const base = state * maxBoxes;
    let hash = this.playerKeys[statePlayer[state]];
    for (let i = 0; i < size; i++) hash ^= boxKeys[states[base + i]];
    let slot = (hash >>> 0) & mask;
    for (;;) {
      const other = seen[slot];
      if (other < 0) {
        seen[slot] = state;
        return true;
      }
      if (statePlayer[other] === statePlayer[state] && stateSize[other] === size) {
        let same = true;
        for (let i = 0; i < size && same; i++) same = states[other * maxBoxes + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & mask;
    }
  }

  /**
   * The cache slot of the sub-problem in `child` (sorted, `size` boxes) with the player area
   * `player`: the slot holding it, else a free one, else one to overwrite (emptied).
   */
  private cacheSlot(size: number, player: number): number {
    const { cache, cacheHash, child, stride, maxBoxes } = this;
    let hash = this.playerKeys[player];
    for (let i = 0; i < size; i++) hash ^= this.boxKeys[child[i]];
    hash >>>= 0;
    const first = hash & (CACHE_SLOTS - 1);
    for (let probe = 0; probe < PROBES; probe++) {
      const slot = (first + probe) & (CACHE_SLOTS - 1);
      const at = slot * stride;
      if (cache[at + stride - 1] === EMPTY) {
        cacheHash[slot] = hash;
        return slot;
      }
      if (cacheHash[slot] !== hash || cache[at + maxBoxes] !== player) continue;
      let same = true;
      for (let i = 0; i < maxBoxes && same; i++) same = cache[at + i] === (i < size ? child[i] : -1);
      if (same) return slot;
    }
    cache.fill(0, first * stride, first * stride + stride);
    cacheHash[first] = hash;
    return first;
  }
}
