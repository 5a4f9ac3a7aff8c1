import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMoves } from '../../../src/game/moves.js';
import { parseCollection } from '../../../src/level/parse.js';
import { firstLostMove } from '../../../src/solver/explain/first-lost-move.js';
import { LossExplainer } from '../../../src/solver/explain/loss-explainer.js';
import { LossSearchStopped } from '../../../src/solver/explain/loss-search-stopped.js';
import { board, sharedDir } from '../helpers.js';

// From Bd: uRR takes the box on Cc to the goal on Ec; rU puts it on Cb, a dead square.
const room = board('######', '#    #', '# $ .#', '#@   #', '######');

describe('the first move after which a game is lost', () => {
  it('is the push that made it lost, however many moves follow', () => {
    expect(firstLostMove(room, 'all-goals', 'rUrdlll')).toEqual({
      afterMove: 2,
      reason: { kind: 'dead-square', squares: [1 * 6 + 2], message: 'the box at Cb stands on a dead square' },
    });
  });

  it('is not found for moves that keep the level solvable, solved or not', () => {
    expect(firstLostMove(room, 'all-goals', 'uRR')).toBeUndefined();
    expect(firstLostMove(room, 'all-goals', 'uR')).toBeUndefined();
  });

  it('is not looked for past an illegal move', () => {
    // The first move walks into a wall; the push onto the dead square after it is never played.
    expect(firstLostMove(room, 'all-goals', 'drU')).toBeUndefined();
    expect(firstLostMove(room, 'all-goals', 'rU')?.afterMove).toBe(2);
  });

  it('is 0 for a level lost before any move', () => {
    const cornered = board('######', '#$  .#', '#  @ #', '######');
    expect(firstLostMove(cornered, 'all-goals', 'l')?.afterMove).toBe(0);
  });
});

describe('soundness on published solutions', () => {
  // Every position on the way of a real solution can still be won: a reason given there would be false.
  const file = path.join(sharedDir, 'solutions', 'microban_ksokoban_solutions.xsb');
  const levels = parseCollection(readFileSync(file, 'utf8'), { file, format: 'xsb' }).levels.filter((level) => level.solutions.length > 0);

  it('never calls a position lost before the last move of a solution', () => {
    expect(levels.length).toBeGreaterThan(40);
    const falseAlarms = levels.flatMap((level) => {
      const moves = parseMoves(level.solutions[0]);
      const lost = firstLostMove(level.board, 'all-goals', { ...moves, moves: moves.moves.slice(0, -1) });
      return lost === undefined ? [] : [`level ${level.source.index}: ${lost.reason.message} after move ${lost.afterMove}`];
    });
    expect(falseAlarms).toEqual([]);
  });
});

describe('the search for the first lost move under a time limit', () => {
  it('throws LossSearchStopped when the time is up before the level is analysed', () => {
    expect(() => firstLostMove(room, 'all-goals', 'rUrdlll', { timeIsUp: () => true })).toThrow(LossSearchStopped);
    expect(() => new LossExplainer(room, 'all-goals', () => true).explain(room)).toThrow(LossSearchStopped);
  });

  it('throws LossSearchStopped when the time is up between positions', () => {
    // The analysis gets its time; the time runs out before the first push is judged.
    let checks = 0;
    const explainer = new LossExplainer(room, 'all-goals');
    explainer.explain(room);
    expect(() => firstLostMove(room, 'all-goals', 'rUrdlll', { explainer, timeIsUp: () => ++checks > 0 })).toThrow(LossSearchStopped);
  });

  it('answers as without a limit when the time is not up', () => {
    expect(firstLostMove(room, 'all-goals', 'rUrdlll', { timeIsUp: () => false })?.afterMove).toBe(2);
  });
});
