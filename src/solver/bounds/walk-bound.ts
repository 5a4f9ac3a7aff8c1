import type { Problem } from '../model/problem.js';

/** Lone-box route costs at or above this mean no route (the box's cell is dead). */
const NO_ROUTE = 0xff;
/** The route table's "no push before" column: the box's next push is a start whatever its direction. */
const FRESH = 4;

/**
 * routeStarts[cell * 5 + last], the fewest no-hop starts a lone box on `cell` makes on its way to a
 * goal (`last` 0-3: the direction of a push it may continue for free, 4 none; NO_ROUTE: none).
 * A route's cost is a sum of 0s and 1s, one a push, so a breadth-first search with a double-ended
 * queue (free pushes at the front, counted ones at the back) settles each state once, working
 * back from the goals: linear in the board, where sweeping until nothing changes took a sweep per
 * turn of the longest route (0.9 s on a 200 by 200 room).
 */
function routeStartsToGoals(problem: Problem, dead: Uint8Array, hop: Uint8Array): Uint8Array {
  const { cellCount, neighbours, goalIndexOfCell } = problem;
  const states = cellCount * 5;
  const routeStarts = new Uint8Array(states).fill(NO_ROUTE);
  const settled = new Uint8Array(states);
  // Each settled state offers each of its at most five predecessors once, so this never wraps onto itself.
  const capacity = states * 6 + 1;
  const deque = new Int32Array(capacity);
  let front = 0;
  let back = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (goalIndexOfCell[cell] < 0) continue;
    for (let last = 0; last <= FRESH; last++) {
      routeStarts[cell * 5 + last] = 0;
      deque[back++] = cell * 5 + last;
    }
  }
  while (front !== back) {
    const state = deque[front];
    front = front + 1 === capacity ? 0 : front + 1;
    if (settled[state] !== 0) continue;
    settled[state] = 1;
    const to = (state / 5) | 0;
    const d = state - to * 5;
    // Only a state reached by a push in direction d extends backward: the box came from behind `to`.
    if (d === FRESH || dead[to] !== 0) continue;
    const cell = neighbours[to * 4 + (d ^ 1)];
    if (cell < 0 || goalIndexOfCell[cell] >= 0 || dead[cell] !== 0) continue;
    const from = neighbours[cell * 4 + (d ^ 1)];
    if (from < 0) continue;
    const cost = routeStarts[state];
    for (let last = 0; last <= FRESH; last++) {
      const step = last === d || hop[from * 4 + d] !== 0 ? 0 : 1;
      const next = cell * 5 + last;
      if (settled[next] !== 0 || cost + step >= routeStarts[next]) continue;
      routeStarts[next] = cost + step;
      if (step === 0) {
        front = front === 0 ? capacity - 1 : front - 1;
        deque[front] = next;
      } else {
        deque[back] = next;
        back = back + 1 === capacity ? 0 : back + 1;
      }
    }
  }
  return routeStarts;
}

/**
 * A lower bound on the walking steps (moves that push nothing) still needed, for move-optimal
 * search, where it adds to the push bound: every solution's moves are its pushes plus its walks,
 * and each part has its own bound, whatever the solution.
 *
 * The argument. Call a push a continuation when the push just before it (with no walk between)
 * moved the same box the same way; every other push is a start. A start with no walk before it
 * is made from the cell the previous push left the player on, which held that push's box: a box
 * (so the cell is not dead, and some box can get there from the level's start) pushed across the
 * start's direction (it cannot have been pushed along it: it would now stand where the started
 * box is, or the player would have come from there), so the cell has a free cell on one side
 * across the start's direction and a cell a box may stand on, on the other. A start from a cell
 * without that (a "no-hop" cell: a corridor along the push, a dead cell, a cell no box reaches)
 * therefore has a walking step just before it, and distinct starts have distinct such steps.
 * The first push from the position is the exception: it needs no walk when the player already
 * stands behind it.
 *
 * Per box, the starts from no-hop cells along its route from its cell to a goal are at least the
 * fewest any lone-box route has, counting the route's first push and each turn (a push in another
 * direction than the box's previous push) made from a no-hop cell: other boxes only take routes
 * away, and a push that follows the same box's push the same way with another push between is a
 * start too, counted here as free. Summed over the boxes (each push is one box's), less one when
 * the first push may be a free start from the player's cell, that bounds the walks.
 */
