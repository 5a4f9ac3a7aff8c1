import type { Problem } from '../model/problem.js';

/**
 * FESS's room connectivity (Shoham and Schaeffer, draft section 4). A room is a connected area
 * of 2×3 (or 3×2) floor rectangles: rectangles that overlap in two or more squares belong to the
 * same room, and a square shared by rectangles of different rooms belongs to neither. Two rooms
 * are linked when, on the empty board, the player can walk from one to the other without
 * entering a third. In a position, a link is broken when boxes cut every such walk; the
 * feature is the number of broken links. It sees what the count of player areas misses: the
 * player may reach everything, yet only through a detour that keeps boxes from being pushed
 * from one room into the next.
 */
export class RoomConnectivity {
  /** Per cell, its room, or -1 in corridors, doorways and squares shared by two rooms. */
  readonly roomOf: Int32Array;
  readonly roomCount: number;
  /** The links of the empty board, as pairs of rooms (a < b). */
  readonly links: Int32Array;
  /** linkIndex[a * roomCount + b]: the link between rooms a and b, or -1. */
  private readonly linkIndex: Int32Array;
  /** Per room, its cells. */
  private readonly roomCells: Int32Array[];
  private readonly seen: Uint32Array;
  private readonly linkSeen: Uint32Array;
  private readonly queue: Int32Array;
  /** Rooms the last walk stepped into, and per room the walk that last did. */
  private readonly touched: Int32Array;
  private readonly touchedBy: Uint32Array;
  private epoch = 0;
  private linkStamp = 0;
  /**
   * The rooms brokenLinks walks from: one end of every link at least. A walk from either end finds
   * a link whole or broken alike (the walk from one room steps into the other exactly when the
   * walk from the other steps into it: the path reversed, up to the first cell of the first room),
   * so the other end's walk is not needed.
   */
  private readonly walkedRooms: Int32Array;

  constructor(
    private readonly problem: Problem,
    blocks: RoomBlocks = 'fess',
  ) {
    const { cellCount } = problem;
    this.roomOf = findRooms(problem, blocks);
    let rooms = 0;
    for (let cell = 0; cell < cellCount; cell++) rooms = Math.max(rooms, this.roomOf[cell] + 1);
    this.roomCount = rooms;
    const lists: number[][] = Array.from({ length: rooms }, () => []);
    for (let cell = 0; cell < cellCount; cell++) if (this.roomOf[cell] >= 0) lists[this.roomOf[cell]].push(cell);
    this.roomCells = lists.map((list) => Int32Array.from(list));
    this.seen = new Uint32Array(cellCount);
    this.queue = new Int32Array(cellCount);
    this.touched = new Int32Array(rooms);
    this.touchedBy = new Uint32Array(rooms);
    this.linkIndex = new Int32Array(rooms * rooms).fill(-1);
    const pairs: number[] = [];
    const empty = new Uint8Array(cellCount);
    for (let room = 0; room < rooms; room++) {
      const count = this.walkFrom(room, empty);
      for (let k = 0; k < count; k++) {
        const other = this.touched[k];
        if (this.linkIndex[room * rooms + other] < 0) {
          this.linkIndex[room * rooms + other] = this.linkIndex[other * rooms + room] = pairs.length / 2;
          pairs.push(Math.min(room, other), Math.max(room, other));
        }
      }
    }
    this.links = Int32Array.from(pairs);
    this.linkSeen = new Uint32Array(pairs.length / 2);
    this.walkedRooms = coveringRooms(this.links, rooms, this.roomCells);
  }

  /** Links between rooms that the boxes of `boxAt` break. */
  brokenLinks(boxAt: Uint8Array): number {
    const linkCount = this.links.length / 2;
    if (linkCount === 0) return 0;
    const stamp = ++this.linkStamp;
    const rooms = this.roomCount;
    let intact = 0;
    for (const room of this.walkedRooms) {
      const count = this.walkFrom(room, boxAt);
      for (let k = 0; k < count; k++) {
        const link = this.linkIndex[room * rooms + this.touched[k]];
        if (link >= 0 && this.linkSeen[link] !== stamp) {
          this.linkSeen[link] = stamp;
          intact++;
        }
      }
    }
    return linkCount - intact;
  }

  /**
   * Walks from the free cells of `room` through its own cells and cells of no room, never
   * through boxes. Lists the other rooms it steps into in `touched`; returns how many.
   */
  private walkFrom(room: number, boxAt: Uint8Array): number {
    const { neighbours } = this.problem;
    const { roomOf, seen, queue, touched, touchedBy } = this;
    const epoch = ++this.epoch;
    let touchedCount = 0;
    let tail = 0;
    for (const cell of this.roomCells[room]) {
      if (boxAt[cell] === 0) {
        seen[cell] = epoch;
        queue[tail++] = cell;
      }
    }
    for (let head = 0; head < tail; head++) {
      const cell = queue[head];
      for (let d = 0; d < 4; d++) {
        const next = neighbours[cell * 4 + d];
        if (next < 0 || boxAt[next] !== 0 || seen[next] === epoch) continue;
        seen[next] = epoch;
        const other = roomOf[next];
        if (other >= 0 && other !== room) {
          if (touchedBy[other] !== epoch) {
            touchedBy[other] = epoch;
            touched[touchedCount++] = other;
          }
          continue;
        }
        queue[tail++] = next;
      }
    }
    return touchedCount;
  }
}

