import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, type Board } from '../../../src/level/board.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { INFEASIBLE, MatchingBound } from '../../../src/solver/bounds/matching-bound.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The push-optimal search is only optimal if its lower bound never overestimates: here the
 * bound of a position, and of each child the search derives from its parent's matching, against
 * the fewest pushes an exhaustive search finds on small random boards.
 */
const BOARDS_PER_CASE = 40;

interface Case {
  readonly name: string;
  readonly rule: GoalRule;
  readonly seed: number;
  readonly boxes: (random: () => number) => number;
  /** Goals beyond the boxes (negative: boxes beyond the goals). */
  readonly spareGoals: number;
}

const cases: Case[] = [
  { name: 'a goal for every box', rule: 'all-boxes', seed: 21, boxes: (r) => 2 + Math.floor(r() * 2), spareGoals: 0 },
  { name: 'a spare goal', rule: 'all-boxes', seed: 22, boxes: (r) => 1 + Math.floor(r() * 2), spareGoals: 1 },
  { name: 'a spare box under all-goals', rule: 'all-goals', seed: 23, boxes: (r) => 2 + Math.floor(r() * 2), spareGoals: -1 },
];

const PULLS = 24;

/**
 * A random room with the boxes first put in a won position and then pulled about at random by
 * the player: solvable by construction (push them back), which random placement seldom is once
 * there are two or three boxes. Null when the room is too cramped.
 */
function scrambledBoard(random: () => number, rule: GoalRule, boxes: number, spareGoals: number): Board | null {
  const goals = boxes + spareGoals;
  const room = randomBoard(random, { boxes: 0, goals });
  if (room === null) return null;
  const squares = Uint8Array.from(room.squares);
  const free = (square: number): boolean => (squares[square] & (WALL | BOX)) === 0;
  const goalSquares = [...squares.keys()].filter((square) => (squares[square] & GOAL) !== 0 && square !== room.player);
  const openSquares = [...squares.keys()].filter((square) => free(square) && (squares[square] & GOAL) === 0 && square !== room.player);
  // Won: boxes on goals, and under all-goals the spare box anywhere else.
  const homes = rule === 'all-goals' ? [...goalSquares, ...openSquares.slice(0, boxes - goals)] : goalSquares.slice(0, boxes);
  if (homes.length < boxes || (rule === 'all-goals' && goalSquares.length < goals)) return null;
  for (const square of homes) squares[square] |= BOX;
  const steps = [-room.width, room.width, -1, 1];
  let player = room.player;
  for (let i = 0; i < PULLS * 4; i++) {
    const step = steps[Math.floor(random() * 4)];
    const to = player + step;
    if (!free(to)) continue;
    const behind = player - step;
    if ((squares[behind] & BOX) !== 0 && random() < 0.7) {
      squares[behind] &= ~BOX;
      squares[player] |= BOX;
    }
    player = to;
  }
  return { ...room, squares, player };
}

function boardsFor(testCase: Case): Board[] {
  const random = seededRandom(testCase.seed);
  const boards: Board[] = [];
  while (boards.length < BOARDS_PER_CASE) {
    const made = scrambledBoard(random, testCase.rule, testCase.boxes(random), testCase.spareGoals);
    if (made !== null) boards.push(made);
  }
  return boards;
}

function boundFor(problem: Problem): MatchingBound {
  // As the push search builds it going forwards.
  return new MatchingBound(analyzeLevel(problem).distances, problem.initialBoxes.length, problem.everyBoxNeedsGoal);
}

/** The board after the box on `fromSquare` went to `toSquare`, the player standing where it was. */
function afterPush(start: Board, fromSquare: number, toSquare: number): Board {
  const squares = Uint8Array.from(start.squares);
  squares[fromSquare] &= ~BOX;
  squares[toSquare] |= BOX;
  return { ...start, squares, player: fromSquare };
}

describe('the matching bound', () => {
  for (const testCase of cases) {
    it(`never exceeds the fewest pushes, of a position or of a child, with ${testCase.name}`, () => {
      let solvable = 0;
      let needPushes = 0;
      let tight = 0;
      let children = 0;
      for (const start of boardsFor(testCase)) {
        const problem = buildProblem(start, testCase.rule);
        if (problem.hopelessBecause !== null) continue;
        const bound = boundFor(problem);
        const boxes = Int32Array.from(problem.initialBoxes);
        const count = boxes.length;
        const truth = solveByExhaustion(start, testCase.rule).fewestPushes;
        const lower = bound.evaluate(boxes, count);
        if (truth !== null) {
          solvable++;
          if (truth > 0) needPushes++;
          if (truth > 0 && lower === truth) tight++;
          expect(lower, drawBoard(start)).toBeLessThanOrEqual(truth);
        }

        // Children, as the search evaluates them: from the parent's matching, one box moved.
        bound.beginParent(boxes, count, 0, -1);
        for (let i = 0; i < count; i++) {
          const box = boxes[i];
          for (let d = 0; d < 4; d++) {
            const to = problem.neighbours[box * 4 + d];
            const from = problem.neighbours[box * 4 + (d ^ 1)];
            if (to < 0 || from < 0 || boxes.includes(to)) continue;
            const child = afterPush(start, problem.squareOfCell[box], problem.squareOfCell[to]);
            const childTruth = solveByExhaustion(child, testCase.rule).fewestPushes;
            boxes[i] = to;
            const childLower = bound.evaluateChild(boxes, count, i);
            boxes[i] = box;
            if (childTruth === null) continue;
            children++;
            expect(childLower, drawBoard(child)).toBeLessThanOrEqual(childTruth);
          }
        }
      }
      // The boards are all solvable (scrambled from a won position) and most need pushes, so
      // the check has something to bite on; a bound of zero everywhere would fail the last line,
      // which asks that it meet the true count on some boards that need pushes.
      expect(solvable).toBe(BOARDS_PER_CASE);
      expect(needPushes).toBeGreaterThan(BOARDS_PER_CASE / 2);
      expect(children).toBeGreaterThan(BOARDS_PER_CASE);
      expect(tight).toBeGreaterThan(0);
    });
  }

  it('is the sum of push distances when each box has its own nearest goal', () => {
    const problem = buildProblem(board('########', '#@$  . #', '#  $  .#', '########'), 'all-boxes');
    expect(boundFor(problem).evaluate(Int32Array.from(problem.initialBoxes), 2)).toBe(3 + 3);
  });

  it('lets two boxes share no goal: the second box pays for the farther one', () => {
    // Both boxes are nearest to the left goal; one of them must go on to the right goal.
    const problem = buildProblem(board('#########', '#@ .$$ .#', '#       #', '#########'), 'all-boxes');
    expect(boundFor(problem).evaluate(Int32Array.from(problem.initialBoxes), 2)).toBe(1 + 2);
  });

  it('says infeasible when some goal no box can reach', () => {
    // The box stands in a corner: no push ever moves it.
    const problem = buildProblem(board('#####', '#$ .#', '# @ #', '#####'), 'all-boxes');
    expect(boundFor(problem).evaluate(Int32Array.from(problem.initialBoxes), 1)).toBe(INFEASIBLE);
  });
});
