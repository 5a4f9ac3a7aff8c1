import { BoxPathFinder } from '../geometry/box-path.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';

/**
 * FESS's sink basin (Shoham and Schaeffer, draft section 6). The basin of a goal is the set of
 * squares from which a box can still be pushed onto it when every other goal already holds a
 * box: the final position shows which ways will be shut for good as the goals fill up. The sink
 * goal is the goal whose basin holds the most boxes at the start. A box outside that basin that
 * is not yet packed is "out of plan": it has to be brought into the basin, or packed, before
 * packing closes its way.
 */
export interface SinkBasin {
  /** The goal the basin leads to. */
  readonly goal: number;
  /** 1 on the squares of the basin. */
  readonly cells: Uint8Array;
  /** Boxes off the basin at the start. */
  readonly outsideAtStart: number;
}

/**
 * The sink basin of a level, or null where it says nothing: the level does not pair boxes with
 * goals one to one, or every box starts inside the basin (then no box is ever out of plan).
 */
export function sinkBasin(problem: Problem): SinkBasin | null {
  const best = largestBasin(problem);
  if (best === null || best.outsideAtStart === 0) return null;
  return best;
}

/**
 * The basin sinkBasin chooses, given even where every box starts inside it (the sink room is
 * found from it all the same), or null where boxes and goals do not pair one to one.
 */
export function largestBasin(problem: Problem): SinkBasin | null {
  const { goals, initialBoxes, cellCount } = problem;
  if (goals.length === 0 || goals.length !== initialBoxes.length || !problem.everyBoxNeedsGoal) return null;
  const walker = new PlayerReach(problem);
  const finder = new BoxPathFinder(problem);
  // In the final position the player may stand anywhere it can walk to; any free side will do.
  const anywhere = new Uint8Array(cellCount).fill(1);
  let best: { goal: number; cells: Uint8Array; inside: number; size: number } | null = null;
  for (const goal of goals) {
    for (const other of goals) walker.boxAt[other] = other === goal ? 0 : 1;
    const cells = new Uint8Array(cellCount);
    finder.pullReach(walker, goal, anywhere, cells);
    let inside = 0;
    for (const box of initialBoxes) inside += cells[box];
    let size = 0;
    for (let cell = 0; cell < cellCount; cell++) size += cells[cell];
    if (best === null || inside > best.inside || (inside === best.inside && size > best.size)) best = { goal, cells, inside, size };
  }
  if (best === null) return null;
  return { goal: best.goal, cells: best.cells, outsideAtStart: initialBoxes.length - best.inside };
}
