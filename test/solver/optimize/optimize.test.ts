import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import type { Board } from '../../../src/level/board.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { type OptimizeResult, UnsolvedMovesError, optimizeSolution } from '../../../src/solver/optimize/optimize.js';
import { compareLengths } from '../../../src/solver/optimize/metric.js';
import { solve } from '../../../src/solver/solve.js';
import type { Direction } from '../../../src/game/direction.js';
import { parseMoves } from '../../../src/game/moves.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { optimizePushes } from '../../../src/solver/optimize/optimize-pushes.js';
import { pushesOfMoves } from '../../../src/solver/optimize/solution-path.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCollection } from '../../../src/level/parse.js';
import { board, repoRoot } from '../helpers.js';
import { solveByExhaustion } from '../oracle.js';
import { randomBoard, seededRandom, drawBoard } from '../random-boards.js';

/** The validator's word on an optimizer result: legal, won on its last move only, counts as reported. */
function expectReplays(start: Board, result: OptimizeResult, rule: GoalRule): void {
  const replayed = replay(start, result.solution, { rule, strictCase: true });
  expect(replayed.error).toBeNull();
  expect(replayed.solved).toBe(true);
  expect(replayed.solvedAfter).toBe(replayed.moves);
  expect({ moves: replayed.moves, pushes: replayed.pushes }).toEqual({ moves: result.moves, pushes: result.pushes });
}

const CORRIDOR = board('#######', '#@ $ .#', '#######');

// Two boxes side by side, each three pushes from its goal.
const TWO_LANES = board('########', '#@ $  .#', '#  $  .#', '########');
// Each box pushed one square at a time, taking turns: 15 moves where one box after the other is shorter.
const TAKING_TURNS = 'rR' + 'ldR' + 'uR' + 'ldR' + 'uR' + 'ldR';

// A box in an open room, and a solution that pushes it right, back left, and right again.
const OPEN_ROOM = board('#######', '#     #', '#@$  .#', '#     #', '#######');
const THERE_AND_BACK = 'R' + 'urrdL' + 'ulldRRR';

describe('optimizeSolution: shortest walks between the pushes', () => {
  it('drops a detour and keeps the pushes', () => {
    const result = optimizeSolution(CORRIDOR, 'rlrRR', { techniques: [] });
    expect(result).toMatchObject({ solution: 'rRR', moves: 3, pushes: 2, before: { moves: 5, pushes: 2 } });
    expectReplays(CORRIDOR, result, 'all-goals');
  });

  it('stops at the first win: moves after it only make the solution longer', () => {
    const result = optimizeSolution(CORRIDOR, 'rRRl', { techniques: [] });
    expect(result).toMatchObject({ solution: 'rRR', moves: 3, pushes: 2 });
  });

  it('under keeper-too ends with the shortest walk to a free goal', () => {
    const level = board('#######', '#.@$ .#', '#######');
    const result = optimizeSolution(level, 'RRlrlll', { rule: 'keeper-too', techniques: [] });
    expect(result).toMatchObject({ solution: 'RRlll', moves: 5, pushes: 2 });
    expectReplays(level, result, 'keeper-too');
  });

  it('refuses moves that do not solve the level, and illegal moves', () => {
    expect(() => optimizeSolution(CORRIDOR, 'rR')).toThrow(UnsolvedMovesError);
    expect(() => optimizeSolution(CORRIDOR, 'll')).toThrow(UnsolvedMovesError);
  });
});

