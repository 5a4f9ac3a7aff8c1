import { UNREACHABLE, type PushDistances } from '../geometry/push-distances.js';
import type { PatternBound } from './pattern-bound.js';

/** Returned when no assignment of boxes to goals exists: the position is lost. */
export const INFEASIBLE = 0x3fffffff;

const BIG = 1e9;
const NEEDS_MATCHING = -1;
const CACHE_SLOTS = 256;

/**
 * The lower bound on pushes: a minimum-cost matching between boxes and goals over push
 * distances (each box to its own goal, or each goal to its own box when boxes outnumber goals
 * under the all-goals rule). Solved with the Hungarian method on preallocated arrays; when
 * every box's nearest goal is different, that greedy pick is already optimal and is used as is.
 *
 * With spare goals (fewer boxes than goals, each box needing one) the matrix is made square with
 * "spare" rows that cost nothing on any goal. Without them the duals a child inherits from its
 * parent leave a goal that lost its box with a negative price, so repaired bounds drift below the
 * optimum from generation to generation, down to 0 with a box off its goal, which the searches
 * read as solved (issue 13). Square, one repair phase is exact.
 */
export class MatchingBound {
  private readonly goalCount: number;
  private readonly distance: Uint16Array;
  private readonly nearestGoal: Int32Array;
  private readonly nearest: Uint16Array;
  private readonly goalSeen: Int32Array;
  private seenEpoch = 0;
  // The parent's nearest goals tallied (see childNearestSum), once its first child asks.
  private parentTallied = false;
  /** Per goal, the parent's boxes whose nearest goal it is (valid while parentTallied). */
  private readonly nearestUse: Int32Array;
  /** The parent's boxes beyond the first on each nearest goal, boxes with no goal in reach, and nearest distances of the others added up. */
  private parentShared = 0;
  private parentUnreachable = 0;
  private parentNearest = 0;
  // Hungarian method state, sized for the larger side.
  private readonly cost: Float64Array;
  private readonly u: Float64Array;
  private readonly v: Float64Array;
  private readonly minv: Float64Array;
  private readonly assigned: Int32Array;
  private readonly way: Int32Array;
  private readonly used: Uint8Array;
  private readonly size: number;
  /** Zero-cost rows added after the box rows so that there are as many rows as goals. */
  private readonly spareRows: number;
  /** Rows of a matching over boxes: the boxes, then the spare rows. */
  private readonly rowCount: number;
  // The parent position's optimal duals and assignment, so that a child (one box moved) needs
  // one augmenting phase instead of a whole matching.
  private readonly parentCells: Int32Array;
  private parentCount = 0;
  /** The parent's duals and assignment are in the base arrays. */
  private parentReady = false;
  /** The cost matrix holds the parent's costs (rows are its boxes in boxCells order). */
  private parentCosts = false;
  /** The parent's boxes have no matching at all (found once, not again for each child). */
  private parentInfeasible = false;
  private readonly baseU: Float64Array;
  private readonly baseV: Float64Array;
  private readonly baseAssigned: Int32Array;
  // Duals of recently evaluated children, by box cell, so that when one of them is expanded
  // (best-first search often expands a fresh child next) its matching need not be redone.
  private readonly cacheOwner: Int32Array;
  private readonly cacheCells: Int32Array;
  private readonly cacheU: Float64Array;
  private readonly cacheColumn: Int32Array;
  private readonly cacheV: Float64Array;
  private readonly rowOfCell: Int32Array;
  private cacheNext = 0;
  // For a child's value alone (childCost): the parent's dual objective and each row's column, once per parent.
  private parentSummed = false;
  private parentDualTotal = 0;
  private readonly columnOfRow: Int32Array;
  /** Per column, the shortest path on to the column `pathsRow` leaves free (pathsToFree). */
  private readonly toFree: Float64Array;
  /** The columns pathsToFree has not settled yet. */
  private readonly pending: Int32Array;
  /** Per parent, by entered column then column left: the parent's cost of the left column's row there, less its dual (sumParent). */
  private readonly enteringCost: Float64Array;
  private pathsRow = -1;
  // The last parent evaluateParentFromLast matched (its duals are the base arrays' while lastValid).
  private lastValid = false;
  private lastCount = 0;
  private readonly lastCells: Int32Array;
  /** Per cell, 1 + the row of the last parent's box there, or 0. */
  private readonly lastRowOfCell: Int32Array;
  private readonly lastColumnOfRow: Int32Array;
  private readonly unmatchedRows: Int32Array;
  /** Cache slot of the last evaluateChild result, or -1 when it left no duals to keep. */
  lastSlot = -1;

