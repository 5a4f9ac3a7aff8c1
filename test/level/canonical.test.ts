import { describe, expect, it } from 'vitest';
import { playerReach } from '../../src/level/area.js';
import { canonicalBoard } from '../../src/level/canonical.js';
import { SYMMETRIES, transformBoard } from '../../src/level/symmetry.js';
import { board, draw } from '../game/board-helper.js';

const LEVEL = board('######', '#@ $.#', '# #  #', '#  * #', '######');

describe('canonical form of a board', () => {
  it('is the same for all 8 rotations and reflections of a level', () => {
    const keys = SYMMETRIES.map((symmetry) => canonicalBoard(transformBoard(LEVEL, symmetry)).key);
    expect(new Set(keys).size).toBe(1);
  });

  it('the 8 symmetries really give 8 different drawings of this level', () => {
    const drawings = SYMMETRIES.map((symmetry) => draw(transformBoard(LEVEL, symmetry)).join('\n'));
    expect(new Set(drawings).size).toBe(8);
  });

  it('does not depend on where the player stands within what it can walk to', () => {
    const here = canonicalBoard(board('######', '#@ $.#', '######'));
    const there = canonicalBoard(board('######', '# @$.#', '######'));
    expect(there.key).toBe(here.key);
  });

  it('tells apart player positions on opposite sides of a box', () => {
    const left = canonicalBoard(board('#######', '#@ $ .#', '#######'));
    const right = canonicalBoard(board('#######', '#  $@.#', '#######'));
    expect(right.key).not.toBe(left.key);
  });

  it('ignores decoration and the thickness of the outer wall', () => {
    const plain = canonicalBoard(board('#####', '#@$.#', '#####'));
    const decorated = canonicalBoard(board('#######', '##@$.##', '#######', '##*####'));
    expect(decorated.key).toBe(plain.key);
  });

  it('puts the player on the smallest square it can walk to', () => {
    const canonical = canonicalBoard(board('#######', '#  $ @#', '# . ###', '#######'));
    // Of the 8 drawings the least text wins, and a row starting with void sorts before one with a wall.
    expect(draw(canonical.board)).toEqual(['  #####', '### . #', '#@ $  #', '#######']);
    expect(canonical.board.player).toBe(playerReach(canonical.board).indexOf(1));
  });
});
