import { describe, expect, it } from 'vitest';
import { INFEASIBLE, MatchingBound } from '../../../src/solver/bounds/matching-bound.js';
import { computePushDistancesTo, UNREACHABLE } from '../../../src/solver/geometry/push-distances.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { Arrangement, arrangementScore } from '../../../src/solver/planning/arrangement.js';
import { SquareMatching } from '../../../src/solver/planning/square-matching.js';
import { board } from '../helpers.js';

const cell = (problem: Problem, row: number, column: number): number => problem.cellOfSquare[row * problem.width + column];

/** A small seeded generator, so the random positions are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe('an arrangement of every box to aim at (Festival strategy D)', () => {
  it('counts hotspots: boxes off its squares touching a wall or a box, and empty squares no box can be pushed onto', () => {
    // Squares (goals of the arrangement) at (2,2) and (2,5); boxes at (1,1) by the wall and (3,4) in the open.
    const start = board('########', '#$     #', '#      #', '#   $  #', '#     @#', '#..    #', '########');
    const problem = buildProblem(start, 'all-goals');
    const arrangement = new Arrangement(analyzeLevel(problem), Int32Array.of(cell(problem, 2, 2), cell(problem, 2, 5)));
    const boxAt = new Uint8Array(problem.cellCount);
    const boxes = Int32Array.of(cell(problem, 1, 1), cell(problem, 3, 4));
    for (const box of boxes) boxAt[box] = 1;
    // The box by the wall is one; both squares can be reached from some side.
    expect(arrangement.hotspots(boxAt, boxes, 2)).toBe(1);
    expect(arrangement.boxesOn(boxAt)).toBe(0);
  });

  it('tells the change in hotspots a move makes exactly as a count from scratch does, on random positions', () => {
    const start = board('##########', '#   #    #', '#        #', '#  ##  # #', '#        #', '# #   #  #', '#    @  .#', '##########');
    const problem = buildProblem(start, 'all-goals');
    const random = seeded(11);
    const n = problem.cellCount;
    for (let trial = 0; trial < 300; trial++) {
      const squares: number[] = [];
      for (let c = 0; c < n; c++) if (random() < 0.3) squares.push(c);
      const boxAt = new Uint8Array(n);
      const boxes: number[] = [];
      for (let c = 0; c < n; c++) if (random() < 0.35) boxes.push(c);
      for (const box of boxes) boxAt[box] = 1;
      const empty = Array.from({ length: n }, (_, c) => c).filter((c) => boxAt[c] === 0);
      if (boxes.length === 0 || empty.length === 0 || squares.length === 0) continue;
      const arrangement = new Arrangement(analyzeLevel(problem), Int32Array.from(squares));
      const from = boxes[Math.floor(random() * boxes.length)];
      const to = empty[Math.floor(random() * empty.length)];
      const before = arrangement.hotspots(boxAt, Int32Array.from(boxes), boxes.length);
      const change = arrangement.hotspotChange(boxAt, from, to);
      boxAt[from] = 0;
      boxAt[to] = 1;
      const after = arrangement.hotspots(boxAt, Int32Array.from(boxes.map((b) => (b === from ? to : b))), boxes.length);
      expect(change).toBe(after - before);
    }
  });

  it('scores every move of positions met one after another as scoring each child from scratch does', () => {
    // Work is kept from move to move of a position and from position to position (the parent's
    // matching started from the last parent's, the paths to a freed square, the hotspots before
    // any move): none may show.
    const start = board('############', '#    #     #', '#          #', '#  ##   #  #', '#          #', '# #    #   #', '#     @    #', '############');
    const problem = buildProblem(start, 'all-goals');
    const analysis = analyzeLevel(problem);
    const random = seeded(44);
    const n = problem.cellCount;
    const boxCount = 7;
    const pick = (taken: Uint8Array): number => {
      for (;;) {
        const c = Math.floor(random() * n);
        if (taken[c] === 0) return c;
      }
    };
    const squaresAt = new Uint8Array(n);
    for (let k = 0; k < boxCount; k++) squaresAt[pick(squaresAt)] = 1;
    const squares = Int32Array.from({ length: n }, (_, c) => c).filter((c) => squaresAt[c] === 1);
    const arrangement = new Arrangement(analysis, squares);
    const fromScratch = new MatchingBound(computePushDistancesTo(problem, squares, analysis.regions, analysis.stopCheck), boxCount, true);
    const boxAt = new Uint8Array(n);
    const boxes = new Int32Array(boxCount);
    for (let k = 0; k < boxCount; k++) {
      boxes[k] = pick(boxAt);
      boxAt[boxes[k]] = 1;
    }
    const from = new Int32Array(boxCount * 6);
    const targets = new Int32Array(boxCount * 6);
    const areasAfter = new Int32Array(boxCount * 6);
    const scores = new Float64Array(boxCount * 6);
    let farMoves = 0;
    let matched = 0;
    for (let position = 0; position < 60; position++) {
      // The next position moves one or two boxes of the last, as a search's next position often does.
      for (let moved = 0; moved < 1 + (position % 2); moved++) {
        const k = Math.floor(random() * boxCount);
        boxAt[boxes[k]] = 0;
        boxes[k] = pick(boxAt);
        boxAt[boxes[k]] = 1;
      }
      let count = 0;
      for (const box of boxes) {
        for (let t = 0; t < 1 + Math.floor(random() * 6); t++) {
          const to = pick(boxAt);
          from[count] = box;
          targets[count] = to * 4 + Math.floor(random() * 4);
          areasAfter[count++] = 1 + Math.floor(random() * 3);
        }
      }
      const hot = arrangement.hotspots(boxAt, boxes, boxCount);
      arrangement.scoreMoves(boxes, boxCount, boxAt, 1, count, from, targets, areasAfter, scores);
      for (let c = 0; c < count; c++) {
        const to = targets[c] >> 2;
        const child = Int32Array.from(boxes, (b) => (b === from[c] ? to : b));
        const distance = fromScratch.evaluate(child, boxCount);
        boxAt[from[c]] = 0;
        boxAt[to] = 1;
        const hotAfter = arrangement.hotspots(boxAt, child, boxCount);
        const on = arrangement.boxesOn(boxAt);
        boxAt[to] = 0;
        boxAt[from[c]] = 1;
        expect(scores[c]).toBe(arrangementScore(distance, areasAfter[c], on, Math.min(63, hotAfter)));
        const row = (cell: number): number => Math.floor(problem.squareOfCell[cell] / problem.width);
        const column = (cell: number): number => problem.squareOfCell[cell] % problem.width;
        if (Math.abs(row(from[c]) - row(to)) + Math.abs(column(from[c]) - column(to)) > 4) farMoves++;
        if (distance < INFEASIBLE) matched++;
      }
      expect(arrangement.hotspots(boxAt, boxes, boxCount)).toBe(hot);
    }
    // Moves far apart and near, and children with a matching, were met.
    expect(farMoves).toBeGreaterThan(100);
    expect(matched).toBeGreaterThan(100);
  });

  it('scores a move that keeps every box matched first, then fewer areas, more boxes on squares, fewer hotspots, a smaller distance', () => {
    expect(arrangementScore(900, 9, 0, 40)).toBeGreaterThan(arrangementScore(INFEASIBLE, 1, 9, 0));
    expect(arrangementScore(900, 1, 0, 40)).toBeGreaterThan(arrangementScore(0, 2, 9, 0));
    expect(arrangementScore(900, 1, 3, 40)).toBeGreaterThan(arrangementScore(0, 1, 2, 0));
    expect(arrangementScore(900, 1, 3, 4)).toBeGreaterThan(arrangementScore(0, 1, 3, 5));
    expect(arrangementScore(10, 1, 3, 4)).toBeGreaterThan(arrangementScore(11, 1, 3, 4));
  });

  it('advises the best move that scores better than the position, and none when no move does', () => {
    // One box, one square two steps to its left: pushing it onto the square is the advice.
    const start = board('#######', '#     #', '# . $@#', '#     #', '#######');
    const problem = buildProblem(start, 'all-goals');
    const arrangement = new Arrangement(analyzeLevel(problem), Int32Array.of(cell(problem, 2, 2)));
    const box = cell(problem, 2, 4);
    const boxAt = new Uint8Array(problem.cellCount);
    boxAt[box] = 1;
    const from = Int32Array.of(box, box);
    // Target states are cell * 4 + side; the side does not matter to the score.
    const targets = Int32Array.of(cell(problem, 2, 2) * 4, cell(problem, 1, 4) * 4);
    const scores = new Float64Array(2);
    expect(arrangement.scoreMoves(Int32Array.of(box), 1, boxAt, 1, 2, from, targets, Int32Array.of(1, 1), scores)).toBe(0);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    // From the square itself, no move is better than staying.
    boxAt[box] = 0;
    boxAt[cell(problem, 2, 2)] = 1;
    const away = arrangement.scoreMoves(Int32Array.of(cell(problem, 2, 2)), 1, boxAt, 1, 1, Int32Array.of(cell(problem, 2, 2)), Int32Array.of(box * 4), Int32Array.of(1), scores);
    expect(away).toBe(-1);
  });
});

describe('matching boxes to squares where not every box has one', () => {
  // Three boxes (rows) and three squares; UNREACHABLE marks a square a box cannot be pushed onto.
  const X = UNREACHABLE;
  // Cells 0..3: cell 0 reaches squares 0 and 1, cell 1 only square 0, cell 2 only square 0, cell 3 only square 2.
  const distance = Uint16Array.of(1, 1, X, 1, X, X, 1, X, X, X, X, 1);

  it('finds the largest matching of a position', () => {
    const matching = new SquareMatching(distance, 3);
    expect(matching.matchParent(Int32Array.of(0, 1, 3), 3)).toBe(3);
    expect(matching.matchParent(Int32Array.of(1, 2, 3), 3)).toBe(2);
  });

  it('says whether moving one box lets every box have a square, and leaves the parent as it was', () => {
    const matching = new SquareMatching(distance, 3);
    matching.matchParent(Int32Array.of(1, 2, 3), 3);
    // Box 1 (on cell 2) moving to cell 0 frees square 0 for box 0 and takes square 1.
    expect(matching.childMatchesAll(1, 0)).toBe(true);
    expect(matching.childMatchesAll(1, 3)).toBe(false);
    expect(matching.childMatchesAll(2, 0)).toBe(false);
    expect(matching.childMatchesAll(1, 0)).toBe(true);
  });

  it('gives up on children of a position that misses two boxes or more', () => {
    const matching = new SquareMatching(distance, 3);
    expect(matching.matchParent(Int32Array.of(1, 2, 2), 3)).toBe(1);
    expect(matching.childMatchesAll(0, 0)).toBe(false);
  });
});
