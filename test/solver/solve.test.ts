import { describe, expect, it } from 'vitest';
import { OPENING_ONLY_CORRAL_LIMITS } from '../../src/solver/deadlocks/corral-deadlocks.js';
import { FeatureSearch, type FeatureSearchConfig } from '../../src/solver/engines/feature-search.js';
import { buildProblem } from '../../src/solver/model/problem.js';
import { analyzeLevel } from '../../src/solver/planning/analysis.js';
import { solve } from '../../src/solver/solve.js';
import { board, DIAGONALS, expectReplaysToSolved } from './helpers.js';
import { solveByExhaustion } from './oracle.js';

describe('solve on tiny boards', () => {
  it('a board that is already won is solved with no moves', () => {
    const start = board('#####', '#@**#', '#####');
    for (const optimal of ['moves', 'pushes', null] as const) {
      const result = solve(start, { optimal, rule: 'all-goals' });
      expect(result).toMatchObject({ status: 'solved', solution: '', moves: 0, pushes: 0, optimal });
      expectReplaysToSolved(start, result, 'all-goals');
    }
  });

  it('a box one push from its goal is solved by that push', () => {
    const start = board('#####', '#@$.#', '#####');
    const result = solve(start, { optimal: 'moves', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', solution: 'R', moves: 1, pushes: 1, optimal: 'moves' });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('walks to the box before pushing it', () => {
    const start = board('######', '#@   #', '#  $.#', '######');
    const result = solve(start, { optimal: 'moves', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', moves: 3, pushes: 1 });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('a box in a corner off its goal is proven unsolvable (dead square)', () => {
    const start = board('######', '#$   #', '#  . #', '# @  #', '######');
    for (const optimal of ['moves', 'pushes', null] as const) {
      expect(solve(start, { optimal, rule: 'all-goals' })).toMatchObject({ status: 'unsolvable', solution: null, limit: null });
    }
  });

  it('a box against a wall with no goal along that wall is proven unsolvable (dead square)', () => {
    const start = board('#######', '#  $  #', '#  @  #', '#   . #', '#######');
    expect(solve(start, { optimal: 'moves', rule: 'all-goals' }).status).toBe('unsolvable');
  });

  it('a box that can only be pushed away from its goal is proven unsolvable', () => {
    // The box can only be pushed down, into the pocket, from which it never comes out.
    const start = board('#######', '#.   @#', '###$###', '###  ##', '#######');
    expect(solve(start, { optimal: 'moves', rule: 'all-goals' }).status).toBe('unsolvable');
  });

  it('two boxes that hold each other against walls off their goals are proven unsolvable (freeze)', () => {
    // Each box of the pair is held sideways by a wall and lengthways by the other box;
    // the free box elsewhere keeps the search busy until it has tried everything.
    const start = board('########', '#      #', '#  #$  #', '#   $# #', '#  $   #', '#  ... #', '# @    #', '########');
    for (const optimal of ['moves', 'pushes', null] as const) {
      expect(solve(start, { optimal, rule: 'all-goals' }).status).toBe('unsolvable');
    }
  });

  it('boxes frozen together on their goals are no deadlock', () => {
    // The second push freezes both boxes in the corner, each on a goal.
    const start = board('######', '#..  #', '#$$  #', '#@   #', '######');
    const result = solve(start, { optimal: 'moves', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', moves: 4, pushes: 2 });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('a box pushed along a wall to a goal on that wall is no deadlock', () => {
    const start = board('#######', '#@$  .#', '#     #', '#######');
    const result = solve(start, { optimal: 'pushes', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', solution: 'RRR', pushes: 3 });
    expectReplaysToSolved(start, result, 'all-goals');
  });
});

describe('a search stopped at a limit is not a proof', () => {
  // Unsolvable (the box on the left can only go down into the dead-end pocket beneath it, and
  // the spare box in the top-right corner never moves), but only an exhaustive move search of
  // the other boxes' positions shows it. With a box for every goal the pair and triple patterns
  // see it at the start; the spare box (all-goals, more boxes than goals) leaves them out.
  const unsolvable = board('#########', '#.   # $#', '# $    .#', '# .$    #', '#       #', '#$ $ . @#', '# #     #', '#########');

  it('without limits the whole space is searched and the board reported unsolvable', () => {
    const result = solve(unsolvable, { optimal: 'moves', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'unsolvable', limit: null });
    expect(result.nodes).toBeGreaterThan(1);
  });

  it('with a tiny node limit the same board is reported as stopped at the node limit', () => {
    const result = solve(unsolvable, { optimal: 'moves', rule: 'all-goals', maxNodes: 10 });
    expect(result).toMatchObject({ status: 'timeout', limit: 'nodes', solution: null, optimal: null });
  });

  it('with a clock past its deadline the same board is reported as stopped at the time limit', () => {
    let now = 0;
    const clock = (): number => (now += 1000);
    const result = solve(unsolvable, { optimal: 'moves', rule: 'all-goals', timeLimitMs: 1500, clock });
    expect(result).toMatchObject({ status: 'timeout', limit: 'time', solution: null });
  });

  it('with a tiny memory limit the same board is reported as stopped at the memory limit', () => {
    const result = solve(unsolvable, { optimal: 'moves', rule: 'all-goals', maxMemoryMiB: 0.001 });
    expect(result).toMatchObject({ status: 'memory', limit: 'memory', solution: null });
  });
});

describe('goal rules', () => {
  it('all-goals: with more boxes than goals, a spare box may stay stuck in a corner', () => {
    const start = board('######', '#$   #', '#@$ .#', '######');
    const result = solve(start, { optimal: 'moves', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', solution: 'RR', moves: 2, pushes: 2 });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('all-goals: with fewer boxes than goals the board is proven unsolvable', () => {
    expect(solve(board('#######', '#.@$ .#', '#######'), { optimal: 'moves', rule: 'all-goals' }).status).toBe('unsolvable');
  });

  it('all-boxes: with more goals than boxes, every box on some goal wins', () => {
    const start = board('#######', '#.@$ .#', '#######');
    const result = solve(start, { optimal: 'moves', rule: 'all-boxes' });
    expect(result).toMatchObject({ status: 'solved', solution: 'RR', moves: 2, pushes: 2 });
    expectReplaysToSolved(start, result, 'all-boxes');
  });

  it('keeper-too: after the last push the player walks on to a goal, and those steps count', () => {
    const start = board('######', '#.@$.#', '######');
    const boxesOnly = solve(start, { optimal: 'moves', rule: 'all-boxes' });
    expect(boxesOnly).toMatchObject({ status: 'solved', solution: 'R', moves: 1 });
    const keeperToo = solve(start, { optimal: 'moves', rule: 'keeper-too' });
    expect(keeperToo).toMatchObject({ status: 'solved', solution: 'Rll', moves: 3, pushes: 1 });
    expectReplaysToSolved(start, keeperToo, 'keeper-too');
  });

  it('keeper-too: move-optimal search counts the exact walk to the goal, not a normalized one', () => {
    // Found by the random-board comparison: two positions with the same boxes but the player
    // on different squares of one region are different positions when moves are counted.
    const start = board('#######', '#.#   #', '#$. # #', '#.. $@#', '#######');
    const result = solve(start, { optimal: 'moves', rule: 'keeper-too' });
    expect(result.moves).toBe(solveByExhaustion(start, 'keeper-too').fewestMoves);
    expectReplaysToSolved(start, result, 'keeper-too');
  });

  it('keeper-too: without a goal left for the player the board is proven unsolvable', () => {
    expect(solve(board('#####', '#@$.#', '#####'), { optimal: 'moves', rule: 'keeper-too' }).status).toBe('unsolvable');
  });
});

describe('move-optimal and push-optimal', () => {
  // Pushing the box right at once is impossible (the player cannot stand left of it), so it
  // goes round: 3 pushes up, right, down, with a long walk; or 5 pushes with less walking.
  const start = board('#####', '#   #', '##$.#', '# @ #', '#   #', '#   #', '# # #', '#####');

  it('move-optimal gives the fewest moves, push-optimal the fewest pushes, and they differ here', () => {
    const byMoves = solve(start, { optimal: 'moves', rule: 'all-goals' });
    const byPushes = solve(start, { optimal: 'pushes', rule: 'all-goals' });
    expect(byMoves).toMatchObject({ status: 'solved', optimal: 'moves', moves: 13, pushes: 5 });
    expect(byPushes).toMatchObject({ status: 'solved', optimal: 'pushes', pushes: 3 });
    expect(byPushes.moves).toBeGreaterThan(13);
    expectReplaysToSolved(start, byMoves, 'all-goals');
    expectReplaysToSolved(start, byPushes, 'all-goals');
  });

  it('the feature search alone gives up on an unsolvable board without claiming it unsolvable or a limit', () => {
    const stuck = board('#####', '#.@$#', '#####');
    expect(solve(stuck, { rule: 'all-goals', members: ['feature'] })).toMatchObject({ status: 'timeout', limit: null, solution: null });
    expect(solve(stuck, { rule: 'all-goals', members: ['feature', 'push-optimal'] })).toMatchObject({ status: 'unsolvable' });
  });

  it('any-solution mode claims no optimality', () => {
    const result = solve(start, { rule: 'all-goals' });
    expect(result.optimal).toBeNull();
    expectReplaysToSolved(start, result, 'all-goals');
  });
});

describe("where more boxes start outside every goal's basin than the out-of-plan feature counts", () => {
  const firstSearch: FeatureSearchConfig = { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, mobility: true };
  const everyGoalSearch: FeatureSearchConfig = { corralLimits: OPENING_ONLY_CORRAL_LIMITS, outOfPlanBasin: 'every-goal' };
  const unguidedSearch: FeatureSearchConfig = { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, packingPlan: 'none', outOfPlan: false };
  const goalRoom = ['###########', '#  ..#    #', '#  .. $ $ #', '#  ..#$ $ #', '#    # $$@#', '#    #    #', '###########'];

  /** Positions a search over features with these settings expands to solve `start` alone. */
  const expandedAlone = (start: ReturnType<typeof board>, config: FeatureSearchConfig): number => {
    const search = new FeatureSearch(analyzeLevel(buildProblem(start, 'all-goals')), config);
    while (search.state === 'running') search.run(1024);
    expect(search.state).toBe('solved');
    return search.expanded;
  };

  /** The portfolio's third search over features alone, on a clock that runs 5 ms a reading: it starts once LATE_MS has passed. */
  const thirdSearch = (start: ReturnType<typeof board>) => {
    let now = 0;
    const clock = (): number => (now += 5);
    const result = solve(start, { rule: 'all-goals', members: ['feature-every-goal'], improve: false, clock, timeLimitMs: 3_600_000 });
    expectReplaysToSolved(start, result, 'all-goals');
    return result;
  };

  it('the third search over features goes without the packing plan and the out-of-plan feature', () => {
    const start = board(...DIAGONALS);
    expect(expandedAlone(start, unguidedSearch)).not.toBe(expandedAlone(start, everyGoalSearch));
    expect(thirdSearch(start).nodes).toBe(expandedAlone(start, unguidedSearch));
  });

  it("elsewhere it counts out of plan against every goal's basin, with the plan", () => {
    const start = board(...goalRoom);
    expect(expandedAlone(start, unguidedSearch)).not.toBe(expandedAlone(start, everyGoalSearch));
    expect(thirdSearch(start).nodes).toBe(expandedAlone(start, everyGoalSearch));
  });

  it('the first search keeps both', () => {
    const start = board(...DIAGONALS);
    const result = solve(start, { rule: 'all-goals', members: ['feature'], improve: false });
    expectReplaysToSolved(start, result, 'all-goals');
    expect(expandedAlone(start, firstSearch)).not.toBe(expandedAlone(start, unguidedSearch));
    expect(result.nodes).toBe(expandedAlone(start, firstSearch));
  });
});
