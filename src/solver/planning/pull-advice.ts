import type { Problem } from '../model/problem.js';
import type { RegionLabels } from '../geometry/regions.js';

/** Candidates checked for player areas, farthest first, before the advisor gives up on a position. */
const ADVISOR_TRIES = 6;

/**
 * FESS's packing advisor for a search that pulls from the solved position: of the candidate
 * pulls (box cells in `boxes`, target states cell * 4 + side in `states`, the first `count`) that
 * take a box off a goal, the one that leaves it farthest from the goals (`nearest`) without
 * cutting the player's floor into more than `areas` areas; -1 for none. `boxAt` marks the
 * position's boxes and is left as it was. A few candidates at most are walked, farthest first.
 */
export function pullOffGoalAdvice(
  problem: Problem,
  regions: RegionLabels,
  boxAt: Uint8Array,
  boxes: Int32Array,
  states: Int32Array,
  count: number,
  nearest: ArrayLike<number>,
  areas: number,
): number {
  let lastDistance = Number.POSITIVE_INFINITY;
  let lastChosen = -1;
  for (let tried = 0; tried < ADVISOR_TRIES; tried++) {
    // The next farthest candidate below the one tried last (ties by candidate order).
    let best = -1;
    for (let c = 0; c < count; c++) {
      if (problem.goalIndexOfCell[boxes[c]] < 0) continue;
      const distance = nearest[states[c] >> 2];
      if (distance > lastDistance || (distance === lastDistance && c <= lastChosen)) continue;
      if (best >= 0 && distance <= nearest[states[best] >> 2]) continue;
      best = c;
    }
    if (best < 0) return -1;
    lastDistance = nearest[states[best] >> 2];
    lastChosen = best;
    const from = boxes[best];
    const to = states[best] >> 2;
    boxAt[from] = 0;
    boxAt[to] = 1;
    const after = regions.count(boxAt);
    boxAt[to] = 0;
    boxAt[from] = 1;
    if (after <= areas) return best;
  }
  return -1;
}