  /**
   * `patterns`, when given (every box needing a goal), raises each bound with pair patterns for
   * the player's cell passed to evaluate and evaluateChild; see pattern-bound.ts. Without
   * `cachesChildren`, evaluateChild keeps no child's duals (lastSlot stays -1): for a caller that
   * never expands the children it scores (arrangement.ts), the copy would be work for nobody.
   */
  constructor(
    distances: PushDistances,
    boxCount: number,
    private readonly boxesPerGoal: boolean,
    private readonly patterns: PatternBound | null = null,
    private readonly cachesChildren = true,
  ) {
    this.goalCount = distances.goalCount;
    this.distance = distances.distance;
    this.nearest = distances.nearest;
    const cells = distances.nearest.length;
    this.nearestGoal = new Int32Array(cells).fill(-1);
    for (let cell = 0; cell < cells; cell++) {
      for (let goal = 0; goal < this.goalCount; goal++) {
        if (distances.distance[cell * this.goalCount + goal] === distances.nearest[cell] && distances.nearest[cell] !== UNREACHABLE) {
          this.nearestGoal[cell] = goal;
          break;
        }
      }
    }
    this.goalSeen = new Int32Array(this.goalCount);
    this.nearestUse = new Int32Array(this.goalCount);
    const n = Math.max(boxCount, this.goalCount) + 1;
    this.size = n;
    this.spareRows = boxesPerGoal ? Math.max(0, this.goalCount - boxCount) : 0;
    this.rowCount = boxCount + this.spareRows;
    this.cost = new Float64Array(n * n);
    this.u = new Float64Array(n);
    this.v = new Float64Array(n);
    this.minv = new Float64Array(n);
    this.assigned = new Int32Array(n);
    this.way = new Int32Array(n);
    this.used = new Uint8Array(n);
    this.parentCells = new Int32Array(boxCount);
    this.baseU = new Float64Array(n);
    this.baseV = new Float64Array(n);
    this.baseAssigned = new Int32Array(n);
    this.cacheOwner = new Int32Array(CACHE_SLOTS).fill(-1);
    this.cacheCells = new Int32Array(CACHE_SLOTS * this.rowCount);
    this.cacheU = new Float64Array(CACHE_SLOTS * this.rowCount);
    this.cacheColumn = new Int32Array(CACHE_SLOTS * this.rowCount);
    this.cacheV = new Float64Array(CACHE_SLOTS * n);
    this.rowOfCell = new Int32Array(cells);
    this.columnOfRow = new Int32Array(n);
    this.toFree = new Float64Array(n);
    this.lastCells = new Int32Array(boxCount);
    this.lastRowOfCell = new Int32Array(cells);
    this.lastColumnOfRow = new Int32Array(n);
    this.unmatchedRows = new Int32Array(n);
    this.pending = new Int32Array(n);
    // Only the children's values alone (childCost) read it.
    this.enteringCost = new Float64Array(cachesChildren ? 0 : n * n);
  }

  /** Records that cache slot `slot` (from lastSlot) belongs to search node `node`. */
  claimSlot(slot: number, node: number): void {
    this.cacheOwner[slot] = node;
  }

