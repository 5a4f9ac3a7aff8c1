import { UNREACHABLE, type PushDistances, type StopCheck } from '../geometry/push-distances.js';
import type { Problem } from '../model/problem.js';

/** A pair cost that no pushes reach: the two boxes cannot both be put on goals. */
export const PAIR_LOST = 0xff;

/** Boards with more cells than this get no pair table: its size and build time grow as cells cubed. */
export const PAIR_TABLE_MAX_CELLS = 160;

/**
 * The exact fewest pushes that put two boxes on two different goals when they are the only boxes
 * on the board, for every pair of cells and every player cell: a pattern database of all pairs.
 * The other boxes are removed, not made walls, so each value is a lower bound on the pushes that
 * the pair's boxes take in the full position (their pushes there, replayed without the others,
 * stay legal: the player only gains room). The matching bound sums lone-box distances; a pair
 * that must pass in a corridor, or whose box on a goal must step off for the other, costs more.
 *
 * Built by one breadth-first search backwards from every goal pair, pulling boxes, with the
 * player's walks free: cost[(a * cells + b) * cells + player] for a < b, capped at PAIR_LOST - 1.
 */
export class PairCosts {
  private constructor(
    readonly cells: number,
    private readonly cost: Uint8Array,
    private readonly conflict: Uint8Array,
  ) {}

  /**
   * Whether boxes on cells a and b ever cost more together (for some player cell) than their
   * cheapest two different goals by lone-box distances. Where they never do, the pair cannot
   * raise the matching bound (its cost is at most what any assignment pays the two), so the
   * bound skips it without reading the large table.
   */
  mayConflict(a: number, b: number): boolean {
    return this.conflict[a * this.cells + b] !== 0;
  }

  /** Pushes for boxes on cells a and b (distinct) with the player on `player`; PAIR_LOST when none do it. */
  get(a: number, b: number, player: number): number {
    const cells = this.cells;
    return a < b ? this.cost[(a * cells + b) * cells + player] : this.cost[(b * cells + a) * cells + player];
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.cost.byteLength + this.conflict.byteLength;
  }

  /** Bytes the table of a board of `cells` cells holds, known before it is built. */
  static bytesFor(cells: number): number {
    return cells * cells * cells + cells * cells;
  }

  /** The table for a problem, or null when the board is too large for it or has fewer than two goals. */
  static build(problem: Problem, distances: PushDistances, stopCheck: StopCheck = () => {}): PairCosts | null {
    const cells = problem.cellCount;
    if (cells > PAIR_TABLE_MAX_CELLS || problem.goals.length < 2) return null;
    const cost = new Uint8Array(cells * cells * cells).fill(PAIR_LOST);
    const { neighbours, goals } = problem;
    let layer: number[] = [];
    // Seeds: both boxes on goals, the player anywhere else (walking is free, so every cell).
    for (let i = 0; i < goals.length; i++) {
      for (let j = i + 1; j < goals.length; j++) {
        const a = Math.min(goals[i], goals[j]);
        const b = Math.max(goals[i], goals[j]);
        for (let player = 0; player < cells; player++) {
          if (player !== a && player !== b) layer.push((a * cells + b) * cells + player);
        }
      }
    }
    const stack: number[] = [];
    for (let pushes = 0; layer.length > 0 && pushes < PAIR_LOST; pushes++) {
      // A layer takes milliseconds; the analysis's stop check ends a build that outlives the time limit.
      stopCheck();
      const next: number[] = [];
      for (const state of layer) {
        if (cost[state] !== PAIR_LOST) continue;
        cost[state] = pushes;
        stack.push(state);
      }
      // Walks cost nothing: close the layer under them, and collect its pulls for the next one.
      while (stack.length > 0) {
        const state = stack.pop() as number;
        const player = state % cells;
        const pair = (state - player) / cells;
        const b = pair % cells;
        const a = (pair - b) / cells;
        for (let d = 0; d < 4; d++) {
          const step = neighbours[player * 4 + d];
          if (step < 0 || step === a || step === b) continue;
          const walked = pair * cells + step;
          if (cost[walked] === PAIR_LOST) {
            cost[walked] = pushes;
            stack.push(walked);
          }
        }
        for (let d = 0; d < 4; d++) {
          // A pull: the box on the player's side d follows the player one step the other way.
          const box = neighbours[player * 4 + d];
          if (box !== a && box !== b) continue;
          const back = neighbours[player * 4 + (d ^ 1)];
          if (back < 0 || back === a || back === b) continue;
          const other = box === a ? b : a;
          const low = Math.min(other, player);
          const high = Math.max(other, player);
          const pulled = (low * cells + high) * cells + back;
          if (cost[pulled] === PAIR_LOST) next.push(pulled);
        }
      }
      layer = next;
    }
    // Pairs still unsettled at the cap cost more than a byte holds, not "lost": no table then.
    if (layer.some((state) => cost[state] === PAIR_LOST)) return null;
    return new PairCosts(cells, cost, conflicts(cells, cost, distances));
  }
}

/** For each cell pair (both orders), 1 where some player cell makes the pair cost more than its lone-box matching. */
function conflicts(cells: number, cost: Uint8Array, distances: PushDistances): Uint8Array {
  const { goalCount, distance } = distances;
  const conflict = new Uint8Array(cells * cells);
  for (let a = 0; a < cells; a++) {
    for (let b = a + 1; b < cells; b++) {
      let matched = Number.POSITIVE_INFINITY;
      for (let g = 0; g < goalCount; g++) {
        const toG = distance[a * goalCount + g];
        if (toG === UNREACHABLE) continue;
        for (let h = 0; h < goalCount; h++) {
          const toH = distance[b * goalCount + h];
          if (h !== g && toH !== UNREACHABLE && toG + toH < matched) matched = toG + toH;
        }
      }
      const base = (a * cells + b) * cells;
      for (let player = 0; player < cells; player++) {
        if (player === a || player === b) continue;
        // Lost counts as a conflict too: the bound reports it.
        if (cost[base + player] > matched) {
          conflict[a * cells + b] = 1;
          conflict[b * cells + a] = 1;
          break;
        }
      }
    }
  }
  return conflict;
}