/**
 * Rooms that hold an end of every link (`links`: pairs of rooms), chosen greedily by links still
 * uncovered per cell walked; in room order.
 */
function coveringRooms(links: Int32Array, rooms: number, roomCells: Int32Array[]): Int32Array {
  const covered = new Uint8Array(links.length / 2);
  const chosen = new Uint8Array(rooms);
  for (;;) {
    const open = new Int32Array(rooms);
    for (let link = 0; link < covered.length; link++) {
      if (covered[link] !== 0) continue;
      open[links[2 * link]]++;
      open[links[2 * link + 1]]++;
    }
    let best = -1;
    for (let room = 0; room < rooms; room++) {
      if (open[room] === 0) continue;
      if (best < 0 || open[room] * roomCells[best].length > open[best] * roomCells[room].length) best = room;
    }
    if (best < 0) break;
    chosen[best] = 1;
    for (let link = 0; link < covered.length; link++) if (links[2 * link] === best || links[2 * link + 1] === best) covered[link] = 1;
  }
  const walked: number[] = [];
  for (let room = 0; room < rooms; room++) if (chosen[room] !== 0) walked.push(room);
  return Int32Array.from(walked);
}

/**
 * The floor blocks rooms are made of: FESS's 2×3 and 3×2 rectangles ('fess'), or Festival's 2×2
 * squares that share a side with another such square ('festival'; a lone 2×2 square is too small
 * to be a room).
 */
export type RoomBlocks = 'fess' | 'festival';

/** Rooms of the empty board: per cell, its room number, or -1 (see RoomConnectivity). */
export function findRooms(problem: Problem, blocks: RoomBlocks = 'fess'): Int32Array {
  const { width, height, cellOfSquare, cellCount, neighbours } = problem;
  // Every floor rectangle of the blocks' shapes, as its cells.
  const rectangles: Int32Array[] = [];
  const containing: number[][] = Array.from({ length: cellCount }, () => []);
  const shapes =
    blocks === 'fess'
      ? [
          [2, 3],
          [3, 2],
        ]
      : [[2, 2]];
  for (const [w, h] of shapes) {
    for (let y = 0; y + h <= height; y++) {
      for (let x = 0; x + w <= width; x++) {
        const cells: number[] = [];
        for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) cells.push(cellOfSquare[(y + dy) * width + x + dx]);
        if (cells.some((cell) => cell < 0)) continue;
        for (const cell of cells) containing[cell].push(rectangles.length);
        rectangles.push(Int32Array.from(cells));
      }
    }
  }
  if (blocks === 'festival') dropLoneSquares(rectangles, containing);
  // Rectangles sharing two adjacent cells share at least two: the same room.
  const parent = Int32Array.from(rectangles.keys());
  const root = (r: number): number => {
    while (parent[r] !== r) r = parent[r] = parent[parent[r]];
    return r;
  };
  for (let cell = 0; cell < cellCount; cell++) {
    for (let d = 0; d < 4; d++) {
      const next = neighbours[cell * 4 + d];
      if (next < cell) continue;
      let first = -1;
      for (const r of containing[cell]) {
        if (!containing[next].includes(r)) continue;
        if (first < 0) first = root(r);
        else parent[root(r)] = first;
      }
    }
  }
  const roomOf = new Int32Array(cellCount).fill(-1);
  const numberOfRoot = new Map<number, number>();
  for (let cell = 0; cell < cellCount; cell++) {
    const roots = new Set(containing[cell].map(root));
    if (roots.size !== 1) continue;
    const [only] = roots;
    let room = numberOfRoot.get(only);
    if (room === undefined) {
      room = numberOfRoot.size;
      numberOfRoot.set(only, room);
    }
    roomOf[cell] = room;
  }
  return roomOf;
}

/** Takes out of `containing` the 2×2 squares that share no two cells with another square. */
function dropLoneSquares(squares: Int32Array[], containing: number[][]): void {
  const lone = squares.map((cells, index) => {
    for (const cell of cells) for (const other of containing[cell]) if (other !== index && cells.filter((c) => squares[other].includes(c)).length >= 2) return false;
    return true;
  });
  for (let cell = 0; cell < containing.length; cell++) containing[cell] = containing[cell].filter((index) => !lone[index]);
}
