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
  /** countAfterMove's work for one moved box: the box, the others it leaves blocked, and those it leaves free. */
  private preparedFrom = -1;
  private stillBlocked = 0;
  private readonly unblocked: Int32Array;
  private unblockedCount = 0;

  constructor(
    private readonly table: HotspotTable,
    private readonly problem: Problem,
  ) {
    this.blocks = new Int32Array(problem.initialBoxes.length);
    this.unblocked = new Int32Array(problem.initialBoxes.length);
    this.boxes = this.blocks;
  }

  /** Works out the hotspots among `boxCount` boxes of `boxes` (read again by countAfterMove). */
  analyze(boxes: Int32Array, boxCount: number): void {
    const { table, blocks } = this;
    const { goalIndexOfCell } = this.problem;
    this.boxes = boxes;
    this.boxCount = boxCount;
    this.preparedFrom = -1;
    blocks.fill(0, 0, boxCount);
    for (let j = 0; j < boxCount; j++) {
      const x = boxes[j];
      if (goalIndexOfCell[x] >= 0) continue;
      for (let i = 0; i < boxCount; i++) if (i !== j && table.isHot(x, boxes[i])) blocks[i]++;
    }
    let count = 0;
    let hottest = -1;
    let most = 0;
    for (let i = 0; i < boxCount; i++) {
      if (blocks[i] === 0) continue;
      count++;
      if (blocks[i] > most) {
        most = blocks[i];
        hottest = boxes[i];
      }
    }
    this.count = count;
    this.hottest = hottest;
  }

  /**
   * Hotspots after the box on `from` (one of the analyzed boxes) goes to the free cell `to`. The
   * part that depends on `from` alone is worked out once for the moves of one box in a row.
   */
  countAfterMove(from: number, to: number): number {
    if (from !== this.preparedFrom) this.prepare(from);
    const { table, boxes, unblocked } = this;
    const { goalIndexOfCell } = this.problem;
    let count = this.stillBlocked;
    if (goalIndexOfCell[to] < 0) for (let k = 0; k < this.unblockedCount; k++) if (table.isHot(to, unblocked[k])) count++;
    for (let i = 0; i < this.boxCount; i++) {
      const y = boxes[i];
      if (y !== from && goalIndexOfCell[y] < 0 && table.isHot(y, to)) return count + 1;
    }
    return count;
  }

  /** With the box on `from` lifted: how many other boxes are still blocked, and which are not. */
  private prepare(from: number): void {
    const { table, blocks, boxes, unblocked } = this;
    const fromCounts = this.problem.goalIndexOfCell[from] < 0;
    let still = 0;
    let free = 0;
    for (let i = 0; i < this.boxCount; i++) {
      const y = boxes[i];
      if (y === from) continue;
      const blocked = fromCounts && table.isHot(from, y) ? blocks[i] - 1 : blocks[i];
      if (blocked > 0) still++;
      else unblocked[free++] = y;
    }
    this.preparedFrom = from;
    this.stillBlocked = still;
    this.unblockedCount = free;
  }
}