  /**
   * Names the position whose children will be evaluated next with evaluateChild; `slot` is the
   * cache slot its own evaluation left (or -1), used when it still belongs to `node`.
   */
  beginParent(boxCells: Int32Array, count: number, node: number, slot: number): void {
    this.untallyParent();
    // Copied by hand: a subarray view would be an allocation per position.
    for (let i = 0; i < count; i++) this.parentCells[i] = boxCells[i];
    this.parentCount = count;
    this.parentReady = slot >= 0 && this.cacheOwner[slot] === node && this.loadSlot(slot, boxCells, count);
    this.parentCosts = false;
    this.parentInfeasible = false;
    this.parentSummed = false;
  }

  /**
   * The optimal matching of the position named by beginParent (its duals kept for evaluateChild),
   * or INFEASIBLE. For a caller that needs the parent's own value too.
   */
  evaluateParent(): number {
    const total = this.hungarian(this.parentCells, this.parentCount, true);
    if (total === INFEASIBLE) {
      this.parentInfeasible = true;
      return total;
    }
    this.keepParentDuals();
    return total;
  }

  /**
   * evaluateParent for a caller whose parents follow one another closely (the arrangement's
   * forward search: most boxes of a position stand where the last one's did). Square matchings
   * only (no spare rows, as many boxes as goals); else as evaluateParent. It starts from the last
   * parent's optimal duals: a box on a cell the last parent had a box on keeps that row's dual and
   * column (its costs are the same, so the pair stays tight), any other box gets the least reduced
   * cost as its dual, and one Hungarian phase matches each of those. Every column ends matched with
   * feasible duals and tight pairs, so the matching is optimal: the value is the same exactly (the
   * duals may differ, and a child's value from them is its own optimum either way).
   */
  evaluateParentFromLast(): number {
    const cols = this.goalCount;
    const count = this.parentCount;
    if (!this.lastValid || this.spareRows > 0 || count !== cols) {
      const total = this.evaluateParent();
      this.keepLast(total);
      return total;
    }
    const { u, v, assigned, baseU, baseV, baseAssigned, lastRowOfCell, lastColumnOfRow, unmatchedRows, parentCells, cost, size } = this;
    for (let c = 1; c <= cols; c++) lastColumnOfRow[baseAssigned[c]] = c;
    v.set(baseV);
    assigned.fill(0, 0, cols + 1);
    let unmatched = 0;
    for (let r = 1; r <= count; r++) {
      const cell = parentCells[r - 1];
      this.fillRow(r, cell);
      const last = lastRowOfCell[cell];
      if (last > 0) {
        u[r] = baseU[last];
        assigned[lastColumnOfRow[last]] = r;
        continue;
      }
      let least = Number.POSITIVE_INFINITY;
      for (let c = 1; c <= cols; c++) {
        const reduced = cost[r * size + c] - v[c];
        if (reduced < least) least = reduced;
      }
      u[r] = least;
      unmatchedRows[unmatched++] = r;
    }
    for (let k = 0; k < unmatched; k++) this.augment(unmatchedRows[k], cols);
    let total = 0;
    for (let r = 1; r <= count; r++) total += u[r];
    for (let c = 1; c <= cols; c++) total += v[c];
    if (total >= BIG) {
      this.parentInfeasible = true;
      this.keepLast(INFEASIBLE);
      return INFEASIBLE;
    }
    this.keepParentDuals();
    this.keepLast(total);
    return total;
  }

  /** Records the parent as the last one evaluateParentFromLast starts from, when it has a matching. */
  private keepLast(total: number): void {
    const { lastRowOfCell, lastCells } = this;
    for (let i = 0; i < this.lastCount; i++) lastRowOfCell[lastCells[i]] = 0;
    this.lastValid = total !== INFEASIBLE;
    this.lastCount = this.lastValid ? this.parentCount : 0;
    for (let i = 0; i < this.lastCount; i++) {
      const cell = this.parentCells[i];
      lastCells[i] = cell;
      lastRowOfCell[cell] = i + 1;
    }
  }

  private keepParentDuals(): void {
    this.baseU.set(this.u);
    this.baseV.set(this.v);
    this.baseAssigned.set(this.assigned);
    this.parentReady = true;
    this.parentCosts = true;
    this.parentSummed = false;
  }

