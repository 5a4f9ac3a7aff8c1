import { describe, expect, it } from 'vitest';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { holdsDoneStep, nextStep, stepPlanFromPath, stepsDone } from '../../../src/solver/planning/step-plan.js';
import { board, boxMarks } from '../helpers.js';

// Two goals at the end of a corridor, a side pocket below it: room enough to wait.
const problem: Problem = buildProblem(board('########', '#..    #', '### ####', '#   $$@#', '########'), 'all-goals');
const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
const goals = [cell(1, 1), cell(1, 2)];

const boxesOn = (...cells: number[]): Uint8Array => boxMarks(problem.cellCount, ...cells);

describe('the step plan of a backward path (every box move, read forwards)', () => {
  it('brings each box from its start in the reverse of the order the path took them off', () => {
    const plan = stepPlanFromPath(goals, [
      { from: cell(1, 2), to: -1 },
      { from: cell(1, 1), to: -1 },
    ]);
    expect(plan).not.toBeNull();
    expect(Array.from(plan?.squares ?? [])).toEqual([cell(1, 1), cell(1, 2)]);
    expect(Array.from(plan?.until ?? [])).toEqual([-1, -1]);
  });

  it('keeps a waiting square and the goal its box goes on to as two steps, the first moved on by the second', () => {
    // Backwards: the outer box waits on (1,5), the inner one leaves, then the waiting one.
    const plan = stepPlanFromPath(goals, [
      { from: cell(1, 2), to: cell(1, 5) },
      { from: cell(1, 1), to: -1 },
      { from: cell(1, 5), to: -1 },
    ]);
    expect(Array.from(plan?.squares ?? [])).toEqual([cell(1, 5), cell(1, 1), cell(1, 2)]);
    expect(Array.from(plan?.until ?? [])).toEqual([2, -1, -1]);
    expect(Array.from(plan?.feeds ?? [])).toEqual([cell(1, 2), -1, -1]);
  });

  it('merges the moves of one box that follow each other into one step', () => {
    const plan = stepPlanFromPath(goals, [
      { from: cell(1, 2), to: cell(1, 4) },
      { from: cell(1, 4), to: -1 },
      { from: cell(1, 1), to: -1 },
    ]);
    expect(Array.from(plan?.squares ?? [])).toEqual([cell(1, 1), cell(1, 2)]);
  });

  it('may name a square twice: a box waits on a goal that another box fills later', () => {
    // Three boxes (the squares stand for any board's). Backwards: R waits on (1,5), Q leaves
    // goal (1,2), P steps from goal (1,1) onto (1,2), R leaves, then P leaves from (1,2).
    const plan = stepPlanFromPath(
      [...goals, cell(1, 3)],
      [
        { from: cell(1, 3), to: cell(1, 5) },
        { from: cell(1, 2), to: -1 },
        { from: cell(1, 1), to: cell(1, 2) },
        { from: cell(1, 5), to: -1 },
        { from: cell(1, 2), to: -1 },
      ],
    );
    // Forwards: P to (1,2), R to (1,5), P on to (1,1), Q to (1,2), R on to (1,3).
    expect(Array.from(plan?.squares ?? [])).toEqual([cell(1, 2), cell(1, 5), cell(1, 1), cell(1, 2), cell(1, 3)]);
    expect(Array.from(plan?.until ?? [])).toEqual([2, 4, -1, -1, -1]);
  });

  it('holds first the boxes a path leaves on the board: forwards they must stand there before anything else', () => {
    // Backwards the box on (1,2) leaves; the one on (1,1) is pulled to (1,4) and stays.
    const plan = stepPlanFromPath(goals, [
      { from: cell(1, 2), to: -1 },
      { from: cell(1, 1), to: cell(1, 4) },
    ]);
    expect(plan?.held).toBe(1);
    expect(Array.from(plan?.squares ?? [])).toEqual([cell(1, 4), cell(1, 1), cell(1, 2)]);
    // The held box goes on to (1,1) at step 1.
    expect(Array.from(plan?.until ?? [])).toEqual([1, -1, -1]);
  });

  it('is not made from an empty path', () => {
    expect(stepPlanFromPath(goals, [])).toBeNull();
  });
});

