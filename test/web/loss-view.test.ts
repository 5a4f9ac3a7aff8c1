import { describe, expect, it } from 'vitest';
import { step } from '../../src/game/step.js';
import { LossWatch, MAX_WATCHED_SQUARES } from '../../src/web/client/loss-view.js';
import { board } from '../game/board-helper.js';

describe("the page's watch for lost positions", () => {
  const start = board('######', '#    #', '# $@ #', '#  . #', '######');
  const width = start.width;

  it('marks nothing while every box can still reach a goal', () => {
    const view = new LossWatch(start, 'all-goals').viewOf(start);
    expect([...view.deadBoxes]).toEqual([]);
    expect(view.reason).toBeNull();
  });

  it('marks a box pushed against a wall with no goal, and says why', () => {
    const watch = new LossWatch(start, 'all-goals');
    const left = step(start, 'left');
    if (!left.ok) throw new Error('the test board must let the box be pushed left');
    const view = watch.viewOf(left.board);
    expect([...view.deadBoxes]).toEqual([2 * width + 1]);
    expect(view.reason).toContain('dead square');
    // Drawn again, the same position is not worked out again.
    expect(watch.viewOf(left.board)).toBe(view);
  });

  it('leaves boards too large to analyse quickly unwatched', () => {
    // A corridor with a goal near the player and a box against the far wall, where no push can move it.
    const corridor = (length: number) => board(`#@.${' '.repeat(length)}$#`);
    const short = corridor(5);
    expect([...new LossWatch(short, 'all-goals').viewOf(short).deadBoxes]).toEqual([short.width - 2]);
    const long = corridor(MAX_WATCHED_SQUARES);
    expect(long.width * long.height).toBeGreaterThan(MAX_WATCHED_SQUARES);
    expect([...new LossWatch(long, 'all-goals').viewOf(long).deadBoxes]).toEqual([]);
  });

  it('shows a board of another level unmarked instead of failing', () => {
    const other = board('#####', '#@$.#', '#####');
    const view = new LossWatch(start, 'all-goals').viewOf(other);
    expect([...view.deadBoxes]).toEqual([]);
    expect(view.reason).toBeNull();
  });
});
