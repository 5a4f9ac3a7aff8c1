import { describe, expect, it } from 'vitest';
import { step, stepOrStay } from '../../src/game/step.js';
import { board, draw } from './board-helper.js';

function afterStep(rows: string[], direction: 'up' | 'down' | 'left' | 'right'): string[] | string {
  const result = step(board(...rows), direction);
  return result.ok ? draw(result.board) : result.reason;
}

describe('step', () => {
  it('walks onto free floor', () => {
    expect(afterStep(['#####', '#@  #', '#####'], 'right')).toEqual(['#####', '# @ #', '#####']);
  });

  it('walks onto a goal and off it again', () => {
    expect(afterStep(['#####', '#@. #', '#####'], 'right')).toEqual(['#####', '# + #', '#####']);
    expect(afterStep(['#####', '# + #', '#####'], 'right')).toEqual(['#####', '# .@#', '#####']);
  });

  it('is blocked by a wall', () => {
    expect(afterStep(['####', '#@ #', '####'], 'up')).toBe('wall');
  });

  it('pushes a box onto floor', () => {
    expect(afterStep(['######', '#@$  #', '######'], 'right')).toEqual(['######', '# @$ #', '######']);
  });

  it('pushes a box onto a goal and off it again', () => {
    expect(afterStep(['######', '#@$. #', '######'], 'right')).toEqual(['######', '# @* #', '######']);
    expect(afterStep(['######', '#@*  #', '######'], 'right')).toEqual(['######', '# +$ #', '######']);
  });

  it('cannot push a box into a wall', () => {
    expect(afterStep(['#####', '# @$#', '#####'], 'right')).toBe('box-blocked-by-wall');
  });

  it('cannot push a box into another box', () => {
    expect(afterStep(['######', '#@$$ #', '######'], 'right')).toBe('box-blocked-by-box');
  });

  it('cannot push a box into a box standing on a goal', () => {
    expect(afterStep(['######', '#@$* #', '######'], 'right')).toBe('box-blocked-by-box');
  });

  it('treats the squares beyond the grid as walls for the player', () => {
    expect(afterStep(['@ '], 'left')).toBe('wall');
    expect(afterStep(['@ '], 'up')).toBe('wall');
  });

  it('treats the squares beyond the grid as walls for a pushed box', () => {
    expect(afterStep([' @$'], 'right')).toBe('box-blocked-by-wall');
    expect(afterStep(['$', '@', ' '], 'up')).toBe('box-blocked-by-wall');
  });

  it('reports whether the step pushed', () => {
    const pushed = step(board('#####', '#@$ #', '#####'), 'right');
    const walked = step(board('#####', '# @ #', '#####'), 'left');
    expect(pushed.ok && pushed.pushed).toBe(true);
    expect(walked.ok && !walked.pushed).toBe(true);
  });

  it('never mutates the board it steps from', () => {
    const start = board('######', '#@$  #', '######');
    step(start, 'right');
    expect(draw(start)).toEqual(['######', '#@$  #', '######']);
  });
});

describe('stepOrStay', () => {
  it('returns the same position for a blocked step', () => {
    const start = board('#####', '#@$$#', '#####');
    expect(stepOrStay(start, 'right')).toBe(start);
  });

  it('returns the new position for a legal step', () => {
    expect(draw(stepOrStay(board('####', '#@ #', '####'), 'right'))).toEqual(['####', '# @#', '####']);
  });
});