  private loadSlot(slot: number, boxCells: Int32Array, count: number): boolean {
    const { rowOfCell, cacheCells, baseU, baseV, baseAssigned } = this;
    const base = slot * this.rowCount;
    for (let r = 0; r < count; r++) rowOfCell[boxCells[r]] = r + 1;
    baseAssigned.fill(0);
    for (let k = 0; k < count; k++) {
      const row = rowOfCell[cacheCells[base + k]];
      baseU[row] = this.cacheU[base + k];
      baseAssigned[this.cacheColumn[base + k]] = row;
    }
    // Spare rows are interchangeable and keep their places after the boxes.
    for (let k = count; k < count + this.spareRows; k++) {
      baseU[k + 1] = this.cacheU[base + k];
      baseAssigned[this.cacheColumn[base + k]] = k + 1;
    }
    baseU[0] = 0;
    const cached = slot * this.size;
    for (let c = 0; c < this.size; c++) baseV[c] = this.cacheV[cached + c];
    for (let r = 0; r < count; r++) rowOfCell[boxCells[r]] = 0;
    return true;
  }

  private saveSlot(boxCells: Int32Array, count: number): number {
    const slot = this.cacheNext;
    this.cacheNext = (slot + 1) % CACHE_SLOTS;
    const base = slot * this.rowCount;
    const { assigned, u } = this;
    for (let r = 0; r < count; r++) this.cacheCells[base + r] = boxCells[r];
    for (let r = 0; r < count + this.spareRows; r++) this.cacheU[base + r] = u[r + 1];
    for (let c = 1; c <= this.goalCount; c++) {
      if (assigned[c] > 0) this.cacheColumn[base + assigned[c] - 1] = c;
    }
    this.cacheV.set(this.v, slot * this.size);
    this.cacheOwner[slot] = -1;
    return slot;
  }

  /**
   * Lower bound for the parent's boxes with the one at index `moved` replaced (boxCells holds
   * the child's cells). Exact when the nearest goals are distinct; otherwise the dual value after
   * one Hungarian phase from the parent's optimum, which never exceeds the optimal matching.
   */
  evaluateChild(boxCells: Int32Array, count: number, moved: number, player = -1): number {
    this.lastSlot = -1;
    if (!this.boxesPerGoal) return this.evaluate(boxCells, count);
    const quick = this.childNearestSum(this.parentCells[moved], boxCells[moved]);
    if (quick !== NEEDS_MATCHING) return this.withPatterns(quick, boxCells, count, player, false);
    if (!this.parentReady) {
      if (this.parentInfeasible) return INFEASIBLE;
      if (this.hungarian(this.parentCells, this.parentCount, true) === INFEASIBLE) {
        this.parentInfeasible = true;
        return INFEASIBLE;
      }
      this.keepParentDuals();
    } else if (!this.parentCosts) {
      for (let r = 1; r <= this.parentCount; r++) this.fillRow(r, this.parentCells[r - 1]);
      this.fillSpareRows(this.parentCount);
      this.parentCosts = true;
    }
    // Without patterns or the cache, nobody reads the child's duals: its value alone will do.
    const bound = this.cachesChildren || this.patterns !== null ? this.repairRow(boxCells, count, moved + 1) : this.childCost(boxCells[moved], moved + 1);
    if (bound === INFEASIBLE) return bound;
    if (this.cachesChildren) this.lastSlot = this.saveSlot(boxCells, count);
    return this.withPatterns(bound, boxCells, count, player, true);
  }

  /**
   * Lower bound for boxes at the given cells (count of them), or INFEASIBLE; with the player's
   * cell (not -1), pair patterns may raise it.
   */
  evaluate(boxCells: Int32Array, count: number, player = -1): number {
    if (!this.boxesPerGoal) return this.hungarian(boxCells, count, false);
    const quick = this.nearestSum(boxCells, count);
    if (quick !== NEEDS_MATCHING) return this.withPatterns(quick, boxCells, count, player, false);
    return this.withPatterns(this.hungarian(boxCells, count, true), boxCells, count, player, true);
  }

