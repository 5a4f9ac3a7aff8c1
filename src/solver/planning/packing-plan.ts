import { boxSources, markOutside, packingOrder, pullingTools } from './packing-order.js';
import type { Problem } from '../model/problem.js';

/** Boxes a plan may park, at most: each one multiplies the ways the backward search can go. */
const MAX_PARKS = 3;
/** Box pull searches, at most, before the plan with parking is given up. */
const MAX_PULL_SEARCHES = 3000;

/**
 * The squares to fill, in order: goals, and parking squares where a box waits until the goal it
 * feeds is filled from there (FESS's packing plan, Shoham and Schaeffer, section 6). A parking
 * step counts as done while its box stands on the parking square or on the goal it feeds.
 */
export interface PackingPlan {
  readonly squares: Int32Array;
  /** Per step, the goal a parking square's box goes on to; -1 for a goal step. */
  readonly feeds: Int32Array;
  /**
   * A step plan's (step-plan.ts): per step, the later step that moves its box on, -1 when it
   * stays. With it a square may come twice, and a step counts as done by stepsDone's rule.
   */
  readonly until?: Int32Array;
  /** A step plan's held steps, the first ones: boxes that must stand where the backward search left them (step-plan.ts). */
  readonly held?: number;
}

/**
 * The packing plan of a level. First the packing order (see packing-order.ts) when every box
 * can be taken out to where boxes start; when that fails, the same backward search may also
 * park: when no box can be taken out, pull one from its goal to the square farthest from the
 * goals that a box can be pushed to from the start, leave it there as an obstacle, and take it
 * out later (at most MAX_PARKS such boxes). Last, the packing order that only takes boxes off
 * the goals. Null where none of these orders the goals.
 *
 * `parkable` marks squares a parked box may stand on (off the goals, reachable by pushes from
 * where boxes start, not dead); `farness` scores them, higher farther from the goals.
 */
export function packingPlan(problem: Problem, dead: Uint8Array, parkable: Uint8Array, farness: ArrayLike<number>): PackingPlan | null {
  const sources = boxSources(problem, dead);
  if (sources === null) return null;
  const plain = planPulling(problem, sources, sources, parkable, farness, 0) ?? planPulling(problem, sources, sources, parkable, farness, MAX_PARKS);
  if (plain !== null) return plain;
  const order = packingOrder(problem, dead);
  return order === null ? null : { squares: order, feeds: new Int32Array(order.length).fill(-1) };
}

/** One step of the backward search: a box taken out from `cell`, or a goal's box parked on `to`. */
type Pull = { readonly kind: 'out'; readonly cell: number; readonly feeds: number } | { readonly kind: 'park'; readonly goal: number; readonly to: number };

/** The plan taking boxes out to `exits`, the player coming from `sources`, or null. */
function planPulling(problem: Problem, sources: Uint8Array, exits: Uint8Array, parkable: Uint8Array, farness: ArrayLike<number>, maxParks: number): PackingPlan | null {
  const { goals, goalIndexOfCell, cellCount, initialPlayer } = problem;
  const { walker, outside, finder } = pullingTools(problem);
  // Squares whose box is still to be taken out: goals, and parking squares with the goal they feed.
  const full = new Map<number, number>();
  for (const goal of goals) full.set(goal, -1);
  const pulls: Pull[] = [];
  const failed = new Set<string>();
  let budget = MAX_PULL_SEARCHES;
  const playerStarts = new Uint8Array(cellCount);

  const place = (cell: number, box: 0 | 1): void => {
    walker.boxAt[cell] = box;
    outside.boxAt[cell] = box;
  };

  const takeOutAll = (parks: number): boolean => {
    if (full.size === 0) return true;
    const key = Array.from(full.keys())
      .sort((a, b) => a - b)
      .join(',');
    if (failed.has(key)) return false;
    markOutside(outside, initialPlayer, sources, playerStarts);
    const candidates: { cell: number; pulls: number }[] = [];
    for (const cell of full.keys()) {
      if (budget-- <= 0) return false;
      if (exits[cell] !== 0) {
        candidates.push({ cell, pulls: 0 });
        continue;
      }
      walker.boxAt[cell] = 0;
      const count = finder.pullsToExit(walker, cell, exits, playerStarts);
      walker.boxAt[cell] = 1;
      if (count >= 0) candidates.push({ cell, pulls: count });
    }
    candidates.sort((a, b) => a.pulls - b.pulls);
    for (const { cell } of candidates) {
      const feeds = full.get(cell) ?? -1;
      full.delete(cell);
      place(cell, 0);
      pulls.push({ kind: 'out', cell, feeds });
      if (takeOutAll(parks)) return true;
      pulls.pop();
      place(cell, 1);
      full.set(cell, feeds);
      if (budget <= 0) return false;
    }
    if (candidates.length === 0 && parks < maxParks) {
      // Nothing comes out: park a goal's box as far from the goals as it will go.
      const options: { goal: number; to: number }[] = [];
      for (const goal of full.keys()) {
        if (goalIndexOfCell[goal] < 0 || budget-- <= 0) continue;
        walker.boxAt[goal] = 0;
        const to = finder.farthestPull(walker, goal, farness, parkable, playerStarts);
        walker.boxAt[goal] = 1;
        if (to >= 0) options.push({ goal, to });
      }
      options.sort((a, b) => farness[b.to] - farness[a.to]);
      for (const { goal, to } of options) {
        full.delete(goal);
        place(goal, 0);
        full.set(to, goal);
        place(to, 1);
        pulls.push({ kind: 'park', goal, to });
        if (takeOutAll(parks + 1)) return true;
        pulls.pop();
        full.delete(to);
        place(to, 0);
        full.set(goal, -1);
        place(goal, 1);
        if (budget <= 0) return false;
      }
    }
    failed.add(key);
    return false;
  };
  if (!takeOutAll(0)) return null;
  // Filling runs backwards: a box taken out arrives there, a parked box goes from its square to its goal.
  const squares: number[] = [];
  const feeds: number[] = [];
  for (let k = pulls.length - 1; k >= 0; k--) {
    const pull = pulls[k];
    squares.push(pull.kind === 'out' ? pull.cell : pull.goal);
    feeds.push(pull.kind === 'out' ? pull.feeds : -1);
  }
  return { squares: Int32Array.from(squares), feeds: Int32Array.from(feeds) };
}
