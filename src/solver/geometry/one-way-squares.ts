import type { Problem } from '../model/problem.js';

/**
 * One-way squares: where a box pushed in must go on at once, the same way, in a push-optimal
 * solution. The push search (engines/push-search.ts, pushes metric) uses it as a macro: a push
 * onto such a square carries on to where the box may rest, counting every push.
 *
 * The square. A box is pushed from a to b = a + d; the player ends on a. Both squares of b across
 * d are walls, and with b taken out of the wall-only floor graph, a and b + d fall apart: R, the
 * part holding b + d, touches the rest of the level only through b. Such a (b, d) is a one-way
 * square; this table lists them, with R's goals and a bitset of R.
 *
 * Why the box can wait for nothing. While the box stays on b the player, who is on a's side, can
 * never reach R: its only way there is b. So the box's only possible push is forward (pushing it
 * back needs the player on b + d), no other box can enter or leave R (both need b, or the player
 * in R), and whatever happens meanwhile happens on a's side with b occupied. Take any solution in
 * which the box, once on b, is pushed again, forward necessarily, after some meanwhile pushes M.
 * Make the forward push first, then M: it is legal at once (the player stands on a, b + d is free
 * because nothing in R changed), M stays legal (every walk and push of M used only a's side, whose
 * boxes are the same, and b is now free, which only opens ways), and after M the boxes are where
 * they were after the original order. The player's area is the same too: in the original order
 * the player walked from M's end back to a for the forward push, over a's side, so now it reaches
 * a and so b, where the original left it. Same pushes, same count, same normalized position. The
 * walks differ, which is why this holds for the fewest pushes and not for the fewest moves (nor
 * for the fewest moves among the fewest pushes).
 *
 * When the box must be pushed again. When every box must end on a goal and b is not a goal; or
 * when every goal must end under a box and R holds more goals than boxes (every box entering R
 * passes b, which this box blocks until it moves, and it can only move into R). The rules of
 * problem.ts say which applies: everyBoxNeedsGoal (all-boxes, keeper-too, and all-goals with as
 * many boxes as goals) and everyGoalNeedsBox (all-goals, and all-boxes with as many boxes as
 * goals). Under keeper-too only the first applies, so a free goal in R that the player might need
 * plays no part: a box off a goal moves again whatever the player needs.
 *
 * What follows. Pushed onto a one-way square where it must move again, a box may be pushed on
 * forward as one step of the search, and again from the next square while that square is one-way
 * the same way and the box must move again there, each push counted (the reordering applies to
 * the rest of the solution, whose first push is now that forward one). If the forward push is
 * impossible (the next square holds a box, which nobody can move while this box blocks R, or is
 * dead) the position is lost. Pruning that keeps "some optimal solution starts with an allowed
 * push" (PI-corrals) composes with this: the reordering keeps a solution's first push, and only
 * moves later pushes earlier, so the search still finds an optimal solution.
 *
 * A square with a second route around it is no cut, so it is no one-way square: the player can
 * get behind the box and push it back.
 */
export class OneWaySquares {
  /** Entry number of (cell, d) at [cell * 4 + d], or -1 where the square is not one-way that way. */
  private readonly entryOf: Int32Array;
  /** Goals in R per entry. */
  private readonly goalsBeyond: Int32Array;
  /** R's cells per entry as a bitset of `words` words, the layout of a position's box set. */
  private readonly beyond: Uint32Array;
  private readonly words: number;
  private readonly neighbours: Int32Array;
  private readonly goalIndexOfCell: Int32Array;
  private readonly everyBoxNeedsGoal: boolean;
  private readonly everyGoalNeedsBox: boolean;
  /** Number of one-way (square, direction) pairs. */
  readonly count: number;
  /** The pushes the last `forcedEnd` made, counting the push onto the square. */
  lastRun = 0;

  private constructor(problem: Problem, entryOf: Int32Array, goalsBeyond: Int32Array, beyond: Uint32Array) {
    this.entryOf = entryOf;
    this.goalsBeyond = goalsBeyond;
    this.beyond = beyond;
    this.words = problem.words;
    this.neighbours = problem.neighbours;
    this.goalIndexOfCell = problem.goalIndexOfCell;
    this.everyBoxNeedsGoal = problem.everyBoxNeedsGoal;
    this.everyGoalNeedsBox = problem.everyGoalNeedsBox;
    this.count = goalsBeyond.length;
  }

