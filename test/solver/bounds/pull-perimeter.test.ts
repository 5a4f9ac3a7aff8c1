import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOX, type Board, WALL } from '../../../src/level/board.js';
import { replay } from '../../../src/game/replay.js';
import { parseCollection } from '../../../src/level/parse.js';
import { INFEASIBLE } from '../../../src/solver/bounds/matching-bound.js';
import { PullPerimeter } from '../../../src/solver/bounds/pull-perimeter.js';
import { PushSearch, type SearchConfig } from '../../../src/solver/engines/push-search.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { PackedPositions } from '../../../src/solver/model/position.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board, sharedDir } from '../helpers.js';
import { fewestByExhaustionWithin } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The pull perimeter stores every position within its depth of a solved one with its exact
 * fewest pushes; the pushes mode takes those distances, and depth + 1 outside, as its bound. Its
 * distances must be the exhaustive judge's, and the search must keep proving the fewest pushes.
 */

const JUDGE_LIMIT = 200_000;

function perimeterOf(start: Board, maxPositions: number): { problem: Problem; perimeter: PullPerimeter | null } {
  const problem = buildProblem(start, 'all-goals');
  return { problem, perimeter: PullPerimeter.build(analyzeLevel(problem), { maxPositions, maxBytes: Number.POSITIVE_INFINITY }) };
}

/** The perimeter's key of a board's position on the start's problem: packed boxes, box hash, least cell of the player's area. */
function keyOf(problem: Problem, position: Board): { boxes: Uint32Array; boxHash: number; keyPlayer: number } {
  const cells: number[] = [];
  position.squares.forEach((flags, square) => {
    if ((flags & BOX) !== 0) cells.push(problem.cellOfSquare[square]);
  });
  const boxes = new Uint32Array(problem.words);
  const boxHash = new PackedPositions(problem).pack(cells, cells.length, boxes);
  const reach = new PlayerReach(problem);
  for (const cell of cells) reach.boxAt[cell] = 1;
  reach.walk(problem.cellOfSquare[position.player]);
  return { boxes, boxHash, keyPlayer: reach.topLeft };
}

function distanceOf(problem: Problem, perimeter: PullPerimeter, position: Board): number {
  const { boxes, boxHash, keyPlayer } = keyOf(problem, position);
  return perimeter.distanceOf(boxes, keyPlayer, boxHash);
}

function raised(problem: Problem, perimeter: PullPerimeter, position: Board, lower: number): number {
  const { boxes, boxHash, keyPlayer } = keyOf(problem, position);
  return perimeter.raise(lower, boxes, keyPlayer, boxHash);
}

/** The positions one push from `start`: each box pushed each way the player can walk round to push it. */
function childrenOf(start: Board): Board[] {
  const { width, squares } = start;
  const free = (square: number): boolean => (squares[square] & (WALL | BOX)) === 0;
  const reached = new Set([start.player]);
  const queue = [start.player];
  const steps = [-width, width, -1, 1];
  while (queue.length > 0) {
    const at = queue.pop() as number;
    for (const step of steps) {
      if (free(at + step) && !reached.has(at + step)) {
        reached.add(at + step);
        queue.push(at + step);
      }
    }
  }
  const children: Board[] = [];
  squares.forEach((flags, box) => {
    if ((flags & BOX) === 0) return;
    for (const step of steps) {
      if (!reached.has(box - step) || !free(box + step)) continue;
      const moved = Uint8Array.from(squares);
      moved[box] &= ~BOX;
      moved[box + step] |= BOX;
      children.push({ ...start, squares: moved, player: box });
    }
  });
  return children;
}

/** Random boards with as many boxes as goals (1 to `most`), every box movable, that the judge solves. */
function solvableBoards(seed: number, count: number, most: number): Board[] {
  const random = seededRandom(seed);
  const boards: Board[] = [];
  while (boards.length < count) {
    const boxes = 1 + Math.floor(random() * most);
    const start = randomBoard(random, { boxes, goals: boxes });
    if (start === null) continue;
    const problem = buildProblem(start, 'all-goals');
    if (problem.hopelessBecause !== null || problem.initialBoxes.length !== boxes) continue;
    const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', JUDGE_LIMIT);
    if (truth !== null && truth !== 'too large') boards.push(start);
  }
  return boards;
}

const PUSHES: SearchConfig = { mode: 'pushes', corralPruning: true, triplePatterns: true, moveTies: false };

/** The optimal pushes mode's first search with the given perimeter (or none), run to its end, its solution replayed. */
function fewestPushes(start: Board, perimeter?: SearchConfig['pullPerimeter']): { state: string; pushes: number | null; expanded: number; search: PushSearch } {
  const problem = buildProblem(start, 'all-goals');
  const search = new PushSearch(analyzeLevel(problem), { ...PUSHES, ...(perimeter === undefined ? {} : { pullPerimeter: perimeter }) });
  while (search.state === 'running') search.run(10_000);
  if (search.state !== 'solved') return { state: search.state, pushes: null, expanded: search.expanded, search };
  const solution = pushesToLurd(problem, search.solution());
  const replayed = replay(start, solution.lurd, { rule: 'all-goals', strictCase: true });
  expect(replayed.error, drawBoard(start)).toBeNull();
  expect(replayed.solved, drawBoard(start)).toBe(true);
  expect(replayed.pushes).toBe(solution.pushes);
  return { state: search.state, pushes: solution.pushes, expanded: search.expanded, search };
}

