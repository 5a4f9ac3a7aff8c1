import { describe, expect, it } from 'vitest';
import { movesForClick } from '../../src/web/client/click-move.js';
import { board } from '../game/board-helper.js';

describe('what a click on the board asks for', () => {
  const start = board('#######', '#     #', '#  $  #', '# $@  #', '#  $$ #', '#######');
  const width = start.width;
  const at = (row: number, col: number): number => row * width + col;

  it('a floor square: a shortest walk there', () => {
    expect(movesForClick(start, at(3, 5))).toBe('rr');
    // Boxes above and left of the player: round by the right, six steps, not the four of a straight line.
    expect(movesForClick(start, at(1, 1))).toHaveLength(6);
  });

  it('a box beside the player: one push away from the player', () => {
    expect(movesForClick(start, at(2, 3))).toBe('U');
    expect(movesForClick(start, at(3, 2))).toBe('L');
  });

  it('a box beside the player that cannot move: nothing', () => {
    // Below the player, a box stands against a wall.
    expect(movesForClick(start, at(4, 3))).toBeNull();
  });

  it('a box away from the player, a wall, the player itself', () => {
    expect(movesForClick(start, at(4, 4))).toBeNull();
    expect(movesForClick(start, at(0, 0))).toBeNull();
    expect(movesForClick(start, start.player)).toBe('');
  });

  it('a box across a row end is not beside the player', () => {
    // The player ends row 0; the box starts row 1: next to each other in memory, not on the board.
    const wrap = board('   @', '$   ');
    expect(movesForClick(wrap, 4)).toBeNull();
  });
});