  /** The matching's value raised by pair patterns, its duals in u and v when `dualsKept`, else the nearest distances. */
  private withPatterns(matching: number, boxCells: Int32Array, count: number, player: number, dualsKept: boolean): number {
    if (this.patterns === null || player < 0 || matching === INFEASIBLE) return matching;
    const u = dualsKept ? this.u : null;
    const v = dualsKept ? this.v : null;
    return this.patterns.improve(matching, boxCells, count, player, u, this.nearest, v, this.goalCount, INFEASIBLE);
  }

  /**
   * nearestSum of the parent's boxes with the one on `from` moved to `to` (evaluateChild's child),
   * from the parent's nearest goals tallied once: a position has many children, and each would
   * otherwise go over every box again.
   */
  private childNearestSum(from: number, to: number): number {
    if (!this.parentTallied) this.tallyParent();
    const { nearest, nearestGoal, nearestUse } = this;
    const fromDistance = nearest[from];
    const toDistance = nearest[to];
    const fromReached = fromDistance !== UNREACHABLE;
    if (this.parentUnreachable - (fromReached ? 0 : 1) + (toDistance === UNREACHABLE ? 1 : 0) > 0) return INFEASIBLE;
    // Boxes sharing a nearest goal, after the move: the box leaves its goal's tally and joins the other's.
    let shared = this.parentShared;
    const fromGoal = fromReached ? nearestGoal[from] : -1;
    if (fromReached && nearestUse[fromGoal] > 1) shared--;
    const toGoal = nearestGoal[to];
    if (nearestUse[toGoal] - (toGoal === fromGoal ? 1 : 0) > 0) shared++;
    if (shared > 0) return NEEDS_MATCHING;
    return this.parentNearest - (fromReached ? fromDistance : 0) + toDistance;
  }

  /** Tallies the parent's boxes by nearest goal (childNearestSum). */
  private tallyParent(): void {
    const { nearest, nearestGoal, nearestUse, parentCells } = this;
    let shared = 0;
    let unreachable = 0;
    let sum = 0;
    for (let i = 0; i < this.parentCount; i++) {
      const cell = parentCells[i];
      const d = nearest[cell];
      if (d === UNREACHABLE) {
        unreachable++;
        continue;
      }
      sum += d;
      if (nearestUse[nearestGoal[cell]]++ > 0) shared++;
    }
    this.parentShared = shared;
    this.parentUnreachable = unreachable;
    this.parentNearest = sum;
    this.parentTallied = true;
  }

  /** Clears the last parent's tally, box by box (before parentCells changes). */
  private untallyParent(): void {
    if (!this.parentTallied) return;
    this.parentTallied = false;
    const { nearest, nearestGoal, nearestUse, parentCells } = this;
    for (let i = 0; i < this.parentCount; i++) {
      const cell = parentCells[i];
      if (nearest[cell] !== UNREACHABLE) nearestUse[nearestGoal[cell]] = 0;
    }
  }

  /** Distinct nearest goals make the sum of minima the optimum; else NEEDS_MATCHING. */
  private nearestSum(boxCells: Int32Array, count: number): number {
    let epoch = ++this.seenEpoch;
    if (epoch === 0x7fffffff) {
      this.goalSeen.fill(0);
      epoch = this.seenEpoch = 1;
    }
    let sum = 0;
    let distinct = true;
    for (let i = 0; i < count; i++) {
      const cell = boxCells[i];
      const d = this.nearest[cell];
      if (d === UNREACHABLE) return INFEASIBLE;
      sum += d;
      const goal = this.nearestGoal[cell];
      if (this.goalSeen[goal] === epoch) distinct = false;
      else this.goalSeen[goal] = epoch;
    }
    return distinct ? sum : NEEDS_MATCHING;
  }

