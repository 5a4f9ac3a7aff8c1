import { doorwaysOf } from '../geometry/doorways.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import { LearnedDeadlocks } from './learned-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';

/** Rooms holding more boxes than this (with the boxes in their doorways) are not examined. */
const MAX_BOXES = 5;
/** Positions a sub-search may visit before it gives up and says nothing. */
const MAX_STATES = 128;
const CACHE_SLOTS = 1 << 14;
/** A cache entry: the kept boxes (padded with -1), the player's cell, then the verdict. */
const ENTRY = MAX_BOXES + 2;
const UNKNOWN = 0;
const ESCAPES = 1;
const DEADLOCK = 2;
const GAVE_UP = 3;

/**
 * Room deadlocks (after the FESS draft's appendix). The level splits into rooms at its doorways
 * (cells that cut the empty level in two, goals left out). A room holding more boxes than goals
 * must let the surplus out before the level can end. Keep only the room's boxes and those in the
 * doorways around it, and search their pushes from the player's square: if no sequence ever
 * brings the room down to as many boxes as goals, the position is lost. Taking the other boxes
 * away only makes room, so the projection of any solution would be found by the sub-search;
 * the verdict holds for the real position. Sub-searches that grow past a bound say nothing, and
 * verdicts are cached by the kept boxes and the player's area among them.
 */
export class RoomDeadlocks {
  /** Whether the level has rooms and needs every box home. */
  readonly applies: boolean;
  /** Sub-searches run, deadlocks found and searches cut short: for measurement. */
  searches = 0;
  found = 0;
  gaveUp = 0;
  /**
   * Each deadlock found, cut down to the boxes it needs, is kept as a pattern: it then catches
   * positions whose rooms are too full to search, or where the sub-search would give up.
   */
  readonly learned: LearnedDeadlocks;

  /** Room of each cell, -1 on doorways. */
  private readonly roomOf: Int32Array;
  private readonly roomGoals: Int32Array;
  /** Cells of room r: roomCells[roomStart[r] .. roomStart[r + 1]). */
  private readonly roomStart: Int32Array;
  private readonly roomCells: Int32Array;
  /** Doorway cells next to room r: doorCells[doorStart[r] .. doorStart[r + 1]). */
  private readonly doorStart: Int32Array;
  private readonly doorCells: Int32Array;

