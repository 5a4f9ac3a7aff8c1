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
  private epoch = 0;
  private rows: Int32Array;
  private start: Int32Array;
  private goals: Int32Array;

  constructor(goalCount: number, boxCount: number) {
    this.holder = new Int32Array(goalCount);
    this.visited = new Uint32Array(goalCount);
    this.unmatched = new Int32Array(boxCount);
    this.rows = this.start = this.goals = this.unmatched;
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
