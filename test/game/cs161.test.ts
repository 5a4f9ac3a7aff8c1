import { describe, expect, it } from 'vitest';
import { LevelError } from '../../src/errors.js';
import { goalTest, h0, h1, nextStates } from '../../src/game/cs161.js';
import { readTestData } from '../helpers/test-data.js';

interface UnitCases {
  goal_test_examples: { name: string; state: number[][] | string; expected: boolean }[];
  h0_examples: { state: string; expected_h0: number }[];
  h1_examples: { state: string; expected_h1: number }[];
  next_states_cases: { name: string; start: number[][]; expected_successors: number[][][] }[];
}

const cases = JSON.parse(readTestData('cs161/hw3_py_unit_cases.json')) as UnitCases;
const problems = JSON.parse(readTestData('cs161/hw3_22_problems_boxes_rule.json')) as {
  name: string;
  grid: number[][];
}[];

/** The unit cases name problems in prose ("p1 of ...", "p17 (22-problem set)"): all from the 22-problem set. */
function problem(reference: string): number[][] {
  const name = /^p\d+/.exec(reference)?.[0];
  const found = problems.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no problem named in ${JSON.stringify(reference)}`);
  return found.grid;
}

function asSet(states: number[][][]): string[] {
  return states.map((state) => JSON.stringify(state)).sort();
}

function stateOf(state: number[][] | string): number[][] {
  return typeof state === 'string' ? problem(state) : state;
}

describe('the CS161 tester cases', () => {
  it('has the cases its README lists', () => {
    expect(cases.next_states_cases).toHaveLength(15);
    expect(cases.goal_test_examples).toHaveLength(2);
    expect(cases.h0_examples).toHaveLength(2);
    expect(cases.h1_examples).toHaveLength(2);
  });

  // The tester compares successors as sets, and its own lists are not all in one order.
  it.each(cases.next_states_cases.map((c) => [c.name, c] as const))('next_states %s', (_name, c) => {
    expect(asSet(nextStates(c.start))).toEqual(asSet(c.expected_successors));
  });

  it.each(cases.goal_test_examples.map((c) => [c.name, c] as const))('goal_test %s', (_name, c) => {
    expect(goalTest(stateOf(c.state))).toBe(c.expected);
  });

  it.each(cases.h0_examples.map((c) => [c.state, c] as const))('h0 of %s', (_name, c) => {
    expect(h0(problem(c.state))).toBe(c.expected_h0);
  });

  it.each(cases.h1_examples.map((c) => [c.state, c] as const))('h1 of %s', (_name, c) => {
    expect(h1(problem(c.state))).toBe(c.expected_h1);
  });
});

describe('the CS161-style API', () => {
  it('lists successors in the order up, down, left, right', () => {
    expect(
      nextStates([
        [0, 0, 0],
        [0, 3, 0],
        [0, 0, 0],
      ]),
    ).toEqual([
      [
        [0, 3, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 0],
        [0, 0, 0],
        [0, 3, 0],
      ],
      [
        [0, 0, 0],
        [3, 0, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 0],
        [0, 0, 3],
        [0, 0, 0],
      ],
    ]);
  });

  it('cannot push a box off the grid', () => {
    expect(nextStates([[3, 2]])).toEqual([]);
  });

  it('cannot push a box onto a box standing on a goal', () => {
    expect(nextStates([[3, 2, 5, 0]])).toEqual([]);
  });

  it('never mutates the state it expands', () => {
    const state = [[3, 2, 0, 4]];
    nextStates(state);
    expect(state).toEqual([[3, 2, 0, 4]]);
  });

  it('keeps short rows short and treats the squares beyond them as walls', () => {
    expect(nextStates([[0, 3, 0], [0]])).toEqual([
      [[3, 0, 0], [0]],
      [[0, 0, 3], [0]],
    ]);
  });

  it('goal test: won with goals left over when every box is on a goal', () => {
    expect(goalTest([[3, 5, 4]])).toBe(true);
  });

  it('goal test: not won while a box stands off a goal', () => {
    expect(goalTest([[3, 5, 2, 4]])).toBe(false);
  });

  it('goal test under keeper-too needs the keeper on a goal', () => {
    expect(goalTest([[3, 5, 4]], 'keeper-too')).toBe(false);
    expect(goalTest([[6, 5, 0]], 'keeper-too')).toBe(true);
  });

  it('h1 counts the boxes off goals only', () => {
    expect(h1([[3, 2, 5, 2, 4]])).toBe(2);
  });

  it('rejects a square value outside 0 to 6', () => {
    expect(() => nextStates([[3, 7]])).toThrow(LevelError);
    expect(() => h1([[3, 7]])).toThrow('<input>: square (0, 1) is 7, expected an integer from 0 to 6');
  });

  it('rejects a state without a keeper', () => {
    expect(() => nextStates([[0, 2, 4]])).toThrow('<input>: the state has no keeper');
  });

  it('rejects a second keeper', () => {
    expect(() => goalTest([[3, 6]])).toThrow('<input>: square (0, 1) is a second keeper');
  });
});
