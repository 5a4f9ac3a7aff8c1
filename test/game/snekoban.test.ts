import { describe, expect, it } from 'vitest';
import { LevelError, MoveSyntaxError } from '../../src/errors.js';
import type { Direction } from '../../src/game/direction.js';
import { type SnekobanDescription, dumpGame, newGame, stepGame, victoryCheck } from '../../src/game/snekoban.js';

const W = ['wall'] as const;
const P = ['player'] as const;
const C = ['computer'] as const;
const T = ['target'] as const;
const _ = [] as const;

/** One computer two steps from its target: right, right wins. */
const corridor: SnekobanDescription = [
  [W, W, W, W, W, W],
  [W, P, C, _, T, W],
  [W, W, W, W, W, W],
];

describe('the 6.101-style API', () => {
  it('dumps a new game as the description it was given', () => {
    expect(dumpGame(newGame(corridor))).toEqual(corridor);
  });

  it('pushes a computer and wins when every target holds one', () => {
    let game = newGame(corridor);
    game = stepGame(game, 'right');
    expect(victoryCheck(game)).toBe(false);
    game = stepGame(game, 'right');
    expect(victoryCheck(game)).toBe(true);
    expect(dumpGame(game)[1]).toEqual([W, _, _, P, ['target', 'computer'], W]);
  });

  it('never mutates the game it steps from', () => {
    const game = newGame(corridor);
    const before = JSON.stringify(dumpGame(game));
    const after = stepGame(game, 'right');
    expect(JSON.stringify(dumpGame(game))).toBe(before);
    expect(JSON.stringify(dumpGame(after))).not.toBe(before);
  });

  it('leaves the board unchanged when stepping into a wall', () => {
    const game = stepGame(newGame(corridor), 'up');
    expect(dumpGame(game)).toEqual(corridor);
  });

  it('leaves the board unchanged when pushing a computer into another', () => {
    const pair: SnekobanDescription = [[P, C, C, T, T]];
    expect(dumpGame(stepGame(newGame(pair), 'right'))).toEqual(pair);
  });

  it('treats the edge of the grid as a wall', () => {
    const open: SnekobanDescription = [[P, C]];
    expect(dumpGame(stepGame(newGame(open), 'right'))).toEqual(open);
    expect(dumpGame(stepGame(newGame(open), 'left'))).toEqual(open);
  });

  it('is never won without targets', () => {
    expect(victoryCheck(newGame([[P, _, C]]))).toBe(false);
  });

  it('is never won with more targets than computers', () => {
    expect(victoryCheck(newGame([[P, ['computer', 'target'], T]]))).toBe(false);
  });

  it('writes the names in a cell in the fixed order wall, target, computer, player', () => {
    const game = newGame([
      [
        ['player', 'target'],
        ['computer', 'target'],
      ],
    ]);
    expect(dumpGame(game)).toEqual([
      [
        ['target', 'player'],
        ['target', 'computer'],
      ],
    ]);
  });

  it('keeps short rows short and walls the squares beyond them', () => {
    const ragged: SnekobanDescription = [[P, _, _], [W]];
    const game = newGame(ragged);
    expect(dumpGame(game)).toEqual(ragged);
    expect(dumpGame(stepGame(game, 'down'))).toEqual(ragged);
  });

  it('rejects an unknown cell name with its place', () => {
    const bad = [[P, ['box']]] as unknown as SnekobanDescription;
    expect(() => newGame(bad)).toThrow(LevelError);
    expect(() => newGame(bad)).toThrow('<input>: cell (0, 1) holds "box", expected "wall", "player", "computer" or "target"');
  });

  it('rejects a level without a player', () => {
    expect(() => newGame([[_, C, T]])).toThrow('<input>: the level has no player');
  });

  it('rejects a second player', () => {
    expect(() => newGame([[P, P]])).toThrow('<input>: cell (0, 1) holds a second player');
  });

  it('rejects a player or computer inside a wall', () => {
    expect(() => newGame([[P, ['wall', 'computer']]])).toThrow('cell (0, 1) holds a wall together with something else');
  });

  it('rejects a player standing on a computer', () => {
    expect(() => newGame([[['player', 'computer']]])).toThrow('cell (0, 0) holds both the player and a computer');
  });

  it('rejects an empty description', () => {
    expect(() => newGame([])).toThrow(LevelError);
  });

  it('rejects an unknown direction', () => {
    expect(() => stepGame(newGame(corridor), 'north' as Direction)).toThrow(MoveSyntaxError);
  });
});
