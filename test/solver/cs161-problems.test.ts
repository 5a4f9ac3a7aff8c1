import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateToBoard } from '../../src/game/cs161.js';
import { solve } from '../../src/solver/solve.js';
import { expectReplaysToSolved, sharedDir } from './helpers.js';

/**
 * The UCLA CS161 homework's problems with their optimal depths (keeper moves), published or
 * found by the independent breadth-first check. Every problem with a depth is checked; those
 * without one (p20-p22, and p15 of the keeper set) exceed 40 million positions and are left to
 * the bench. The two problem sets use different victory rules.
 */
interface Problem {
  readonly name: string;
  readonly optimal_depth_published: number | null;
  readonly optimal_depth_bfs_check: number | null;
  readonly grid: number[][];
}

function problemsWithDepth(file: string): (Problem & { depth: number })[] {
  const problems = JSON.parse(readFileSync(path.join(sharedDir, 'cs161', file), 'utf8')) as Problem[];
  return problems.flatMap((problem) => {
    const depth = problem.optimal_depth_bfs_check ?? problem.optimal_depth_published;
    return depth === null ? [] : [{ ...problem, depth }];
  });
}

const sets = [
  { file: 'hw3_22_problems_boxes_rule.json', rule: 'all-boxes', withDepth: 19 },
  { file: 'hw3_15_problems_keeper_rule.json', rule: 'keeper-too', withDepth: 14 },
] as const;

describe.each(sets)('CS161 $file under $rule', ({ file, rule, withDepth }) => {
  const problems = problemsWithDepth(file);

  it(`has ${withDepth} problems with a known depth, agreeing where both numbers are given`, () => {
    expect(problems).toHaveLength(withDepth);
    for (const problem of problems) {
      if (problem.optimal_depth_published !== null && problem.optimal_depth_bfs_check !== null) {
        expect(problem.optimal_depth_bfs_check, problem.name).toBe(problem.optimal_depth_published);
      }
    }
  });

  it.each(problems)('$name: move-optimal depth is $depth', ({ grid, depth }) => {
    const board = stateToBoard(grid);
    const result = solve(board, { optimal: 'moves', rule });
    expect(result).toMatchObject({ status: 'solved', optimal: 'moves', moves: depth });
    expectReplaysToSolved(board, result, rule);
  });
});
