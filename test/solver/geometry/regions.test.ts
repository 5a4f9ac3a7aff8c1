import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { RegionLabels } from '../../../src/solver/geometry/regions.js';
import { board } from '../helpers.js';

function areasOf(...rows: string[]): number {
  const problem = buildProblem(board(...rows), 'all-goals');
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  return new RegionLabels(problem).count(boxAt);
}

describe('player areas', () => {
  it('an open room is one area', () => {
    expect(areasOf('######', '#@ $.#', '#    #', '######')).toBe(1);
  });

  it('a box in a doorway splits the level in two', () => {
    expect(areasOf('#######', '#@ $ .#', '#######')).toBe(2);
  });

  it('a wall of boxes across a room splits it, and a gap in the wall joins it again', () => {
    expect(areasOf('#####', '#@  #', '#$$$#', '#...#', '#####')).toBe(2);
    expect(areasOf('#####', '#@  #', '#$$ #', '#.. #', '#####')).toBe(1);
  });
});