describe('optimizeSolution: push permutation', () => {
  it('plays the moves of one box together instead of taking turns, down to the fewest moves', () => {
    const fewest = solveByExhaustion(TWO_LANES, 'all-goals').fewestMoves;
    const result = optimizeSolution(TWO_LANES, TAKING_TURNS, { techniques: ['permutation'] });
    expect(result.before).toEqual({ moves: 15, pushes: 6 });
    expect(result.pushes).toBe(6);
    expect(result.moves).toBe(fewest);
    expect(result.steps.map((step) => step.technique)).toEqual(['walks', 'permutation']);
    expectReplays(TWO_LANES, result, 'all-goals');
  });

  it('never changes the number of pushes', () => {
    const result = optimizeSolution(OPEN_ROOM, THERE_AND_BACK, { techniques: ['permutation'] });
    expect(result.pushes).toBe(5);
  });

  it('stays legal when a reordered box move joins the move before it (Microban II 119)', () => {
    // Found by the bench on a solution of the search over features: a swap whose first box move
    // continued the box of the move before it renumbered the moves, and the pass went on from
    // the wrong one and returned an illegal order.
    const level = parseCollection(readFileSync(path.join(repoRoot, 'levels', 'microban2.xsb'), 'utf8')).levels[118];
    const problem = buildProblem(level.board, 'all-goals');
    const pushes = Int32Array.from([
      125, 131, 153, 159, 163, 181, 166, 161, 151, 155, 159, 163, 134, 165, 176, 184, 182, 172, 166, 203, 204, 130, 152, 185, 206, 178, 157, 200, 124, 172, 162, 130, 153, 127, 116,
      104, 87, 91, 95, 96, 64, 47, 159, 172, 162, 130, 152, 124, 181, 179, 202, 130, 127, 116, 104, 87, 91, 95, 96, 199, 202, 130, 156, 196, 124, 116, 104, 87, 91, 48, 67, 92, 134,
      130, 124, 116, 104, 87, 91, 95, 96, 64, 176, 156, 134, 130, 124, 116, 104, 87, 91, 95, 96, 180, 160, 138, 134, 130, 124, 116, 104, 87, 91, 95,
    ]);
    const outcome = optimizePushes(problem, analyzeLevel(problem).dead, pushes, 'moves', ['permutation'], {
      clock: () => 0,
      deadline: 1,
      maxNodes: Number.MAX_SAFE_INTEGER,
      maxBytes: 64 * 1024 * 1024,
    });
    expect(outcome.length.pushes).toBe(pushes.length);
    expect(outcome.steps[0].moves).toBeGreaterThanOrEqual(outcome.length.moves);
  });
});

describe('optimizeSolution: vicinity search', () => {
  it('finds the pushes that go straight to the goal instead of there and back', () => {
    const oracle = solveByExhaustion(OPEN_ROOM, 'all-goals');
    const result = optimizeSolution(OPEN_ROOM, THERE_AND_BACK, { metric: 'pushes', techniques: ['vicinity'] });
    expect(result.before).toEqual({ moves: 13, pushes: 5 });
    expect(result.pushes).toBe(oracle.fewestPushes);
    expect(result.moves).toBe(oracle.fewestMoves);
    expectReplays(OPEN_ROOM, result, 'all-goals');
  });

  it('shortens a long solution window by window, each window ending where the path goes on', () => {
    const oracle = solveByExhaustion(OPEN_ROOM, 'all-goals');
    const result = optimizeSolution(OPEN_ROOM, THERE_AND_BACK, { metric: 'pushes', techniques: ['vicinity'], vicinityWindow: 2 });
    expect(result.pushes).toBe(oracle.fewestPushes);
    expectReplays(OPEN_ROOM, result, 'all-goals');
  });

  it('stops at its node limit and still returns a solution no worse than the one given', () => {
    const result = optimizeSolution(TWO_LANES, TAKING_TURNS, { techniques: ['vicinity'], maxNodes: 3 });
    expect(result.limit).toBe('nodes');
    expect(result.nodes).toBeLessThanOrEqual(3);
    expect(result.moves).toBeLessThanOrEqual(15);
    expectReplays(TWO_LANES, result, 'all-goals');
  });

  it('stops at its time limit by the injected clock', () => {
    let now = 0;
    // Every look at the clock takes a second: the limit is past at the vicinity search's first look.
    const clock = () => (now += 1000);
    const result = optimizeSolution(TWO_LANES, TAKING_TURNS, { techniques: ['vicinity'], timeLimitMs: 1500, clock });
    expect(result.limit).toBe('time');
    expectReplays(TWO_LANES, result, 'all-goals');
  });
});