export class WalkBound {
  private constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    /** routeStarts[cell * 5 + last]: fewest no-hop starts from `cell` to a goal; last 0-3 is the direction of a push that may continue for free, 4 none. */
    private readonly routeStarts: Uint8Array,
  ) {
    this.queue = new Int32Array(problem.cellCount);
    this.seen = new Uint32Array(problem.cellCount);
  }

  /** The walk's breadth-first queue, and the stamp of the cells it has seen. */
  private readonly queue: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** The position last noted (noteBoxes): its boxes' summed fresh starts, and how many are off goals. */
  private boxStarts = 0;
  private boxesAway = 0;

  /**
   * The bound's tables for a level whose every box needs a goal. `dead` marks cells no box may
   * stand on in a solution; `unreachable` cells no box can be pushed to from the level's start
   * (so none holds a box in any position the search reaches).
   */
  static build(problem: Problem, dead: Uint8Array, unreachable: Uint8Array): WalkBound {
    const { cellCount, neighbours } = problem;
    const holdsBox = (cell: number): boolean => cell >= 0 && dead[cell] === 0 && unreachable[cell] === 0;
    // hop[from * 4 + d]: a start pushing direction d from `from` may follow the previous push without a walk.
    const hop = new Uint8Array(cellCount * 4);
    for (let from = 0; from < cellCount; from++) {
      if (!holdsBox(from)) continue;
      for (let d = 0; d < 4; d++) {
        const across = d < 2 ? 2 : 0;
        for (let side = across; side < across + 2; side++) {
          // The box on `from` was pushed towards `side`: the player stood on the opposite side.
          if (neighbours[from * 4 + (side ^ 1)] >= 0 && holdsBox(neighbours[from * 4 + side])) hop[from * 4 + d] = 1;
        }
      }
    }
    return new WalkBound(problem, dead, routeStartsToGoals(problem, dead, hop));
  }

  /**
   * Walking steps still needed from a position: boxes on boxList[0..count) (marked in boxAt), the
   * player on `player`. Boxes on dead cells give no route; the callers prune those positions.
   */
  evaluate(boxList: Int32Array, count: number, player: number, boxAt: Uint8Array): number {
    this.noteBoxes(boxList, count);
    return this.combine(this.boxStarts, this.boxesAway, player, boxAt, -1, -1);
  }

  /** Notes the boxes of a position whose children afterPush will bound: boxList[0..count). */
  noteBoxes(boxList: Int32Array, count: number): void {
    const { goalIndexOfCell } = this.problem;
    let starts = 0;
    let away = 0;
    for (let i = 0; i < count; i++) {
      starts += this.freshStarts(boxList[i]);
      if (goalIndexOfCell[boxList[i]] < 0) away++;
    }
    this.boxStarts = starts;
    this.boxesAway = away;
  }

  /**
   * Walking steps still needed from the child of the noted position whose box on `from` was
   * pushed to `to`, the player on `player`; boxAt may mark the boxes before the push or after it.
   * Only the moved box's terms of the noted sums change.
   */
  afterPush(from: number, to: number, player: number, boxAt: Uint8Array): number {
    const { goalIndexOfCell } = this.problem;
    const away = this.boxesAway - (goalIndexOfCell[from] < 0 ? 1 : 0) + (goalIndexOfCell[to] < 0 ? 1 : 0);
    const starts = this.boxStarts - this.freshStarts(from) + this.freshStarts(to);
    return this.combine(starts, away, player, boxAt, from, to);
  }

  /** A box's fewest no-hop starts with no push to continue (0 on dead cells, which have no route). */
  private freshStarts(cell: number): number {
    const starts = this.routeStarts[cell * 5 + FRESH];
    return starts < NO_ROUTE ? starts : 0;
  }

  /**
   * The bound from the boxes' summed fresh starts (`sum`) and how many boxes are off goals
   * (`away`), the player on `player`; the box marks are boxAt's, except that a box has moved
   * from `movedFrom` to `movedTo` (both -1: none), so a child needs no marks of its own.
   *
   * The walk before the first push is at least the distance to the nearest cell a push can be
   * made from, and its last step may be the one the first push's start was counted for: then that
   * push's box continues its route for free (one start less, and only where that saves one).
   * Every other counted start's walking step comes after the first push. So the walks are at least
   * that distance plus the sum, less one where some push at that distance saves one.
   */
  private combine(sum: number, away: number, player: number, boxAt: Uint8Array, movedFrom: number, movedTo: number): number {
    if (away === 0) return 0;
    const { routeStarts, dead, queue, seen } = this;
    const { neighbours } = this.problem;
    this.stamp++;
    if (this.stamp === 0xffffffff) {
      seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    seen[player] = stamp;
    queue[0] = player;
    let head = 0;
    let tail = 1;
    for (let distance = 0; head < tail; distance++) {
      const layerEnd = tail;
      let pushes = false;
      let saved = 0;
      for (; head < layerEnd; head++) {
        const cell = queue[head];
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cell * 4 + d];
          if (next < 0) continue;
          if (!(next === movedTo || (next !== movedFrom && boxAt[next] !== 0))) {
            if (seen[next] !== stamp) {
              seen[next] = stamp;
              queue[tail++] = next;
            }
            continue;
          }
          const to = neighbours[next * 4 + d];
          if (to < 0 || to === movedTo || (to !== movedFrom && boxAt[to] !== 0) || dead[to] !== 0) continue;
          pushes = true;
          const fresh = routeStarts[next * 5 + FRESH];
          if (fresh < NO_ROUTE && fresh > routeStarts[next * 5 + d]) saved = 1;
        }
      }
      if (pushes) return distance + sum - saved;
    }
    // No push anywhere: the position is lost, which the other tests report.
    return sum;
  }
}
