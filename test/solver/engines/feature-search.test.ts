import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import type { Board } from '../../../src/level/board.js';
import { parseCollection } from '../../../src/level/parse.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { cellKey, FeatureSearch, type FeatureSearchConfig, featureRank, finalPositionMayMislead, packedFirstRank } from '../../../src/solver/engines/feature-search.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { board, DIAGONALS, sharedDir } from '../helpers.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

function searchToEnd(start: Board, maxTurns = 100_000, config: FeatureSearchConfig = {}): { search: FeatureSearch; lurd: string | null } {
  const problem = buildProblem(start, 'all-goals');
  const search = new FeatureSearch(analyzeLevel(problem), config);
  for (let turns = 0; turns < maxTurns && search.state === 'running'; turns++) search.run(64);
  const lurd = search.state === 'solved' ? pushesToLurd(problem, search.solution()).lurd : null;
  return { search, lurd };
}

function expectWins(start: Board, lurd: string | null): void {
  expect(lurd).not.toBeNull();
  const replayed = replay(start, lurd ?? '', { rule: 'all-goals', strictCase: true });
  expect(replayed.error).toBeNull();
  expect(replayed.solved).toBe(true);
}

/**
 * Draws `tries` random boards of 1-3 boxes from `seed`, expects the search to solve exactly those
 * exhaustive search solves (and each solution to replay), and returns how many it solved.
 */
function solvesExactlyTheSolvable(seed: number, tries: number, config: FeatureSearchConfig = {}): number {
  const random = seededRandom(seed);
  let solved = 0;
  for (let tried = 0; tried < tries; tried++) {
    const boxes = 1 + Math.floor(random() * 3);
    const start = randomBoard(random, { boxes, goals: boxes });
    if (start === null) continue;
    const { search, lurd } = searchToEnd(start, 100_000, config);
    const solvable = solveByExhaustion(start, 'all-goals').fewestMoves !== null;
    expect(search.state, drawBoard(start)).toBe(solvable ? 'solved' : 'exhausted');
    if (solvable) {
      expectWins(start, lurd);
      solved++;
    }
  }
  return solved;
}

