import { CutCells } from './cut-cells.js';
import type { Problem } from '../model/problem.js';

/**
 * The doorways of a level: cells of the empty level that split it in two when blocked, goals
 * left out. A box in a doorway cuts a link between two rooms whether or not the player happens
 * to be cut off by it, which is what FESS's room-connectivity feature counts.
 */
export function doorwaysOf(problem: Problem): Int32Array {
  const cuts = new CutCells(problem);
  const empty = new Uint8Array(problem.cellCount);
  cuts.analyze(empty);
  const found: number[] = [];
  for (let cell = 0; cell < problem.cellCount; cell++) {
    if (problem.goalIndexOfCell[cell] < 0 && cuts.areasWithBoxOn(cell) > cuts.areas) found.push(cell);
  }
  return Int32Array.from(found);
}
