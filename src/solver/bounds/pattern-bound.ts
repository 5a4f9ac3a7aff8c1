import { PAIR_LOST, type PairCosts } from './pair-costs.js';
import type { TripleCosts } from './triple-costs.js';

/**
 * Raises the matching bound with pair patterns (and triple patterns, when given a triple
 * table), keeping it a lower bound.
 *
 * Take any feasible duals of the matching (u per box, v per goal, u_i + v_g <= distance(i, g)).
 * In a solution, each box i ends on goal s(i), all different. Split the boxes into disjoint pairs
 * P_k and the rest R. The pushes of pair k are at least its pair cost E_k (the pair alone, with
 * this player); the pushes of a box in R are at least distance(i, s(i)) >= u_i + v_s(i). So the
 * pushes are at least  sum_k E_k + sum_R u_i + (the |R| smallest v summed),  whatever s is.
 * With no pairs this is the matching's dual value; a pair whose cost exceeds its boxes' u adds
 * the difference. Triples are the same argument with three boxes. Patterns are chosen greedily
 * by that difference; any disjoint choice is sound. A pattern that cannot be put on goals at
 * all makes the position lost.
 */
export class PatternBound {
  private readonly firstBox: Int32Array;
  private readonly secondBox: Int32Array;
  /** The third box of a triple candidate, or -1 for a pair. */
  private readonly thirdBox: Int32Array;
  private readonly gain: Float64Array;
  private readonly pairCost: Int32Array;
  private readonly inPair: Uint8Array;
  private readonly goalTaken: Uint8Array;
  /** Box indices in increasing cell order (for the triples). */
  private readonly order: Int32Array;
  /** The boxes as a set of cells, and each box's index by its cell (for the triples). */
  private readonly boxSet: Uint32Array;
  private readonly boxOfCell: Int32Array;
  /** Pattern evaluations that raised the bound, and by how much in all (for measurements). */
  raised = 0;
  raisedBy = 0;

  constructor(
    private readonly pairs: PairCosts,
    boxCount: number,
    goalCount: number,
    private readonly triples: TripleCosts | null = null,
  ) {
    const most = (boxCount * (boxCount - 1)) / 2 + (triples === null ? 0 : (boxCount * (boxCount - 1) * (boxCount - 2)) / 6);
    this.firstBox = new Int32Array(most);
    this.secondBox = new Int32Array(most);
    this.thirdBox = new Int32Array(most);
    this.gain = new Float64Array(most);
    this.pairCost = new Int32Array(most);
    this.inPair = new Uint8Array(boxCount);
    this.goalTaken = new Uint8Array(goalCount + 1);
    this.order = new Int32Array(boxCount);
    this.boxSet = new Uint32Array(triples === null ? 0 : triples.words);
    this.boxOfCell = new Int32Array(triples === null ? 0 : triples.cells);
  }

