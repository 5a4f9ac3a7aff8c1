import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, type Board } from '../../../src/level/board.js';
import { INFEASIBLE, MatchingBound } from '../../../src/solver/bounds/matching-bound.js';
import { PatternBound } from '../../../src/solver/bounds/pattern-bound.js';
import { WalkBound } from '../../../src/solver/bounds/walk-bound.js';
import { PushSearch } from '../../../src/solver/engines/push-search.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { solve } from '../../../src/solver/solve.js';
import { board, expectReplaysToSolved } from '../helpers.js';
import { fewestByExhaustion, solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The walking bound adds to the push bound in move-optimal search, so it must never exceed the
 * fewest walking steps (moves that push nothing) of any solution: checked here against an
 * exhaustive search that counts only those steps.
 */

/**
 * The fewest walking steps of any solution (every box on a goal), by breadth-first search over
 * (player, boxes) positions where a push costs nothing and a walking step one; null when none.
 */
function fewestWalks(start: Board): number | null {
  const { width, squares } = start;
  const goals: number[] = [];
  const boxes: number[] = [];
  squares.forEach((flags, square) => {
    if ((flags & GOAL) !== 0) goals.push(square);
    if ((flags & BOX) !== 0) boxes.push(square);
  });
  const open = (square: number): boolean => (squares[square] & WALL) === 0;
  const key = (player: number, set: readonly number[]): string => `${player}:${set.join(',')}`;
  const best = new Map<string, number>();
  // Two queues make the breadth-first search over costs 0 (pushes) and 1 (walks) in order.
  let current: [number, number[]][] = [[start.player, [...boxes].sort((a, b) => a - b)]];
  best.set(key(start.player, current[0][1]), 0);
  for (let cost = 0; current.length > 0; cost++) {
    const next: [number, number[]][] = [];
    for (let i = 0; i < current.length; i++) {
      const [player, set] = current[i];
      if (best.get(key(player, set)) !== cost) continue;
      if (goals.every((goal) => set.includes(goal))) return cost;
      for (const step of [-width, width, -1, 1]) {
        const into = player + step;
        if (!open(into)) continue;
        if (!set.includes(into)) {
          const seen = best.get(key(into, set));
          if (seen === undefined || seen > cost + 1) {
            best.set(key(into, set), cost + 1);
            next.push([into, set]);
          }
          continue;
        }
        const beyond = into + step;
        if (!open(beyond) || set.includes(beyond)) continue;
        const moved = set.map((box) => (box === into ? beyond : box)).sort((a, b) => a - b);
        const seen = best.get(key(into, moved));
        if (seen === undefined || seen > cost) {
          best.set(key(into, moved), cost);
          current.push([into, moved]);
        }
      }
    }
    current = next;
  }
  return null;
}

/** The walking bound of the board's position, from tables built for `tablesOf` (default: itself). */
function walkBoundOf(position: Board, tablesOf: Board = position): number {
  const tablesProblem = buildProblem(tablesOf, 'all-goals');
  const analysis = analyzeLevel(tablesProblem);
  const walk = WalkBound.build(tablesProblem, analysis.dead, analysis.backward().dead);
  const problem = buildProblem(position, 'all-goals');
  const boxes = Int32Array.from(problem.initialBoxes);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of boxes) boxAt[cell] = 1;
  return walk.evaluate(boxes, boxes.length, problem.initialPlayer, boxAt);
}

/** The push bound of the optimal modes: the matching with pair and triple patterns. */
function pushBoundOf(problem: Problem): number {
  const analysis = analyzeLevel(problem);
  const count = problem.initialBoxes.length;
  const pairs = analysis.pairCosts();
  const patterns = pairs === null ? null : new PatternBound(pairs, count, problem.goals.length, analysis.tripleCosts());
  return new MatchingBound(analysis.distances, count, problem.everyBoxNeedsGoal, patterns).evaluate(Int32Array.from(problem.initialBoxes), count, problem.initialPlayer);
}

/** The board after the box on square `box` went one square on to `to`, the player where it was. */
function pushed(start: Board, box: number, to: number): Board {
  const squares = Uint8Array.from(start.squares);
  squares[box] &= ~BOX;
  squares[to] |= BOX;
  return { ...start, squares, player: box };
}

/** Move-optimal search's answer, with or without the walking bound, and the positions it expanded. */
function moveOptimal(start: Board, walkBound: boolean): { moves: number; pushes: number; lurd: string; expanded: number } | null {
  const problem = buildProblem(start, 'all-goals');
  const search = new PushSearch(analyzeLevel(problem), { mode: 'moves', corralPruning: false, lexicographic: true, triplePatterns: true, walkBound });
  while (search.state === 'running') search.run(10_000);
  if (search.state !== 'solved') return null;
  return { ...pushesToLurd(problem, search.solution()), expanded: search.expanded };
}