describe('the pull perimeter', () => {
  it('holds a corridor layer by layer, each position at its fewest pushes, up to the layer of the start', () => {
    const start = board('#######', '#@$  .#', '#######');
    const { problem, perimeter } = perimeterOf(start, 1_000);
    if (perimeter === null) throw new Error('expected a perimeter');
    // The box on the goal with the player on its left, then pulled back one square a layer; the
    // third layer holds the start, and the build ends there.
    expect(perimeter.layerSizes).toEqual([1, 1, 1, 1]);
    expect(perimeter.complete).toBe(false);
    expect(perimeter.depth).toBe(3);
    expect(distanceOf(problem, perimeter, start)).toBe(3);
    expect(distanceOf(problem, perimeter, board('#######', '#  @$.#', '#######'))).toBe(1);
  });

  it('knows when the pulls ran out: then a position it does not hold is lost', () => {
    // Two boxes in a row in a corridor: the player can push only the first, into the second.
    const start = board('#######', '#@$$..#', '#######');
    const { problem, perimeter } = perimeterOf(start, 1_000);
    if (perimeter === null) throw new Error('expected a perimeter');
    // Home, then the first box pulled out one square and two: the second can never be reached.
    expect(perimeter.layerSizes).toEqual([1, 1, 1]);
    expect(perimeter.complete).toBe(true);
    expect(perimeter.depth).toBe(2);
    expect(distanceOf(problem, perimeter, start)).toBe(-1);
    expect(raised(problem, perimeter, start, 0)).toBe(INFEASIBLE);
  });

  it('stops at the last layer it can hold whole, and says depth + 1 beyond it', () => {
    // Six pushes along the corridor; four positions are room for layers 0 to 3 only.
    const start = board('##########', '#@$     .#', '##########');
    const { problem, perimeter } = perimeterOf(start, 4);
    if (perimeter === null) throw new Error('expected a perimeter');
    expect(perimeter.complete).toBe(false);
    expect(perimeter.depth).toBe(3);
    expect(distanceOf(problem, perimeter, start)).toBe(-1);
    expect(raised(problem, perimeter, start, 0)).toBe(4);
    expect(raised(problem, perimeter, start, 6)).toBe(6);
    const twoAway = board('##########', '#    @$ .#', '##########');
    expect(raised(problem, perimeter, twoAway, 0)).toBe(2);
  });

  it('keeps the player area apart: the same boxes with the player shut in elsewhere are another position', () => {
    // Box on the goal between two rooms: from the left room the last push came from the left.
    const start = board('#######', '#@ $. #', '#######');
    const { problem, perimeter } = perimeterOf(start, 1_000);
    if (perimeter === null) throw new Error('expected a perimeter');
    expect(distanceOf(problem, perimeter, board('#######', '#  @* #', '#######'))).toBe(0);
    expect(distanceOf(problem, perimeter, board('#######', '#   *@#', '#######'))).toBe(0);
    expect(distanceOf(problem, perimeter, start)).toBe(1);
  });

  it("gives the exhaustive judge's fewest pushes for random starts and their children, inside any depth", () => {
    let inside = 0;
    let outside = 0;
    for (const [index, start] of solvableBoards(5150, 120, 3).entries()) {
      const maxPositions = [12, 60, 400, 1_000_000][index % 4];
      const { problem, perimeter } = perimeterOf(start, maxPositions);
      if (perimeter === null) continue;
      for (const position of [start, ...childrenOf(start)]) {
        const truth = fewestByExhaustionWithin(position, 'all-goals', 'pushes', JUDGE_LIMIT);
        if (truth === 'too large') continue;
        const distance = distanceOf(problem, perimeter, position);
        const where = `${drawBoard(position)}\nperimeter of ${perimeter.size}, depth ${perimeter.depth}`;
        if (distance >= 0) {
          inside++;
          expect(distance, where).toBe(truth?.pushes);
        } else {
          outside++;
          // Not stored: unsolvable, or more pushes than the depth; lost for sure when the pulls ran out.
          if (truth !== null) expect(truth.pushes, where).toBeGreaterThan(perimeter.depth);
          if (perimeter.complete) expect(truth, where).toBeNull();
        }
        const bound = raised(problem, perimeter, position, 0);
        if (truth !== null) expect(bound, where).toBeLessThanOrEqual(truth.pushes);
        if (truth !== null && distance < 0) expect(bound, where).toBe(perimeter.depth + 1);
      }
    }
    expect(inside).toBeGreaterThan(200);
    expect(outside).toBeGreaterThan(50);
  });

  it('is not built where no single box placement solves the level: keeper-too, or more boxes than goals', () => {
    const keeperToo = buildProblem(board('######', '#@$..#', '# $  #', '######'), 'keeper-too');
    expect(PullPerimeter.build(analyzeLevel(keeperToo), { maxPositions: 1_000, maxBytes: Number.POSITIVE_INFINITY })).toBeNull();
    const spare = buildProblem(board('######', '#@$$.#', '#    #', '######'), 'all-goals');
    expect(PullPerimeter.build(analyzeLevel(spare), { maxPositions: 1_000, maxBytes: Number.POSITIVE_INFINITY })).toBeNull();
    const search = new PushSearch(analyzeLevel(keeperToo), { ...PUSHES, pullPerimeter: { maxPositions: 1_000, afterExpanded: 0 } });
    expect(search.builtPullPerimeter).toBeNull();
  });

  it('is refused outside the pushes mode forwards', () => {
    const analysis = analyzeLevel(buildProblem(board('#####', '#@$.#', '#####'), 'all-goals'));
    const perimeter = { maxPositions: 100, afterExpanded: 0 };
    expect(() => new PushSearch(analysis, { mode: 'moves', corralPruning: false, pullPerimeter: perimeter })).toThrow(/perimeter/);
    expect(() => new PushSearch(analysis, { mode: 'pushes', corralPruning: false, lexicographic: true, pullPerimeter: perimeter })).toThrow(/perimeter/);
    expect(() => new PushSearch(analysis, { mode: 'pushes', corralPruning: false, direction: 'backward', pullPerimeter: perimeter })).toThrow(/perimeter/);
  });
});

