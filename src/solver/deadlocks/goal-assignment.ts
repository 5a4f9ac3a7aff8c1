/**
 * Whether boxes can each be given a goal of their own from the goals each one can reach: a
 * bipartite matching by augmenting paths (Kuhn). Boxes first take the first free goal on their
 * list; only those left over search for an augmenting path, moving boxes that hold goals on to
 * others (depth at most the box count). Shared by the matching tests of this folder; nothing is
 * allocated per call.
 */
export class GoalAssignment {
  /** Per goal, the box (index into the rows of the call) that holds it, or -1. */
  private readonly holder: Int32Array;
  /** Per goal, the epoch of the augmenting search that last visited it. */
  private readonly visited: Uint32Array;
  private readonly unmatched: Int32Array;
  /** Per goal, the row whose box held it when the last call of assignsAllAgain gave every box a goal, or -1. */
  private readonly lastRow: Int32Array;
  /** Per row, its box in the current call of assignsAllAgain (valid where rowStamp is the call's); grown to the rows named. */
  private boxOfRow: Int32Array;
  private rowStamp: Uint32Array;
  private callStamp = 0;
  /** Per box of the current call, 1 once it holds a goal. */
  private readonly placed: Uint8Array;
  private epoch = 0;
  private rows: Int32Array;
  private start: Int32Array;
  private goals: Int32Array;

  constructor(goalCount: number, boxCount: number) {
    this.holder = new Int32Array(goalCount);
    this.visited = new Uint32Array(goalCount);
    this.unmatched = new Int32Array(boxCount);
    this.rows = this.start = this.goals = this.unmatched;
    this.lastRow = new Int32Array(goalCount).fill(-1);
    this.boxOfRow = new Int32Array(0);
    this.rowStamp = new Uint32Array(0);
    this.placed = new Uint8Array(boxCount);
  }

  /**
   * True when each of `count` boxes gets a goal of its own. Box i may take the goals
   * goals[start[rows[i]]] up to (not including) goals[start[rows[i] + 1]].
   */
  assignsAll(count: number, rows: Int32Array, start: Int32Array, goals: Int32Array): boolean {
    const { holder, unmatched } = this;
    this.rows = rows;
    this.start = start;
    this.goals = goals;
    holder.fill(-1);
    let unmatchedCount = 0;
    for (let box = 0; box < count; box++) {
      let placed = false;
      for (let k = start[rows[box]]; k < start[rows[box] + 1]; k++) {
        if (holder[goals[k]] < 0) {
          holder[goals[k]] = box;
          placed = true;
          break;
        }
      }
      if (!placed) unmatched[unmatchedCount++] = box;
    }
    for (let i = 0; i < unmatchedCount; i++) {
      this.nextEpoch();
      if (!this.augment(unmatched[i])) return false;
    }
    return true;
  }

  /**
   * assignsAll for boards that follow one another, each row naming the same goal list from call
   * to call (a row per cell, say): each goal first goes back to the row that held it the last time
   * every box got a goal, when that row is among these boxes, and only the boxes left without one
   * look for it. Boards met one after the other share most of their boxes, so a box moved off its
   * goal's reach needs one augmenting path where the board from scratch needed several. The answer
   * does not depend on the goals handed out first: from any assignment, a board that can give
   * every box a goal has an augmenting path for each box still without one.
   */
  assignsAllAgain(count: number, rows: Int32Array, start: Int32Array, goals: Int32Array): boolean {
    const { holder, unmatched, lastRow, placed } = this;
    this.rows = rows;
    this.start = start;
    this.goals = goals;
    if (this.boxOfRow.length < start.length - 1) {
      this.boxOfRow = new Int32Array(start.length - 1);
      this.rowStamp = new Uint32Array(start.length - 1);
      this.callStamp = 0;
    }
    const { boxOfRow, rowStamp } = this;
    if (++this.callStamp === 0xffffffff) {
      rowStamp.fill(0);
      this.callStamp = 1;
    }
    const stamp = this.callStamp;
    for (let box = 0; box < count; box++) {
      boxOfRow[rows[box]] = box;
      rowStamp[rows[box]] = stamp;
      placed[box] = 0;
    }
    for (let goal = 0; goal < holder.length; goal++) {
      const row = lastRow[goal];
      if (row >= 0 && rowStamp[row] === stamp) {
        holder[goal] = boxOfRow[row];
        placed[boxOfRow[row]] = 1;
      } else holder[goal] = -1;
    }
    let unmatchedCount = 0;
    for (let box = 0; box < count; box++) {
      if (placed[box] !== 0) continue;
      for (let k = start[rows[box]]; k < start[rows[box] + 1]; k++) {
        if (holder[goals[k]] < 0) {
          holder[goals[k]] = box;
          placed[box] = 1;
          break;
        }
      }
      if (placed[box] === 0) unmatched[unmatchedCount++] = box;
    }
    for (let i = 0; i < unmatchedCount; i++) {
      this.nextEpoch();
      if (!this.augment(unmatched[i])) return false;
    }
    for (let goal = 0; goal < holder.length; goal++) lastRow[goal] = holder[goal] >= 0 ? rows[holder[goal]] : -1;
    return true;
  }

  /** Finds a goal for `box`, moving boxes that hold goals it reaches along to others. */
  private augment(box: number): boolean {
    const { rows, start, goals, holder, visited, epoch } = this;
    for (let k = start[rows[box]]; k < start[rows[box] + 1]; k++) {
      const goal = goals[k];
      if (visited[goal] === epoch) continue;
      visited[goal] = epoch;
      if (holder[goal] < 0 || this.augment(holder[goal])) {
        holder[goal] = box;
        return true;
      }
    }
    return false;
  }

  private nextEpoch(): void {
    if (++this.epoch === 0xffffffff) {
      this.visited.fill(0);
      this.epoch = 1;
    }
  }
}
