import type { Problem } from '../model/problem.js';

/**
 * The open neighbours of every cell, walls left out, in direction order: cell c's are
 * `cells[start[c]]` to `cells[start[c + 1] - 1]`. A walk that looks at a cell's neighbours through
 * them steps over two or three instead of four on most levels' floors (a floor cell has walls on
 * one or two sides), and in the same order as `problem.neighbours`, so a depth-first walk visits
 * the cells in the same order either way.
 */
export interface OpenNeighbours {
  readonly start: Int32Array;
  readonly cells: Int32Array;
}

/** The four directions in the order of `problem.neighbours`. */
const DIRECTION_ORDER: readonly number[] = [0, 1, 2, 3];

/** The lists made so far, per problem and order of directions: every walker of a level reads the same (a solve makes many). */
const listed = new WeakMap<Problem, Map<readonly number[], OpenNeighbours>>();

/** A cell's open neighbours in the given order of directions (default: `problem.neighbours`'s); pass the same array for the same order, a module's constant: it is the cache's key. */
export function openNeighboursOf(problem: Problem, order: readonly number[] = DIRECTION_ORDER): OpenNeighbours {
  let byOrder = listed.get(problem);
  if (byOrder === undefined) {
    byOrder = new Map();
    listed.set(problem, byOrder);
  }
  let lists = byOrder.get(order);
  if (lists === undefined) {
    lists = buildOpenNeighbours(problem, order);
    byOrder.set(order, lists);
  }
  return lists;
}

function buildOpenNeighbours(problem: Problem, order: readonly number[]): OpenNeighbours {
  const { neighbours, cellCount } = problem;
  const start = new Int32Array(cellCount + 1);
  let total = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    start[cell] = total;
    for (const d of order) if (neighbours[cell * 4 + d] >= 0) total++;
  }
  start[cellCount] = total;
  const cells = new Int32Array(total);
  for (let cell = 0, k = 0; cell < cellCount; cell++) {
    for (const d of order) if (neighbours[cell * 4 + d] >= 0) cells[k++] = neighbours[cell * 4 + d];
  }
  return { start, cells };
}
