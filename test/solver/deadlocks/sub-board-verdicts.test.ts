import { describe, expect, it } from 'vitest';
import { DEFAULT_CORRAL_LIMITS, OPENING_ONLY_CORRAL_LIMITS } from '../../../src/solver/deadlocks/corral-deadlocks.js';
import { ALIVE, DEAD, EMPTY, GAVE_UP, SubBoardVerdicts, sharedVerdicts } from '../../../src/solver/deadlocks/sub-board-verdicts.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

const cells = (...list: number[]): Int32Array => Int32Array.from(list);
const limits = { maxBoxes: 4, slots: 1 << 12, boxSeed: 7, playerSeed: 11 };

describe('the sub-board verdict table', () => {
  it('finds nothing for a sub-problem never stored, and the verdict stored for one that was', () => {
    const table = new SubBoardVerdicts(40, limits);
    expect(table.find(cells(3, 9), 2, 5)).toBe(EMPTY);
    table.store(cells(3, 9), 2, 5, -1, DEAD);
    expect(table.find(cells(3, 9), 2, 5)).toBe(DEAD);
  });

  it('tells sub-problems apart by their boxes, their count, the player and the context', () => {
    const table = new SubBoardVerdicts(40, limits);
    table.store(cells(3, 9, 12), 3, 5, 20, DEAD);
    expect(table.find(cells(3, 9, 12), 3, 5, 20)).toBe(DEAD);
    expect(table.find(cells(3, 9, 13), 3, 5, 20)).toBe(EMPTY);
    expect(table.find(cells(3, 9, 12), 2, 5, 20)).toBe(EMPTY);
    expect(table.find(cells(3, 9, 12), 3, 6, 20)).toBe(EMPTY);
    expect(table.find(cells(3, 9, 12), 3, 5, -1)).toBe(EMPTY);
  });

  it('keeps every verdict while it can still grow, and stays within its limit after', () => {
    // 1,024 slots at first: 3,000 sub-problems make it double, and all are found after.
    const table = new SubBoardVerdicts(200, { ...limits, slots: 1 << 16 });
    const verdictOf = (i: number) => [ALIVE, DEAD, GAVE_UP][i % 3] as typeof ALIVE | typeof DEAD | typeof GAVE_UP;
    for (let i = 0; i < 3000; i++) table.store(cells(i % 64, 64 + (i >> 6)), 2, i % 7, -1, verdictOf(i));
    let found = 0;
    for (let i = 0; i < 3000; i++) if (table.find(cells(i % 64, 64 + (i >> 6)), 2, i % 7) === verdictOf(i)) found++;
    expect(found).toBe(3000);
    // A table at its limit overwrites: what it holds is never more than its slots.
    const small = new SubBoardVerdicts(200, { ...limits, slots: 16 });
    for (let i = 0; i < 100; i++) small.store(cells(i % 64, 64 + (i >> 6)), 2, 0, -1, DEAD);
    let kept = 0;
    for (let i = 0; i < 100; i++) if (small.find(cells(i % 64, 64 + (i >> 6)), 2, 0) !== EMPTY) kept++;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(16);
  });

  it('is one table for the detectors of one level and limits, and another for other limits or another level', () => {
    const level = board('#######', '#  ####', '# $$ ##', '# @ $##', '#... .#', '#######');
    const problem = buildProblem(level, 'all-goals');
    const { dead } = analyzeLevel(problem);
    const first = sharedVerdicts(problem, dead, DEFAULT_CORRAL_LIMITS, limits);
    expect(sharedVerdicts(problem, dead, DEFAULT_CORRAL_LIMITS, limits)).toBe(first);
    expect(sharedVerdicts(problem, dead, OPENING_ONLY_CORRAL_LIMITS, limits)).not.toBe(first);
    const again = buildProblem(level, 'all-goals');
    expect(sharedVerdicts(again, analyzeLevel(again).dead, DEFAULT_CORRAL_LIMITS, limits)).not.toBe(first);
  });
});
