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
 * The basins a level's out-of-plan feature and sink room are read from, worked out in one pass
 * over the goals (a pull walk per goal): the largest basin (the sink basin, given even where every
 * box starts inside it, since the sink room is found from it all the same) and every goal's basin
 * together. Null where boxes and goals do not pair one to one.
 */
export interface LevelBasins {
  readonly largest: SinkBasin;
  readonly everyGoal: SinkBasin;
}

export function levelBasins(problem: Problem): LevelBasins | null {
  const { initialBoxes, cellCount } = problem;
  let best = null as GoalBasin | null;
  const union = new Uint8Array(cellCount);
  forEachGoalBasin(problem, (basin) => {
    if (best === null || basin.inside > best.inside || (basin.inside === best.inside && basin.size > best.size)) best = { ...basin, cells: basin.cells.slice() };
    for (let cell = 0; cell < cellCount; cell++) union[cell] |= basin.cells[cell];
  });
  if (best === null) return null;
  let inside = 0;
  for (const box of initialBoxes) inside += union[box];
  return {
    largest: { goal: best.goal, cells: best.cells, outsideAtStart: initialBoxes.length - best.inside },
    // The goal recorded is the sink basin's.
    everyGoal: { goal: best.goal, cells: union, outsideAtStart: initialBoxes.length - inside },
  };
}

/**
 * The sink basin of a level, or null where it says nothing: the level does not pair boxes with
 * goals one to one, or every box starts inside the basin (then no box is ever out of plan).
 */
export function sinkBasin(problem: Problem, basins = levelBasins(problem)): SinkBasin | null {
  return basins === null || basins.largest.outsideAtStart === 0 ? null : basins.largest;
}

/**
 * Every goal's basin together, or null where boxes and goals do not pair one to one or no box
 * starts outside it. Where boxes come into the goals by more than one way (goal rooms with two
 * entrances, each fed by its own part of the level), the sink basin holds only one way's boxes
 * and calls the others out of plan, though they are where they belong; here a box is out of plan
 * only where it can reach no goal once the others are full.
 */
export function everyGoalBasin(problem: Problem, basins = levelBasins(problem)): SinkBasin | null {
  return basins === null || basins.everyGoal.outsideAtStart === 0 ? null : basins.everyGoal;
}

interface GoalBasin {
  readonly goal: number;
  readonly cells: Uint8Array;
  /** Boxes on it at the start. */
  readonly inside: number;
  readonly size: number;
}

/**
 * Each goal's basin in turn, none where boxes and goals do not pair one to one. `cells` is one
 * array reused from goal to goal (a level can have thousands of goals): copy what must be kept.
 */
function forEachGoalBasin(problem: Problem, visit: (basin: GoalBasin) => void): void {
  const { goals, initialBoxes, cellCount } = problem;
  if (goals.length === 0 || goals.length !== initialBoxes.length || !problem.everyBoxNeedsGoal) return;
  const walker = new PlayerReach(problem);
  const finder = new BoxPathFinder(problem);
  // In the final position the player may stand anywhere it can walk to; any free side will do.
  const anywhere = new Uint8Array(cellCount).fill(1);
  const cells = new Uint8Array(cellCount);
  for (const goal of goals) {
    for (const other of goals) walker.boxAt[other] = other === goal ? 0 : 1;
    cells.fill(0);
    finder.pullReach(walker, goal, anywhere, cells);
    let inside = 0;
    for (const box of initialBoxes) inside += cells[box];
    let size = 0;
    for (let cell = 0; cell < cellCount; cell++) size += cells[cell];
    visit({ goal, cells, inside, size });
  }
}