  /**
   * One Hungarian phase re-assigning row `row` (1-based) after its box moved; the cost matrix
   * holds the parent's costs, so only the moved row is rewritten, and put back afterwards.
   */
  private repairRow(boxCells: Int32Array, rows: number, row: number): number {
    const cols = this.goalCount;
    const { u, v, assigned, cost } = this;
    u.set(this.baseU);
    v.set(this.baseV);
    assigned.set(this.baseAssigned);
    this.fillRow(row, boxCells[row - 1]);
    let best = Infinity;
    for (let c = 1; c <= cols; c++) {
      if (assigned[c] === row) assigned[c] = 0;
      const reduced = cost[row * this.size + c] - v[c];
      if (reduced < best) best = reduced;
    }
    u[row] = best;
    this.augment(row, cols);
    this.fillRow(row, this.parentCells[row - 1]);
    // Weak duality: any feasible duals (v <= 0) bound the optimal matching from below.
    let total = 0;
    for (let r = 1; r <= rows + this.spareRows; r++) total += u[r];
    for (let c = 1; c <= cols; c++) total += v[c];
    return total >= BIG ? INFEASIBLE : Math.max(0, Math.round(total));
  }

  /**
   * What repairRow returns for the parent's row `row` (1-based) moved to `cell`, without its duals.
   * repairRow's phase is a shortest path over reduced costs from the row to the one column it left
   * free, and it adds that path's length to the dual objective. So the value is the parent's
   * objective less the row's old dual, plus the path's length from the row's new dual (its least
   * cost less column duals): the least, over the first column c, of the row's cost there less
   * c's dual plus the path from c on to the free column. The paths from every column to the free
   * one are the parent's (no other row changes), found once for all the children that move this
   * row (pathsToFree); a child then costs one pass over the columns. The duals, the assignment and
   * the cost matrix stay as the parent's. All values are whole numbers, so the sum is the same exactly.
   */
  private childCost(cell: number, row: number): number {
    const cols = this.goalCount;
    const { distance, baseV, toFree } = this;
    if (!this.parentSummed) this.sumParent();
    if (this.pathsRow !== row) this.pathsToFree(row);
    const costs = cell * cols - 1;
    let least = Number.POSITIVE_INFINITY;
    for (let c = 1; c <= cols; c++) {
      const d = distance[costs + c];
      const through = (d === UNREACHABLE ? BIG : d) - baseV[c] + toFree[c];
      if (through < least) least = through;
    }
    const total = this.parentDualTotal - this.baseU[row] + least;
    return total >= BIG ? INFEASIBLE : Math.max(0, Math.round(total));
  }

  /**
   * For each column, the shortest path over the parent's reduced costs from it (through the row it
   * is assigned to) to the column row `row` leaves free: Dijkstra backwards from that column. The
   * columns not yet settled are kept in a list (each step goes over those alone), and the reduced
   * costs into a column are read from the parent's table laid out by that column (sumParent).
   */
  private pathsToFree(row: number): void {
    const cols = this.goalCount;
    const { enteringCost, toFree, pending, size } = this;
    const free = this.columnOfRow[row];
    let left = 0;
    for (let c = 1; c <= cols; c++) {
      toFree[c] = Number.POSITIVE_INFINITY;
      if (c !== free) pending[left++] = c;
    }
    toFree[free] = 0;
    let reached = free;
    while (left > 0) {
      // Entering `reached` from column c goes through c's row: that row's reduced cost there.
      const onward = toFree[reached] - this.baseV[reached];
      const entering = reached * size;
      let nextAt = 0;
      let nearest = Number.POSITIVE_INFINITY;
      for (let k = 0; k < left; k++) {
        const c = pending[k];
        const via = onward + enteringCost[entering + c];
        let path = toFree[c];
        if (via < path) {
          toFree[c] = via;
          path = via;
        }
        if (path < nearest) {
          nearest = path;
          nextAt = k;
        }
      }
      reached = pending[nextAt];
      pending[nextAt] = pending[--left];
    }
    this.pathsRow = row;
  }

