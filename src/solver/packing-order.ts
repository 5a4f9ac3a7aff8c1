import { BoxPathFinder } from './box-path.js';
import type { Problem } from './problem.js';
import { PlayerReach } from './reachability.js';

/**
 * An order in which to fill the goals so that no box blocks the way to a goal filled after it,
 * worked out backwards from the solved position. With every goal holding a box, take out, one at
 * a time, a box that the player can get at from outside (from its starting square, walking round
 * the boxes still in place) and pull all the way back to a square where some box starts; of
 * those, the one nearest such a square goes first. Filling runs in the reverse order. Null when
 * the boxes lock each other in, or no box starts off a goal, or a box could only be taken out
 * past squares that this reasoning does not see.
 */
export function packingOrder(problem: Problem, dead: Uint8Array): Int32Array | null {
  const { goals, goalIndexOfCell, cellCount, initialBoxes, initialPlayer } = problem;
  const walker = new PlayerReach(problem);
  const outside = new PlayerReach(problem);
  const finder = new BoxPathFinder(problem);
  // Where boxes come from: the squares of the boxes that start off a goal.
  const sources = new Uint8Array(cellCount);
  let sourceCount = 0;
  for (const cell of initialBoxes) {
    if (goalIndexOfCell[cell] < 0 && dead[cell] === 0) {
      sources[cell] = 1;
      sourceCount++;
    }
  }
  if (sourceCount === 0) return null;
  for (const goal of goals) {
    walker.boxAt[goal] = 1;
    outside.boxAt[goal] = 1;
  }

  const playerStarts = new Uint8Array(cellCount);
  const takenOut: number[] = [];
  const remaining = new Set<number>(goals);
  while (remaining.size > 0) {
    markOutside(outside, initialPlayer, sources, playerStarts);
    let best = -1;
    let bestPulls = Infinity;
    for (const goal of remaining) {
      walker.boxAt[goal] = 0;
      const pulls = finder.pullsToExit(walker, goal, sources, playerStarts);
      walker.boxAt[goal] = 1;
      if (pulls >= 0 && pulls < bestPulls) {
        best = goal;
        bestPulls = pulls;
      }
    }
    if (best < 0) return null;
    remaining.delete(best);
    walker.boxAt[best] = 0;
    outside.boxAt[best] = 0;
    takenOut.push(best);
  }
  return Int32Array.from(takenOut.reverse());
}

/** Marks in `marks` the squares the player reaches from its start or from any box's start. */
function markOutside(walker: PlayerReach, player: number, sources: Uint8Array, marks: Uint8Array): void {
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
