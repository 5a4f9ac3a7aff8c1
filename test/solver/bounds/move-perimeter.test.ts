import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOX, WALL, type Board } from '../../../src/level/board.js';
import { replay } from '../../../src/game/replay.js';
import { parseCollection } from '../../../src/level/parse.js';
import { MovePerimeter, type MovePerimeterOptions } from '../../../src/solver/bounds/move-perimeter.js';
import { PushSearch } from '../../../src/solver/engines/push-search.js';
import { PackedPositions } from '../../../src/solver/model/position.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel, type LevelAnalysis } from '../../../src/solver/planning/analysis.js';
import { board, sharedDir } from '../helpers.js';
import { fewestByExhaustion, solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The move perimeter holds the exact fewest moves home of every position within its depth of a
 * solved one, and says at least depth + 1 of the others: checked against the exhaustive judge,
 * position by position on tiny boards, and through move-optimal search on random boards.
 */

/** Every position (player square, box squares) reachable from the board's start, one step at a time. */
function reachablePositions(start: Board): Board[] {
  const { width, squares } = start;
  const open = (square: number): boolean => (squares[square] & WALL) === 0;
  const boxesOf = (position: Board): number[] => [...position.squares.keys()].filter((square) => (position.squares[square] & BOX) !== 0);
  const keyOf = (position: Board): string => `${position.player}:${boxesOf(position).join(',')}`;
  const seen = new Set([keyOf(start)]);
  const found = [start];
  for (let i = 0; i < found.length; i++) {
    const position = found[i];
    for (const step of [-width, width, -1, 1]) {
      const into = position.player + step;
      if (!open(into)) continue;
      const moved = Uint8Array.from(position.squares);
      if ((moved[into] & BOX) !== 0) {
        const beyond = into + step;
        if (!open(beyond) || (moved[beyond] & BOX) !== 0) continue;
        moved[into] &= ~BOX;
        moved[beyond] |= BOX;
      }
      const next: Board = { ...position, squares: moved, player: into };
      if (seen.has(keyOf(next))) continue;
      seen.add(keyOf(next));
      found.push(next);
    }
  }
  return found;
}

/** Whether the position is one right after a push: a box beside the player, a free square behind it. */
function rightAfterPush(position: Board): boolean {
  const { width, squares, player } = position;
  return [-width, width, -1, 1].some((step) => (squares[player + step] & BOX) !== 0 && (squares[player - step] & (WALL | BOX)) === 0);
}

/** The start board's problem and its perimeter, built with `options`. */
function perimeterOf(start: Board, options: MovePerimeterOptions): { problem: Problem; perimeter: MovePerimeter } {
  const problem = buildProblem(start, 'all-goals');
  const perimeter = MovePerimeter.build(problem, analyzeLevel(problem).backward().dead, options);
  if (perimeter === null) throw new Error('expected a perimeter');
  return { problem, perimeter };
}

/** What the perimeter says of a position of the start board's problem, given another bound `estimate`. */
function movesToGo(problem: Problem, perimeter: MovePerimeter, position: Board, estimate = 0): number {
  const positions = new PackedPositions(problem);
  const bits = new Uint32Array(problem.words);
  const cells = [...position.squares.keys()].filter((square) => (position.squares[square] & BOX) !== 0).map((square) => problem.cellOfSquare[square]);
  const boxHash = positions.pack(cells, cells.length, bits);
  return perimeter.movesToGo(bits, boxHash, problem.cellOfSquare[position.player], estimate);
}

interface Compared {
  /** Positions with fewest moves home at most the depth: the perimeter must know them exactly. */
  readonly within: number;
  /** Positions exactly one move beyond the depth: the perimeter's floor for the unknown is theirs. */
  readonly justBeyond: number;
}

/**
 * Checks the perimeter on every position reachable from the start (or only those right after a
 * push): exact within its depth, at most the fewest moves beyond it, never below depth + 1 there.
 */
function compareWithJudge(start: Board, options: MovePerimeterOptions, onlyAfterPush = false): Compared {
  const { problem, perimeter } = perimeterOf(start, options);
  let within = 0;
  let justBeyond = 0;
  for (const position of reachablePositions(start)) {
    if (onlyAfterPush && !rightAfterPush(position)) continue;
    const fewest = solveByExhaustion(position, 'all-goals').fewestMoves;
    const said = movesToGo(problem, perimeter, position);
    if (fewest === null) {
      expect(said, drawBoard(position)).toBeGreaterThan(perimeter.depth);
      continue;
    }
    if (fewest <= perimeter.depth) {
      within++;
      expect(said, drawBoard(position)).toBe(fewest);
      continue;
    }
    if (fewest === perimeter.depth + 1) justBeyond++;
    expect(said, drawBoard(position)).toBeGreaterThan(perimeter.depth);
    expect(said, drawBoard(position)).toBeLessThanOrEqual(fewest);
  }
  return { within, justBeyond };
}

const CORRIDOR = board('#######', '#@ $ .#', '#######');
// Two boxes in a small room: walks, pushes and pulls around each other.
const ROOM = board('######', '#@   #', '# $$ #', '#  . #', '# .  #', '######');

// Goals mirrored left to right (and boxes not): the perimeter stores a position and its mirror image as one.
const MIRRORED = board('######', '#.  .#', '# $$ #', '#  @ #', '#    #', '######');

describe('the move perimeter', () => {
  it('knows the fewest moves home of every position of a corridor, where its search reaches them all', () => {
    const { problem, perimeter } = perimeterOf(CORRIDOR, { maxPositions: 1_000_000 });
    expect(perimeter.complete).toBe(true);
    expect(compareWithJudge(CORRIDOR, { maxPositions: 1_000_000 }).within).toBeGreaterThan(3);
    // The start: one step up to the box, then two pushes.
    expect(movesToGo(problem, perimeter, CORRIDOR)).toBe(3);
  });

  it('knows every position of a room with two boxes when it is not cut short', () => {
    const { perimeter } = perimeterOf(ROOM, { maxPositions: 1_000_000 });
    expect(perimeter.complete).toBe(true);
    expect(compareWithJudge(ROOM, { maxPositions: 1_000_000 }).within).toBeGreaterThan(100);
  });

  it('cut at a depth, is exact within it and says depth + 1 of the positions one move beyond', () => {
    for (const maxDepth of [1, 3, 6]) {
      const { perimeter } = perimeterOf(ROOM, { maxPositions: 1_000_000, maxDepth });
      expect(perimeter.depth).toBe(maxDepth);
      expect(perimeter.complete).toBe(false);
      const compared = compareWithJudge(ROOM, { maxPositions: 1_000_000, maxDepth });
      expect(compared.within).toBeGreaterThan(0);
      expect(compared.justBeyond).toBeGreaterThan(0);
    }
  });

  it('cut by its position budget, ends at the last whole layer', () => {
    const { perimeter } = perimeterOf(ROOM, { maxPositions: 100 });
    const layers = perimeter.layerSizes;
    // The budget ran out inside the layer after the depth: the whole layers hold less than it.
    expect(layers.length).toBe(perimeter.depth + 2);
    expect(layers.slice(0, perimeter.depth + 1).reduce((sum, size) => sum + size, 0)).toBeLessThan(100);
    expect(perimeter.size).toBeGreaterThanOrEqual(100);
    expect(compareWithJudge(ROOM, { maxPositions: 100 }).justBeyond).toBeGreaterThan(0);
  });

  it('stopped by its share of the time, ends at the last whole layer too', () => {
    const { perimeter } = perimeterOf(ROOM, { maxPositions: 1_000_000, timeIsUp: () => true });
    expect(perimeter.depth).toBe(0);
    expect(perimeter.complete).toBe(false);
    const compared = compareWithJudge(ROOM, { maxPositions: 1_000_000, timeIsUp: () => true });
    expect(compared.justBeyond).toBeGreaterThan(0);
  });

  it('kept to the positions right after a push, is as exact on those', () => {
    const full = perimeterOf(ROOM, { maxPositions: 1_000_000, maxDepth: 6 }).perimeter;
    const { perimeter } = perimeterOf(ROOM, { maxPositions: 1_000_000, maxDepth: 6, afterPushOnly: true });
    expect(perimeter.size).toBeLessThan(full.size);
    expect(perimeter.depth).toBe(6);
    const compared = compareWithJudge(ROOM, { maxPositions: 1_000_000, maxDepth: 6, afterPushOnly: true }, true);
    expect(compared.within).toBeGreaterThan(0);
    expect(compared.justBeyond).toBeGreaterThan(0);
  });

  it('on a symmetric level stores a position and its mirror image once, and knows both', () => {
    const merged = perimeterOf(MIRRORED, { maxPositions: 1_000_000 }).perimeter;
    const apart = perimeterOf(MIRRORED, { maxPositions: 1_000_000, symmetry: false }).perimeter;
    expect(merged.size).toBeLessThan(apart.size);
    expect(merged.depth).toBe(apart.depth);
    expect(compareWithJudge(MIRRORED, { maxPositions: 1_000_000 }).within).toBeGreaterThan(100);
    for (const maxDepth of [2, 5]) {
      const compared = compareWithJudge(MIRRORED, { maxPositions: 1_000_000, maxDepth, afterPushOnly: true }, true);
      expect(compared.within).toBeGreaterThan(0);
      expect(compared.justBeyond).toBeGreaterThan(0);
    }
  });

  it('gives the other bound where it says more than depth + 1', () => {
    const { problem, perimeter } = perimeterOf(ROOM, { maxPositions: 1_000_000, maxDepth: 1 });
    expect(movesToGo(problem, perimeter, ROOM, 50)).toBe(50);
    expect(movesToGo(problem, perimeter, ROOM, 0)).toBe(2);
  });

  it('is not built where boxes and goals differ in number, nor under keeper-too', () => {
    const spare = buildProblem(board('#######', '#@$$ .#', '#######'), 'all-boxes');
    expect(MovePerimeter.build(spare, new Uint8Array(spare.cellCount), { maxPositions: 1000 })).toBeNull();
    const keeper = buildProblem(CORRIDOR, 'keeper-too');
    expect(MovePerimeter.build(keeper, new Uint8Array(keeper.cellCount), { maxPositions: 1000 })).toBeNull();
  });
});

/** The analysis with its perimeter built with `options` instead of solve's defaults. */
function withPerimeter(analysis: LevelAnalysis, options: MovePerimeterOptions): LevelAnalysis {
  const perimeter = MovePerimeter.build(analysis.problem, analysis.backward().dead, options);
  return { ...analysis, movePerimeter: () => perimeter };
}

/**
 * Move-optimal search as solve.ts runs it, with the perimeter built with `options` (null: none)
 * once `afterExpanded` positions are expanded, its solution replayed; `late` says whether the
 * perimeter came while positions were queued (so they were queued again with its keys).
 */
function moveOptimal(start: Board, options: MovePerimeterOptions | null, afterExpanded = 0): { moves: number; pushes: number; expanded: number; late: boolean } | null {
  const problem = buildProblem(start, 'all-goals');
  const analysis = analyzeLevel(problem);
  const search = new PushSearch(options === null ? analysis : withPerimeter(analysis, options), {
    mode: 'moves',
    corralPruning: false,
    lexicographic: true,
    triplePatterns: true,
    ...(options === null ? {} : { movePerimeter: { afterExpanded } }),
  });
  let late = false;
  while (search.state === 'running') {
    search.run(1);
    // The build comes at the start of the run that expands position afterExpanded + 1.
    if (afterExpanded > 0 && search.expanded === afterExpanded + 1 && search.builtMovePerimeter !== null) late = true;
  }
  if (search.state !== 'solved') return null;
  const solution = pushesToLurd(problem, search.solution());
  const replayed = replay(start, solution.lurd, { rule: 'all-goals', strictCase: true });
  expect(replayed.solved, drawBoard(start)).toBe(true);
  expect(replayed.moves).toBe(solution.moves);
  return { moves: solution.moves, pushes: solution.pushes, expanded: search.expanded, late };
}

describe('move-optimal search with the move perimeter', () => {
  it('finds the judge’s fewest moves, then fewest pushes, on random boards, with perimeters of every depth', () => {
    const random = seededRandom(1571);
    let compared = 0;
    let fewer = 0;
    for (let made = 0; made < 20_000 && compared < 60; made++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      const truth = fewestByExhaustion(start, 'all-goals', 'moves');
      const without = moveOptimal(start, null);
      if (truth === null) {
        expect(moveOptimal(start, { maxPositions: 100_000, maxDepth: 3 }), drawBoard(start)).toBeNull();
        continue;
      }
      compared++;
      expect(without, drawBoard(start)).toMatchObject(truth);
      for (const maxDepth of [2, 5, 9, undefined]) {
        const found = moveOptimal(start, { maxPositions: 100_000, maxDepth, afterPushOnly: maxDepth !== 5 });
        expect(found, `${drawBoard(start)}\ndepth ${maxDepth}`).toMatchObject(truth);
        if (found !== null && without !== null && found.expanded < without.expanded) fewer++;
      }
    }
    expect(compared).toBe(60);
    expect(fewer).toBeGreaterThan(30);
  });

  it('finds the same when the perimeter is built after the search has begun and the queued positions take its keys', () => {
    const random = seededRandom(2207);
    let late = 0;
    for (let made = 0; made < 20_000 && late < 40; made++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      const truth = fewestByExhaustion(start, 'all-goals', 'moves');
      if (truth === null) continue;
      const found = moveOptimal(start, { maxPositions: 100_000, maxDepth: 6 }, 3);
      expect(found, drawBoard(start)).toMatchObject(truth);
      if (found?.late === true) late++;
    }
    expect(late).toBe(40);
  });

  it('finds the judge’s fewest moves, then fewest pushes, on symmetric boards, whose perimeter stores images once', () => {
    const boards = [
      MIRRORED,
      board('#######', '#  .  #', '# $@$ #', '#  .  #', '#######'),
      board('#######', '#.   .#', '#  $  #', '# $ @ #', '#     #', '#######'),
      board('######', '#.  .#', '#$  $#', '#  @ #', '######'),
    ];
    for (const start of boards) {
      const truth = fewestByExhaustion(start, 'all-goals', 'moves');
      expect(truth, drawBoard(start)).not.toBeNull();
      for (const maxDepth of [1, 3, 6, undefined]) {
        expect(moveOptimal(start, { maxPositions: 100_000, maxDepth, afterPushOnly: true }), `${drawBoard(start)}\ndepth ${maxDepth}`).toMatchObject(truth ?? {});
      }
    }
  });

  it('finds the recorded fewest moves and the same fewest pushes on the levels of test/data/random, with a shallow perimeter', () => {
    const randomDir = path.join(sharedDir, 'random');
    const answers = readFileSync(path.join(randomDir, 'ANSWERS'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/));
    let solved = 0;
    for (const [file, answer] of answers) {
      const start = parseCollection(readFileSync(path.join(randomDir, file), 'utf8'), { file }).levels[0].board;
      const shallow = moveOptimal(start, { maxPositions: 100_000, maxDepth: 4, afterPushOnly: true });
      if (answer === 'unsolvable') {
        expect(shallow, file).toBeNull();
        continue;
      }
      solved++;
      expect(shallow?.moves, file).toBe(Number(answer));
      expect(shallow?.pushes, file).toBe(moveOptimal(start, null)?.pushes);
    }
    expect(solved).toBeGreaterThan(50);
  });
});
