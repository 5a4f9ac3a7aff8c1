import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { FixedGoalMatching } from '../../../src/solver/deadlocks/fixed-goal-matching.js';
import { RetrogradeDeadlocks } from '../../../src/solver/deadlocks/retrograde-deadlock.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';
import { forEachPush, xsokobanWithSolutions } from '../published-solutions.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/** Whether the test calls the start position lost, asked as if the push had just put each box where it stands. */
function flagged(start: Board): boolean {
  const problem = buildProblem(start, 'all-goals');
  const matching = new FixedGoalMatching(problem, analyzeLevel(problem).dead);
  const reach = new PlayerReach(problem);
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  return Array.from(problem.initialBoxes).some((cell) => matching.isDeadlockAfterWalk(reach.boxAt, reach, -1, cell));
}

function retrogradeFlags(start: Board): boolean {
  const problem = buildProblem(start, 'all-goals');
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  return new RetrogradeDeadlocks(problem, analyzeLevel(problem).dead).isDeadlock(boxAt);
}

describe('fixed-goal matching', () => {
  it('says nothing after a push that leaves its box free to move on', () => {
    const free = board('#######', '#.    #', '#  $  #', '#  *@ #', '#     #', '#######');
    expect(flagged(free)).toBe(false);
  });

  it('on random boards every position it flags is unsolvable by exhaustive search, and some it flags retrograde analysis passes', () => {
    const random = seededRandom(29);
    let flags = 0;
    let beyondRetrograde = 0;
    for (let tried = 0; tried < 4000; tried++) {
      const boxes = 2 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null || !flagged(start)) continue;
      flags++;
      if (!retrogradeFlags(start)) beyondRetrograde++;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(flags).toBeGreaterThan(10);
    expect(beyondRetrograde).toBeGreaterThan(0);
  });
  it('answers as a fresh test would when asked again about the same fixed boxes (it keeps what each lone box reaches per fixed set)', () => {
    const random = seededRandom(31);
    let asked = 0;
    let lost = 0;
    for (let tried = 0; tried < 300; tried++) {
      const start = randomBoard(random, { boxes: 4, goals: 4 });
      if (start === null) continue;
      const problem = buildProblem(start, 'all-goals');
      const { dead } = analyzeLevel(problem);
      const kept = new FixedGoalMatching(problem, dead);
      const reach = new PlayerReach(problem);
      const live = [...dead.keys()].filter((cell) => dead[cell] === 0 || problem.goalIndexOfCell[cell] >= 0);
      for (let position = 0; position < 20; position++) {
        reach.boxAt.fill(0);
        const boxes: number[] = [];
        while (boxes.length < Math.min(4, live.length)) {
          const goals = problem.goals;
          const cell = random() < 0.6 ? goals[Math.floor(random() * goals.length)] : live[Math.floor(random() * live.length)];
          if (reach.boxAt[cell] === 0) {
            reach.boxAt[cell] = 1;
            boxes.push(cell);
          }
        }
        for (const cell of boxes) {
          const answer = kept.isDeadlockAfterWalk(reach.boxAt, reach, -1, cell);
          expect(answer).toBe(new FixedGoalMatching(problem, dead).isDeadlockAfterWalk(reach.boxAt, reach, -1, cell));
          asked++;
          if (answer) lost++;
        }
      }
    }
    expect(asked).toBeGreaterThan(1000);
    expect(lost).toBeGreaterThan(20);
  });
});

describe('fixed-goal matching on the published XSokoban solutions', () => {
  const { levels, solutions } = xsokobanWithSolutions();

  /** The pushes after which the test calls a position of the solution lost (none may be). */
  function falseAlarms(start: Board, lurd: string): number[] {
    const problem = buildProblem(start, 'all-goals');
    const matching = new FixedGoalMatching(problem, analyzeLevel(problem).dead);
    const reach = new PlayerReach(problem);
    const alarms: number[] = [];
    forEachPush(problem, lurd, reach.boxAt, (from, to, pushes) => {
      if (matching.isDeadlockAfterWalk(reach.boxAt, reach, from, to)) alarms.push(pushes);
    });
    return alarms;
  }

  it('never calls a position on the way of a solution lost (every second level, to keep the suite quick)', () => {
    const sample = levels.filter((level) => level.source.index % 2 === 0);
    expect(sample).toHaveLength(45);
    const wrong = sample.flatMap((level) => {
      const alarms = falseAlarms(level.board, solutions.get(level.source.index) ?? '');
      return alarms.length === 0 ? [] : [`level ${level.source.index}: after pushes ${alarms.slice(0, 5).join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });
});
