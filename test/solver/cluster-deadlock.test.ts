import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/level/board.js';
import { analyzeLevel } from '../../src/solver/analysis.js';
import { ClusterDeadlocks } from '../../src/solver/cluster-deadlock.js';
import { FreezeDetector } from '../../src/solver/freeze-deadlock.js';
import { buildProblem } from '../../src/solver/problem.js';
import { board } from './helpers.js';
import { solveByExhaustion } from './oracle.js';
import { drawBoard, randomBoard, seededRandom } from './random-boards.js';

interface Verdicts {
  /** Whether the freeze test flags any box of the start position. */
  readonly frozen: boolean;
  /** Whether the cluster search flags the position, taking each box in turn as the pushed one. */
  readonly cluster: boolean;
}

function verdicts(start: Board): Verdicts {
  const problem = buildProblem(start, 'all-goals');
  const { dead } = analyzeLevel(problem);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  const freeze = new FreezeDetector(problem, dead, boxAt);
  const clusters = new ClusterDeadlocks(problem, dead);
  const boxes = Array.from(problem.initialBoxes);
  return {
    frozen: boxes.some((cell) => freeze.isDeadlock(cell)),
    cluster: boxes.some((cell) => clusters.isDeadlock(boxAt, cell, problem.initialPlayer)),
  };
}

describe('cluster deadlocks', () => {
  it('a box whose only pushing squares are held by a stuck neighbour is a deadlock the freeze test misses', () => {
    // The box at the wall can only move up or down, and both need the player where the box on
    // the right-hand goal stands; that box can only go right, into a corner.
    const locked = board(
      '######',
      '#*@* #',
      '#  $##',
      '#    #',
      '#   .#',
      '######',
    );
    expect(verdicts(locked)).toEqual({ frozen: false, cluster: true });
    expect(solveByExhaustion(locked, 'all-goals').fewestMoves).toBeNull();
  });

  it('two boxes side by side in open floor are no deadlock', () => {
    const open = board(
      '#######',
      '#     #',
      '# $$  #',
      '#  @  #',
      '# ..  #',
      '#######',
    );
    expect(verdicts(open).cluster).toBe(false);
  });

  it('boxes that are all on goals are never flagged, however stuck', () => {
    const home = board(
      '#####',
      '#**@#',
      '#** #',
      '#####',
    );
    expect(verdicts(home).cluster).toBe(false);
  });

  it('on random boards every position it flags is unsolvable by exhaustive search, and it flags some', () => {
    const random = seededRandom(29);
    let flagged = 0;
    for (let tried = 0; tried < 600; tried++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      if (!verdicts(start).cluster) continue;
      flagged++;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(flagged).toBeGreaterThan(0);
  });
});