  /** The parent's dual objective and the column of each row, for childCost. */
  private sumParent(): void {
    const { baseU, baseV, baseAssigned, columnOfRow, cost, enteringCost, size } = this;
    const cols = this.goalCount;
    let total = 0;
    for (let r = 1; r <= this.parentCount + this.spareRows; r++) total += baseU[r];
    for (let c = 1; c <= cols; c++) {
      total += baseV[c];
      columnOfRow[baseAssigned[c]] = c;
    }
    // The cost of entering each column from each other (through the other's row, less that row's
    // dual), by entered column: pathsToFree runs once per moved box and reads them in this order.
    for (let c = 1; c <= cols; c++) {
      const through = baseAssigned[c];
      const costs = through * size;
      const dual = baseU[through];
      for (let entered = 1; entered <= cols; entered++) enteringCost[entered * size + c] = cost[costs + entered] - dual;
    }
    this.parentDualTotal = total;
    this.parentSummed = true;
    this.pathsRow = -1;
  }

  /** The spare rows after `boxes` box rows: free on every goal. */
  private fillSpareRows(boxes: number): void {
    const { cost, goalCount, size } = this;
    for (let r = boxes + 1; r <= boxes + this.spareRows; r++) cost.fill(0, r * size + 1, r * size + goalCount + 1);
  }

  /** Costs of a box on `cell` to every goal, as row `row` (rows are boxes). */
  private fillRow(row: number, cell: number): void {
    const { cost, distance, goalCount, size } = this;
    for (let c = 1; c <= goalCount; c++) {
      const d = distance[cell * goalCount + (c - 1)];
      cost[row * size + c] = d === UNREACHABLE ? BIG : d;
    }
  }

  private hungarian(boxCells: Int32Array, boxCount: number, rowsAreBoxes: boolean): number {
    const goals = this.goalCount;
    const rows = rowsAreBoxes ? boxCount + this.spareRows : goals;
    const cols = rowsAreBoxes ? goals : boxCount;
    if (rows === 0) return 0;
    if (cols < rows) return INFEASIBLE;
    const stride = this.size;
    const { cost, u, v, assigned, distance } = this;
    if (rowsAreBoxes) this.fillSpareRows(boxCount);
    for (let r = 1; r <= rows; r++) {
      if (rowsAreBoxes) {
        if (r <= boxCount) this.fillRow(r, boxCells[r - 1]);
        continue;
      }
      for (let c = 1; c <= cols; c++) {
        const d = distance[boxCells[c - 1] * goals + (r - 1)];
        cost[r * stride + c] = d === UNREACHABLE ? BIG : d;
      }
    }
    u.fill(0, 0, rows + 1);
    v.fill(0, 0, cols + 1);
    assigned.fill(0, 0, cols + 1);
    for (let r = 1; r <= rows; r++) this.augment(r, cols);
    const total = -v[0];
    return total >= BIG ? INFEASIBLE : total;
  }

  /**
   * One phase of the Hungarian method: a shortest augmenting path from the unassigned row `row`
   * over reduced costs, keeping the duals feasible and the assigned pairs tight.
   */
  private augment(row: number, cols: number): void {
    const { cost, u, v, minv, assigned, way, used } = this;
    const stride = this.size;
    assigned[0] = row;
    let col0 = 0;
    minv.fill(Infinity, 0, cols + 1);
    used.fill(0, 0, cols + 1);
    do {
      used[col0] = 1;
      const row0 = assigned[col0];
      let delta = Infinity;
      let col1 = 0;
      for (let c = 1; c <= cols; c++) {
        if (used[c] !== 0) continue;
        const current = cost[row0 * stride + c] - u[row0] - v[c];
        if (current < minv[c]) {
          minv[c] = current;
          way[c] = col0;
        }
        if (minv[c] < delta) {
          delta = minv[c];
          col1 = c;
        }
      }
      for (let c = 0; c <= cols; c++) {
        if (used[c] !== 0) {
          u[assigned[c]] += delta;
          v[c] -= delta;
        } else {
          minv[c] -= delta;
        }
      }
      col0 = col1;
    } while (assigned[col0] !== 0);
    do {
      const col1 = way[col0];
      assigned[col0] = assigned[col1];
      col0 = col1;
    } while (col0 !== 0);
  }
}
