import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { CorralDeadlocks } from '../../../src/solver/deadlocks/corral-deadlocks.js';
import { FreezeDeadlocks } from '../../../src/solver/deadlocks/freeze-deadlocks.js';
import { LocalSearchDeadlocks } from '../../../src/solver/deadlocks/local-search-deadlocks.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';
import { forEachPush, xsokobanWithSolutions } from '../published-solutions.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

function localSearchOf(problem: ReturnType<typeof buildProblem>): LocalSearchDeadlocks {
  const { dead, distances } = analyzeLevel(problem);
  return new LocalSearchDeadlocks(problem, dead, distances.nearest);
}

interface Verdicts {
  /** Some box stands on a dead cell. */
  readonly deadCell: boolean;
  readonly frozen: boolean;
  readonly corral: boolean;
  /** The local search, asked around each box in turn. */
  readonly local: boolean;
}

function verdicts(start: Board): Verdicts {
  const problem = buildProblem(start, 'all-goals');
  const { dead, distances } = analyzeLevel(problem);
  const reach = new PlayerReach(problem);
  const boxes = Array.from(problem.initialBoxes);
  for (const cell of boxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  const freeze = new FreezeDeadlocks(problem, dead, reach.boxAt);
  const local = new LocalSearchDeadlocks(problem, dead, distances.nearest);
  return {
    deadCell: boxes.some((cell) => dead[cell] !== 0),
    frozen: boxes.some((cell) => freeze.isDeadlock(cell)),
    corral: new CorralDeadlocks(problem, dead).isDeadlockAfterWalk(reach.boxAt, reach),
    local: boxes.some((cell) => local.isDeadlockAfterWalk(reach.boxAt, reach, -1, cell)),
  };
}

// Two boxes against the top wall, which has one goal: neither can leave the wall (the player
// cannot get above them), so only one of them can ever be home. Neither stands on a dead cell,
// neither is frozen, and the player walks everywhere, so there is no corral.
const TWO_ON_A_WALL = board('##########', '#  $ $.  #', '#        #', '#  .     #', '#     @  #', '##########');

describe('local search deadlocks', () => {
  it('two boxes held on a wall with one goal on it are lost, which no other test sees', () => {
    expect(verdicts(TWO_ON_A_WALL)).toEqual({ deadCell: false, frozen: false, corral: false, local: true });
    expect(solveByExhaustion(TWO_ON_A_WALL, 'all-goals').fewestMoves).toBeNull();
  });

  it('the same boxes with a second goal on their wall are no deadlock', () => {
    const twoGoals = board('##########', '#  $ $.. #', '#        #', '#        #', '#     @  #', '##########');
    expect(verdicts(twoGoals).local).toBe(false);
    expect(solveByExhaustion(twoGoals, 'all-goals').fewestMoves).not.toBeNull();
  });

  it('a box off the wall next to one on it is no deadlock: it can be pushed away', () => {
    const apart = board('#########', '#  $ .  #', '#   $   #', '#  .    #', '#     @ #', '#########');
    expect(verdicts(apart).local).toBe(false);
  });

  it('remembers a pattern: the same boxes and player area are searched once', () => {
    const problem = buildProblem(TWO_ON_A_WALL, 'all-goals');
    const local = localSearchOf(problem);
    const reach = new PlayerReach(problem);
    for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
    reach.walk(problem.initialPlayer);
    const box = problem.initialBoxes[0];
    expect(local.isDeadlockAfterWalk(reach.boxAt, reach, -1, box)).toBe(true);
    expect(local.isDeadlockAfterWalk(reach.boxAt, reach, -1, box)).toBe(true);
    expect({ searches: local.counts.searches, found: local.counts.found, hits: local.counts.hits }).toEqual({ searches: 1, found: 1, hits: 1 });
  });

  it('on random boards every position it flags is unsolvable by exhaustive search, and it flags some the other tests miss', () => {
    const random = seededRandom(91);
    let beyondOthers = 0;
    for (let tried = 0; tried < 3000; tried++) {
      const boxes = 2 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      const found = verdicts(start);
      if (!found.local || found.deadCell) continue;
      const missedByOthers = !found.frozen && !found.corral;
      if (missedByOthers) beyondOthers++;
      // Those another test already explains are confirmed by sample, to keep the test quick.
      if (!missedByOthers && random() < 0.7) continue;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(beyondOthers).toBeGreaterThan(10);
  });
});

describe('local search deadlocks on the published XSokoban solutions', () => {
  const { levels, solutions } = xsokobanWithSolutions();

  /** The pushes after which the detector calls a position of the solution lost (none may be). */
  function falseAlarms(start: Board, lurd: string): number[] {
    const problem = buildProblem(start, 'all-goals');
    const local = localSearchOf(problem);
    const reach = new PlayerReach(problem);
    const alarms: number[] = [];
    forEachPush(problem, lurd, reach.boxAt, (from, to, pushes) => {
      reach.flood(from);
      if (local.isDeadlockAfterWalk(reach.boxAt, reach, from, to)) alarms.push(pushes);
    });
    return alarms;
  }

  it('never calls a position on the way of a solution lost (every third level, to keep the suite quick)', () => {
    expect(solutions.size).toBe(90);
    const sample = levels.filter((level) => level.source.index % 3 === 1);
    expect(sample).toHaveLength(30);
    const wrong = sample.flatMap((level) => {
      const alarms = falseAlarms(level.board, solutions.get(level.source.index) ?? '');
      return alarms.length === 0 ? [] : [`level ${level.source.index}: after pushes ${alarms.slice(0, 5).join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });
});
