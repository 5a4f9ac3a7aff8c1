import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../../src/level/parse.js';
import { BoxPathFinder } from '../../../src/solver/geometry/box-path.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { backwardPlan, planFromPath } from '../../../src/solver/planning/backward-plan.js';
import type { PackingPlan } from '../../../src/solver/planning/packing-plan.js';
import { sinkRoom } from '../../../src/solver/planning/sink-room.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { board, sharedDir } from '../helpers.js';

function problemOf(...rows: string[]): Problem {
  return buildProblem(board(...rows), 'all-goals');
}

function xsokoban(index: number): Problem {
  const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
  return buildProblem(parseCollection(text, { file: 'xsokoban90.xsb' }).levels[index - 1].board, 'all-goals');
}

function squaresOf(problem: Problem, cells: ArrayLike<number>): string[] {
  return Array.from(cells, (cell) => {
    const square = problem.squareOfCell[cell];
    return `${Math.floor(square / problem.width)},${square % problem.width}`;
  });
}

function planOf(problem: Problem): PackingPlan {
  const plan = analyzeLevel(problem).backwardPlan();
  if (plan === null) throw new Error('no backward plan');
  return plan;
}

/** The goals of `plan` that no box can be pushed onto from the sink room once the squares before them hold boxes. */
function unreachableSteps(problem: Problem, plan: PackingPlan): string[] {
  const fromStart = analyzeLevel(problem).backward();
  const sink = sinkRoom(
    problem,
    Uint8Array.from(fromStart.dead, (dead) => (dead === 0 ? 1 : 0)),
  );
  if (sink === null) throw new Error('no sink room');
  const walker = new PlayerReach(problem);
  const finder = new BoxPathFinder(problem);
  const anywhere = new Uint8Array(problem.cellCount).fill(1);
  const unreachable: number[] = [];
  for (let step = 0; step < plan.squares.length; step++) {
    walker.boxAt.fill(0);
    for (let before = 0; before < step; before++) walker.boxAt[plan.squares[before]] = 1;
    const reached = new Uint8Array(problem.cellCount);
    finder.pullReach(walker, plan.squares[step], anywhere, reached);
    if (!reached.some((on, cell) => on !== 0 && sink[cell] !== 0)) unreachable.push(plan.squares[step]);
  }
  return squaresOf(problem, unreachable);
}

describe("FESS's packing plan from a backward search", () => {
  it('fills a dead-end goal corridor from its far end', () => {
    const problem = problemOf('##########', '#...  $ @#', '####  $$ #', '   #     #', '   #######');
    expect(squaresOf(problem, planOf(problem).squares)).toEqual(['1,1', '1,2', '1,3']);
  });

  it('orders a goal room so that every goal can still be filled from the sink room when its turn comes', () => {
    const problem = problemOf('###########', '#  ..#    #', '#  .. $ $ #', '#  ..#$ $ #', '#    # $$@#', '#    #    #', '###########');
    const plan = planOf(problem);
    expect(new Set(plan.squares)).toEqual(new Set(problem.goals));
    expect(unreachableSteps(problem, plan)).toEqual([]);
    // Not any order will do: the same goals filled the other way round shut some out.
    const reversed = { squares: plan.squares.slice().reverse(), feeds: plan.feeds.slice().reverse() };
    expect(unreachableSteps(problem, reversed)).not.toEqual([]);
  });

  it('parks a box off the goals where no box can be taken out otherwise (XSokoban 47)', () => {
    const problem = xsokoban(47);
    const plan = planOf(problem);
    const parks = Array.from(plan.feeds.keys()).filter((k) => plan.feeds[k] >= 0);
    expect(parks.length).toBeGreaterThan(0);
    // Every goal is filled once, after its parking square if it has one.
    const goalSteps = Array.from(plan.squares).filter((cell) => problem.goalIndexOfCell[cell] >= 0);
    expect(new Set(goalSteps)).toEqual(new Set(problem.goals));
    expect(goalSteps).toHaveLength(problem.goals.length);
    for (const k of parks) {
      expect(problem.goalIndexOfCell[plan.squares[k]]).toBe(-1);
      expect(Array.from(plan.squares).indexOf(plan.feeds[k])).toBeGreaterThan(k);
    }
  });

  it("asks the stop check as it goes, so that the level's time limit stops it", () => {
    const problem = xsokoban(50);
    const analysis = analyzeLevel(problem);
    const fromStart = analysis.backward();
    const pushable = Uint8Array.from(fromStart.dead, (dead) => (dead === 0 ? 1 : 0));
    const inputs = { dead: analysis.dead, pushable, sink: sinkRoom(problem, pushable), nearest: analysis.distances.nearest, fromStart: fromStart.distances.nearest };
    expect(() =>
      backwardPlan(problem, {
        ...inputs,
        stopCheck: () => {
          throw new Error('time is up');
        },
      }),
    ).toThrow('time is up');
  });

  it('is not made where boxes and goals do not pair one to one', () => {
    expect(analyzeLevel(problemOf('#######', '#. $$@#', '#######')).backwardPlan()).toBeNull();
  });
});

describe('the plan a backward path gives', () => {
  // Two goals side by side at the end of a corridor, the door on the right.
  const problem = problemOf('#######', '#..   #', '#  $$@#', '#######');
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];

  it('fills the goals in the reverse of the order their boxes left them', () => {
    const plan = planFromPath(
      problem,
      [
        { from: cell(1, 2), to: -1 },
        { from: cell(1, 1), to: -1 },
      ],
      problem.goals,
    );
    expect(squaresOf(problem, plan.squares)).toEqual(['1,1', '1,2']);
    expect(Array.from(plan.feeds)).toEqual([-1, -1]);
  });

  it('parks a box that stood off the goals while another box left, on the square it stood on', () => {
    // The outer box steps down out of the way, the inner one leaves, then the parked one.
    const steps = [
      { from: cell(1, 2), to: cell(2, 2) },
      { from: cell(1, 1), to: -1 },
      { from: cell(2, 2), to: -1 },
    ];
    const plan = planFromPath(problem, steps, problem.goals);
    expect(squaresOf(problem, plan.squares)).toEqual(['2,2', '1,1', '1,2']);
    expect(Array.from(plan.feeds)).toEqual([cell(1, 2), -1, -1]);
  });

  it('parks no box that passes a square on its way out without stopping there', () => {
    const steps = [
      { from: cell(1, 2), to: cell(2, 2) },
      { from: cell(2, 2), to: -1 },
      { from: cell(1, 1), to: -1 },
    ];
    const plan = planFromPath(problem, steps, problem.goals);
    expect(squaresOf(problem, plan.squares)).toEqual(['1,1', '1,2']);
  });

  it('fills first the goals whose boxes never moved, farthest from the starting boxes first', () => {
    const fromStart = new Int32Array(problem.cellCount);
    fromStart[cell(1, 1)] = 4;
    fromStart[cell(1, 2)] = 5;
    const plan = planFromPath(problem, [], fromStart);
    expect(squaresOf(problem, plan.squares)).toEqual(['1,2', '1,1']);
  });
});
