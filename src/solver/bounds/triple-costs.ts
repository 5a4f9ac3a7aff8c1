import { UNREACHABLE, type PushDistances, type StopCheck } from '../geometry/push-distances.js';
import type { Problem } from '../model/problem.js';
import { PAIR_LOST } from './pair-costs.js';

/** Boards with more cells than this get no triple table: it grows as cells to the fourth. */
export const TRIPLE_TABLE_MAX_CELLS = 90;

/**
 * The exact fewest pushes that put three boxes on three different goals when they are the only
 * boxes on the board, for every cell triple and player cell: the pair table (pair-costs.ts) one
 * box larger, for conflicts that no pair shows, such as three boxes filling a small goal room
 * through one entrance. Same construction: breadth-first backwards from every goal triple,
 * pulling, walks free. Triples are ranked a < b < c as C(c,3) + C(b,2) + a.
 */
export class TripleCosts {
  /** 32-bit words in a set of cells. */
  readonly words: number;
  /**
   * The triples that may conflict (that ever cost more than their lone-box matching, see
   * PairCosts.mayConflict): per cell pair a < b, the set of cells c > b that make one (words per
   * pair). A caller with its boxes as a set of cells meets the few triples worth a look without
   * trying every third box.
   */
  private readonly thirds: Uint32Array;
  /**
   * Per triple rank, the most it costs over every player cell (PAIR_LOST when some cell makes
   * it lost). A caller whose lone-box share for the triple is already that high learns nothing
   * from the per-player cost, and spares reading it from the large table.
   */
  private readonly most: Uint8Array;

  private constructor(
    readonly cells: number,
    private readonly cost: Uint8Array,
    /** Per cell pair (both orders): 1 where some triple holding both cells may conflict. */
    private readonly pairInConflict: Uint8Array,
    private readonly choose2: Int32Array,
    private readonly choose3: Int32Array,
  ) {
    this.words = Math.ceil(cells / 32);
    this.thirds = new Uint32Array(cells * cells * this.words);
    this.most = new Uint8Array(choose3[cells]);
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.cost.byteLength + this.pairInConflict.byteLength + this.thirds.byteLength + this.most.byteLength + this.choose2.byteLength + this.choose3.byteLength;
  }

  /** Bytes the table of a board of `cells` cells holds, known before it is built. */
  static bytesFor(cells: number): number {
    const triples = (cells * (cells - 1) * (cells - 2)) / 6;
    return triples * cells + cells * cells + cells * cells * Math.ceil(cells / 32) * 4 + triples + 8 * (cells + 1);
  }

  /** Rank of three distinct cells, in any order. */
  rank(a: number, b: number, c: number): number {
    let low = a;
    let mid = b;
    let high = c;
    if (low > mid) [low, mid] = [mid, low];
    if (mid > high) [mid, high] = [high, mid];
    if (low > mid) [low, mid] = [mid, low];
    return this.choose3[high] + this.choose2[mid] + low;
  }

  /**
   * The rank of cells low < mid < high comes in two parts that add up to it, rankOfLowMid(low,
   * mid) + rankOfHigh(high): a caller trying many third cells with one pair looks its part up once.
   */
  rankOfLowMid(low: number, mid: number): number {
    return this.choose2[mid] + low;
  }

  rankOfHigh(high: number): number {
    return this.choose3[high];
  }

  /** Word `word` of the set of cells c > b whose triple with a < b may conflict. */
  conflictingThirds(a: number, b: number, word: number): number {
    return this.thirds[(a * this.cells + b) * this.words + word];
  }

  /** Whether some triple holding cells a and b may conflict: else no third box need be tried. */
  mayConflictWith(a: number, b: number): boolean {
    return this.pairInConflict[a * this.cells + b] !== 0;
  }

  /** The most the triple ranked `rank` costs over every player cell (PAIR_LOST: lost for some). */
  mostOf(rank: number): number {
    return this.most[rank];
  }

  /** Pushes for the triple ranked `rank` with the player on `player`; PAIR_LOST when none do it. */
  get(rank: number, player: number): number {
    return this.cost[rank * this.cells + player];
  }

