import { describe, expect, it } from 'vitest';
import { DEFAULT_CORRAL_LIMITS } from '../../../src/solver/deadlocks/corral-deadlocks.js';
import { detectorListsFor } from '../../../src/solver/deadlocks/registry.js';
import { PlanOpener } from '../../../src/solver/fess/plan-opener.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

/** A level, its opener with the search over features' own after-push tests, and candidates written as [from, to] squares. */
function opener(...rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const analysis = analyzeLevel(problem);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const box of problem.initialBoxes) boxAt[box] = 1;
  const context = { problem, dead: analysis.dead, distances: analysis.distances, boxAt, backward: false, exactPlayer: false, corralLimits: DEFAULT_CORRAL_LIMITS };
  const open = new PlanOpener(problem, detectorListsFor('feature-search', context), 64);
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  /** The opener's choice at `square`, nothing packed, one player area, among `moves` (packing `packs` of them). */
  const choose = (square: [number, number], moves: [[number, number], [number, number]][], packs: number[] = []): number => {
    const from = Int32Array.from(moves, ([f]) => cell(...f));
    // The opener reads only the target's cell (target >> 2), not the player's side.
    const target = Int32Array.from(moves, ([, t]) => cell(...t) * 4);
    const packedAfter = Int32Array.from(moves, (_, c) => (packs.includes(c) ? 1 : 0));
    const areasAfter = new Int32Array(moves.length).fill(1);
    const chosen = open.choose(cell(...square), boxAt, 0, 1, moves.length, from, target, packedAfter, areasAfter);
    // The position is left as it was.
    expect(Array.from(boxAt.keys()).filter((c) => boxAt[c] !== 0)).toEqual(Array.from(problem.initialBoxes).sort((a, b) => a - b));
    return chosen;
  };
  return { choose };
}

describe("Festival's opener (clearing the plan's next square)", () => {
  // The plan's next square is the goal at (2,1); one box three steps from it, another five.
  const open = ['#########', '#       #', '#.  $ $ #', '#@      #', '#########'];

  it('pushes the box nearest the square, where it ends farthest from it', () => {
    const { choose } = opener(...open);
    const moves: [[number, number], [number, number]][] = [
      [
        [2, 6],
        [2, 7],
      ],
      [
        [2, 4],
        [2, 5],
      ],
      [
        [2, 4],
        [1, 6],
      ],
    ];
    expect(choose([2, 1], moves)).toBe(2);
  });

  it('never pushes a box nearer the square, and gives no advice where a move packs', () => {
    const { choose } = opener(...open);
    expect(
      choose(
        [2, 1],
        [
          [
            [2, 4],
            [2, 2],
          ],
        ],
      ),
    ).toBe(-1);
    const moves: [[number, number], [number, number]][] = [
      [
        [2, 4],
        [2, 5],
      ],
      [
        [2, 6],
        [2, 2],
      ],
    ];
    expect(choose([2, 1], moves, [1])).toBe(-1);
  });

  it('passes over a move whose child is lost (two boxes frozen side by side on the wall) for the next in its order', () => {
    // Pushed up and along to (1,5), the near box freezes beside the box on (1,6), neither on a goal.
    const { choose } = opener('#########', '#.    $ #', '#.  $   #', '#@      #', '#########');
    const moves: [[number, number], [number, number]][] = [
      [
        [2, 4],
        [1, 5],
      ],
      [
        [2, 4],
        [2, 5],
      ],
    ];
    expect(choose([2, 1], moves)).toBe(1);
  });

  it("passes over a move that breaks a link between Festival's rooms (a box in the doorway between them)", () => {
    // Two rooms of 2×2 squares joined by the doorway (2,4); the plan's next square is (1,8).
    const { choose } = opener('##########', '#@  #   .#', '#        #', '#   # $  #', '#####    #', '##########');
    const moves: [[number, number], [number, number]][] = [
      [
        [3, 6],
        [2, 4],
      ],
      [
        [3, 6],
        [3, 5],
      ],
    ];
    expect(choose([1, 8], moves)).toBe(1);
  });
});