describe('the walking bound', () => {
  it('counts a turn made from a corner, where no earlier push can leave the player', () => {
    // Two pushes right, then the player walks round to the corner above the box (two steps)
    // and pushes it down twice. The corner holds no box ever, so the turn needs a walk.
    const start = board('######', '#    #', '#@$  #', '#### #', '   #.#', '   ###');
    expect(fewestWalks(start)).toBe(2);
    const walks = walkBoundOf(start);
    expect(walks).toBeGreaterThan(0);
    expect(walks).toBeLessThanOrEqual(2);
    expect(pushBoundOf(buildProblem(start, 'all-goals')) + walks).toBeLessThanOrEqual(solveByExhaustion(start, 'all-goals').fewestMoves ?? -1);
  });

  it('counts the walk to the first push', () => {
    // The box is three steps away, in a corridor: nothing to push until the player gets behind it.
    const start = board('#######', '#@   $.#', '#######');
    expect(fewestWalks(start)).toBe(3);
    expect(walkBoundOf(start)).toBe(3);
  });

  it('lets a push follow, without a walk, one across it that left the player behind its box', () => {
    // Up pushes the lower-left box onto its goal; the player, now where that box was, pushes the
    // other box right onto its goal at once: no walking at all, so the bound must say none.
    const start = board('#######', '#     #', '#  .  #', '#  $$.#', '#  @  #', '#######');
    expect(fewestWalks(start)).toBe(0);
    expect(walkBoundOf(start)).toBe(0);
  });

  it('is zero with every box home, and for a box the player stands behind in a straight corridor', () => {
    expect(walkBoundOf(board('#####', '#@* #', '#####'))).toBe(0);
    expect(walkBoundOf(board('######', '#@$ .#', '######'))).toBe(0);
  });

  it('never exceeds the fewest walking steps, nor with the push bound the fewest moves, on random boards and their children', () => {
    const random = seededRandom(47);
    let solvable = 0;
    let children = 0;
    let positive = 0;
    for (let made = 0; made < 20_000 && solvable < 60; made++) {
      const boxes = 1 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null) continue;
      const problem = buildProblem(start, 'all-goals');
      if (problem.hopelessBecause !== null) continue;
      const walks = fewestWalks(start);
      if (walks === null) continue;
      solvable++;
      const bound = walkBoundOf(start);
      if (bound > 0) positive++;
      expect(bound, drawBoard(start)).toBeLessThanOrEqual(walks);
      const pushes = pushBoundOf(problem);
      if (pushes !== INFEASIBLE) expect(pushes + bound, drawBoard(start)).toBeLessThanOrEqual(solveByExhaustion(start, 'all-goals').fewestMoves ?? -1);
      // Children as the search meets them: one box pushed, the player where it was, the tables
      // built for the start (cells no box reaches from the start are no-hop cells for them too).
      const { width } = start;
      for (const box of [...start.squares.keys()].filter((square) => (start.squares[square] & BOX) !== 0)) {
        for (const step of [-width, width, -1, 1]) {
          const to = box + step;
          const from = box - step;
          if ((start.squares[to] & (WALL | BOX)) !== 0 || (start.squares[from] & WALL) !== 0) continue;
          const child = pushed(start, box, to);
          const childWalks = fewestWalks(child);
          if (childWalks === null) continue;
          children++;
          const childBound = walkBoundOf(child, start);
          if (childBound > 0) positive++;
          expect(childBound, drawBoard(child)).toBeLessThanOrEqual(childWalks);
        }
      }
    }
    expect(solvable).toBe(60);
    expect(children).toBeGreaterThan(60);
    expect(positive).toBeGreaterThan(20);
  });
});

describe('move-optimal search with the walking bound', () => {
  it('finds the fewest moves, then the fewest pushes, of the exhaustive search on random boards, expanding no more in all', () => {
    const random = seededRandom(53);
    let compared = 0;
    let expandedWith = 0;
    let expandedWithout = 0;
    for (let made = 0; made < 20_000 && compared < 60; made++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      const truth = fewestByExhaustion(start, 'all-goals', 'moves');
      const withWalks = moveOptimal(start, true);
      const without = moveOptimal(start, false);
      if (truth === null) {
        expect(withWalks, drawBoard(start)).toBeNull();
        continue;
      }
      compared++;
      expect(withWalks, drawBoard(start)).toMatchObject(truth);
      expect(without, drawBoard(start)).toMatchObject(truth);
      expandedWith += withWalks?.expanded ?? 0;
      expandedWithout += without?.expanded ?? 0;
    }
    expect(compared).toBe(60);
    expect(expandedWith).toBeLessThan(expandedWithout);
  });

  it('leads solve --optimal moves to a solution the validator replays', () => {
    const start = board('######', '#    #', '#@$  #', '#### #', '   #.#', '   ###');
    const result = solve(start, { optimal: 'moves', rule: 'all-goals' });
    expect(result).toMatchObject({ status: 'solved', moves: solveByExhaustion(start, 'all-goals').fewestMoves });
    expectReplaysToSolved(start, result, 'all-goals');
  });
});
