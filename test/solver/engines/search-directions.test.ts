import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import type { Board } from '../../../src/level/board.js';
import { canSearchBackward } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { PushSearch } from '../../../src/solver/engines/push-search.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { board } from '../helpers.js';

// Two boxes must enter a dead-end goal room in the right order: the far goal first.
const goalRoom = board('#########', '#..  $  #', '### $ @ #', '  #     #', '  #######');

function runToEnd(search: PushSearch): void {
  for (let turns = 0; turns < 10_000 && search.state === 'running'; turns++) search.run(256);
}

function expectSolutionReplays(start: Board, search: PushSearch, problem: ReturnType<typeof buildProblem>): void {
  expect(search.state).toBe('solved');
  const text = pushesToLurd(problem, search.solution());
  const replayed = replay(start, text.lurd, { rule: 'all-goals', strictCase: true });
  expect(replayed.error).toBeNull();
  expect(replayed.solved).toBe(true);
  expect(replayed.pushes).toBe(text.pushes);
}

describe('search directions', () => {
  it('a backward search pulls boxes from the goals to their start, and its pushes replay forwards', () => {
    const problem = buildProblem(goalRoom, 'all-goals');
    const search = new PushSearch(analyzeLevel(problem), { mode: 'greedy', corralPruning: false, direction: 'backward' });
    runToEnd(search);
    expectSolutionReplays(goalRoom, search, problem);
  });

  it('paired forward and backward searches join their paths into one solution that replays', () => {
    const problem = buildProblem(goalRoom, 'all-goals');
    const analysis = analyzeLevel(problem);
    const forward = new PushSearch(analysis, { mode: 'greedy', corralPruning: false });
    const backward = new PushSearch(analysis, { mode: 'greedy', corralPruning: false, direction: 'backward' });
    forward.pairWith(backward);
    while (forward.state === 'running' && backward.state === 'running') {
      forward.run(1);
      backward.run(1);
    }
    const done = forward.state === 'solved' ? forward : backward;
    expectSolutionReplays(goalRoom, done, problem);
  });

  it('a backward search proves a level unsolvable when no pulls lead back to the start', () => {
    // The box sits in a corner: no pull sequence from the goal can bring it there.
    const cornered = board('#####', '#$ .#', '#  @#', '#####');
    const problem = buildProblem(cornered, 'all-goals');
    const search = new PushSearch(analyzeLevel(problem), { mode: 'greedy', corralPruning: false, direction: 'backward' });
    runToEnd(search);
    expect(search.state).toBe('unsolvable');
  });

  it('backward search is offered only when the winning box configuration is unique', () => {
    expect(canSearchBackward(buildProblem(goalRoom, 'all-goals'))).toBe(true);
    const spareGoal = board('######', '#@$..#', '######');
    expect(canSearchBackward(buildProblem(spareGoal, 'all-boxes'))).toBe(false);
    expect(canSearchBackward(buildProblem(goalRoom, 'keeper-too'))).toBe(false);
  });
});
