import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/level/board.js';
import { analyzeLevel } from '../../src/solver/planning/analysis.js';
import { CorralDeadlocks } from '../../src/solver/deadlocks/corral-deadlocks.js';
import { FreezeDeadlocks } from '../../src/solver/deadlocks/freeze-deadlocks.js';
import { buildProblem } from '../../src/solver/model/problem.js';
import { PlayerReach } from '../../src/solver/geometry/reachability.js';
import { board } from './helpers.js';
import { solveByExhaustion } from './oracle.js';
import { drawBoard, randomBoard, seededRandom } from './random-boards.js';

interface Verdicts {
  readonly frozen: boolean;
  readonly corral: boolean;
}

function verdicts(start: Board): Verdicts {
  const problem = buildProblem(start, 'all-goals');
  const { dead } = analyzeLevel(problem);
  const reach = new PlayerReach(problem);
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  const freeze = new FreezeDeadlocks(problem, dead, reach.boxAt);
  return {
    frozen: Array.from(problem.initialBoxes).some((cell) => freeze.isDeadlock(cell)),
    corral: new CorralDeadlocks(problem, dead).isDeadlock(reach.boxAt, reach),
  };
}

describe('corral deadlocks', () => {
  it('two boxes fencing a pocket they can only be pushed into are lost, though neither is frozen', () => {
    // The pocket between the two boxes is a dead corner: the left box can only go right into
    // it, the lower box only up into it, and the other pushes need the player inside it.
    const fenced = board('#######', '#  ####', '#  $ ##', '# @ $##', '#..   #', '#######');
    expect(verdicts(fenced)).toEqual({ frozen: false, corral: true });
    expect(solveByExhaustion(fenced, 'all-goals').fewestMoves).toBeNull();
  });

  it('a corral the player can open by pushing a fence box aside is no deadlock', () => {
    const openable = board('#######', '#  .  #', '# $#$ #', '#  @ .#', '#######');
    expect(verdicts(openable).corral).toBe(false);
  });

  it('a corral whose fence boxes are all home and holds no empty goal is left alone', () => {
    const home = board('#####', '# .*#', '#@**#', '#####');
    expect(verdicts(home).corral).toBe(false);
  });

  it('on random boards every position it flags is unsolvable by exhaustive search, and it flags some', () => {
    const random = seededRandom(47);
    let flagged = 0;
    for (let tried = 0; tried < 800; tried++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      if (!verdicts(start).corral) continue;
      flagged++;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(flagged).toBeGreaterThan(0);
  });
});
