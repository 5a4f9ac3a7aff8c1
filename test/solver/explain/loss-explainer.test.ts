import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { replay } from '../../../src/game/replay.js';
import { LossExplainer, deadOrFrozenBoxes, explainLoss } from '../../../src/solver/explain/loss-explainer.js';
import { board } from '../helpers.js';
import { solveByExhaustion } from '../oracle.js';

/** The square `name` (e.g. "Db": column D, row b) as a row-major index on `on`. */
function square(on: Board, name: string): number {
  const col = name.charCodeAt(0) - 65;
  const row = name.charCodeAt(1) - 97;
  return row * on.width + col;
}

/** Every reason given must be true: the independent exhaustive search finds no win either. */
function expectTrulyLost(position: Board, rule: GoalRule = 'all-goals'): void {
  expect(solveByExhaustion(position, rule).fewestMoves).toBeNull();
}

describe('why a position is lost', () => {
  it('names a box pushed into a corner off a goal as standing on a dead square', () => {
    const cornered = board('######', '#$  .#', '#  @ #', '######');
    expect(explainLoss(cornered, 'all-goals')).toEqual({ kind: 'dead-square', squares: [square(cornered, 'Bb')], message: 'the box at Bb stands on a dead square' });
    expectTrulyLost(cornered);
  });

  it('names every box on a dead square, in board order', () => {
    const twoCorners = board('#######', '#$  .$#', '#  @. #', '#######');
    const reason = explainLoss(twoCorners, 'all-goals');
    expect(reason?.kind).toBe('dead-square');
    expect(reason?.message).toBe('the boxes at Bb and Fb stand on dead squares');
  });

  it('names boxes that hold each other against a wall as frozen off goals', () => {
    // Along the top wall each box alone could still slide to a goal: it is their pair that is stuck.
    const pair = board('#######', '#. $$.#', '#  @  #', '#######');
    expect(explainLoss(pair, 'all-goals')).toEqual({
      kind: 'frozen',
      squares: [square(pair, 'Db'), square(pair, 'Eb')],
      message: 'the boxes at Db and Eb are frozen off goals',
    });
    expectTrulyLost(pair);
  });

  it('says which of a frozen group stand off goals when some of it is home', () => {
    const halfHome = board('#######', '#  *$.#', '#  @  #', '#######');
    expect(explainLoss(halfHome, 'all-goals')?.message).toBe('the boxes at Db and Eb are frozen, Eb off a goal');
    expectTrulyLost(halfHome);
  });

  it('says no matching exists when two boxes can only ever reach the same goal', () => {
    // Both boxes are held to the top wall, whose only goal is Bb; neither is dead nor frozen.
    const crowded = board('#########', '#.  $ $ #', '#       #', '#   @  .#', '#########');
    expect(explainLoss(crowded, 'all-goals')).toEqual({ kind: 'no-matching', squares: [], message: 'no way to match boxes to goals' });
    expectTrulyLost(crowded);
  });

  it('names a corral whose fence boxes can never let the player in', () => {
    // Ed is fenced by the boxes at Dd and Ec: each could only be pushed into it (a dead corner)
    // or pushed from it, and the player cannot get there. No box alone is dead or frozen.
    const fenced = board('######', '#   .#', '#   $#', '# +$ #', '######');
    expect(explainLoss(fenced, 'all-goals')).toEqual({ kind: 'corral', squares: [square(fenced, 'Ed')], message: 'the corral at Ed can never be opened' });
    expectTrulyLost(fenced);
  });

  it('names a goal that boxes fixed on the goals around it leave unfillable', () => {
    const wedged = board('#####', '#. *#', '# $ #', '#* @#', '#####');
    expect(explainLoss(wedged, 'all-goals')).toEqual({ kind: 'unfillable-goal', squares: [square(wedged, 'Bb')], message: 'the goal at Bb can never be filled' });
    expectTrulyLost(wedged);
  });

  it('says why a level cannot be won at all', () => {
    const tooManyBoxes = board('#######', '#@$$ .#', '#######');
    expect(explainLoss(tooManyBoxes, 'all-boxes')).toEqual({ kind: 'hopeless', squares: [], message: 'there are more boxes than goals' });
  });

  it('says nothing about a position that can still be won', () => {
    const open = board('#######', '#@ $ .#', '#######');
    expect(explainLoss(open, 'all-goals')).toBeUndefined();
    const solvedAlready = board('#####', '#@**#', '#####');
    expect(explainLoss(solvedAlready, 'all-goals')).toBeUndefined();
  });

  it('lets spare boxes rest in corners when the rule only asks for every goal filled', () => {
    const spare = board('######', '#$  .#', '#  $ #', '#  @ #', '######');
    expect(explainLoss(spare, 'all-goals')).toBeUndefined();
    expect(deadOrFrozenBoxes(spare, 'all-goals')).toEqual([]);
  });
});

describe('one explainer asked about the positions of a game', () => {
  it('follows a game move by move: nothing is lost until the box goes into the corner', () => {
    const start = board('######', '#    #', '# $ .#', '#@   #', '######');
    const explainer = new LossExplainer(start, 'all-goals');
    expect(explainer.explain(start)).toBeUndefined();
    const afterPushUp = replay(start, 'rU', { rule: 'all-goals' }).board;
    expect(explainer.explain(afterPushUp)?.message).toBe('the box at Cb stands on a dead square');
    expect(explainer.explain(start)).toBeUndefined();
  });

  it('refuses a board of another size or with another number of boxes', () => {
    const explainer = new LossExplainer(board('#####', '#@$.#', '#####'), 'all-goals');
    expect(() => explainer.explain(board('######', '#@$ .#', '######'))).toThrow(RangeError);
    expect(() => explainer.explain(board('#####', '#@ .#', '#####'))).toThrow(RangeError);
  });
});

describe('the dead or frozen boxes of a position (for marking them on a board)', () => {
  it('lists boxes on dead squares and boxes frozen off goals, and no other box', () => {
    const mixed = board('#########', '#$  $$ .#', '#   @  .#', '#  $   .#', '#      .#', '#########');
    expect(deadOrFrozenBoxes(mixed, 'all-goals')).toEqual([square(mixed, 'Bb'), square(mixed, 'Eb'), square(mixed, 'Fb')]);
  });

  it('lists a frozen group with a box on its goal whole, since none of it can move again', () => {
    const halfHome = board('#######', '#  *$.#', '#  @  #', '#######');
    expect(deadOrFrozenBoxes(halfHome, 'all-goals')).toEqual([square(halfHome, 'Db'), square(halfHome, 'Eb')]);
  });

  it('lists nothing while every box can still reach a goal', () => {
    const open = board('#######', '#     #', '# $ $ #', '#@ .. #', '#######');
    expect(deadOrFrozenBoxes(open, 'all-goals')).toEqual([]);
  });
});
