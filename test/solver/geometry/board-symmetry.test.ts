import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, type Board } from '../../../src/level/board.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { replay } from '../../../src/game/replay.js';
import { PushSearch, type SearchConfig } from '../../../src/solver/engines/push-search.js';
import { BoardSymmetry, boardSymmetries } from '../../../src/solver/geometry/board-symmetry.js';
import { PackedPositions } from '../../../src/solver/model/position.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { solve } from '../../../src/solver/solve.js';
import { board, expectReplaysToSolved } from '../helpers.js';
import { fewestByExhaustionWithin } from '../oracle.js';
import { drawBoard, seededRandom } from '../random-boards.js';

/**
 * Board symmetries in the optimal searches: when a mirror or rotation maps the level's cells onto
 * its cells and its goals onto its goals, a position and its image cost the same to finish, so
 * the searches store them as one node. The proven optimum must not change, only the work.
 */

/** The optimal modes' searches: the first search of each mode, and the pushes-then-moves pair search. */
const SEARCHES: Readonly<Record<string, SearchConfig>> = {
  pushes: { mode: 'pushes', corralPruning: true, triplePatterns: true },
  moves: { mode: 'moves', corralPruning: false, lexicographic: true, triplePatterns: true },
  'pushes then moves': { mode: 'pushes', corralPruning: false, lexicographic: true },
};

interface Outcome {
  readonly state: string;
  readonly moves: number | null;
  readonly pushes: number | null;
  readonly expanded: number;
  readonly generated: number;
  readonly symmetries: number;
}

/** Runs one search to its end; a solution it finds must replay, won on its last move. */
function search(start: Board, rule: GoalRule, config: SearchConfig, boardSymmetry: boolean): Outcome {
  const problem = buildProblem(start, rule);
  const engine = new PushSearch(analyzeLevel(problem), { ...config, boardSymmetry });
  while (engine.state === 'running') engine.run(10_000);
  let moves: number | null = null;
  let pushes: number | null = null;
  if (engine.state === 'solved') {
    const text = pushesToLurd(problem, engine.solution());
    const replayed = replay(start, text.lurd, { rule, strictCase: true });
    expect(replayed.error, drawBoard(start)).toBeNull();
    expect(replayed.solved, drawBoard(start)).toBe(true);
    expect(replayed.solvedAfter).toBe(replayed.moves);
    ({ moves, pushes } = text);
  }
  return { state: engine.state, moves, pushes, expanded: engine.expanded, generated: engine.generated, symmetries: engine.symmetries };
}

/** What each search proves: the first search of pushes mode proves pushes alone. */
function proven(outcome: Outcome, name: string): { state: string; moves?: number | null; pushes: number | null } {
  return name === 'pushes' ? { state: outcome.state, pushes: outcome.pushes } : { state: outcome.state, moves: outcome.moves, pushes: outcome.pushes };
}

// A square room with the player amid four boxes and a goal in each corner: every mirror and
// rotation keeps its cells and goals.
const SQUARE_CROSS = board(
  '#######', //
  '#.   .#',
  '#  $  #',
  '# $@$ #',
  '#  $  #',
  '#.   .#',
  '#######',
);
// Pillars between two rows of goals: the left-right mirror keeps it (and with a goal between the
// lower boxes, under keeper-too too).
const PILLARS = board(
  '#######', //
  '#.   .#',
  '#  @  #',
  '# # # #',
  '# $ $ #',
  '#.$ $.#',
  '#######',
);
const PILLARS_KEEPER_TOO = board(
  '#######', //
  '#.   .#',
  '#  @  #',
  '# # # #',
  '# $ $ #',
  '#.$.$.#',
  '#######',
);
// Two boxes already home and two to bring round a pillar, mirrored left and right.
const HALLS = board(
  '#######', //
  '##   ##',
  '# *@* #',
  '#  #  #',
  '#.$ $.#',
  '##   ##',
  '#######',
);
// Two boxes to push out to the goals at either end of a wide room: the two mirrors and the half
// turn keep it, and the order of the pushes makes mirrored positions.
const WIDE_PAIR = board(
  '###########', //
  '#         #',
  '#. $   $ .#',
  '#    @    #',
  '###########',
);
// The same room with one goal moved down: only the identity is left.
const WIDE_LOPSIDED = board(
  '###########', //
  '#         #',
  '#. $   $  #',
  '#    @   .#',
  '###########',
);

