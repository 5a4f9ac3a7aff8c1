import { describe, expect, it } from 'vitest';
import { type ImprovementStart, improvementBudget } from '../../../src/solver/optimize/improvement-budget.js';

const MiB = 1024 * 1024;
/** A level solved a second into a minute's limit, in 500 positions, with a first solution of 300 moves. */
const START: ImprovementStart = { firstMoves: 300, searchNodes: 500, searchMs: 1000, now: 1000, deadline: 60_000, byWork: false, maxBytes: 4096 * MiB };

describe("solve()'s improvement pass: what it may spend", () => {
  it('the cheapest vicinity alone, until it finds nothing more', () => {
    expect(improvementBudget(START).patience).toBe(0);
  });

  it('positions sized by the first solution, or by the search when that expanded more', () => {
    const bySolution = improvementBudget(START).maxNodes;
    expect(improvementBudget({ ...START, firstMoves: 600 }).maxNodes).toBe(2 * bySolution);
    expect(improvementBudget({ ...START, searchNodes: 1_000_000 }).maxNodes).toBeGreaterThan(bySolution);
    expect(improvementBudget({ ...START, searchNodes: 2_000_000 }).maxNodes).toBe(2 * improvementBudget({ ...START, searchNodes: 1_000_000 }).maxNodes);
  });

  it('on the clock, as long as the search took at least, whatever its positions: a search whose positions cost more gets a longer pass', () => {
    const budget = improvementBudget(START);
    expect(budget.runsUntil).toBe(START.now + 1000);
    const slower = improvementBudget({ ...START, searchMs: 3000, now: 3000 });
    expect(slower.maxNodes).toBe(budget.maxNodes);
    expect(slower.runsUntil).toBe(3000 + 3000);
  });

  it('on the clock, at most four times the search or the time its positions take at 50 a millisecond, and never more than a quarter of the time left', () => {
    expect(improvementBudget(START).deadline).toBe(1000 + 4000);
    // 100 positions a move of the first solution, 30,000: 600 ms.
    expect(improvementBudget({ ...START, searchMs: 5, now: 5 }).deadline).toBe(5 + 600);
    // A small level solved at once: 3,000 positions, 60 ms.
    expect(improvementBudget({ ...START, firstMoves: 30, searchMs: 5, now: 5 }).deadline).toBe(5 + 60);
    const late = improvementBudget({ ...START, searchMs: 56_000, now: 56_000 });
    expect(late.deadline).toBe(56_000 + 1000);
    expect(late.runsUntil).toBe(late.deadline);
  });

  it('by work (a node limit, --repeatable): positions alone, and a quarter of the nodes left at most', () => {
    const budget = improvementBudget({ ...START, byWork: true, nodesLeft: 40_000 });
    expect(budget.runsUntil).toBeUndefined();
    expect(budget.deadline).toBe(START.deadline);
    expect(budget.maxNodes).toBe(10_000);
  });

  it('tables of at most 512 MiB and a quarter of the memory limit', () => {
    expect(improvementBudget(START).maxBytes).toBe(512 * MiB);
    expect(improvementBudget({ ...START, maxBytes: 64 * MiB }).maxBytes).toBe(16 * MiB);
  });
});
