import type { Problem } from '../model/problem.js';
import type { RoomConnectivity } from '../fess/room-connectivity.js';
import type { RegionLabels } from '../geometry/regions.js';

/** Candidates checked for player areas, farthest first, before the advisor gives up on a position. */
const ADVISOR_TRIES = 6;
/**
 * Candidates counted, longest first, by Festival's longest-pull rule, which counts them all: a
 * bound on the cost on big boards, not a tuned figure (XSokoban 50 needs 12 of them; counting 1,000
 * cost XSokoban 29, 40, 85 and 89 no more time).
 */
const LONGEST_TRIES = 64;

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

/** Which pull the packing advisor of a backward search takes (BaseSearchOptions.pullAdvice). */
export type PullAdviceRule = 'farthest' | 'longest';

/**
 * Festival's packing advisor for a search that pulls from the solved position, our way: of the
 * candidate pulls (as pullOffGoalAdvice's, with the pulls each takes in the position in `lengths`;
 * Festival measures a lone box's pushes back on the empty level) that take a box off a goal without cutting the player's floor into more
 * areas or breaking more links between rooms (`rooms`, Festival's 2×2 rooms), the one that leaves
 * the fewest areas, then the fewest broken links, then the longest; -1 for none. Where the
 * farthest square stops a box beside a base, the longest pull may leave it waiting on the base
 * itself. Only the LONGEST_TRIES longest candidates are counted.
 */
export function longestPullAdvice(
  problem: Problem,
  regions: RegionLabels,
  rooms: RoomConnectivity,
  boxAt: Uint8Array,
  boxes: Int32Array,
  states: Int32Array,
  lengths: Int32Array,
  count: number,
  areas: number,
): number {
  const links = rooms.brokenLinks(boxAt);
  let lastLength = Number.POSITIVE_INFINITY;
  let lastTried = -1;
  let chosen = -1;
  let chosenAreas = areas + 1;
  let chosenLinks = links + 1;
  for (let tried = 0; tried < LONGEST_TRIES; tried++) {
    // The next longest candidate below the one tried last (ties by candidate order).
    let next = -1;
    for (let c = 0; c < count; c++) {
      if (problem.goalIndexOfCell[boxes[c]] < 0 || lengths[c] === 0) continue;
      if (lengths[c] > lastLength || (lengths[c] === lastLength && c <= lastTried)) continue;
      if (next >= 0 && lengths[c] <= lengths[next]) continue;
      next = c;
    }
    if (next < 0) break;
    lastLength = lengths[next];
    lastTried = next;
    const from = boxes[next];
    const to = states[next] >> 2;
    boxAt[from] = 0;
    boxAt[to] = 1;
    const after = regions.count(boxAt);
    const broken = after < chosenAreas || (after === chosenAreas && after <= areas) ? rooms.brokenLinks(boxAt) : links + 1;
    boxAt[to] = 0;
    boxAt[from] = 1;
    // Tried longest first, so a later candidate wins only with fewer areas or broken links.
    if (after < chosenAreas || (after === chosenAreas && broken < chosenLinks)) {
      if (after > areas || broken > links) continue;
      chosen = next;
      chosenAreas = after;
      chosenLinks = broken;
    }
  }
  return chosen;
}

/** Which box the removal advisor of the backward search with bases takes (BaseSearchOptions.removalOrder). */
export type RemovalOrder = 'last' | 'first';

/**
 * The removal advisor of the backward search with bases: of the boxes that may leave on a base
 * (cells in `boxes`, the first `count`, in board order), a box off the goals, nothing left to pack
 * behind it: the last in board order, or the first (Festival's); the first box when every one is
 * on a goal.
 */
export function removalAdvice(problem: Problem, boxes: Int32Array, count: number, order: RemovalOrder): number {
  let advised = -1;
  for (let c = 0; c < count; c++) {
    if (problem.goalIndexOfCell[boxes[c]] >= 0) continue;
    if (order === 'first') return c;
    advised = c;
  }
  return Math.max(advised, 0);
}