  /** The table, or null on boards too large for it, with fewer than three goals, or with a triple beyond the byte cap. */
  static build(problem: Problem, distances: PushDistances, stopCheck: StopCheck = () => {}): TripleCosts | null {
    const cells = problem.cellCount;
    if (cells > TRIPLE_TABLE_MAX_CELLS || problem.goals.length < 3) return null;
    const choose2 = new Int32Array(cells + 1);
    const choose3 = new Int32Array(cells + 1);
    for (let n = 0; n <= cells; n++) {
      choose2[n] = (n * (n - 1)) / 2;
      choose3[n] = (n * (n - 1) * (n - 2)) / 6;
    }
    const table = new TripleCosts(cells, new Uint8Array(choose3[cells] * cells).fill(PAIR_LOST), new Uint8Array(cells * cells), choose2, choose3);
    const { cost } = table;
    const { neighbours, goals } = problem;
    // A state is kept as its four cells (three boxes, then the player) so that no rank is undone.
    let layer: number[] = [];
    for (let i = 0; i < goals.length; i++) {
      for (let j = i + 1; j < goals.length; j++) {
        for (let k = j + 1; k < goals.length; k++) {
          for (let player = 0; player < cells; player++) {
            if (player !== goals[i] && player !== goals[j] && player !== goals[k]) layer.push(goals[i], goals[j], goals[k], player);
          }
        }
      }
    }
    const stack: number[] = [];
    for (let pushes = 0; layer.length > 0 && pushes < PAIR_LOST; pushes++) {
      // A layer takes milliseconds; the analysis's stop check ends a build that outlives the time limit.
      stopCheck();
      const next: number[] = [];
      for (let s = 0; s < layer.length; s += 4) {
        const index = table.rank(layer[s], layer[s + 1], layer[s + 2]) * cells + layer[s + 3];
        if (cost[index] !== PAIR_LOST) continue;
        cost[index] = pushes;
        stack.push(layer[s], layer[s + 1], layer[s + 2], layer[s + 3]);
      }
      while (stack.length > 0) {
        const player = stack.pop() as number;
        const c = stack.pop() as number;
        const b = stack.pop() as number;
        const a = stack.pop() as number;
        const base = table.rank(a, b, c) * cells;
        for (let d = 0; d < 4; d++) {
          const step = neighbours[player * 4 + d];
          if (step < 0 || step === a || step === b || step === c) continue;
          if (cost[base + step] === PAIR_LOST) {
            cost[base + step] = pushes;
            stack.push(a, b, c, step);
          }
        }
        for (let d = 0; d < 4; d++) {
          const box = neighbours[player * 4 + d];
          if (box !== a && box !== b && box !== c) continue;
          const back = neighbours[player * 4 + (d ^ 1)];
          if (back < 0 || back === a || back === b || back === c) continue;
          // The pulled box takes the player's cell; the other two stay.
          const pa = box === a ? player : a;
          const pb = box === b ? player : b;
          const pc = box === c ? player : c;
          if (cost[table.rank(pa, pb, pc) * cells + back] === PAIR_LOST) next.push(pa, pb, pc, back);
        }
      }
      layer = next;
    }
    for (let s = 0; s < layer.length; s += 4) {
      if (cost[table.rank(layer[s], layer[s + 1], layer[s + 2]) * cells + layer[s + 3]] === PAIR_LOST) return null;
    }
    table.markConflicts(distances);
    return table;
  }

  /** Flags the triples that some player cell makes cost more than their lone-box matching. */
  private markConflicts(distances: PushDistances): void {
    const { cells, cost, pairInConflict, thirds, words, most: mostOfRank } = this;
    const { goalCount, distance, nearest } = distances;
    for (let c = 2; c < cells; c++) {
      for (let b = 1; b < c; b++) {
        for (let a = 0; a < b; a++) {
          const rank = this.choose3[c] + this.choose2[b] + a;
          const base = rank * cells;
          let most = 0;
          for (let player = 0; player < cells; player++) {
            if (player !== a && player !== b && player !== c && cost[base + player] > most) most = cost[base + player];
          }
          mostOfRank[rank] = most;
          // Most triples cost no more than their nearest goals' sum, which no matching undercuts.
          if (most <= nearest[a] + nearest[b] + nearest[c]) continue;
          if (most <= cheapestThree(distance, goalCount, a, b, c)) continue;
          thirds[(a * cells + b) * words + (c >>> 5)] |= 1 << (c & 31);
          for (const [x, y] of [
            [a, b],
            [a, c],
            [b, c],
          ]) {
            pairInConflict[x * cells + y] = 1;
            pairInConflict[y * cells + x] = 1;
          }
        }
      }
    }
  }
}

/** The fewest lone-box pushes that put boxes on cells a, b and c on three different goals (Infinity if none). */
function cheapestThree(distance: Uint16Array, goals: number, a: number, b: number, c: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let g = 0; g < goals; g++) {
    const toG = distance[a * goals + g];
    if (toG === UNREACHABLE || toG >= best) continue;
    for (let h = 0; h < goals; h++) {
      const toH = distance[b * goals + h];
      if (h === g || toH === UNREACHABLE || toG + toH >= best) continue;
      for (let k = 0; k < goals; k++) {
        const toK = distance[c * goals + k];
        if (k !== g && k !== h && toK !== UNREACHABLE && toG + toH + toK < best) best = toG + toH + toK;
      }
    }
  }
  return best;
}