describe('the symmetries of a level', () => {
  it('are those of the cells and goals: all eight for a square cross, four for a symmetric wide room, one when a goal breaks them', () => {
    expect(boardSymmetries(buildProblem(SQUARE_CROSS, 'all-goals'))).toHaveLength(8);
    expect(boardSymmetries(buildProblem(WIDE_PAIR, 'all-goals'))).toHaveLength(4);
    expect(boardSymmetries(buildProblem(WIDE_LOPSIDED, 'all-goals'))).toHaveLength(1);
  });

  it('ignore where the boxes and the player start, and squares the player can never reach', () => {
    const moved = board(
      '###########', //
      '#$        #',
      '#.     $ .#',
      '#  @      #',
      '###########',
      '  #  ',
      '  # ',
    );
    expect(boardSymmetries(buildProblem(moved, 'all-goals'))).toHaveLength(4);
  });

  it('map every cell to a cell and every goal to a goal, the identity first', () => {
    const problem = buildProblem(SQUARE_CROSS, 'all-goals');
    const images = boardSymmetries(problem);
    expect(Array.from(images[0])).toEqual(Array.from({ length: problem.cellCount }, (_, cell) => cell));
    for (const image of images) {
      expect(new Set(image).size).toBe(problem.cellCount);
      for (let cell = 0; cell < problem.cellCount; cell++) expect(problem.goalIndexOfCell[image[cell]] >= 0).toBe(problem.goalIndexOfCell[cell] >= 0);
    }
  });

  it("give each symmetry's least image of a player area, whatever part of the board the boxes shut off", () => {
    const problem = buildProblem(SQUARE_CROSS, 'all-goals');
    const symmetry = BoardSymmetry.of(problem, new PackedPositions(problem));
    if (symmetry === null) throw new Error('expected the square cross to be symmetric');
    const walker = new PlayerReach(problem);
    const least = new Int32Array(symmetry.count);
    const random = seededRandom(44);
    for (let trial = 0; trial < 200; trial++) {
      walker.boxAt.fill(0);
      for (let cell = 0; cell < problem.cellCount; cell++) if (random() < 0.3) walker.boxAt[cell] = 1;
      const start = Math.floor(random() * problem.cellCount);
      walker.boxAt[start] = 0;
      const reached = walker.walk(start);
      symmetry.leastImages(walker, least);
      const area = Array.from(walker.visitedCells(reached));
      for (let s = 0; s < symmetry.count; s++) {
        expect(least[s]).toBe(Math.min(...area.map((cell) => symmetry.image[s * problem.cellCount + cell])));
      }
    }
  });
});

describe('optimal search with board symmetries', () => {
  const symmetric = [
    { name: 'pillars', start: PILLARS, rule: 'all-goals' as const },
    { name: 'pillars, player to a goal too', start: PILLARS_KEEPER_TOO, rule: 'keeper-too' as const },
    { name: 'halls', start: HALLS, rule: 'all-goals' as const },
  ];

  for (const { name: boardName, start, rule } of symmetric) {
    it.each(Object.keys(SEARCHES))(`${boardName}: %s proves the same optimum as without them, expanding fewer positions`, (name) => {
      const without = search(start, rule, SEARCHES[name], false);
      const withThem = search(start, rule, SEARCHES[name], true);
      expect(withThem.symmetries).toBeGreaterThan(1);
      expect(without.state).toBe('solved');
      expect(proven(withThem, name)).toEqual(proven(without, name));
      expect(withThem.expanded).toBeLessThan(without.expanded);
    });
  }

  it.each(Object.keys(SEARCHES))('an asymmetric board: %s does the very same search either way', (name) => {
    const without = search(WIDE_LOPSIDED, 'all-goals', SEARCHES[name], false);
    const withThem = search(WIDE_LOPSIDED, 'all-goals', SEARCHES[name], true);
    expect(withThem.symmetries).toBe(1);
    expect(without.state).toBe('solved');
    expect(withThem).toEqual(without);
  });

  it('greedy search never merges images', () => {
    expect(search(SQUARE_CROSS, 'all-goals', { mode: 'greedy', corralPruning: false }, true).symmetries).toBe(1);
  });
});

type Group = 'left-right' | 'half-turn' | 'square';

