import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { planBasins } from '../../../src/solver/planning/plan-basins.js';
import { board } from '../helpers.js';

function basinsOf(...rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const plan = analyzeLevel(problem).packingPlan();
  if (plan === null) throw new Error('the board has no packing plan');
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  const basins = planBasins(problem, plan);
  if (basins === null) throw new Error('no basins');
  const inside = (step: number, row: number, col: number): boolean => basins.contains(step, cell(row, col));
  return { plan, cell, inside };
}

describe('the basins of the packing plan', () => {
  // Two goals at the end of a corridor, the deep one filled first. A box comes in along the
  // corridor from the right or up the side passage; the bottom row feeds neither.
  const corridor = ['########', '#..  $ #', '#### # #', '#@ $   #', '########'];

  it('follow a plan that fills the deep goal first', () => {
    const { plan, cell } = basinsOf(...corridor);
    expect(Array.from(plan.squares)).toEqual([cell(1, 1), cell(1, 2)]);
  });

  it('hold, at the first step, every square from which a box can reach either goal', () => {
    const { inside } = basinsOf(...corridor);
    expect([inside(0, 1, 1), inside(0, 1, 2), inside(0, 1, 5), inside(0, 2, 4)]).toEqual([true, true, true, true]);
    expect([inside(0, 3, 3), inside(0, 3, 4)]).toEqual([false, false]);
  });

  it('shut out, at the second step, the goal already packed, which is a wall by then', () => {
    const { inside } = basinsOf(...corridor);
    expect(inside(1, 1, 1)).toBe(false);
    expect([inside(1, 1, 2), inside(1, 1, 3), inside(1, 2, 4)]).toEqual([true, true, true]);
  });

  it('hold every square once the plan is done', () => {
    const { inside } = basinsOf(...corridor);
    expect([inside(2, 3, 3), inside(2, 1, 1)]).toEqual([true, true]);
  });
});
