import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import { BOX, type Board } from '../../../src/level/board.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { PackedPositions } from '../../../src/solver/model/position.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { type SpreadMeasure, SpreadSearch, spreadScore } from '../../../src/solver/planning/spread-search.js';
import { board } from '../helpers.js';

/** Whether these pushes, spelled out with their walks, solve the board. */
function solves(start: Board, problem: Problem, pushes: Int32Array): boolean {
  const { lurd } = pushesToLurd(problem, pushes);
  const replayed = replay(start, lurd, { rule: 'all-goals', strictCase: true });
  return replayed.valid && replayed.solved && replayed.solvedAfter === replayed.moves;
}

/** The search's node for the position with boxes on `boxes` (cells) and the player on `player`, as a forward search looks it up. */
function meetingOf(search: SpreadSearch, problem: Problem, boxes: readonly number[], player: number): number {
  const positions = new PackedPositions(problem);
  const packed = new Uint32Array(problem.words);
  const boxHash = positions.pack(boxes, boxes.length, packed);
  const reach = new PlayerReach(problem);
  for (const box of boxes) reach.boxAt[box] = 1;
  reach.flood(player);
  return search.meet(packed, reach.topLeft, positions.hash(boxHash, reach.topLeft));
}

const cell = (problem: Problem, row: number, column: number): number => problem.cellOfSquare[row * problem.width + column];

describe('the spread-out backward search (Festival strategy D)', () => {
  it('finds the start by pulls alone on a small level: its pulls reversed solve the level', () => {
    const start = board('#######', '#.  $@#', '#######');
    const problem = buildProblem(start, 'all-goals');
    const search = new SpreadSearch(analyzeLevel(problem));
    search.run(1000);
    expect(search.state).toBe('met-start');
    expect(solves(start, problem, search.pushesHome(search.startNode, problem.initialPlayer))).toBe(true);
  });

  it('keeps every position it made, each of which its pulls take home', () => {
    // Two boxes in an open room: the start lies far from the goals, so the search does not end at once.
    const start = board('########', '#..    #', '#      #', '#  $ $ #', '#     @#', '########');
    const problem = buildProblem(start, 'all-goals');
    const search = new SpreadSearch(analyzeLevel(problem));
    search.run(40);
    const best = search.bestBoxes();
    expect(best).not.toBeNull();
    expect(best?.length).toBe(2);
    // The best position, met as a forward search would meet it, goes home by the reversed pulls.
    const boxes = Array.from(best ?? []);
    let player = 0;
    while (boxes.includes(player)) player++;
    const node = meetingOf(search, problem, boxes, player);
    expect(node).toBeGreaterThanOrEqual(0);
    const squares = start.squares.map((square) => square & ~BOX);
    for (const box of boxes) squares[problem.squareOfCell[box]] |= BOX;
    const arranged: Board = { ...start, squares, player: problem.squareOfCell[player] };
    // The same walls number the cells alike, so the pushes read on a problem built from the arrangement.
    expect(solves(arranged, buildProblem(arranged, 'all-goals'), search.pushesHome(node, player))).toBe(true);
  });

  it('never meets a position it did not make', () => {
    const start = board('#######', '#.  $@#', '#######');
    const problem = buildProblem(start, 'all-goals');
    const search = new SpreadSearch(analyzeLevel(problem));
    search.run(1);
    expect(meetingOf(search, problem, [cell(problem, 1, 2)], cell(problem, 1, 5))).toBe(-1);
  });

  it("ends with the spread the measure it is given says: the goals' distances added up, or a matching of boxes to goals", () => {
    // Two goals at the ends of a row: the sum weighs a box by both goals, the matching by the one it would take.
    const start = board('#######', '#.   .#', '# $ $ #', '#  @  #', '#######');
    const problem = buildProblem(start, 'all-goals');
    const bestBy = (measure: SpreadMeasure): number[] => {
      const search = new SpreadSearch(analyzeLevel(problem), Number.POSITIVE_INFINITY, measure);
      search.run(1000);
      return Array.from(search.bestBoxes() ?? []);
    };
    const bySum = bestBy('goal-sum');
    const byMatching = bestBy('goal-matching');
    expect(bySum).toHaveLength(2);
    expect(byMatching).toHaveLength(2);
    expect(byMatching).not.toEqual(bySum);
  });

  it('scores fewer areas first, then fewer broken room links, then (with one area) fewer stuck boxes, then the spread', () => {
    expect(spreadScore(1, 3, 9, 0)).toBeGreaterThan(spreadScore(2, 0, 0, 1000));
    expect(spreadScore(2, 0, 9, 0)).toBeGreaterThan(spreadScore(2, 1, 0, 1000));
    expect(spreadScore(1, 0, 0, 0)).toBeGreaterThan(spreadScore(1, 0, 1, 1000));
    // With several areas the stuck boxes are not compared.
    expect(spreadScore(2, 0, 5, 11)).toBeGreaterThan(spreadScore(2, 0, 0, 10));
    expect(spreadScore(1, 0, 2, 11)).toBeGreaterThan(spreadScore(1, 0, 2, 10));
  });
});