  /**
   * The bound for boxes on `boxCells` (count of them) with the player on `player`, given the
   * matching's value and its duals: u[1..count] per box and v[1..goals] per goal, or, when `u`
   * is null, each box's nearest goal distance in `nearest` with every v zero. Returns `lost`
   * when some pair cannot be solved.
   */
  improve(
    matching: number,
    boxCells: Int32Array,
    count: number,
    player: number,
    u: Float64Array | null,
    nearest: Uint16Array,
    v: Float64Array | null,
    goals: number,
    lost: number,
  ): number {
    const { pairs, firstBox, secondBox, thirdBox, gain, pairCost, inPair } = this;
    let found = 0;
    for (let i = 0; i < count; i++) {
      const a = boxCells[i];
      const ua = u === null ? nearest[a] : u[i + 1];
      for (let j = i + 1; j < count; j++) {
        const b = boxCells[j];
        if (!pairs.mayConflict(a, b)) continue;
        const cost = pairs.get(a, b, player);
        if (cost === PAIR_LOST) return lost;
        const extra = cost - ua - (u === null ? nearest[b] : u[j + 1]);
        if (extra > 0.5) {
          firstBox[found] = i;
          secondBox[found] = j;
          thirdBox[found] = -1;
          gain[found] = extra;
          pairCost[found] = cost;
          found++;
        }
      }
    }
    const { triples, order, boxSet, boxOfCell } = this;
    if (triples !== null) {
      // Boxes in increasing cell order, so that each triple's rank needs no sorting.
      for (let i = 0; i < count; i++) {
        let at = i;
        while (at > 0 && boxCells[order[at - 1]] > boxCells[i]) {
          order[at] = order[at - 1];
          at--;
        }
        order[at] = i;
      }
      // Most triples never conflict. For each pair, the table's set of third cells that may,
      // intersected with the set of box cells, leaves only those to try, in increasing cell
      // order as before.
      const words = boxSet.length;
      boxSet.fill(0);
      for (let i = 0; i < count; i++) {
        const cell = boxCells[i];
        boxSet[cell >>> 5] |= 1 << (cell & 31);
        boxOfCell[cell] = i;
      }
      for (let p = 0; p < count; p++) {
        const i = order[p];
        const a = boxCells[i];
        const ui = u === null ? nearest[a] : u[i + 1];
        for (let q = p + 1; q < count; q++) {
          const j = order[q];
          const b = boxCells[j];
          if (!triples.mayConflictWith(a, b)) continue;
          const uij = ui + (u === null ? nearest[b] : u[j + 1]);
          const lowMidRank = triples.rankOfLowMid(a, b);
          for (let w = 0; w < words; w++) {
            let thirds = triples.conflictingThirds(a, b, w) & boxSet[w];
            while (thirds !== 0) {
              const lowest = thirds & -thirds;
              thirds ^= lowest;
              const c = w * 32 + 31 - Math.clz32(lowest);
              const k = boxOfCell[c];
              const rank = lowMidRank + triples.rankOfHigh(c);
              const uk = u === null ? nearest[c] : u[k + 1];
              // No player cell makes it cost enough to gain: its large table need not be read.
              const most = triples.mostOf(rank);
              if (most !== PAIR_LOST && most - uij - uk <= 0.5) continue;
              const cost = triples.get(rank, player);
              if (cost === PAIR_LOST) return lost;
              const extra = cost - uij - uk;
              if (extra > 0.5) {
                firstBox[found] = i;
                secondBox[found] = j;
                thirdBox[found] = k;
                gain[found] = extra;
                pairCost[found] = cost;
                found++;
              }
            }
          }
        }
      }
    }
    if (found === 0) return matching;
    inPair.fill(0, 0, count);
    let paired = 0;
    let patternCost = 0;
    for (;;) {
      let best = -1;
      for (let k = 0; k < found; k++) {
        if (inPair[firstBox[k]] !== 0 || inPair[secondBox[k]] !== 0 || (thirdBox[k] >= 0 && inPair[thirdBox[k]] !== 0)) continue;
        if (best < 0 || gain[k] > gain[best]) best = k;
      }
      if (best < 0) break;
      inPair[firstBox[best]] = 1;
      inPair[secondBox[best]] = 1;
      paired += 2;
      if (thirdBox[best] >= 0) {
        inPair[thirdBox[best]] = 1;
        paired++;
      }
      patternCost += pairCost[best];
    }
    let total = patternCost;
    for (let i = 0; i < count; i++) {
      if (inPair[i] === 0) total += u === null ? nearest[boxCells[i]] : u[i + 1];
    }
    if (v !== null) total += this.smallestSum(v, goals, count - paired);
    const bound = Math.round(total);
    if (bound <= matching) return matching;
    this.raised++;
    this.raisedBy += bound - matching;
    return bound;
  }

  /** Sum of the `take` smallest of v[1..goals]: all of them less the goals - take largest. */
  private smallestSum(v: Float64Array, goals: number, take: number): number {
    const { goalTaken } = this;
    let sum = 0;
    for (let g = 1; g <= goals; g++) sum += v[g];
    goalTaken.fill(0);
    for (let dropped = 0; dropped < goals - take; dropped++) {
      let largest = -1;
      for (let g = 1; g <= goals; g++) {
        if (goalTaken[g] === 0 && (largest < 0 || v[g] > v[largest])) largest = g;
      }
      goalTaken[largest] = 1;
      sum -= v[largest];
    }
    return sum;
  }
}
