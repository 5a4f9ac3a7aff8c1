import { describe, expect, it } from 'vitest';
import { printState, printStates } from '../../src/game/cs161-print.js';

describe("the CS161 homework's printout", () => {
  it('draws each square as its XSB letter, a row per line, floor as a space', () => {
    expect(
      printState([
        [1, 1, 1, 1, 1, 1, 1, 1],
        [1, 0, 2, 3, 4, 5, 6, 1],
        [1, 1, 1, 1, 1, 1, 1, 1],
      ]),
    ).toBe('########\n# $@.*+#\n########\n');
  });

  it('keeps rows as long as they are in the state, without a frame', () => {
    expect(printState([[3, 2, 4], [1]])).toBe('@$.\n#\n');
  });

  it('shows a value outside 0-6 as a bar, as the homework does, rather than failing', () => {
    expect(printState([[3, 9]])).toBe('@|\n');
  });

  it('prints a list of states one after the other', () => {
    const first = [[3, 2, 4]];
    const second = [[0, 3, 5]];
    expect(printStates([first, second])).toBe('@$.\n @*\n');
  });
});