/** A random room with walls and goals symmetric under `group`, boxes and player anywhere. */
function randomSymmetricBoard(random: () => number, group: Group, rule: GoalRule): Board | null {
  const inner = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
  const rows = inner(3, 5);
  const cols = group === 'square' ? rows : inner(3, 6);
  const width = cols + 2;
  const height = rows + 2;
  const orbit = (r: number, c: number): number[] => {
    const images: [number, number][] = [[r, c]];
    if (group === 'left-right') images.push([r, cols - 1 - c]);
    if (group === 'half-turn') images.push([rows - 1 - r, cols - 1 - c]);
    if (group === 'square') {
      images.push([r, cols - 1 - c], [rows - 1 - r, c], [rows - 1 - r, cols - 1 - c], [c, r], [c, rows - 1 - r], [cols - 1 - c, r], [cols - 1 - c, rows - 1 - r]);
    }
    return [...new Set(images.map(([row, col]) => (row + 1) * width + col + 1))];
  };
  const squares = new Uint8Array(width * height).fill(WALL);
  const decided = new Uint8Array(width * height);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (decided[(r + 1) * width + c + 1] !== 0) continue;
      const wall = random() < 0.15;
      for (const square of orbit(r, c)) {
        decided[square] = 1;
        squares[square] = wall ? WALL : 0;
      }
    }
  }
  const open: number[] = [];
  for (let square = 0; square < squares.length; square++) if (squares[square] === 0) open.push(square);
  // Goals: whole orbits, until there are at least two.
  const goals = new Set<number>();
  for (let tries = 0; goals.size < 2 && tries < 20; tries++) {
    const square = open[Math.floor(random() * open.length)];
    const r = Math.floor(square / width) - 1;
    for (const image of orbit(r, (square % width) - 1)) goals.add(image);
  }
  const boxCount = rule === 'keeper-too' ? goals.size - 1 : goals.size;
  if (goals.size < 2 || goals.size > 6 || open.length < boxCount + 2) return null;
  for (const goal of goals) squares[goal] |= GOAL;
  const pick = (from: number[]): number => from.splice(Math.floor(random() * from.length), 1)[0];
  const free = [...open];
  const player = pick(free);
  for (let i = 0; i < boxCount; i++) squares[pick(free)] |= BOX;
  return { width, height, squares, player };
}

describe('on random symmetric boards', () => {
  it('both optimal modes prove what they prove without symmetries, and what an exhaustive search finds', () => {
    const random = seededRandom(20261124);
    const groups: Group[] = ['left-right', 'half-turn', 'square'];
    const rules: GoalRule[] = ['all-goals', 'keeper-too'];
    let compared = 0;
    let merged = 0;
    let judged = 0;
    for (let trial = 0; trial < 400; trial++) {
      const rule = rules[trial % 2];
      const start = randomSymmetricBoard(random, groups[trial % 3], rule);
      if (start === null) continue;
      const picture = `${drawBoard(start)}\n${rule}`;
      const exhaustive = {
        pushes: fewestByExhaustionWithin(start, rule, 'pushes', 20_000),
        moves: fewestByExhaustionWithin(start, rule, 'moves', 20_000),
      };
      for (const name of Object.keys(SEARCHES)) {
        const without = search(start, rule, SEARCHES[name], false);
        const withThem = search(start, rule, SEARCHES[name], true);
        expect(proven(withThem, name), picture).toEqual(proven(without, name));
        if (withThem.symmetries > 1) merged++;
        const judge = exhaustive[name === 'moves' ? 'moves' : 'pushes'];
        if (judge === 'too large') continue;
        judged++;
        if (judge === null) expect(withThem.state, picture).toBe('unsolvable');
        else if (name === 'pushes') expect(withThem.pushes, picture).toBe(judge.pushes);
        else expect({ moves: withThem.moves, pushes: withThem.pushes }, picture).toEqual(judge);
      }
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(150);
    expect(merged).toBeGreaterThanOrEqual(compared * 3 * 0.9);
    expect(judged).toBeGreaterThanOrEqual(compared * 3 * 0.8);
  });

  it('solve --optimal gives the exhaustive pair of measures, and its solutions replay', () => {
    const random = seededRandom(11240931);
    let checked = 0;
    for (let trial = 0; trial < 160; trial++) {
      const rule: GoalRule = trial % 2 === 0 ? 'all-goals' : 'keeper-too';
      const start = randomSymmetricBoard(random, trial % 3 === 0 ? 'square' : 'left-right', rule);
      if (start === null) continue;
      for (const first of ['pushes', 'moves'] as const) {
        const exhaustive = fewestByExhaustionWithin(start, rule, first, 20_000);
        if (exhaustive === 'too large' || exhaustive === null) continue;
        const result = solve(start, { optimal: first, rule });
        expect({ moves: result.moves, pushes: result.pushes }, drawBoard(start)).toEqual(exhaustive);
        expectReplaysToSolved(start, result, rule);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
  });
});