describe('push-optimal search with the pull perimeter', () => {
  it("proves the judge's fewest pushes on random boards, whatever the perimeter's size and when it is built", () => {
    let judged = 0;
    let raisedSome = 0;
    for (const [index, start] of solvableBoards(8086, 200, 3).entries()) {
      const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', JUDGE_LIMIT);
      if (truth === 'too large') continue;
      judged++;
      const perimeter = { maxPositions: [8, 30, 150, 1_000_000][index % 4], afterExpanded: index % 3 === 0 ? 3 : 0 };
      const withPerimeter = fewestPushes(start, perimeter);
      expect(withPerimeter.pushes, `${drawBoard(start)}\n${JSON.stringify(perimeter)}`).toBe(truth === null ? null : truth.pushes);
      if (withPerimeter.search.builtPullPerimeter !== null) raisedSome++;
    }
    expect(judged).toBe(200);
    expect(raisedSome).toBeGreaterThan(120);
  });

  it('proves the same fewest pushes as without it on the levels of test/data/random, in no more positions', () => {
    const randomDir = path.join(sharedDir, 'random');
    let solved = 0;
    let expandedWith = 0;
    let expandedWithout = 0;
    for (const [index, file] of readdirSync(randomDir)
      .filter((name) => name.endsWith('.xsb'))
      .entries()) {
      const start = parseCollection(readFileSync(path.join(randomDir, file), 'utf8'), { file }).levels[0].board;
      const without = fewestPushes(start);
      const withPerimeter = fewestPushes(start, { maxPositions: [40, 400, 100_000][index % 3], afterExpanded: 0 });
      expect(withPerimeter.state, file).toBe(without.state);
      expect(withPerimeter.pushes, file).toBe(without.pushes);
      if (without.state === 'solved') solved++;
      expandedWith += withPerimeter.expanded;
      expandedWithout += without.expanded;
    }
    expect(solved).toBeGreaterThan(50);
    expect(expandedWith).toBeLessThan(expandedWithout);
  });

  it("proves the judge's fewest pushes on symmetric boards, where the search stores canonical images and the perimeter positions as they are", () => {
    const boards = [
      board('###########', '#         #', '#. $   $ .#', '#    @    #', '###########'),
      board('#######', '#.   .#', '#  $  #', '# $@$ #', '#  $  #', '#.   .#', '#######'),
      board('#######', '#.   .#', '#  @  #', '# # # #', '# $ $ #', '#.$ $.#', '#######'),
      board('#######', '##   ##', '# *@* #', '#  #  #', '#.$ $.#', '##   ##', '#######'),
    ];
    for (const start of boards) {
      // The four-box boards take the judge up to two million positions.
      const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 2_000_000);
      if (truth === null || truth === 'too large') throw new Error('expected the judge to solve the board');
      for (const maxPositions of [10, 20, 50, 100, 300, 1_000_000]) {
        const found = fewestPushes(start, { maxPositions, afterExpanded: 0 });
        expect(found.search.symmetries).toBeGreaterThan(1);
        expect(found.search.builtPullPerimeter).not.toBeNull();
        expect(found.pushes, `${drawBoard(start)}\nperimeter of at most ${maxPositions}`).toBe(truth.pushes);
      }
    }
  });
});
