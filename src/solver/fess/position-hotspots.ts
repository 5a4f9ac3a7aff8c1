import type { HotspotTable } from './hotspots.js';
import type { Problem } from '../model/problem.js';

/**
 * The hotspots of one position: boxes that cut some other box, not yet on a goal, off a goal it
 * could otherwise reach. `analyze` asks the pair table about every pair of boxes, a word of
 * boxes at a time; after that the count a single box move would leave is worked out from the
 * boxes as sets of cells, in time linear in the board's words.
 */
export class PositionHotspots {
  /** Hotspots in the position last analyzed. */
  count = 0;
  /** The box that blocks most others, or -1 when there is no hotspot. */
  hottest = -1;
  /** Per box of the list given to analyze: how many other boxes it blocks. */
  private readonly blocks: Int32Array;
  /** The places in that list of the boxes that block some box (the hotspots), in list order: prepare reads only those. */
  private readonly hotIndices: Int32Array;
  /** Per cell of a box in the list, its place in the list (valid on the boxes of the position last analyzed). */
  private readonly indexOfBox: Int32Array;
  private boxes: Int32Array;
  /** The boxes of the position off the goals, as a set of cells: the ones that can be cut off a goal. */
  private readonly offGoals: Uint32Array;
  /** The boxes of the position that block no box, as a set of cells: they become hotspots when the moved box lands where they cut it off. */
  private readonly idle: Uint32Array;
  /** The words of offGoals and of idle that are not 0, in increasing order (the pair table reads only those). */
  private readonly offGoalWords: Int32Array;
  private offGoalWordCount = 0;
  private readonly idleWords: Int32Array;
  private idleWordCount = 0;
  /** countAfterMove's work for one moved box: the box, the others it leaves blocked, and those it alone blocked. */
  private preparedFrom = -1;
  /** The moved box's place in the list. */
  private preparedIndex = -1;
  private stillBlocked = 0;
  private readonly freedByMove: Int32Array;
  private freedCount = 0;
  /**
   * Per cell a box may move to, in the position last analyzed (valid where the stamp is the
   * position's), for the first move that asked (its box in idleAsker): how many idle boxes
   * besides it would cut a box there off a goal. Many moves of different boxes end on one cell.
   */
  private readonly idleBlocking: Int32Array;
  private readonly idleStamp: Uint32Array;
  private readonly idleAsker: Int32Array;
  /**
   * Per cell a box may move to (valid where blockedStamp is the position's): whether a box there
   * was found to cut a box off the goals off a goal (blockedFound 1, that box in blockedCell), or
   * found to cut none but the box in blockedCell (0).
   */
  private readonly blockedFound: Uint8Array;
  private readonly blockedCell: Int32Array;
  private readonly blockedStamp: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly table: HotspotTable,
    private readonly problem: Problem,
  ) {
    const boxes = problem.initialBoxes.length;
    const cells = problem.cellCount;
    this.blocks = new Int32Array(boxes);
    this.hotIndices = new Int32Array(boxes);
    this.indexOfBox = new Int32Array(cells);
    this.freedByMove = new Int32Array(boxes);
    this.boxes = this.blocks;
    this.offGoals = new Uint32Array(problem.words);
    this.idle = new Uint32Array(problem.words);
    this.offGoalWords = new Int32Array(problem.words);
    this.idleWords = new Int32Array(problem.words);
    this.idleBlocking = new Int32Array(cells);
    this.idleStamp = new Uint32Array(cells);
    this.idleAsker = new Int32Array(cells);
    this.blockedFound = new Uint8Array(cells);
    this.blockedCell = new Int32Array(cells);
    this.blockedStamp = new Uint32Array(cells);
  }

  /** Works out the hotspots among `boxCount` boxes of `boxes` (read again by countAfterMove). */
  analyze(boxes: Int32Array, boxCount: number): void {
    const { table, blocks, offGoals, idle } = this;
    const { goalIndexOfCell } = this.problem;
    this.boxes = boxes;
    this.preparedFrom = -1;
    if (++this.stamp === 0xffffffff) {
      this.idleStamp.fill(0);
      this.blockedStamp.fill(0);
      this.stamp = 1;
    }
    offGoals.fill(0);
    idle.fill(0);
    for (let i = 0; i < boxCount; i++) {
      const box = boxes[i];
      if (goalIndexOfCell[box] < 0) offGoals[box >> 5] |= 1 << (box & 31);
    }
    this.offGoalWordCount = wordsInUse(offGoals, this.offGoalWords);
    let count = 0;
    let hottest = -1;
    let most = 0;
    const { hotIndices, indexOfBox } = this;
    for (let i = 0; i < boxCount; i++) {
      const box = boxes[i];
      indexOfBox[box] = i;
      const blocked = table.blockedAmong(box, offGoals, box, this.offGoalWords, this.offGoalWordCount);
      blocks[i] = blocked;
      if (blocked === 0) {
        idle[box >> 5] |= 1 << (box & 31);
        continue;
      }
      hotIndices[count++] = i;
      if (blocked > most) {
        most = blocked;
        hottest = box;
      }
    }
    this.count = count;
    this.hottest = hottest;
    this.idleWordCount = wordsInUse(idle, this.idleWords);
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
    // The box arriving on `to` is a hotspot itself when it cuts some box off the goals, other than `from`, off a goal.
    return this.blocksSomeBox(to, from) ? count + 1 : count;
  }

  /**
   * Whether a box on `to` cuts some box off the goals, other than `from`, off a goal. What the
   * first move to ask about a cell learns answers the moves of the other boxes: a box it found cut
   * off answers for every other moved box; finding none, it knows every box but its own is not,
   * and only that one box's pair is left to ask (as the first move never asks its own box's pairs
   * for every cell it reaches, where one box in an open room made that quadratic).
   */
  private blocksSomeBox(to: number, from: number): boolean {
    if (this.blockedStamp[to] === this.stamp) {
      const cell = this.blockedCell[to];
      if (this.blockedFound[to] === 0) return cell !== from && this.problem.goalIndexOfCell[cell] < 0 && this.table.isHot(cell, to);
      if (cell !== from) return true;
    }
    const found = this.table.firstBlocked(to, this.offGoals, from, this.offGoalWords, this.offGoalWordCount);
    this.blockedStamp[to] = this.stamp;
    this.blockedFound[to] = found >= 0 ? 1 : 0;
    this.blockedCell[to] = found >= 0 ? found : from;
    return found >= 0;
  }

  /**
   * How many idle boxes other than `from` (the moved box) would cut a box on `to` off a goal.
   * The count is kept for the first move that asks about a cell, and answers the moves of other
   * boxes from it without asking the pair table about the moved box's own pairs (those the first
   * move left out are asked only where a move without the cache asks them too): a pair not yet in
   * the table costs a whole box-move search, and asking one for every cell the moved box can
   * reach made one box in an open room quadratic in the room.
   */
  private idleBlockingOf(to: number, from: number): number {
    const { table } = this;
    const fromIdle = this.blocks[this.preparedIndex] === 0;
    if (this.idleStamp[to] !== this.stamp) {
      const count = table.blockersAmong(to, this.idle, from, this.idleWords, this.idleWordCount);
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

  /** With the box on `from` lifted: how many other boxes still block some box, and which blocked only `from`. */
  private prepare(from: number): void {
    const { table, blocks, boxes, freedByMove, hotIndices } = this;
    const fromCounts = this.problem.goalIndexOfCell[from] < 0;
    let still = 0;
    let freed = 0;
    this.preparedIndex = this.indexOfBox[from];
    // The boxes that block none stay so with `from` lifted: only the hotspots are counted.
    for (let k = 0; k < this.count; k++) {
      const i = hotIndices[k];
      const y = boxes[i];
      if (y === from) continue;
      if (fromCounts && blocks[i] === 1 && table.isHot(from, y)) freedByMove[freed++] = y;
      else still++;
    }
    this.preparedFrom = from;
    this.stillBlocked = still;
    this.freedCount = freed;
  }
}

/** Lists in `used` the words of the set of cells `cells` that are not 0, in increasing order; returns how many. */
function wordsInUse(cells: Uint32Array, used: Int32Array): number {
  let count = 0;
  for (let w = 0; w < cells.length; w++) if (cells[w] !== 0) used[count++] = w;
  return count;
}