describe('optimizePushes: the vicinity search stops once it converges', () => {
  // The fewest-moves solution of the open room (RRR), where no vicinity finds anything shorter.
  const STRAIGHT: Direction[] = ['right', 'right', 'right'];
  const ladderRun = (patience: number | undefined) => {
    const problem = buildProblem(OPEN_ROOM, 'all-goals');
    const pushes = pushesOfMoves(problem, STRAIGHT);
    if (pushes === null) throw new Error('test: the moves do not replay');
    return optimizePushes(problem, analyzeLevel(problem).dead, pushes, 'moves', ['vicinity'], {
      clock: () => 0,
      deadline: 1,
      maxNodes: Number.MAX_SAFE_INTEGER,
      maxBytes: 64 * 1024 * 1024,
      patience,
    });
  };

  it('with patience 1, the first wider vicinity that finds nothing ends it: fewer positions than the whole ladder', () => {
    const whole = ladderRun(undefined);
    const patient = ladderRun(1);
    expect(patient.length).toEqual(whole.length);
    expect(patient.limit).toBeNull();
    expect(patient.nodes).toBeGreaterThan(0);
    expect(patient.nodes).toBeLessThan(whole.nodes);
  });

  it('with patience 0, the cheapest vicinity alone: fewer positions still', () => {
    const patient = ladderRun(1);
    const cheapest = ladderRun(0);
    expect(cheapest.length).toEqual(patient.length);
    expect(cheapest.limit).toBeNull();
    expect(cheapest.nodes).toBeGreaterThan(0);
    expect(cheapest.nodes).toBeLessThan(patient.nodes);
  });
});

describe('optimizePushes: a budget too small for a window over the whole path', () => {
  // Four boxes pushed across a long room, first solution of the greedy searches: 161 moves, 71 pushes.
  const LONG_ROOM = board(
    '####################',
    '#                  #',
    '# $$              .#',
    '#@                 #',
    '# $$              .#',
    '#                 .#',
    '#                 .#',
    '####################',
  );
  const FIRST = 'uurrDullddrRurrddlUlDullddrRdrUluuuRRRRRRRRRRRRRRulllllllllllllllDldRRRRurDldRRRRRRRRRRRRulllllllllllllllDurrDldRRRRRRRRRRRRRRulllllllllllllllDldRRRRRRRRRRRRRRRR';
  const run = (windowPushes: number) => {
    const problem = buildProblem(LONG_ROOM, 'all-goals');
    const pushes = pushesOfMoves(
      problem,
      parseMoves(FIRST).moves.map((move) => move.direction),
    );
    if (pushes === null) throw new Error('test: the moves do not replay');
    return optimizePushes(problem, analyzeLevel(problem).dead, pushes, 'moves', ['vicinity'], {
      clock: () => 0,
      deadline: 1,
      maxNodes: 4000,
      maxBytes: 64 * 1024 * 1024,
      windowPushes,
      patience: 0,
    });
  };

  it('cannot settle one window over the whole path: nothing shorter', () => {
    const whole = run(1000);
    expect(whole.length).toEqual({ moves: 161, pushes: 71 });
    expect(whole.limit).toBe('nodes');
  });

  it('narrows windows that cannot be settled within what is left, and shortens the path stretch by stretch', () => {
    // Two windows of 70 pushes: the first cannot be settled within 4,000 positions either, and
    // giving it all of them used to end the pass with nothing.
    const narrowed = run(70);
    expect(narrowed.length.moves).toBeLessThan(161);
    expect(narrowed.nodes).toBeLessThanOrEqual(4000);
  });
});

describe('optimizePushes: runsUntil', () => {
  const start = () => {
    const problem = buildProblem(TWO_LANES, 'all-goals');
    const pushes = pushesOfMoves(
      problem,
      parseMoves(TAKING_TURNS).moves.map((move) => move.direction),
    );
    if (pushes === null) throw new Error('test: the moves do not replay');
    return { problem, pushes, dead: analyzeLevel(problem).dead };
  };
  // A clock that moves a millisecond at every look.
  const ticking = () => {
    let now = 0;
    return () => now++;
  };

  it('goes on past its positions until that time, at its own pace', () => {
    const { problem, pushes, dead } = start();
    const limited = optimizePushes(problem, dead, pushes, 'moves', ['vicinity'], { clock: ticking(), deadline: 1e9, maxNodes: 3, maxBytes: 1 << 26 });
    const longer = optimizePushes(problem, dead, pushes, 'moves', ['vicinity'], { clock: ticking(), deadline: 1e9, maxNodes: 3, maxBytes: 1 << 26, runsUntil: 1e6 });
    expect(limited.limit).toBe('nodes');
    expect(limited.nodes).toBeLessThanOrEqual(3);
    expect(longer.nodes).toBeGreaterThan(3);
    expect(longer.limit).toBeNull();
    expect(longer.length.moves).toBe(solveByExhaustion(TWO_LANES, 'all-goals').fewestMoves);
  });

  it('changes nothing once that time has passed', () => {
    const { problem, pushes, dead } = start();
    const past = optimizePushes(problem, dead, pushes, 'moves', ['vicinity'], { clock: ticking(), deadline: 1e9, maxNodes: 3, maxBytes: 1 << 26, runsUntil: 0 });
    expect(past.limit).toBe('nodes');
    expect(past.nodes).toBeLessThanOrEqual(3);
  });
});

