import { describe, expect, it } from 'vitest';
import { firstLostMove } from '../../../src/solver/explain/first-lost-move.js';
import { board } from '../helpers.js';

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
