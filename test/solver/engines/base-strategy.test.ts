import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import { BaseSearch } from '../../../src/solver/planning/base-search.js';
import { BaseStrategy, type BaseStrategyConfig } from '../../../src/solver/engines/base-strategy.js';
import { FeatureSearch } from '../../../src/solver/engines/feature-search.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { PackedPositions } from '../../../src/solver/model/position.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { planFromPath } from '../../../src/solver/planning/backward-plan.js';
import { solve } from '../../../src/solver/solve.js';
import type { Board } from '../../../src/level/board.js';
import { board, expectReplaysToSolved } from '../helpers.js';

/** The cell of the square at row, column. */
function cellAt(problem: Problem, row: number, column: number): number {
  return problem.cellOfSquare[row * problem.width + column];
}

/** Whether these pushes, spelled out with their walks, solve the board. */
function solves(start: Board, problem: Problem, pushes: Int32Array): boolean {
  const { lurd } = pushesToLurd(problem, pushes);
  const replayed = replay(start, lurd, { rule: 'all-goals', strictCase: true });
  return replayed.valid && replayed.solved && replayed.solvedAfter === replayed.moves;
}

/** Runs strategy A on `start` with `config` to its end; it must be solved, its solution replaying to the win. */
function expectStrategySolves(start: Board, config: BaseStrategyConfig = {}): void {
  const problem = buildProblem(start, 'all-goals');
  const engine = new BaseStrategy(analyzeLevel(problem), config);
  while (engine.state === 'running') engine.run(64);
  expect(engine.state).toBe('solved');
  expect(solves(start, problem, engine.solution())).toBe(true);
}

/** Runs strategy A on `start` in turns of one position until it solves it; the positions it expanded. */
function positionsToSolve(start: Board, config: BaseStrategyConfig): number {
  const engine = new BaseStrategy(analyzeLevel(buildProblem(start, 'all-goals')), config);
  while (engine.state === 'running') engine.run(1);
  expect(engine.state).toBe('solved');
  return engine.expanded;
}

/** The backward search's node for the position with boxes on `boxes` and the player on `player`, as a forward search would look it up. */
function meetingOf(search: BaseSearch, problem: Problem, boxes: readonly number[], player: number): number {
  const positions = new PackedPositions(problem);
  const packed = new Uint32Array(problem.words);
  const boxHash = positions.pack(boxes, boxes.length, packed);
  const reach = new PlayerReach(problem);
  for (const box of boxes) reach.boxAt[box] = 1;
  reach.flood(player);
  return search.meet(packed, reach.topLeft, positions.hash(boxHash, reach.topLeft));
}