describe('solve() improves its first solution unless told not to', () => {
  it('reports the first length, and a printed solution never longer in moves', () => {
    const improved = solve(TWO_LANES, { rule: 'all-goals' });
    const plain = solve(TWO_LANES, { rule: 'all-goals', improve: false });
    expect(plain.moves).toBe(plain.firstMoves);
    expect(plain.pushes).toBe(plain.firstPushes);
    expect(improved.firstMoves).toBe(plain.moves);
    expect(improved.moves).toBeLessThanOrEqual(improved.firstMoves ?? -1);
    expect(improved.moves).toBe(solveByExhaustion(TWO_LANES, 'all-goals').fewestMoves);
  });

  it('leaves the proven optimal modes alone', () => {
    const result = solve(OPEN_ROOM, { rule: 'all-goals', optimal: 'pushes' });
    expect(result.moves).toBe(result.firstMoves);
  });
});

describe('property: on random small levels an optimized solution replays and is never longer in its metric', () => {
  const random = seededRandom(1515);
  // Every rule, with the counts of boxes and goals it allows: spare boxes, spare goals, a goal for the keeper.
  const rules: { rule: GoalRule; spareGoals: number; spareBoxes: number }[] = [
    { rule: 'all-goals', spareGoals: 0, spareBoxes: 1 },
    { rule: 'all-boxes', spareGoals: 1, spareBoxes: 0 },
    { rule: 'keeper-too', spareGoals: 1, spareBoxes: 0 },
  ];
  const cases: { board: Board; moves: string; rule: GoalRule }[] = [];
  for (let attempt = 0; attempt < 600 && cases.length < 45; attempt++) {
    const { rule, spareGoals, spareBoxes } = rules[attempt % rules.length];
    const goals = 1 + Math.floor(random() * 3);
    const boxes = goals - spareGoals + Math.floor(random() * (spareBoxes + 1));
    if (boxes < 1) continue;
    const start = randomBoard(random, { boxes, goals });
    if (start === null) continue;
    const found = solve(start, { rule, improve: false, maxNodes: 20_000 });
    if (found.status === 'solved' && found.solution !== null) cases.push({ board: start, moves: found.solution, rule });
  }

  it('has enough solvable cases to mean something', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    for (const { rule } of rules)
      expect(
        cases.some((c) => c.rule === rule),
        rule,
      ).toBe(true);
  });

  // Windows of 3 pushes make every longer solution go window by window, as long ones do on big levels.
  for (const [metric, vicinityWindow] of [
    ['moves', undefined],
    ['pushes', undefined],
    ['moves', 3],
    ['pushes', 3],
  ] as const) {
    it(`in ${metric}${vicinityWindow === undefined ? '' : `, windows of ${vicinityWindow} pushes`}: never worse than the input, never better than the optimum`, () => {
      let shortened = 0;
      for (const { board: start, moves, rule } of cases) {
        const result = optimizeSolution(start, moves, { rule, metric, vicinityWindow });
        const name = `${rule}\n${drawBoard(start)}\n${moves}`;
        expect(compareLengths(metric, result, result.before), name).toBeLessThanOrEqual(0);
        const oracle = solveByExhaustion(start, rule);
        expect(result.moves, name).toBeGreaterThanOrEqual(oracle.fewestMoves ?? Infinity);
        expect(result.pushes, name).toBeGreaterThanOrEqual(oracle.fewestPushes ?? Infinity);
        expectReplays(start, result, rule);
        if (compareLengths(metric, result, result.before) < 0) shortened++;
      }
      // The solver's first solutions are often not the shortest, so the optimizer has work to do.
      expect(shortened).toBeGreaterThan(0);
    });
  }
});