describe('steps done (Festival count)', () => {
  // Steps: a box waits on (1,5) until step 2 takes it on to (1,2); step 1 fills (1,1).
  const squares = Int32Array.from([cell(1, 5), cell(1, 1), cell(1, 2)]);
  const until = Int32Array.from([2, -1, -1]);

  it('counts the steps in order while their boxes stand on their squares', () => {
    expect(stepsDone(squares, until, boxesOn())).toBe(0);
    expect(stepsDone(squares, until, boxesOn(cell(1, 5)))).toBe(1);
    expect(stepsDone(squares, until, boxesOn(cell(1, 5), cell(1, 1)))).toBe(2);
  });

  it('takes a waiting step as done once a done step has moved its box on', () => {
    expect(stepsDone(squares, until, boxesOn(cell(1, 1), cell(1, 2)))).toBe(3);
  });

  it('does not take a step as done because a later step, not yet reached, would move its box on', () => {
    // (1,1) empty: step 1 is not done, so step 2 does not excuse the empty waiting square.
    expect(stepsDone(squares, until, boxesOn(cell(1, 2)))).toBe(0);
  });

  it('names next the first step not done, as the count does', () => {
    expect(nextStep(squares, until, boxesOn())).toBe(0);
    expect(nextStep(squares, until, boxesOn(cell(1, 5)))).toBe(1);
    expect(nextStep(squares, until, boxesOn(cell(1, 2)))).toBe(0);
    expect(nextStep(squares, until, boxesOn(cell(1, 1), cell(1, 2)))).toBe(-1);
  });

  it('keeps a box on a done step in place, unless the move is the next move the plan gives it', () => {
    expect(holdsDoneStep(squares, until, 2, cell(1, 5), cell(1, 3))).toBe(true);
    expect(holdsDoneStep(squares, until, 2, cell(1, 5), cell(1, 2))).toBe(false);
    expect(holdsDoneStep(squares, until, 2, cell(1, 1), cell(1, 3))).toBe(true);
    expect(holdsDoneStep(squares, until, 0, cell(1, 1), cell(1, 3))).toBe(false);
  });
});

describe('steps done with held boxes (Festival count)', () => {
  // Step 0 holds a box on (1,5) to the end; step 1 holds one on (1,4) until step 3 takes it on to (1,1); step 2 fills (1,2).
  const squares = Int32Array.from([cell(1, 5), cell(1, 4), cell(1, 2), cell(1, 1)]);
  const until = Int32Array.from([-1, 3, -1, -1]);

  it('counts nothing done while a held box that stays to the end is missing, whatever else stands', () => {
    expect(stepsDone(squares, until, boxesOn(cell(1, 4), cell(1, 2), cell(1, 1)), 2)).toBe(0);
    expect(stepsDone(squares, until, boxesOn(cell(1, 5)), 2)).toBe(1);
  });

  it('names no next square while a held box that stays to the end is missing, and the first step after the held ones once it stands', () => {
    expect(nextStep(squares, until, boxesOn(cell(1, 4), cell(1, 2)), 2)).toBe(-1);
    expect(nextStep(squares, until, boxesOn(cell(1, 5)), 2)).toBe(2);
    expect(nextStep(squares, until, boxesOn(cell(1, 5), cell(1, 2)), 2)).toBe(3);
  });

  it('takes one off for a held box neither there nor moved on by a done step', () => {
    expect(stepsDone(squares, until, boxesOn(cell(1, 5), cell(1, 4)), 2)).toBe(2);
    expect(stepsDone(squares, until, boxesOn(cell(1, 5), cell(1, 2)), 2)).toBe(2);
    expect(stepsDone(squares, until, boxesOn(cell(1, 5), cell(1, 2), cell(1, 1)), 2)).toBe(4);
  });
});
