import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import type { Board } from '../../../src/level/board.js';
import { SpreadStrategy } from '../../../src/solver/engines/spread-strategy.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { solve } from '../../../src/solver/solve.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import type { SpreadMeasure } from '../../../src/solver/planning/spread-search.js';
import { board, expectReplaysToSolved } from '../helpers.js';

/** Runs strategy D on `start` in turns of `turn` positions to its end: it must solve it, its solution replaying to the win. */
function expectSolved(start: Board, backwardPositions: number, turn = 50, measure: SpreadMeasure = 'goal-sum'): SpreadStrategy {
  const problem = buildProblem(start, 'all-goals');
  const engine = new SpreadStrategy(analyzeLevel(problem), { backwardPositions, measure });
  while (engine.state === 'running') engine.run(turn);
  expect(engine.state).toBe('solved');
  const { lurd } = pushesToLurd(problem, engine.solution());
  const replayed = replay(start, lurd, { rule: 'all-goals', strictCase: true });
  expect(replayed.valid && replayed.solved && replayed.solvedAfter === replayed.moves).toBe(true);
  return engine;
}

describe("Festival's strategy D, hotspot-first", () => {
  it('solves a level its backward search reaches the start of, by the pulls reversed', () => {
    expectSolved(board('#######', '#.  $@#', '#######'), 1000);
  });

  it('solves a level from the start by aiming at the spread-out arrangement and meeting the backward positions', () => {
    // Few backward positions: the forward searches must do the rest.
    const start = board('#########', '#..  $  #', '#. $  $ #', '#   #   #', '#  @    #', '#########');
    const engine = expectSolved(start, 20, 5);
    expect(engine.expanded).toBeGreaterThan(20);
  });

  it("solves it as well with the boxes' distance from the goals measured by a matching (Festival's strategy B)", () => {
    const start = board('#########', '#..  $  #', '#. $  $ #', '#   #   #', '#  @    #', '#########');
    expect(expectSolved(start, 1000, 50, 'goal-matching').expanded).toBeGreaterThan(0);
    expectSolved(start, 20, 5, 'goal-matching');
  });

  it('runs alone in the portfolio as feature-spread-matching, and its solution replays', () => {
    const start = board('########', '#..    #', '#  $$  #', '#   @  #', '########');
    const result = solve(start, { rule: 'all-goals', members: ['feature-spread-matching'], timeLimitMs: 20_000 });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('runs alone in the portfolio as feature-spread, and its solution replays', () => {
    const start = board('########', '#..    #', '#  $$  #', '#   @  #', '########');
    const result = solve(start, { rule: 'all-goals', members: ['feature-spread'], timeLimitMs: 20_000 });
    expectReplaysToSolved(start, result, 'all-goals');
  });
});
