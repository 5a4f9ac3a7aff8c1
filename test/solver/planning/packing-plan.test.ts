import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../../src/level/parse.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { packingOrder } from '../../../src/solver/planning/packing-order.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { sharedDir } from '../helpers.js';

function xsokoban(index: number): Problem {
  const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
  return buildProblem(parseCollection(text, { file: 'xsokoban90.xsb' }).levels[index - 1].board, 'all-goals');
}

describe('packing plan', () => {
  it('is the packing order where every box can be taken out to where boxes start (XSokoban 11)', () => {
    const problem = xsokoban(11);
    const analysis = analyzeLevel(problem);
    const plan = analysis.packingPlan();
    expect(plan).not.toBeNull();
    expect(Array.from(plan?.squares ?? [])).toEqual(Array.from(packingOrder(problem, analysis.dead) ?? []));
    expect(Array.from(plan?.feeds ?? []).every((goal) => goal < 0)).toBe(true);
  });

  it('parks a box off the goals where no box can be taken out otherwise (XSokoban 47)', () => {
    const problem = xsokoban(47);
    const plan = analyzeLevel(problem).packingPlan();
    if (plan === null) throw new Error('no plan');
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
});
