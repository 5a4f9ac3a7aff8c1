import type { Problem } from './problem.js';

/** Marks "no number of pushes gets a box from here to there". */
export const UNREACHABLE = 0xffff;

/**
 * Push distances ignoring all other boxes: for every cell and goal, the fewest pushes that take a
 * lone box from the cell to the goal, where each push needs the square behind the box to be open.
 * They never overestimate, so sums and matchings over them are admissible bounds.
 */
export interface PushDistances {
  readonly goalCount: number;
  /** distance[cell * goalCount + goal]. */
  readonly distance: Uint16Array;
  /** Smallest distance from each cell to any goal. */
  readonly nearest: Uint16Array;
}

export function computePushDistances(problem: Problem): PushDistances {
  const { cellCount, neighbours, goals } = problem;
  const goalCount = goals.length;
  const distance = new Uint16Array(cellCount * goalCount).fill(UNREACHABLE);
  const queue = new Int32Array(cellCount);
  for (let goal = 0; goal < goalCount; goal++) {
    // Pull the box backwards from the goal: it comes from `from` when the player could stand beyond it.
    let head = 0;
    let tail = 0;
    queue[tail++] = goals[goal];
    distance[goals[goal] * goalCount + goal] = 0;
    while (head < tail) {
      const at = queue[head++];
      const next = distance[at * goalCount + goal] + 1;
      for (let d = 0; d < 4; d++) {
        const from = neighbours[at * 4 + (d ^ 1)];
        if (from < 0) continue;
        const behind = neighbours[from * 4 + (d ^ 1)];
        if (behind < 0) continue;
        if (distance[from * goalCount + goal] !== UNREACHABLE) continue;
        distance[from * goalCount + goal] = next;
        queue[tail++] = from;
      }
    }
  }
  const nearest = new Uint16Array(cellCount).fill(UNREACHABLE);
  for (let cell = 0; cell < cellCount; cell++) {
    let best = UNREACHABLE;
    for (let goal = 0; goal < goalCount; goal++) {
      const d = distance[cell * goalCount + goal];
      if (d < best) best = d;
    }
    nearest[cell] = best;
  }
  return { goalCount, distance, nearest };
}

/** A box on a dead cell can never reach any goal. */
export function deadCells(distances: PushDistances): Uint8Array {
  const dead = new Uint8Array(distances.nearest.length);
  for (let cell = 0; cell < dead.length; cell++) dead[cell] = distances.nearest[cell] === UNREACHABLE ? 1 : 0;
  return dead;
}
