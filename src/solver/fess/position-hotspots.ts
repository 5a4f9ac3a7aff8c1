import type { HotspotTable } from './hotspots.js';
import type { Problem } from '../model/problem.js';

/**
 * The hotspots of one position: boxes that cut some other box, not yet on a goal, off a goal it
 * could otherwise reach. `analyze` reads the pair table once per pair of boxes; after that the
 * count a single box move would leave is worked out in time linear in the boxes.
 */
export class PositionHotspots {
  /** Hotspots in the position last analyzed. */
  count = 0;
  /** The box that blocks most others, or -1 when there is no hotspot. */
  hottest = -1;
  /** Per box of the list given to analyze: how many other boxes it blocks. */
  private readonly blocks: Int32Array;
  private boxes: Int32Array;
  private boxCount = 0;
  /** The boxes of the position that block no box: they become hotspots when the moved box lands where they cut it off. */
  private readonly idle: Int32Array;
  private idleCount = 0;
  /** countAfterMove's work for one moved box: the box, the others it leaves blocked, and those it alone blocked. */
  private preparedFrom = -1;
  /** The moved box's place in the list. */
  private preparedIndex = -1;
  private stillBlocked = 0;
  private readonly freedByMove: Int32Array;
  private freedCount = 0;
  /**
   * Per cell a box may move to, in the position last analyzed (valid where the stamps are the
   * position's), for the first move that asked (its box in the askers): how many idle boxes
   * besides it would cut a box there off a goal, and the first box besides it (in list order, off
   * the goals) that a box there would cut off a goal, boxCount for none. Many moves of different
   * boxes end on one cell, and each asked this of every box again.
   */
  private readonly idleBlocking: Int32Array;
  private readonly idleStamp: Uint32Array;
  private readonly idleAsker: Int32Array;
  private readonly firstBlocked: Int32Array;
  private readonly blockedAsker: Int32Array;
  private readonly blockedStamp: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly table: HotspotTable,
    private readonly problem: Problem,
  ) {
    const boxes = problem.initialBoxes.length;
    const cells = problem.cellCount;
    this.blocks = new Int32Array(boxes);
    this.idle = new Int32Array(boxes);
    this.freedByMove = new Int32Array(boxes);
    this.boxes = this.blocks;
    this.idleBlocking = new Int32Array(cells);
    this.idleStamp = new Uint32Array(cells);
    this.idleAsker = new Int32Array(cells);
    this.firstBlocked = new Int32Array(cells);
    this.blockedAsker = new Int32Array(cells);
    this.blockedStamp = new Uint32Array(cells);
  }

  /** Works out the hotspots among `boxCount` boxes of `boxes` (read again by countAfterMove). */
  analyze(boxes: Int32Array, boxCount: number): void {
    const { table, blocks, idle } = this;
    const { goalIndexOfCell } = this.problem;
    this.boxes = boxes;
    this.boxCount = boxCount;
    this.preparedFrom = -1;
    if (++this.stamp === 0xffffffff) {
      this.idleStamp.fill(0);
      this.blockedStamp.fill(0);
      this.stamp = 1;
    }
    blocks.fill(0, 0, boxCount);
    for (let j = 0; j < boxCount; j++) {
      const x = boxes[j];
      if (goalIndexOfCell[x] >= 0) continue;
      for (let i = 0; i < boxCount; i++) if (i !== j && table.isHot(x, boxes[i])) blocks[i]++;
    }
    let count = 0;
    let hottest = -1;
    let most = 0;
    let idleCount = 0;
    for (let i = 0; i < boxCount; i++) {
      if (blocks[i] === 0) {
        idle[idleCount++] = boxes[i];
        continue;
      }
      count++;
      if (blocks[i] > most) {
        most = blocks[i];
        hottest = boxes[i];
      }
    }
    this.idleCount = idleCount;
    this.count = count;
    this.hottest = hottest;
  }

  /**
   * Hotspots after the box on `from` (one of the analyzed boxes) goes to the free cell `to`. The
   * part that depends on `from` alone is worked out once for the moves of one box in a row, the
   * part that depends on `to` alone once for every move that ends there.
   */
  countAfterMove(from: number, to: number): number {
    if (from !== this.preparedFrom) this.prepare(from);
    const { table, freedByMove } = this;
    const { goalIndexOfCell } = this.problem;
    let count = this.stillBlocked;
    if (goalIndexOfCell[to] < 0) {
      // Boxes that block nothing with `from` lifted (the idle ones besides `from`, and those only
      // `from` was cut off by) become hotspots where they cut the box on `to` off a goal.
      count += this.idleBlockingOf(to, from);
      for (let k = 0; k < this.freedCount; k++) if (table.isHot(to, freedByMove[k])) count++;
    }
    // The box arriving on `to` is a hotspot itself when it cuts some other box off a goal.
    return this.blocksSomeBox(to, from) ? count + 1 : count;
  }

  /*
   * The two caches below are kept for the first move that asks about a cell, and answer the
   * moves of other boxes from it without asking the pair table about the moved box's own pairs
   * (those the first move left out are asked only where a move without the cache asks them too):
   * a pair not yet in the table costs a whole box-move search, and asking one for every cell
   * the moved box can reach made one box in an open room quadratic in the room.
   */

  /** How many idle boxes other than `from` (the moved box) would cut a box on `to` off a goal. */
  private idleBlockingOf(to: number, from: number): number {
    const { table, idle } = this;
    const fromIdle = this.blocks[this.preparedIndex] === 0;
    if (this.idleStamp[to] !== this.stamp) {
      let count = 0;
      for (let k = 0; k < this.idleCount; k++) if (idle[k] !== from && table.isHot(to, idle[k])) count++;
      this.idleStamp[to] = this.stamp;
      this.idleBlocking[to] = count;
      this.idleAsker[to] = fromIdle ? from : -1;
      return count;
    }
    const asker = this.idleAsker[to];
    if (asker === from) return this.idleBlocking[to];
    // The cached count left out the first asker (when idle) and holds `from` (when idle), whose pair it asked already.
    let count = this.idleBlocking[to];
    if (asker >= 0 && table.isHot(to, asker)) count++;
    if (fromIdle && table.isHot(to, from)) count--;
    return count;
  }

  /** Whether a box on `to` cuts some box off the goals, other than `from`, off a goal. */
  private blocksSomeBox(to: number, from: number): boolean {
    if (this.blockedStamp[to] !== this.stamp) {
      const found = this.firstBlockedBesides(to, from);
      this.blockedStamp[to] = this.stamp;
      this.blockedAsker[to] = from;
      this.firstBlocked[to] = found;
      return found < this.boxCount;
    }
    const found = this.firstBlocked[to];
    const asker = this.blockedAsker[to];
    if (asker === from) return found < this.boxCount;
    if (found < this.boxCount && this.boxes[found] !== from) return true;
    // No box but `from` among the first `found` besides the asker's: what is left to ask is the
    // asker's own box, and the boxes after `found` (none when nothing was found).
    if (this.problem.goalIndexOfCell[asker] < 0 && this.table.isHot(asker, to)) return true;
    return found < this.boxCount && this.firstBlockedBesides(to, from, found + 1) < this.boxCount;
  }

  /** Index of the first box off the goals from index `start` on, other than `from`, that a box on `to` cuts off a goal, or boxCount. */
  private firstBlockedBesides(to: number, from: number, start = 0): number {
    const { table, boxes } = this;
    const { goalIndexOfCell } = this.problem;
    for (let i = start; i < this.boxCount; i++) {
      const y = boxes[i];
      if (y !== from && goalIndexOfCell[y] < 0 && table.isHot(y, to)) return i;
    }
    return this.boxCount;
  }

  /** With the box on `from` lifted: how many other boxes still block some box, and which blocked only `from`. */
  private prepare(from: number): void {
    const { table, blocks, boxes, freedByMove } = this;
    const fromCounts = this.problem.goalIndexOfCell[from] < 0;
    let still = 0;
    let freed = 0;
    for (let i = 0; i < this.boxCount; i++) {
      const y = boxes[i];
      if (y === from) {
        this.preparedIndex = i;
        continue;
      }
      if (blocks[i] === 0) continue;
      if (fromCounts && blocks[i] === 1 && table.isHot(from, y)) freedByMove[freed++] = y;
      else still++;
    }
    this.preparedFrom = from;
    this.stillBlocked = still;
    this.freedCount = freed;
  }
}
