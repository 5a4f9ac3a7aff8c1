import { CutCells } from './cut-cells.js';
import type { Problem } from '../model/problem.js';

/** Marks "no number of pushes gets a box from here to there". */
export const UNREACHABLE = 0xffff;

/**
 * Push distances ignoring all other boxes: for every cell and goal, the fewest pushes that take a
 * lone box from the cell to the goal. Each push needs the square behind the box to be open, and
 * the player must be able to walk around the box to that square (with only walls in the way).
 * They never overestimate, so sums and matchings over them are admissible bounds.
 */
export interface PushDistances {
  readonly goalCount: number;
  /** distance[cell * goalCount + goal]. */
  readonly distance: Uint16Array;
  /** Smallest distance from each cell to any goal. */
  readonly nearest: Uint16Array;
}

/**
 * Called now and then by the per-level analyses, which grow with the square of the board: throws
 * (see AnalysisStopped in planning/analysis) when the level's time is up.
 */
export type StopCheck = () => void;

const NEVER_STOP: StopCheck = () => {};

/**
 * For each cell x and side d, a label of the region the player is in when standing next to x on
 * side d while a box occupies x: two sides with the same label are joined by a walk around it.
 * Labels count from 0 at each cell in the order of its sides; -1 where that side is a wall. One
 * depth-first walk of the empty level (cut-cells.ts) tells every cell's pieces: a flood fill per
 * cell took minutes on an open 200×200 board.
 */
export function sideRegions(problem: Problem, stopCheck: StopCheck = NEVER_STOP): Int32Array {
  const { cellCount, neighbours } = problem;
  const regions = new Int32Array(cellCount * 4).fill(-1);
  const cuts = new CutCells(problem);
  cuts.analyze(new Uint8Array(cellCount));
  const pieces = new Int32Array(4);
  for (let x = 0; x < cellCount; x++) {
    if ((x & 4095) === 0) stopCheck();
    let next = 0;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[x * 4 + d];
      if (side < 0) continue;
      const piece = cuts.pieceOf(side, x);
      let label = -1;
      for (let e = 0; e < d && label < 0; e++) if (regions[x * 4 + e] >= 0 && pieces[e] === piece) label = regions[x * 4 + e];
      pieces[d] = piece;
      regions[x * 4 + d] = label >= 0 ? label : next++;
    }
  }
  return regions;
}

/** Push distances from every cell to every goal. */
export function computePushDistances(problem: Problem, regions: Int32Array = sideRegions(problem), stopCheck: StopCheck = NEVER_STOP): PushDistances {
  return distancesOverPushes(problem, problem.goals, 'into-targets', regions, stopCheck);
}

/**
 * Push distances from every cell into each of `targets` (squares other than the goals, such as
 * an arrangement of every box a search aims at), as computePushDistances gives them for goals.
 */
export function computePushDistancesTo(problem: Problem, targets: Int32Array, regions: Int32Array = sideRegions(problem), stopCheck: StopCheck = NEVER_STOP): PushDistances {
  return distancesOverPushes(problem, targets, 'into-targets', regions, stopCheck);
}

/**
 * Push distances from each of `targets` to every cell, i.e. the pulls that bring a box from the
 * cell back to the target: what a search that pulls boxes back to their start needs.
 */
export function computePullDistances(problem: Problem, targets: Int32Array, regions: Int32Array = sideRegions(problem), stopCheck: StopCheck = NEVER_STOP): PushDistances {
  return distancesOverPushes(problem, targets, 'out-of-targets', regions, stopCheck);
}

/**
 * Breadth-first search over (box cell, player side) states from each target: 'into-targets'
 * pulls the box away from the target (so the distance counts pushes from a cell into it),
 * 'out-of-targets' pushes it away (pushes from the target out to a cell).
 */
function distancesOverPushes(problem: Problem, targets: Int32Array, direction: 'into-targets' | 'out-of-targets', regions: Int32Array, stopCheck: StopCheck): PushDistances {
  const { cellCount, neighbours } = problem;
  const goalCount = targets.length;
  const distance = new Uint16Array(cellCount * goalCount).fill(UNREACHABLE);
  const sideDistance = new Uint16Array(cellCount * 4);
  const queue = new Int32Array(cellCount * 4);
  const pulling = direction === 'into-targets';
  for (let goal = 0; goal < goalCount; goal++) {
    stopCheck();
    sideDistance.fill(UNREACHABLE);
    let head = 0;
    let tail = 0;
    const reach = (cell: number, side: number, value: number): void => {
      // Every side the player can walk to around the box is reached at the same cost.
      const region = regions[cell * 4 + side];
      for (let d = 0; d < 4; d++) {
        if (regions[cell * 4 + d] === region && sideDistance[cell * 4 + d] === UNREACHABLE) {
          sideDistance[cell * 4 + d] = value;
          queue[tail++] = cell * 4 + d;
        }
      }
    };
    const targetCell = targets[goal];
    for (let d = 0; d < 4; d++) if (regions[targetCell * 4 + d] >= 0) reach(targetCell, d, 0);
    while (head < tail) {
      const state = queue[head++];
      const cell = state >> 2;
      const side = state & 3;
      let next: number;
      if (pulling) {
        // The box steps onto the player's square and the player one further the same way.
        next = neighbours[cell * 4 + side];
        if (neighbours[next * 4 + side] < 0) continue;
      } else {
        // The player pushes from its side: the box moves away from it.
        next = neighbours[cell * 4 + (side ^ 1)];
        if (next < 0) continue;
      }
      if (sideDistance[next * 4 + side] !== UNREACHABLE) continue;
      reach(next, side, sideDistance[state] + 1);
    }
    for (let cell = 0; cell < cellCount; cell++) {
      let best = UNREACHABLE;
      for (let d = 0; d < 4; d++) if (sideDistance[cell * 4 + d] < best) best = sideDistance[cell * 4 + d];
      distance[cell * goalCount + goal] = best;
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
