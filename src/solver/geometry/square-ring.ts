import type { Problem } from '../model/problem.js';
import { aroundCells } from './cell-grid.js';

/**
 * The eight squares around each cell in order round it (top left, top, top right, right, bottom
 * right, bottom, bottom left, left: each beside the next), -1 for a wall: `ring[cell * 8 + k]`.
 * The four beside the cell itself are the odd places.
 */
export type SquareRing = Int32Array;

/** Where aroundCells (row by row) puts each place of the ring. */
const AROUND_OF_RING = [0, 1, 2, 4, 7, 6, 5, 3] as const;

/** The rings made so far, per problem: every sub-board search of a level reads the same. */
const made = new WeakMap<Problem, SquareRing>();

export function squareRingOf(problem: Problem): SquareRing {
  let ring = made.get(problem);
  if (ring === undefined) {
    const around = aroundCells(problem);
    ring = new Int32Array(problem.cellCount * 8);
    for (let cell = 0; cell < problem.cellCount; cell++) {
      for (let k = 0; k < 8; k++) ring[cell * 8 + k] = around[cell * 8 + AROUND_OF_RING[k]];
    }
    made.set(problem, ring);
  }
  return ring;
}

/**
 * Whether filling `cell` (with a box) leaves its free neighbours joined to one another without
 * it: they all lie on one unbroken run of free squares round it, so any walk through `cell` can
 * go round instead. A local test, sufficient and not necessary: neighbours joined only far away
 * answer false. `boxAt` marks the boxes, whatever it says of `cell` itself.
 */
export function staysJoinedWithout(ring: SquareRing, cell: number, boxAt: Uint8Array): boolean {
  const base = cell * 8;
  // Start just after a blocked place (a wall or a box); a ring free all round is one run.
  let blocked = -1;
  for (let k = 0; k < 8; k++) {
    const square = ring[base + k];
    if (square < 0 || boxAt[square] !== 0) {
      blocked = k;
      break;
    }
  }
  if (blocked < 0) return true;
  let runsWithNeighbour = 0;
  let inRun = false;
  let runHasNeighbour = false;
  for (let step = 1; step <= 8; step++) {
    const k = (blocked + step) & 7;
    const square = ring[base + k];
    if (square < 0 || boxAt[square] !== 0) {
      if (inRun && runHasNeighbour) runsWithNeighbour++;
      inRun = false;
      runHasNeighbour = false;
      continue;
    }
    inRun = true;
    if ((k & 1) === 1) runHasNeighbour = true;
  }
  // The walk ends on the blocked place it started after, so the last run was closed there.
  return runsWithNeighbour <= 1;
}
