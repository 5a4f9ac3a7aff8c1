import { BoxPathFinder } from '../geometry/box-path.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';

/** Box pulls searched, at most, before the plan is given up (each walks the level a few times). */
const MAX_PULL_SEARCHES = 3000;

/**
 * Where boxes come from: the squares of the boxes that start off a goal (and not on a dead
 * square), or null when there is none, so no goal needs filling from outside.
 */
export function boxSources(problem: Problem, dead: Uint8Array): Uint8Array | null {
  const { goalIndexOfCell, cellCount, initialBoxes } = problem;
  const sources = new Uint8Array(cellCount);
  let sourceCount = 0;
  for (const cell of initialBoxes) {
    if (goalIndexOfCell[cell] < 0 && dead[cell] === 0) {
      sources[cell] = 1;
      sourceCount++;
    }
  }
  return sourceCount === 0 ? null : sources;
}

/**
 * An order in which to fill the goals so that no box blocks the way to a goal filled after it,
 * worked out backwards from the solved position. With every goal holding a box, take out, one at
 * a time, a box that the player can get at from outside (from its starting square, walking round
 * the boxes still in place) and pull all the way back to a square where some box starts; of
 * those, the one nearest such a square goes first, and when that choice later leaves boxes locked
 * in, the next one. Filling runs in the reverse order. When no order takes every box all the way
 * out, one that takes each just off the goals will do. Null when every order locks boxes in (or
 * the search for one grows too long), or no box starts off a goal.
 */
export function packingOrder(problem: Problem, dead: Uint8Array): Int32Array | null {
  const sources = boxSources(problem, dead);
  if (sources === null) return null;
  const strict = orderPullingTo(problem, sources, sources);
  if (strict !== null) return strict;
  // Where taking each box out alone is not enough (boxes go in side by side, or by turns), a plan
  // that only takes each box off the goals, to any square it can live on, still orders the goals.
  return offGoalsOrder(problem, dead, sources);
}

/** The order of packingOrder's second kind alone: each box taken just off the goals, to any square it can live on. */
export function offGoalsOrder(problem: Problem, dead: Uint8Array, sources: Uint8Array | null = boxSources(problem, dead)): Int32Array | null {
  if (sources === null) return null;
  const { goalIndexOfCell, cellCount } = problem;
  const anywhere = new Uint8Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) anywhere[cell] = goalIndexOfCell[cell] < 0 && dead[cell] === 0 ? 1 : 0;
  return orderPullingTo(problem, sources, anywhere);
}

/** The plan of packingOrder with boxes pulled to any cell of `exits`, or null. */
function orderPullingTo(problem: Problem, sources: Uint8Array, exits: Uint8Array): Int32Array | null {
  const { goals, cellCount, initialPlayer } = problem;
  const { walker, outside, finder } = pullingTools(problem);

  const takenOut: number[] = [];
  const remaining = new Set<number>(goals);
  // Sets of goals still full from which no way on was found, so another order does not retry them.
  const failed = new Set<string>();
  let budget = MAX_PULL_SEARCHES;

  const takeOutAll = (): boolean => {
    if (remaining.size === 0) return true;
    const key = Array.from(remaining)
      .sort((a, b) => a - b)
      .join(',');
    if (failed.has(key)) return false;
    const playerStarts = new Uint8Array(cellCount);
    markOutside(outside, initialPlayer, sources, playerStarts);
    const candidates: { goal: number; pulls: number }[] = [];
    for (const goal of remaining) {
      if (budget-- <= 0) return false;
      walker.boxAt[goal] = 0;
      const pulls = finder.pullsToExit(walker, goal, exits, playerStarts);
      walker.boxAt[goal] = 1;
      if (pulls >= 0) candidates.push({ goal, pulls });
    }
    // Nearest the way out first; when that leads nowhere, the next nearest.
    candidates.sort((a, b) => a.pulls - b.pulls);
    for (const { goal } of candidates) {
      remaining.delete(goal);
      walker.boxAt[goal] = 0;
      outside.boxAt[goal] = 0;
      takenOut.push(goal);
      if (takeOutAll()) return true;
      takenOut.pop();
      outside.boxAt[goal] = 1;
      walker.boxAt[goal] = 1;
      remaining.add(goal);
      if (budget <= 0) return false;
    }
    failed.add(key);
    return false;
  };
  return takeOutAll() ? Int32Array.from(takenOut.reverse()) : null;
}

/** Marks in `marks` the squares the player reaches from its start or from any box's start. */
export function markOutside(walker: PlayerReach, player: number, sources: Uint8Array, marks: Uint8Array): void {
  marks.fill(0);
  const seeds = [player];
  for (let cell = 0; cell < sources.length; cell++) if (sources[cell] !== 0) seeds.push(cell);
  for (const seed of seeds) {
    if (marks[seed] !== 0 || walker.boxAt[seed] !== 0) continue;
    const count = walker.walk(seed);
    const cells = walker.visitedCells(count);
    for (let i = 0; i < count; i++) marks[cells[i]] = 1;
  }
}

/**
 * What a plan that pulls boxes out of the goals walks with, every goal still holding its box:
 * the player's walker, a second one for the squares outside (markOutside), and a box path finder.
 */
export function pullingTools(problem: Problem): { readonly walker: PlayerReach; readonly outside: PlayerReach; readonly finder: BoxPathFinder } {
  const walker = new PlayerReach(problem);
  const outside = new PlayerReach(problem);
  for (const goal of problem.goals) {
    walker.boxAt[goal] = 1;
    outside.boxAt[goal] = 1;
  }
  return { walker, outside, finder: new BoxPathFinder(problem) };
}
