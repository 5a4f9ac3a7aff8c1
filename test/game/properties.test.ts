import { describe, expect, it } from 'vitest';
import { DIRECTIONS, moveLetter } from '../../src/game/direction.js';
import { replay } from '../../src/game/replay.js';
import { dumpGame, newGame, stepGame } from '../../src/game/snekoban.js';
import { BOX, GOAL, WALL, type Board, boardsEqual, countSquares } from '../../src/level/board.js';
import { board } from './board-helper.js';

/** mulberry32: a tiny seeded generator, so every run plays the same "random" strings. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomMoves(random: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    text += moveLetter(DIRECTIONS[Math.floor(random() * 4)], random() < 0.5);
  }
  return text;
}

/** The ways a buggy step could corrupt a position. */
function problems(start: Board, b: Board): string[] {
  const found: string[] = [];
  if (b.width !== start.width || b.height !== start.height) found.push('size changed');
  if (countSquares(b, BOX) !== countSquares(start, BOX)) found.push('box count changed');
  if (b.player < 0 || b.player >= b.squares.length) found.push('player off the board');
  if ((b.squares[b.player] & (WALL | BOX)) !== 0) found.push('player on a wall or box');
  for (let i = 0; i < b.squares.length; i++) {
    if ((b.squares[i] & (WALL | BOX)) === (WALL | BOX)) found.push(`box in a wall at ${i}`);
    if ((b.squares[i] & (WALL | GOAL)) !== (start.squares[i] & (WALL | GOAL))) found.push(`walls or goals moved at ${i}`);
  }
  return found;
}

const boards: Record<string, Board> = {
  rosetta: board('#######', '#     #', '#     #', '#. #  #', '#. $$ #', '#.$$  #', '#.#  @#', '#######'),
  'open edges': board('  $ . ', ' $@$  ', '. *  .', '  $   '),
  'box pairs': board('#######', '#.$$ .#', '# $@$ #', '#.$ $.#', '#. . .#', '#######'),
};

describe.each(Object.entries(boards))('random moves on %s', (_name, start) => {
  const random = generator(0x5eed);
  const strings = Array.from({ length: 200 }, () => randomMoves(random, 1 + Math.floor(random() * 60)));

  it('leave a legal board wherever a replay stops', () => {
    let pushes = 0;
    for (const moves of strings) {
      const result = replay(start, moves.toLowerCase(), { rule: 'all-goals' });
      expect(problems(start, result.board)).toEqual([]);
      expect(result.moves).toBe(result.valid ? moves.length : (result.error?.index ?? Number.NaN) - 1);
      pushes += result.pushes;
    }
    // Without pushes the property would say nothing about boxes.
    expect(pushes).toBeGreaterThan(0);
  });

  it('give a canonical solution that replays strictly to the same board', () => {
    for (const moves of strings) {
      const result = replay(start, moves, { rule: 'all-goals' });
      const again = replay(start, result.solution, { rule: 'all-goals', strictCase: true });
      expect(again.valid).toBe(true);
      expect(boardsEqual(again.board, result.board)).toBe(true);
    }
  });

  it('keep the board legal through every 6.101 step, blocked ones included', () => {
    let playerMoved = false;
    for (const moves of strings) {
      let game = newGame(dumpGame({ board: start, rowLengths: Array(start.height).fill(start.width) }));
      for (const letter of moves) {
        const direction = DIRECTIONS.find((d) => moveLetter(d, false) === letter.toLowerCase());
        if (direction === undefined) throw new Error(`no direction for ${letter}`);
        game = stepGame(game, direction);
        expect(problems(start, game.board)).toEqual([]);
        if (game.board.player !== start.player) playerMoved = true;
      }
      // A dump read back is the same position: nothing is lost in the description.
      expect(boardsEqual(newGame(dumpGame(game)).board, game.board)).toBe(true);
    }
    expect(playerMoved).toBe(true);
  });
});