describe('the backward search with bases (strategy A)', () => {
  it('takes a box pulled from far onto its start square off the board, base and all, and the plan fills its goal', () => {
    // The box starts seven squares from its goal: pulled there from the goal, it leaves the board.
    const start = board('###########', '#.     $ @#', '###########');
    const problem = buildProblem(start, 'all-goals');
    const analysis = analyzeLevel(problem);
    const search = new BaseSearch(analysis);
    search.run(1000);
    expect(search.state).toBe('emptied');
    const path = search.pathToBest();
    expect(path.at(-1)).toEqual({ from: cellAt(problem, 1, 1), to: -1 });
    const plan = planFromPath(problem, path, analysis.backward().distances.nearest);
    expect(Array.from(plan.squares)).toEqual([cellAt(problem, 1, 1)]);
  });

  it('does not take a box off near its goal, and finds the start itself: its pulls reversed solve the level', () => {
    const start = board('#######', '#.  $@#', '#######');
    const problem = buildProblem(start, 'all-goals');
    const search = new BaseSearch(analyzeLevel(problem));
    search.run(1000);
    expect(search.state).toBe('met-start');
    const pushes = search.pushesHome(search.startNode, problem.initialPlayer);
    expect(pushes.length).toBe(3);
    expect(solves(start, problem, pushes)).toBe(true);
  });

  it('holds positions with every box as a perimeter: one reached by forward pushes meets it, and the pulls reversed finish the level', () => {
    // Two boxes four pulls from their goals: neither leaves the board.
    const start = board('########', '#.   $ #', '#.   $@#', '########');
    const problem = buildProblem(start, 'all-goals');
    const search = new BaseSearch(analyzeLevel(problem));
    // One position past the solved one: the advisor pulls the first box off its goal as far as it goes.
    search.run(1);
    expect(search.state).toBe('running');
    const upperHome = cellAt(problem, 1, 1);
    const upperPulled = cellAt(problem, 1, 5);
    // Forwards, the lower box is pushed four squares left onto its goal; the player ends beside it.
    const lowerPushes = [5, 4, 3, 2].map((column) => cellAt(problem, 2, column) * 4 + directionBetween(problem, cellAt(problem, 2, column), cellAt(problem, 2, column - 1)));
    const player = cellAt(problem, 2, 2);
    const point = meetingOf(search, problem, [upperPulled, cellAt(problem, 2, 1)], player);
    expect(point).toBeGreaterThanOrEqual(0);
    const home = search.pushesHome(point, player);
    expect(home.length).toBe(4);
    expect(solves(start, problem, Int32Array.of(...lowerPushes, ...home))).toBe(true);
    // A position the backward search has not made is not met: the upper box home, the lower one not yet moved.
    expect(meetingOf(search, problem, [upperHome, cellAt(problem, 2, 5)], cellAt(problem, 2, 6))).toBe(-1);
  });

  it('lets the feature search stop where it meets the backward positions: from the start, nothing left to expand', () => {
    const start = board('#######', '#.  $@#', '#######');
    const problem = buildProblem(start, 'all-goals');
    const analysis = analyzeLevel(problem);
    const backward = new BaseSearch(analysis);
    backward.run(1000);
    const forward = new FeatureSearch(analysis, { meeting: backward });
    expect(forward.state).toBe('solved');
    expect(forward.expanded).toBe(0);
    expect(solves(start, problem, forward.solution())).toBe(true);
  });

  it('as one engine, solves a level with the backward search, then the forward one, and its combined solution replays', () => {
    expectStrategySolves(board('#########', '#.  $   #', '#. $$  @#', '#.      #', '#########'));
  });

  it('with the gate on removals, solves the same level; with a gated search too short to empty the board, the ungated one follows, and the solution replays', () => {
    const start = board('#########', '#.  $   #', '#. $$  @#', '#.      #', '#########');
    for (const backwardPositions of [undefined, 1]) expectStrategySolves(start, { gateRemovals: true, backwardPositions });
  });

  it("with every other backward turn given to the best position's cell, empties the board and solves the level, and the solution replays", () => {
    const start = board('#############', '#.      $   #', '#.     $$ # #', '#.        @ #', '#############');
    const problem = buildProblem(start, 'all-goals');
    const backward = new BaseSearch(analyzeLevel(problem), Number.POSITIVE_INFINITY, { bestCellTurns: true });
    backward.run(10_000);
    expect(backward.state).toBe('emptied');
    expect(backward.pathToBest().filter((step) => step.to < 0)).toHaveLength(3);
    expectStrategySolves(start, { gateRemovals: true, backwardBestCellTurns: true });
  });

  it("with Festival's removal order, longest pull and explorer rule, empties the board and solves, and the solution replays", () => {
    const start = board('#############', '#.      $   #', '#.     $$ # #', '#.        @ #', '#############');
    const backward = new BaseSearch(analyzeLevel(buildProblem(start, 'all-goals')), Number.POSITIVE_INFINITY, { removalOrder: 'first', pullAdvice: 'longest' });
    backward.run(10_000);
    expect(backward.state).toBe('emptied');
    expectStrategySolves(start, { gateRemovals: true, removalOrder: 'first', pullAdvice: 'longest', forward: { explorerRule: 'undoable' } });
  });

  it('with a second forward search, the two take turns from the same plan: the first to solve gives the solution, which replays', () => {
    const start = board('#############', '#.      $   #', '#.     $$ # #', '#.        @ #', '#############');
    expectStrategySolves(start, { secondForward: { goalBoxHotspots: false } });
    // Two identical forward searches: the one that solves had every other turn, so more positions were expanded in all.
    expect(positionsToSolve(start, { forward: {}, secondForward: {} })).toBeGreaterThan(positionsToSolve(start, { forward: {} }));
  });

  it('gives the second forward search one turn in secondForwardTurns: in four turns, a third of what the first expands', () => {
    const start = board('##########', '#.   $   #', '#.  $$ # #', '#.  #   @#', '#.  $ $  #', '##########');
    const alone = positionsToSolve(start, { forward: {} });
    const everyOther = positionsToSolve(start, { forward: {}, secondForward: {} });
    const oneInFour = positionsToSolve(start, { forward: {}, secondForward: {}, secondForwardTurns: 4 });
    expect(everyOther).toBeGreaterThan(oneInFour);
    expect(Math.abs(3 * (oneInFour - alone) - alone)).toBeLessThanOrEqual(0.1 * alone);
  });

  it('runs alone in the portfolio as feature-bases, and its solution replays', () => {
    const start = board('###########', '#.     $ @#', '#.   $    #', '###########');
    const result = solve(start, { rule: 'all-goals', members: ['feature-bases'], timeLimitMs: 20_000 });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it("runs alone as feature-bases-festival, with Festival's three rules, and its solution replays", () => {
    const start = board('###########', '#.     $ @#', '#.   $    #', '###########');
    const result = solve(start, { rule: 'all-goals', members: ['feature-bases-festival'], timeLimitMs: 20_000 });
    expectReplaysToSolved(start, result, 'all-goals');
  });
});

/** The direction from `from` to its neighbour `to`. */
function directionBetween(problem: Problem, from: number, to: number): number {
  for (let d = 0; d < 4; d++) if (problem.neighbours[from * 4 + d] === to) return d;
  throw new Error('not neighbours');
}
