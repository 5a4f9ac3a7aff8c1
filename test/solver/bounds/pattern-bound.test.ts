import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOX, type Board } from '../../../src/level/board.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { parseCollection } from '../../../src/level/parse.js';
import { INFEASIBLE, MatchingBound } from '../../../src/solver/bounds/matching-bound.js';
import { PAIR_LOST, PairCosts } from '../../../src/solver/bounds/pair-costs.js';
import { PatternBound } from '../../../src/solver/bounds/pattern-bound.js';
import { TripleCosts } from '../../../src/solver/bounds/triple-costs.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { solve } from '../../../src/solver/solve.js';
import { board, expectReplaysToSolved, sharedDir } from '../helpers.js';
import { fewestByExhaustionWithin, solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * Pair and triple patterns raise the push bound where boxes get in each other's way, and must
 * never raise it above the fewest pushes: the optimal modes are only optimal with a lower bound.
 */

interface Bounds {
  readonly matching: number;
  /** With pair patterns alone. */
  readonly withPairs: number;
  /** With pair and triple patterns (as withPairs where the board has fewer than three goals). */
  readonly withTriples: number;
}

function boundsOf(problem: Problem): Bounds & { readonly plain: MatchingBound; readonly patterned: MatchingBound } {
  const analysis = analyzeLevel(problem);
  const boxCount = problem.initialBoxes.length;
  const pairs = analysis.pairCosts();
  if (pairs === null) throw new Error('expected a pair table for a small board');
  const goals = problem.goals.length;
  const plain = new MatchingBound(analysis.distances, boxCount, problem.everyBoxNeedsGoal);
  const pairsOnly = new MatchingBound(analysis.distances, boxCount, problem.everyBoxNeedsGoal, new PatternBound(pairs, boxCount, goals));
  const patterned = new MatchingBound(analysis.distances, boxCount, problem.everyBoxNeedsGoal, new PatternBound(pairs, boxCount, goals, analysis.tripleCosts()));
  const boxes = Int32Array.from(problem.initialBoxes);
  const player = problem.initialPlayer;
  return {
    plain,
    patterned,
    matching: plain.evaluate(boxes, boxCount),
    withPairs: pairsOnly.evaluate(boxes, boxCount, player),
    withTriples: patterned.evaluate(boxes, boxCount, player),
  };
}

describe('the pair table', () => {
  it('counts the pushes of two boxes alone, the player where it stands', () => {
    // The box on the upper goal is in the way: the lower box cannot go up past it, so the upper
    // box goes down to the lower goal and the other box takes its place.
    const start = board('######', '# *  #', '#@$  #', '#.  ##', '######');
    const problem = buildProblem(start, 'all-goals');
    const pairs = PairCosts.build(problem, analyzeLevel(problem).distances);
    const [a, b] = problem.initialBoxes;
    expect(pairs?.get(a, b, problem.initialPlayer)).toBe(solveByExhaustion(start, 'all-goals').fewestPushes);
  });

  it('says lost for two boxes in a row in a corridor, which no push separates', () => {
    const problem = buildProblem(board('#######', '#@$$..#', '#######'), 'all-goals');
    const [a, b] = problem.initialBoxes;
    expect(PairCosts.build(problem, analyzeLevel(problem).distances)?.get(a, b, problem.initialPlayer)).toBe(PAIR_LOST);
  });
});

describe('the triple table', () => {
  it('counts the pushes of three boxes alone, the player where it stands', () => {
    const start = board('######', '# @ .#', '# *$ #', '#*   #', '######');
    const problem = buildProblem(start, 'all-goals');
    const triples = TripleCosts.build(problem, analyzeLevel(problem).distances);
    const [a, b, c] = problem.initialBoxes;
    expect(triples?.get(triples.rank(a, b, c), problem.initialPlayer)).toBe(solveByExhaustion(start, 'all-goals').fewestPushes);
  });

  it('keeps, for each triple that may conflict, the most it costs over every player cell', () => {
    // The bound reads a triple's per-player cost only when that most could raise it.
    const start = board('######', '# @ .#', '# *$ #', '#*   #', '######');
    const problem = buildProblem(start, 'all-goals');
    const triples = TripleCosts.build(problem, analyzeLevel(problem).distances);
    if (triples === null) throw new Error('expected a triple table for a small board');
    const cells = problem.cellCount;
    let flagged = 0;
    for (let c = 2; c < cells; c++) {
      for (let b = 1; b < c; b++) {
        for (let a = 0; a < b; a++) {
          if ((triples.conflictingThirds(a, b, c >>> 5) & (1 << (c & 31))) === 0) continue;
          flagged++;
          const rank = triples.rank(a, b, c);
          let most = 0;
          for (let player = 0; player < cells; player++) {
            if (player !== a && player !== b && player !== c) most = Math.max(most, triples.get(rank, player));
          }
          expect(triples.mostOf(rank)).toBe(most);
        }
      }
    }
    expect(flagged).toBeGreaterThan(0);
  });
});

describe('the matching bound with pair and triple patterns', () => {
  it('is higher with triples where no pair shows the conflict, and still no more than the fewest pushes', () => {
    // The box right of the upper goal box can reach the far goal only once the goal boxes make way.
    const start = board('######', '# @ .#', '# *$ #', '#*   #', '######');
    const { withPairs, withTriples } = boundsOf(buildProblem(start, 'all-goals'));
    const truth = solveByExhaustion(start, 'all-goals').fewestPushes;
    expect(truth).not.toBeNull();
    expect(withTriples).toBeGreaterThan(withPairs);
    expect(withTriples).toBeLessThanOrEqual(truth as number);
  });

  it('is higher than the matching where a box on a goal blocks the other, and still no more than the fewest pushes', () => {
    const start = board('######', '# *  #', '#@$  #', '#.  ##', '######');
    const { matching, withPairs } = boundsOf(buildProblem(start, 'all-goals'));
    const truth = solveByExhaustion(start, 'all-goals').fewestPushes;
    expect(truth).not.toBeNull();
    expect(withPairs).toBeGreaterThan(matching);
    expect(withPairs).toBeLessThanOrEqual(truth as number);
  });

  it('adds the conflicts of disjoint pairs: two blocked pairs side by side', () => {
    // The same block twice, in two rooms joined by a corridor on the left.
    const start = board('#######', '## *  #', '#@ $  #', '## .  #', '#  *  #', '## $  #', '## .  #', '#######');
    const problem = buildProblem(start, 'all-goals');
    const { matching, withPairs } = boundsOf(problem);
    const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 2_000_000);
    if (truth === null || truth === 'too large') throw new Error(`expected an exhaustive answer for\n${drawBoard(start)}`);
    // Each room alone is the blocked pair above; both conflicts count.
    const single = boundsOf(buildProblem(board('######', '# *  #', '#@$  #', '#.  ##', '######'), 'all-goals'));
    expect(single.withPairs).toBeGreaterThan(single.matching);
    expect(withPairs - matching).toBeGreaterThanOrEqual(2 * (single.withPairs - single.matching));
    expect(withPairs).toBeLessThanOrEqual(truth.pushes);
  });

  it('says infeasible where a pair can never be put on goals, though the matching cannot tell', () => {
    const start = board('#######', '#@$$..#', '#######');
    const { matching, withPairs } = boundsOf(buildProblem(start, 'all-goals'));
    expect(solveByExhaustion(start, 'all-goals').fewestPushes).toBeNull();
    expect(matching).not.toBe(INFEASIBLE);
    expect(withPairs).toBe(INFEASIBLE);
  });

  it('leads push-optimal search to the fewest pushes, replayed by the validator', () => {
    const start = board('######', '# *  #', '#@$  #', '#.  ##', '######');
    const result = solve(start, { optimal: 'pushes', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', optimal: 'pushes', pushes: solveByExhaustion(start, 'all-goals').fewestPushes });
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('never exceeds the fewest pushes on random boards, of a position or of each child', () => {
    const random = seededRandom(31);
    const rule: GoalRule = 'all-goals';
    let raised = 0;
    let solvable = 0;
    let children = 0;
    for (let made = 0; made < 20_000 && solvable < 80; made++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null) continue;
      const problem = buildProblem(start, rule);
      // Goals the player can never reach leave fewer than two, and no pair table.
      if (problem.hopelessBecause !== null || problem.goals.length < 2) continue;
      const { plain, patterned, matching, withPairs, withTriples } = boundsOf(problem);
      const truth = solveByExhaustion(start, rule).fewestPushes;
      if (truth === null) continue;
      solvable++;
      expect(withPairs, drawBoard(start)).toBeLessThanOrEqual(truth);
      expect(withTriples, drawBoard(start)).toBeLessThanOrEqual(truth);
      if (withTriples > matching) raised++;
      // Children as the search evaluates them: from the parent's matching, one box pushed, the
      // player where the box was.
      const cells = Int32Array.from(problem.initialBoxes);
      patterned.beginParent(cells, cells.length, 0, -1);
      for (let i = 0; i < cells.length; i++) {
        const box = cells[i];
        for (let d = 0; d < 4; d++) {
          const to = problem.neighbours[box * 4 + d];
          const from = problem.neighbours[box * 4 + (d ^ 1)];
          if (to < 0 || from < 0 || cells.includes(to)) continue;
          const child = pushed(start, problem, box, to);
          const childTruth = solveByExhaustion(child, rule).fewestPushes;
          cells[i] = to;
          const childLower = patterned.evaluateChild(cells, cells.length, i, box);
          const childMatching = plain.evaluate(cells, cells.length);
          cells[i] = box;
          if (childTruth === null) continue;
          children++;
          if (childLower > childMatching) raised++;
          expect(childLower, drawBoard(child)).toBeLessThanOrEqual(childTruth);
        }
      }
    }
    // Enough boards, and some where the pairs mattered, for the checks above to bite.
    expect(solvable).toBe(80);
    expect(children).toBeGreaterThan(80);
    expect(raised).toBeGreaterThan(5);
  });

  it('never exceeds the fewest pushes on the random levels of test/data/random', () => {
    const randomDir = path.join(sharedDir, 'random');
    const files = readFileSync(path.join(randomDir, 'ANSWERS'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/)[0]);
    let compared = 0;
    let raised = 0;
    // Levels whose exhaustive push search settles more than 20,000 positions are left out, for time.
    for (const file of files) {
      const start = parseCollection(readFileSync(path.join(randomDir, file), 'utf8'), { file }).levels[0].board;
      const problem = buildProblem(start, 'all-goals');
      if (problem.hopelessBecause !== null || problem.cellCount < 2) continue;
      const analysis = analyzeLevel(problem);
      const pairs = analysis.pairCosts();
      if (pairs === null) continue;
      const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 20_000);
      if (truth === 'too large') continue;
      const { matching, withPairs, withTriples } = boundsOf(problem);
      if (truth === null) continue;
      compared++;
      if (withTriples > matching) raised++;
      expect(withPairs, file).toBeLessThanOrEqual(truth.pushes);
      expect(withTriples, file).toBeLessThanOrEqual(truth.pushes);
    }
    expect(compared).toBeGreaterThan(50);
    expect(raised).toBeGreaterThan(0);
  });
});

/** The board after the box on cell `box` went to cell `to`, the player standing where it was. */
function pushed(start: Board, problem: Problem, box: number, to: number): Board {
  const squares = Uint8Array.from(start.squares);
  const from = problem.squareOfCell[box];
  const into = problem.squareOfCell[to];
  squares[from] &= ~BOX;
  squares[into] |= BOX;
  return { ...start, squares, player: from };
}
