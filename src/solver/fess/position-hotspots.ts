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
   * position's): how many idle boxes would cut a box there off a goal, and the first and the
   * second box (in list order, off the goals) that a box there would cut off a goal, boxCount for
   * none. Many moves of different boxes end on one cell, and each asked this of every box again.
   */
  private readonly idleBlocking: Int32Array;
  private readonly idleStamp: Uint32Array;
  private readonly firstBlocked: Int32Array;
  private readonly secondBlocked: Int32Array;
  private readonly blockedStamp: Uint32Array;
  private readonly secondStamp: Uint32Array;
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
    this.firstBlocked = new Int32Array(cells);
    this.secondBlocked = new Int32Array(cells);
    this.blockedStamp = new Uint32Array(cells);
    this.secondStamp = new Uint32Array(cells);
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
      this.secondStamp.fill(0);
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
      count += this.idleBlockingOf(to);
      if (this.blocks[this.preparedIndex] === 0 && table.isHot(to, from)) count--;
      for (let k = 0; k < this.freedCount; k++) if (table.isHot(to, freedByMove[k])) count++;
    }
    // The box arriving on `to` is a hotspot itself when it cuts some other box off a goal.
    const first = this.firstBlockedBy(to);
    if (first === this.boxCount) return count;
    if (this.boxes[first] !== from || this.secondBlockedBy(to, first) < this.boxCount) return count + 1;
    return count;
  }

  /** How many idle boxes would cut a box on `to` off a goal. */
  private idleBlockingOf(to: number): number {
    if (this.idleStamp[to] === this.stamp) return this.idleBlocking[to];
    const { table, idle } = this;
    let count = 0;
    for (let k = 0; k < this.idleCount; k++) if (table.isHot(to, idle[k])) count++;
    this.idleStamp[to] = this.stamp;
    this.idleBlocking[to] = count;
    return count;
  }

  /** Index of the first box off the goals that a box on `to` cuts off a goal, or boxCount. */
  private firstBlockedBy(to: number): number {
    if (this.blockedStamp[to] === this.stamp) return this.firstBlocked[to];
    const found = this.nextBlockedBy(to, 0);
    this.blockedStamp[to] = this.stamp;
    this.firstBlocked[to] = found;
    return found;
  }

  /** Index of the next such box after the first, `first`, or boxCount. */
  private secondBlockedBy(to: number, first: number): number {
    if (this.secondStamp[to] === this.stamp) return this.secondBlocked[to];
    const found = this.nextBlockedBy(to, first + 1);
    this.secondStamp[to] = this.stamp;
    this.secondBlocked[to] = found;
    return found;
  }

  private nextBlockedBy(to: number, from: number): number {
    const { table, boxes } = this;
    const { goalIndexOfCell } = this.problem;
    for (let i = from; i < this.boxCount; i++) {
      const y = boxes[i];
      if (goalIndexOfCell[y] < 0 && table.isHot(y, to)) return i;
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
