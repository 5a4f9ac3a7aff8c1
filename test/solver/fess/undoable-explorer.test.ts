import { describe, expect, it } from 'vitest';
import { UndoableExplorer } from '../../../src/solver/fess/undoable-explorer.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

// The box in the doorway shuts the player into the left room; the other box, in the right room,
// can be pushed from the sides the player cannot reach now.
const rooms = ['##########', '#   #    #', '#   $    #', '#@  #  $ #', '#   #..  #', '##########'];

/** The explorer on `rows`, asked about candidates written as [from square, to square, side the player ends on, score, plan steps after]. */
function explorer(rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const analysis = analyzeLevel(problem);
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  const boxAt = new Uint8Array(problem.cellCount);
  for (const box of problem.initialBoxes) boxAt[box] = 1;
  const boxList = Int32Array.from(problem.initialBoxes);
  // The player's area now: 1 where it walks, 0 elsewhere.
  const reach = new PlayerReach(problem);
  reach.boxAt.set(boxAt);
  reach.flood(problem.initialPlayer);
  const label = Int32Array.from({ length: problem.cellCount }, (_, c) => (reach.reached(c) ? 1 : 0));
  const explore = new UndoableExplorer(problem, analysis.dead);
  type Candidate = [[number, number], [number, number], [number, number], number, number];
  const choose = (candidates: Candidate[], packed = 0): number => {
    const from = Int32Array.from(candidates, ([f]) => cell(...f));
    const target = Int32Array.from(candidates, ([, to, side]) => {
      const at = cell(...to);
      const player = cell(...side);
      const d = [0, 1, 2, 3].find((k) => problem.neighbours[at * 4 + k] === player) ?? -1;
      return at * 4 + d;
    });
    const keys = Float64Array.from(candidates, ([, , , key]) => key);
    const packedAfter = Int32Array.from(candidates, ([, , , , steps]) => steps);
    const chosen = explore.choose(boxAt, boxList, boxList.length, label, 1, packed, candidates.length, from, target, keys, packedAfter);
    // The position is left as it was.
    expect(Array.from(boxAt.keys()).filter((c) => boxAt[c] !== 0)).toEqual(Array.from(problem.initialBoxes).sort((a, b) => a - b));
    return chosen;
  };
  return { choose };
}

describe("Festival's explorer rule (moves a lone box could undo)", () => {
  // Out of the doorway into the right room, where a lone box can be pushed back from.
  const undoable: [[number, number], [number, number], [number, number], number, number] = [[2, 4], [2, 6], [2, 5], 5, 0];
  // Out of the doorway into the room's corner, from which no box comes back.
  const intoCorner: [[number, number], [number, number], [number, number], number, number] = [[2, 4], [1, 8], [2, 8], 10, 0];

  it('takes a move that opens the other room and can be undone, over a better-scoring one that cannot be undone', () => {
    const { choose } = explorer(rooms);
    expect(choose([intoCorner, undoable])).toBe(1);
    expect(choose([intoCorner])).toBe(-1);
  });

  it('never takes a move that leaves fewer plan steps done', () => {
    const { choose } = explorer(rooms);
    expect(choose([undoable], 1)).toBe(-1);
    expect(choose([[...undoable.slice(0, 4), 1] as typeof undoable], 1)).toBe(0);
  });
});