  /**
   * The level's one-way squares: one fill per corridor square and direction, from b + d with b
   * taken out. Null when the level has none, or is too large for a push and its run to share one
   * 32-bit push code (see pushCode).
   */
  static build(problem: Problem): OneWaySquares | null {
    const { cellCount, neighbours, goalIndexOfCell, words } = problem;
    if (cellCount * cellCount * 4 > 0x7fffffff) return null;
    const entryOf = new Int32Array(cellCount * 4).fill(-1);
    const goals: number[] = [];
    const masks: number[] = [];
    const mark = new Int32Array(cellCount).fill(-1);
    const stack = new Int32Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      for (let d = 0; d < 4; d++) {
        const ahead = neighbours[cell * 4 + d];
        const behind = neighbours[cell * 4 + (d ^ 1)];
        // The two directions across d: d 0/1 (up, down) is crossed by 2/3, and the other way.
        const across = d < 2 ? 2 : 0;
        if (ahead < 0 || behind < 0 || neighbours[cell * 4 + across] >= 0 || neighbours[cell * 4 + across + 1] >= 0) continue;
        const fill = cell * 4 + d;
        let top = 0;
        stack[top++] = ahead;
        mark[ahead] = fill;
        mark[cell] = fill;
        let goalsInR = 0;
        const mask = new Array<number>(words).fill(0);
        while (top > 0) {
          const at = stack[--top];
          if (goalIndexOfCell[at] >= 0) goalsInR++;
          mask[at >>> 5] |= 1 << (at & 31);
          for (let k = 0; k < 4; k++) {
            const next = neighbours[at * 4 + k];
            if (next < 0 || mark[next] === fill) continue;
            mark[next] = fill;
            stack[top++] = next;
          }
        }
        if (mark[behind] === fill) continue;
        entryOf[fill] = goals.length;
        goals.push(goalsInR);
        masks.push(...mask);
      }
    }
    if (goals.length === 0) return null;
    return new OneWaySquares(problem, entryOf, Int32Array.from(goals), Uint32Array.from(masks));
  }

  /** Whether a box pushed onto `cell` in direction `d` stands on a one-way square. */
  isOneWay(cell: number, d: number): boolean {
    return this.entryOf[cell * 4 + d] >= 0;
  }

  /** Goals in the part beyond a one-way square (cell, d), or -1 where it is not one. */
  goalsBeyondOf(cell: number, d: number): number {
    const entry = this.entryOf[cell * 4 + d];
    return entry < 0 ? -1 : this.goalsBeyond[entry];
  }

  /**
   * Where a box pushed onto `to` in direction `d` comes to rest when it is pushed on while it
   * must (see the class comment), or -1 when such a push is impossible and the position is lost.
   * `boxes` (from word `base`) and `boxAt` describe the position before the push onto `to`: the
   * pushed box was outside every R along the way, so they count R's boxes right. The pushes made,
   * counting the one onto `to`, are left in lastRun.
   */
  forcedEnd(to: number, d: number, boxes: Uint32Array, base: number, boxAt: Uint8Array, dead: Uint8Array): number {
    const { entryOf, neighbours } = this;
    let at = to;
    let run = 1;
    for (;;) {
      const entry = entryOf[at * 4 + d];
      if (entry < 0 || !this.mustMoveOn(at, entry, boxes, base)) break;
      const next = neighbours[at * 4 + d];
      if (boxAt[next] !== 0 || dead[next] !== 0) {
        this.lastRun = run;
        return -1;
      }
      at = next;
      run++;
    }
    this.lastRun = run;
    return at;
  }

  private mustMoveOn(cell: number, entry: number, boxes: Uint32Array, base: number): boolean {
    if (this.everyBoxNeedsGoal && this.goalIndexOfCell[cell] < 0) return true;
    if (!this.everyGoalNeedsBox) return false;
    const goals = this.goalsBeyond[entry];
    if (goals === 0) return false;
    const { words, beyond } = this;
    const maskBase = entry * words;
    let boxesInR = 0;
    for (let w = 0; w < words; w++) {
      let bits = (boxes[base + w] & beyond[maskBase + w]) >>> 0;
      // Population count of one word.
      bits -= (bits >>> 1) & 0x55555555;
      bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
      boxesInR += (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return goals > boxesInR;
  }
}

/**
 * A node's last push with the run of same-direction pushes that ended in it, in one 32-bit code
 * (the node table keeps one per node): push = (box cell before the push) * 4 + direction, plus
 * (run - 1) times the number of push values. A run of one is the push itself, so tables without
 * runs read the same. build() refuses levels where the code could overflow.
 */
export function pushCode(push: number, run: number, cellCount: number): number {
  return push + (run - 1) * cellCount * 4;
}

/** The last push of a push code. */
export function lastPushOf(code: number, cellCount: number): number {
  return code % (cellCount * 4);
}

/** The pushes a push code stands for (1 for a plain push). */
export function runOf(code: number, cellCount: number): number {
  return Math.floor(code / (cellCount * 4)) + 1;
}
