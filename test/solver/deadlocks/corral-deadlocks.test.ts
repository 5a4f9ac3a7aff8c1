import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { parseCollection } from '../../../src/level/parse.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { CorralDeadlocks, type CorralLimits, DEFAULT_CORRAL_LIMITS, OPENING_ONLY_CORRAL_LIMITS } from '../../../src/solver/deadlocks/corral-deadlocks.js';
import { FreezeDeadlocks } from '../../../src/solver/deadlocks/freeze-deadlocks.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { board, sharedDir } from '../helpers.js';
import { forEachPush } from '../published-solutions.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

interface Verdicts {
  readonly frozen: boolean;
  readonly corral: boolean;
}

function verdicts(start: Board, limits: CorralLimits = DEFAULT_CORRAL_LIMITS): Verdicts {
  const problem = buildProblem(start, 'all-goals');
  const { dead } = analyzeLevel(problem);
  const reach = new PlayerReach(problem);
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  const freeze = new FreezeDeadlocks(problem, dead, reach.boxAt);
  return {
    frozen: Array.from(problem.initialBoxes).some((cell) => freeze.isDeadlock(cell)),
    corral: new CorralDeadlocks(problem, dead, limits).isDeadlockAfterWalk(reach.boxAt, reach),
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

  it("settles a fence once for all the searches of a level: a second detector takes the first one's verdict", () => {
    const fenced = board('#######', '#  ####', '#  $ ##', '# @ $##', '#..   #', '#######');
    const problem = buildProblem(fenced, 'all-goals');
    const { dead } = analyzeLevel(problem);
    const reach = new PlayerReach(problem);
    for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
    reach.walk(problem.initialPlayer);
    const first = new CorralDeadlocks(problem, dead);
    const second = new CorralDeadlocks(problem, dead);
    expect(first.isDeadlockAfterWalk(reach.boxAt, reach)).toBe(true);
    expect(second.isDeadlockAfterWalk(reach.boxAt, reach)).toBe(true);
    expect([first.searches, second.searches]).toEqual([1, 0]);
  });

  it('a corral the player can open by pushing a fence box aside is no deadlock', () => {
    const openable = board('#######', '#  .  #', '# $#$ #', '#  @ .#', '#######');
    expect(verdicts(openable).corral).toBe(false);
  });

  it('a corral whose fence boxes are all home and holds no empty goal is left alone', () => {
    const home = board('#####', '# .*#', '#@**#', '#####');
    expect(verdicts(home).corral).toBe(false);
  });

  it('a fence that can let the player in but can never clear the corral is lost, with or without the second search', () => {
    // The player below can only push the lower box up onto its goal, which opens the area above;
    // but then the upper box can only go left, where it sticks against the wall between two dead
    // corners, and the goal on the right needs a box pushed down from the square above it.
    const jammed = board('#####', '#  ##', '# $ #', '# . #', '##$.#', '#  ##', '# @ #', '#####');
    expect(verdicts(jammed, OPENING_ONLY_CORRAL_LIMITS)).toEqual({ frozen: false, corral: true });
    expect(verdicts(jammed).corral).toBe(true);
    expect(solveByExhaustion(jammed, 'all-goals').fewestMoves).toBeNull();
  });

  it('a fence that can open its corral and then come home is no deadlock for the second search either', () => {
    // Either box pushed up lands on its goal and lets the player into the row above.
    const homeward = board('######', '#.  .#', '#$##$#', '# @  #', '######');
    expect(verdicts(homeward).corral).toBe(false);
    expect(solveByExhaustion(homeward, 'all-goals').fewestMoves).not.toBeNull();
  });

  it.each([
    ['with the second search', DEFAULT_CORRAL_LIMITS],
    ['without it', OPENING_ONLY_CORRAL_LIMITS],
  ])('on random boards of two to four boxes every position it flags %s is unsolvable by exhaustive search', (_name, limits) => {
    const random = seededRandom(11);
    let flagged = 0;
    for (let tried = 0; tried < 1200; tried++) {
      const boxes = 2 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      if (!verdicts(start, limits).corral) continue;
      flagged++;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(flagged).toBeGreaterThan(20);
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

describe('corral deadlocks along published solutions', () => {
  // Sasquatch's solutions (checked too when the second search came: none flagged) take six times as long.
  it.each(['microban2_ksokoban_solutions.xsb'])('flags no position after a push of the published solutions in %s', (name) => {
    const collection = parseCollection(readFileSync(path.join(sharedDir, 'solutions', name), 'utf8'), { file: name, format: 'xsb' });
    const flagged: string[] = [];
    let checked = 0;
    for (const level of collection.levels) {
      if (level.solutions.length === 0) continue;
      const problem = buildProblem(level.board, 'all-goals');
      if (problem.hopelessBecause !== null) continue;
      const corrals = new CorralDeadlocks(problem, analyzeLevel(problem).dead);
      const reach = new PlayerReach(problem);
      forEachPush(problem, level.solutions[0].replace(/\s/g, ''), reach.boxAt, (from, to, pushes) => {
        reach.flood(from);
        checked++;
        if (corrals.isDeadlockAfterWalk(reach.boxAt, reach, from, to)) flagged.push(`level ${level.source.index}, push ${pushes}`);
      });
    }
    expect(checked).toBeGreaterThan(1000);
    expect(flagged).toEqual([]);
  });
});