describe('search over features', () => {
  it('solves a dead-end goal corridor by filling its far end first, and the solution replays', () => {
    const corridor = board('#########', '#..  $  #', '### $ @ #', '  #     #', '  #######');
    expectWins(corridor, searchToEnd(corridor).lurd);
  });

  it('spells out box moves that need the player to walk round between pushes', () => {
    const bend = board('#######', '#     #', '#@$   #', '#### ##', '   #.# ', '   ### ');
    expectWins(bend, searchToEnd(bend).lurd);
  });

  it('says exhausted, not unsolvable, when it runs out of moves', () => {
    const stuck = board('#####', '#.@$#', '#####');
    const { search } = searchToEnd(stuck);
    expect(search.state).toBe('exhausted');
  });

  it('expands no position whose boxes cannot each reach a goal of their own', () => {
    // Both boxes are held on the top row, which has one goal: every position is lost from the
    // start, but no box is on a dead square or frozen, so only the matching sees it (and the
    // room search, for the board is one room: it is off here, so the matching alone is measured).
    const pair = board('########', '# $.$  #', '#      #', '#  .  @#', '########');
    const run = (matchingDeadlocks: boolean): FeatureSearch => {
      const search = new FeatureSearch(analyzeLevel(buildProblem(pair, 'all-goals')), { matchingDeadlocks, roomDeadlocks: false });
      search.run(10_000);
      return search;
    };
    const withMatching = run(true);
    expect(withMatching.state).toBe('exhausted');
    // The start itself is recognized as lost, so nothing is expanded.
    expect(withMatching.expanded).toBe(0);
    expect(run(false).expanded).toBeGreaterThan(1);
  });

  it('solves the first XSokoban level, and the solution replays', () => {
    const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
    const level = parseCollection(text, { file: 'xsokoban90.xsb' }).levels[0];
    expectWins(level.board, searchToEnd(level.board).lurd);
  });

  it('searches the same beside another search of the level, whose hotspot pairs it reads instead of learning them again', () => {
    const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
    const problem = buildProblem(parseCollection(text, { file: 'xsokoban90.xsb' }).levels[1].board, 'all-goals');
    const runToEnd = (search: FeatureSearch): FeatureSearch => {
      for (let turns = 0; turns < 100_000 && search.state === 'running'; turns++) search.run(64);
      return search;
    };
    const alone = runToEnd(new FeatureSearch(analyzeLevel(problem), {}));
    const shared = analyzeLevel(problem);
    // The first search learns the pairs, a second of another kind reads them, a third like the lone one reads them too.
    runToEnd(new FeatureSearch(shared, { goalBoxHotspots: true, packedFirst: true }));
    const reader = runToEnd(new FeatureSearch(shared, {}));
    expect(reader.state).toBe('solved');
    expect(reader.expanded).toBe(alone.expanded);
    expect(reader.generated).toBe(alone.generated);
    expect(reader.cellKeys()).toEqual(alone.cellKeys());
    expect(reader.solution()).toEqual(alone.solution());
  });

  it('stops at its byte limit, tables and move queues together, and says memory', () => {
    const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
    const level = parseCollection(text, { file: 'xsokoban90.xsb' }).levels[13];
    const maxBytes = 4 * 1024 * 1024;
    const search = new FeatureSearch(analyzeLevel(buildProblem(level.board, 'all-goals')), { maxBytes });
    let peak = 0;
    for (let turns = 0; turns < 100_000 && search.state === 'running'; turns++) {
      search.run(64);
      peak = Math.max(peak, search.bytes);
    }
    expect(search.state).toBe('memory');
    expect(peak).toBeLessThanOrEqual(maxBytes);
  });

  it('under the best-ancestor projection opens no cell worse than the start, as the own-cell projection does', () => {
    const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
    const level = parseCollection(text, { file: 'xsokoban90.xsb' }).levels[10];
    const worstOpened = (cellProjection: 'own' | 'best-ancestor'): { start: number; worst: number } => {
      const search = new FeatureSearch(analyzeLevel(buildProblem(level.board, 'all-goals')), { cellProjection });
      search.run(300);
      const ranks = search.cellKeys().map(featureRank);
      return { start: ranks[0], worst: Math.min(...ranks) };
    };
    const restricted = worstOpened('best-ancestor');
    expect(restricted.worst).toBe(restricted.start);
    const own = worstOpened('own');
    expect(own.worst).toBeLessThan(own.start);
  });

  it("in Festival's order (packedFirst) ranks a cell with one more plan step done above one with fewer boxes out of plan; by default the reverse", () => {
    const morePacked = cellKey(3, 2, 1, 0);
    const fewerOutOfPlan = cellKey(0, 1, 1, 0);
    expect(packedFirstRank(morePacked)).toBeGreaterThan(packedFirstRank(fewerOutOfPlan));
    expect(featureRank(morePacked)).toBeLessThan(featureRank(fewerOutOfPlan));
    // Out of plan still decides between cells equal on everything else.
    expect(packedFirstRank(cellKey(0, 2, 1, 0))).toBeGreaterThan(packedFirstRank(morePacked));
  });

  it("in Festival's order, boxes farther from the goals first among ties, still solves exactly the random boards exhaustive search solves", () => {
    solvesExactlyTheSolvable(71, 80, { packedFirst: true, distanceTieBreak: 'farther' });
  });

  it("with Festival's opener clearing the plan's next square (fess/plan-opener.ts), still solves exactly the random boards exhaustive search solves", () => {
    expect(solvesExactlyTheSolvable(79, 150, { openerTarget: 'plan-next' })).toBeGreaterThan(10);
  });

  it("with Festival's explorer rule (moves a lone box could undo, fess/undoable-explorer.ts), still solves exactly the random boards exhaustive search solves", () => {
    expect(solvesExactlyTheSolvable(83, 80, { explorerRule: 'undoable' })).toBeGreaterThan(5);
  });

  it('solves exactly the solvable boards with corrals grown area by area restricting its moves', () => {
    expect(solvesExactlyTheSolvable(73, 200, { grownCorralPruning: true })).toBeGreaterThan(15);
  });

  it.each(['own', 'not-dominated'] as const)('with the %s projection still solves exactly the random boards exhaustive search solves', (cellProjection) => {
    solvesExactlyTheSolvable(67, 80, { cellProjection });
  });

  it('on random boards solves exactly the ones exhaustive search solves, and every solution replays', () => {
    expect(solvesExactlyTheSolvable(61, 300)).toBeGreaterThan(20);
  });

  it("following FESS's plan from a backward search, solves a goal room behind a door, and the solution replays", () => {
    const goalRoom = board('###########', '#  ..#    #', '#  .. $ $ #', '#  ..#$ $ #', '#    # $$@#', '#    #    #', '###########');
    expectWins(goalRoom, searchToEnd(goalRoom, 100_000, { packingPlan: 'backward' }).lurd);
  });

  it("counting out of plan against every goal's basin, solves a goal corridor fed from both ends, and exactly the random boards exhaustive search solves", () => {
    const twoWays = board('##########', '#        #', '# ###### #', '#@$ .. $ #', '##########');
    expectWins(twoWays, searchToEnd(twoWays, 100_000, { outOfPlanBasin: 'every-goal' }).lurd);
    expect(solvesExactlyTheSolvable(71, 200, { outOfPlanBasin: 'every-goal' })).toBeGreaterThan(15);
  });

  it('following the greedy packing plan instead, solves exactly the random boards exhaustive search solves', () => {
    expect(solvesExactlyTheSolvable(67, 200, { packingPlan: 'plan' })).toBeGreaterThan(15);
  });
});

describe('whether the final position misleads the search over features', () => {
  const misleads = (start: Board): boolean => finalPositionMayMislead(analyzeLevel(buildProblem(start, 'all-goals')));

  it("does where more boxes start outside every goal's basin than the out-of-plan feature counts", () => {
    // Rows of goals and boxes on the diagonals, each box beside a goal: with every other goal full,
    // 8 of the 20 boxes can be pushed onto none of them.
    expect(misleads(board(...DIAGONALS))).toBe(true);
  });

  it('does not where fewer boxes start so, nor where every box can still come home last', () => {
    // The bottom box can be pushed along its row but never up to the goals once the deep one is full.
    expect(misleads(board('########', '#..  $ #', '#### # #', '#@ $   #', '########'))).toBe(false);
    // A corridor fed from both ends: each box is in some goal's basin.
    expect(misleads(board('##########', '#        #', '# ###### #', '#@$ .. $ #', '##########'))).toBe(false);
  });
});
