import { describe, expect, it } from 'vitest';
import { nextPush } from '../../src/game/next-push.js';
import { board } from './board-helper.js';

// Player on Bc, box on Db, goal on Fb.
const start = board('#######', '#  $ .#', '#@    #', '#######');
const at = (row: number, col: number) => row * start.width + col;

describe('the next push of a move string', () => {
  it('is the walk up to the first push and that push, with the box it moves', () => {
    const next = nextPush(start, 'ruRRdl');
    expect(next).toMatchObject({ moves: 'ruR', walk: 2, direction: 'right', boxFrom: at(1, 3), boxTo: at(1, 4) });
    expect(next?.board.player).toBe(at(1, 3));
  });

  it('works the pushes out of a string written in lower case', () => {
    expect(nextPush(start, 'rurr')?.moves).toBe('ruR');
  });

  it('is null for moves that push nothing, or step into a wall before their first push', () => {
    expect(nextPush(start, 'rrr')).toBeNull();
    expect(nextPush(start, 'lruR')).toBeNull();
  });
});
