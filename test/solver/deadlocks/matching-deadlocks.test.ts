import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, type Board } from '../../../src/level/board.js';
import { parseCollection } from '../../../src/level/parse.js';
import { FreezeDeadlocks } from '../../../src/solver/deadlocks/freeze-deadlocks.js';
import { MatchingDeadlocks } from '../../../src/solver/deadlocks/matching-deadlocks.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board, sharedDir } from '../helpers.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

function detectorFor(start: Board): { matching: MatchingDeadlocks; boxAt: Uint8Array; cellOf: Int32Array } {
  const problem = buildProblem(start, 'all-goals');
  const matching = new MatchingDeadlocks(problem, analyzeLevel(problem).distances);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  return { matching, boxAt, cellOf: problem.cellOfSquare };
}

function isMatchingDeadlock(start: Board): boolean {
  const { matching, boxAt } = detectorFor(start);
  return matching.isDeadlock(boxAt);
}

/** Whether dead cells or the freeze test already see the position as lost. */
function isLostToSimplerTests(start: Board): boolean {
  const problem = buildProblem(start, 'all-goals');
  const { dead } = analyzeLevel(problem);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  const freeze = new FreezeDeadlocks(problem, dead, boxAt);
  return Array.from(problem.initialBoxes).some((cell) => dead[cell] !== 0 || freeze.isDeadlock(cell));
}

describe('matching deadlocks', () => {
  it('two boxes along a wall that holds one goal are lost, though each alone could reach it', () => {
    // Neither box can leave the top row (the player cannot get above it) and the row has one
    // goal; both boxes can still slide onto it, so no square is dead and neither box is frozen.
    const pair = board('########', '# $.$  #', '#      #', '#  .  @#', '########');
    expect(isLostToSimplerTests(pair)).toBe(false);
    expect(isMatchingDeadlock(pair)).toBe(true);
    expect(solveByExhaustion(pair, 'all-goals').fewestMoves).toBeNull();
  });

  it('a box that could take either of two goals leaves the other to a box that reaches only one', () => {
    // The box against the right wall moves only up and down and reaches only the corner goal;
    // the free box, examined first, takes that goal first and must give it up for the other.
    const shared = board('########', '#     .#', '# $    #', '#     $#', '#  .  @#', '########');
    expect(isMatchingDeadlock(shared)).toBe(false);
    expect(solveByExhaustion(shared, 'all-goals').fewestMoves).not.toBeNull();
  });

  it('on random boards every position it flags is unsolvable by exhaustive search, and it flags some that dead cells and freezes do not', () => {
    const random = seededRandom(1414);
    let beyondSimpler = 0;
    for (let tried = 0; tried < 3000; tried++) {
      const boxes = 2 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      if (!isMatchingDeadlock(start)) continue;
      const simpler = isLostToSimplerTests(start);
      if (!simpler) beyondSimpler++;
      // Those the simpler tests already explain are confirmed by sample, to keep the test quick.
      if (simpler && random() < 0.8) continue;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(beyondSimpler).toBeGreaterThan(10);
  });

  it('after a push from a board that is no such deadlock, the shortcut for pushes that keep every goal within reach agrees with the full test', () => {
    const random = seededRandom(2718);
    let pushes = 0;
    let flagged = 0;
    for (let tried = 0; tried < 1500; tried++) {
      const boxes = 2 + Math.floor(random() * 4);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null) continue;
      const problem = buildProblem(start, 'all-goals');
      if (problem.hopelessBecause !== null) continue;
      const { matching, boxAt } = detectorFor(start);
      if (matching.isDeadlock(boxAt)) continue;
      for (const from of problem.initialBoxes) {
        for (let d = 0; d < 4; d++) {
          const to = problem.neighbours[from * 4 + d];
          if (to < 0 || boxAt[to] !== 0) continue;
          boxAt[from] = 0;
          boxAt[to] = 1;
          const full = matching.isDeadlock(boxAt);
          expect(matching.isDeadlockAfterPush(boxAt, from, to), drawBoard(start)).toBe(full);
          pushes++;
          if (full) flagged++;
          boxAt[to] = 0;
          boxAt[from] = 1;
        }
      }
    }
    expect(pushes).toBeGreaterThan(500);
    expect(flagged).toBeGreaterThan(5);
  });

  it.each(['sasquatch_ksokoban_solutions.xsb', 'microban2_ksokoban_solutions.xsb'])('flags no position along the published solutions in %s', (name) => {
    const collection = parseCollection(readFileSync(path.join(sharedDir, 'solutions', name), 'utf8'), { file: name, format: 'xsb' });
    const flagged: string[] = [];
    let checked = 0;
    for (const level of collection.levels) {
      if (level.solutions.length === 0) continue;
      const { matching, boxAt, cellOf } = detectorFor(level.board);
      const { width } = level.board;
      const boxes = new Set<number>();
      level.board.squares.forEach((flags, square) => {
        if ((flags & BOX) !== 0) boxes.add(square);
      });
      let player = level.board.player;
      const step: Record<string, number> = { u: -width, d: width, l: -1, r: 1 };
      for (const move of level.solutions[0].replace(/\s/g, '').toLowerCase()) {
        const delta = step[move];
        player += delta;
        if (!boxes.has(player)) continue;
        boxes.delete(player);
        boxes.add(player + delta);
        boxAt.fill(0);
        // Boxes the problem fixed as walls (frozen on their goals) have no cell and never move.
        for (const square of boxes) if (cellOf[square] >= 0) boxAt[cellOf[square]] = 1;
        checked++;
        if (matching.isDeadlock(boxAt)) flagged.push(`level ${level.source.index}, push ${checked}`);
      }
      expect(level.board.squares.filter((flags) => (flags & GOAL) !== 0).length).toBe(boxes.size);
    }
    expect(checked).toBeGreaterThan(1000);
    expect(flagged).toEqual([]);
  });
});
