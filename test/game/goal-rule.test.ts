import { describe, expect, it } from 'vitest';
import { LevelError } from '../../src/errors.js';
import { chooseGoalRule, isSolved } from '../../src/game/goal-rule.js';
import type { Board } from '../../src/level/board.js';
import type { Level, LevelFormat } from '../../src/level/level.js';
import { board } from './board-helper.js';

function level(format: LevelFormat, b: Board): Level {
  return {
    board: b,
    title: null,
    author: null,
    comments: [],
    solutions: [],
    source: { file: 'set.xsb', index: 3, line: 17 },
    format,
  };
}

const twoBoxesOneGoal = board('#######', '#@$$. #', '#######');
const oneBoxTwoGoals = board('#######', '#@$ ..#', '#######');
const oneBoxOneGoal = board('######', '#@$ .#', '######');
const oneBoxTwoGoalsForKeeper = board('#######', '#@$ ..#', '#######');

describe('isSolved', () => {
  it('all-goals: every goal holds a box', () => {
    expect(isSolved(board('####', '#@*#', '####'), 'all-goals')).toBe(true);
  });

  it('all-goals: never won without goals', () => {
    expect(isSolved(board('####', '#@ #', '####'), 'all-goals')).toBe(false);
  });

  it('all-goals: never won with fewer boxes than goals', () => {
    expect(isSolved(board('#####', '#@*.#', '#####'), 'all-goals')).toBe(false);
  });

  it('all-boxes: won with an empty goal left over', () => {
    expect(isSolved(board('#####', '#@*.#', '#####'), 'all-boxes')).toBe(true);
  });

  it('keeper-too: needs the player on a goal as well', () => {
    expect(isSolved(board('#####', '#@*.#', '#####'), 'keeper-too')).toBe(false);
    expect(isSolved(board('#####', '#+* #', '#####'), 'keeper-too')).toBe(true);
  });
});

describe('chooseGoalRule', () => {
  it('keeps a requested all-goals whatever the counts', () => {
    expect(chooseGoalRule(level('xsb', twoBoxesOneGoal), 'all-goals')).toBe('all-goals');
    expect(chooseGoalRule(level('xsb', oneBoxTwoGoals), 'all-goals')).toBe('all-goals');
  });

  it('keeps a requested all-boxes when goals outnumber boxes', () => {
    expect(chooseGoalRule(level('xsb', oneBoxTwoGoals), 'all-boxes')).toBe('all-boxes');
  });

  it('refuses all-boxes with more boxes than goals, naming the level and counts', () => {
    expect(() => chooseGoalRule(level('xsb', twoBoxesOneGoal), 'all-boxes')).toThrow(LevelError);
    expect(() => chooseGoalRule(level('xsb', twoBoxesOneGoal), 'all-boxes')).toThrow('set.xsb:17: 2 boxes but 1 goal: with --goal all-boxes every box needs a goal of its own');
  });

  it('keeps keeper-too when there is a goal for the player as well', () => {
    expect(chooseGoalRule(level('grid', oneBoxTwoGoalsForKeeper), 'keeper-too')).toBe('keeper-too');
  });

  it('refuses keeper-too without a spare goal for the player', () => {
    expect(() => chooseGoalRule(level('grid', oneBoxOneGoal), 'keeper-too')).toThrow(
      '1 box but 1 goal: with --goal keeper-too the boxes and the player each need a goal of their own',
    );
  });

  it('plays 6.101 JSON under all-goals by default, even with unequal counts', () => {
    expect(chooseGoalRule(level('json', twoBoxesOneGoal), undefined)).toBe('all-goals');
  });

  it('plays CS161 grids under all-boxes by default', () => {
    expect(chooseGoalRule(level('grid', oneBoxTwoGoals), undefined)).toBe('all-boxes');
  });

  it('plays XSB with equal counts under the standard rule', () => {
    expect(chooseGoalRule(level('xsb', oneBoxOneGoal), undefined)).toBe('all-boxes');
  });

  it('asks for --goal on XSB with unequal counts', () => {
    expect(() => chooseGoalRule(level('xsb', oneBoxTwoGoals), undefined)).toThrow('set.xsb:17: 1 box but 2 goals: choose a rule with --goal all-goals|all-boxes|keeper-too');
  });
});