  private readonly walker: PlayerReach;
  private readonly probe: PlayerReach;
  private readonly freeze: FreezeDeadlocks;
  private readonly kept = new Int32Array(MAX_BOXES);
  /** The boxes of a pattern being cut down, and one trial without one of them. */
  private readonly pattern = new Int32Array(MAX_BOXES);
  private readonly trial = new Int32Array(MAX_BOXES);
  private readonly states = new Int32Array(MAX_STATES * MAX_BOXES);
  private readonly statePlayer = new Int32Array(MAX_STATES);
  private readonly seen = new Int32Array(MAX_STATES * 4);
  private readonly child = new Int32Array(MAX_BOXES);
  private readonly cache = new Int32Array(CACHE_SLOTS * ENTRY);
  private readonly key = new Int32Array(ENTRY - 1);

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    const { cellCount, neighbours, goalIndexOfCell } = problem;
    const roomOf = new Int32Array(cellCount).fill(-1);
    const doorways = doorwaysOf(problem);
    const isDoorway = new Uint8Array(cellCount);
    for (const cell of doorways) isDoorway[cell] = 1;
    // Rooms: connected cells between doorways, numbered in order of their first cell.
    let rooms = 0;
    const stack: number[] = [];
    const cellsByRoom: number[][] = [];
    for (let start = 0; start < cellCount; start++) {
      if (isDoorway[start] !== 0 || roomOf[start] >= 0) continue;
      const cells: number[] = [];
      roomOf[start] = rooms;
      stack.push(start);
      while (stack.length > 0) {
        const at = stack.pop()!;
        cells.push(at);
        for (let d = 0; d < 4; d++) {
          const next = neighbours[at * 4 + d];
          if (next < 0 || isDoorway[next] !== 0 || roomOf[next] >= 0) continue;
          roomOf[next] = rooms;
          stack.push(next);
        }
      }
      cellsByRoom.push(cells);
      rooms++;
    }
    this.roomOf = roomOf;
    this.roomGoals = new Int32Array(rooms);
    this.roomStart = new Int32Array(rooms + 1);
    this.doorStart = new Int32Array(rooms + 1);
    const allCells: number[] = [];
    const allDoors: number[] = [];
    for (let r = 0; r < rooms; r++) {
      this.roomStart[r] = allCells.length;
      this.doorStart[r] = allDoors.length;
      const doors = new Set<number>();
      for (const cell of cellsByRoom[r]) {
        allCells.push(cell);
        if (goalIndexOfCell[cell] >= 0) this.roomGoals[r]++;
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cell * 4 + d];
          if (next >= 0 && isDoorway[next] !== 0) doors.add(next);
        }
      }
      allDoors.push(...[...doors].sort((a, b) => a - b));
    }
    this.roomStart[rooms] = allCells.length;
    this.doorStart[rooms] = allDoors.length;
    this.roomCells = Int32Array.from(allCells);
    this.doorCells = Int32Array.from(allDoors);
    // One room means no doorway: nothing can be pushed out of it.
    this.applies = problem.everyBoxNeedsGoal && rooms > 1;
    this.walker = new PlayerReach(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
    this.learned = new LearnedDeadlocks(problem);
  }

  /**
   * True when a room beside `movedTo` (its own, or the rooms around it when it is a doorway)
   * can never let its surplus boxes out. `player` is any cell of the player's area.
   */
  isDeadlock(boxAt: Uint8Array, player: number, movedTo: number): boolean {
    if (!this.applies) return false;
    if (this.learned.matches(boxAt, player, movedTo)) return true;
    const { roomOf } = this;
    const room = roomOf[movedTo];
    if (room >= 0) return this.examine(room, boxAt, player);
    const { neighbours } = this.problem;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[movedTo * 4 + d];
      if (side < 0 || roomOf[side] < 0) continue;
      let repeated = false;
      for (let e = 0; e < d; e++) {
        const earlier = neighbours[movedTo * 4 + e];
        if (earlier >= 0 && roomOf[earlier] === roomOf[side]) repeated = true;
      }
      if (!repeated && this.examine(roomOf[side], boxAt, player)) return true;
    }
    return false;
  }

  private examine(room: number, boxAt: Uint8Array, player: number): boolean {
    const { roomCells, roomStart, doorCells, doorStart, kept, walker, key } = this;
    let inside = 0;
    for (let i = roomStart[room]; i < roomStart[room + 1]; i++) {
      if (boxAt[roomCells[i]] === 0) continue;
      if (inside === MAX_BOXES) return false;
      kept[inside++] = roomCells[i];
    }
    if (inside <= this.roomGoals[room]) return false;
    // Boxes in the doorways can shut the room; keeping them only makes the verdict stricter.
    let size = inside;
    for (let i = doorStart[room]; i < doorStart[room + 1] && size < MAX_BOXES; i++) {
      if (boxAt[doorCells[i]] !== 0) kept[size++] = doorCells[i];
    }
    sortCells(kept, size);
    for (let i = 0; i < size; i++) walker.boxAt[kept[i]] = 1;
    walker.flood(player);
    for (let i = 0; i < size; i++) walker.boxAt[kept[i]] = 0;
    key.fill(-1);
    key.set(kept.subarray(0, size));
    key[MAX_BOXES] = walker.topLeft;
    const slot = this.cacheSlot(key);
    const known = this.cache[slot * ENTRY + ENTRY - 1];
    if (known !== UNKNOWN) return known === DEADLOCK;
    this.searches++;
    const verdict = this.search(kept, room, size, walker.topLeft);
    if (verdict === DEADLOCK) this.found++;
    if (verdict === GAVE_UP) this.gaveUp++;
    this.cache.set(key, slot * ENTRY);
    this.cache[slot * ENTRY + ENTRY - 1] = verdict;
    if (verdict === DEADLOCK) this.learnSmallest(room, size, player);
    return verdict === DEADLOCK;
  }

  /**
   * Drops from the kept boxes each one without which the room is still lost, then stores what
   * is left as a pattern with the player's area among those boxes.
   */
  private learnSmallest(room: number, size: number, player: number): void {
    const { pattern, trial, walker, roomOf } = this;
    pattern.set(this.kept.subarray(0, size));
    let inside = 0;
    for (let i = 0; i < size; i++) if (roomOf[pattern[i]] === room) inside++;
    for (let i = size - 1; i >= 0; i--) {
      const isInside = roomOf[pattern[i]] === room;
      // Without a surplus there is nothing left to prove.
      if (isInside && inside - 1 <= this.roomGoals[room]) continue;
      let length = 0;
      for (let j = 0; j < size; j++) if (j !== i) trial[length++] = pattern[j];
      if (this.searchFrom(trial, room, length, player) !== DEADLOCK) continue;
      pattern.set(trial.subarray(0, length));
      size = length;
      if (isInside) inside--;
    }
    for (let i = 0; i < size; i++) walker.boxAt[pattern[i]] = 1;
    walker.flood(player);
    for (let i = 0; i < size; i++) walker.boxAt[pattern[i]] = 0;
    this.learned.learn(pattern, size, walker);
  }

  /** The sub-search over boxes[0 .. size) (in cell order) with the player on `player`. */
  private searchFrom(boxes: Int32Array, room: number, size: number, player: number): number {
    const { walker } = this;
    for (let i = 0; i < size; i++) walker.boxAt[boxes[i]] = 1;
    walker.flood(player);
    for (let i = 0; i < size; i++) walker.boxAt[boxes[i]] = 0;
    return this.search(boxes, room, size, walker.topLeft);
  }

  /** Breadth-first over the kept boxes' pushes, alone on the board, until the room's surplus is out. */
  private search(boxes: Int32Array, room: number, size: number, player: number): number {
    const { problem, dead, walker, probe, states, statePlayer, child, roomOf } = this;
    const { neighbours } = problem;
    const goals = this.roomGoals[room];
    this.seen.fill(-1);
    states.set(boxes.subarray(0, size), 0);
    statePlayer[0] = player;
    this.remember(0, size);
    let count = 1;
    const boxAt = walker.boxAt;
    for (let state = 0; state < count; state++) {
      const base = state * MAX_BOXES;
      let inside = 0;
      for (let i = 0; i < size; i++) {
        boxAt[states[base + i]] = 1;
        if (roomOf[states[base + i]] === room) inside++;
      }
      walker.flood(statePlayer[state]);
      for (let i = 0; i < size; i++) {
        const box = states[base + i];
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          const after = inside - (roomOf[box] === room ? 1 : 0) + (roomOf[to] === room ? 1 : 0);
          if (after <= goals) {
            this.clear(state, size);
            return ESCAPES;
          }
          boxAt[box] = 0;
          boxAt[to] = 1;
          const frozen = this.freeze.isDeadlock(to);
          if (!frozen) {
            probe.boxAt.set(boxAt);
            probe.flood(box);
          }
          boxAt[to] = 0;
          boxAt[box] = 1;
          if (frozen) continue;
          if (count === MAX_STATES) {
            this.clear(state, size);
            return GAVE_UP;
          }
          for (let j = 0; j < size; j++) child[j] = states[base + j];
          child[i] = to;
          sortCells(child, size);
          states.set(child.subarray(0, size), count * MAX_BOXES);
          statePlayer[count] = probe.topLeft;
          if (this.remember(count, size)) count++;
        }
      }
      this.clear(state, size);
    }
    return DEADLOCK;
  }

  private clear(state: number, size: number): void {
    for (let i = 0; i < size; i++) this.walker.boxAt[this.states[state * MAX_BOXES + i]] = 0;
  }

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number, size: number): boolean {
    const { states, statePlayer, seen } = this;
    const mask = seen.length - 1;
    const base = state * MAX_BOXES;
    let hash = Math.imul(statePlayer[state] + 1, 0x9e3779b1);
    for (let i = 0; i < size; i++) hash = Math.imul(hash ^ states[base + i], 0x85ebca6b) ^ (hash >>> 13);
    let slot = (hash >>> 0) & mask;
    for (;;) {
      const other = seen[slot];
      if (other < 0) {
        seen[slot] = state;
        return true;
      }
      if (statePlayer[other] === statePlayer[state]) {
        let same = true;
        for (let i = 0; i < size && same; i++) same = states[other * MAX_BOXES + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & mask;
    }
  }

  private cacheSlot(key: Int32Array): number {
    const { cache } = this;
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key[i], 0x01000193);
    const slot = (hash >>> 0) & (CACHE_SLOTS - 1);
    for (let probe = 0; probe < 4; probe++) {
      const at = ((slot + probe) & (CACHE_SLOTS - 1)) * ENTRY;
      let same = true;
      for (let i = 0; i < key.length && same; i++) same = cache[at + i] === key[i];
      if (same || cache[at + ENTRY - 1] === UNKNOWN) return (slot + probe) & (CACHE_SLOTS - 1);
    }
    cache.fill(0, slot * ENTRY, slot * ENTRY + ENTRY);
    return slot;
  }
}

function sortCells(cells: Int32Array, size: number): void {
  for (let i = 1; i < size; i++) {
    const cell = cells[i];
    let j = i - 1;
    while (j >= 0 && cells[j] > cell) {
      cells[j + 1] = cells[j];
      j--;
    }
    cells[j + 1] = cell;
  }
}
