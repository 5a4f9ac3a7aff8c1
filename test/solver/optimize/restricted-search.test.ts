import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { parseMoves } from '../../../src/game/moves.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { zobristKeys } from '../../../src/solver/model/zobrist.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { BoxSet } from '../../../src/solver/optimize/box-set.js';
import { RestrictedSearch, hashOfBoxes } from '../../../src/solver/optimize/restricted-search.js';
import { pushesOfMoves } from '../../../src/solver/optimize/solution-path.js';
import { VicinityBuilder } from '../../../src/solver/optimize/vicinity.js';
import { solve } from '../../../src/solver/solve.js';
import { board } from '../helpers.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The vicinity search of a whole first solution, once with the lists of pushes per configuration
 * and once without any: what it expands and finds.
 */
function searchBothWays(start: Board, stage = { boxes: 2, radius: 2, spread: 4 }) {
  const found = solve(start, { improve: false, repeatable: true });
  if (found.solution === null) throw new Error('test: the level is not solved');
  const problem = buildProblem(start, 'all-goals');
  const dead = analyzeLevel(problem).dead;
  const pushes = pushesOfMoves(
    problem,
    parseMoves(found.solution).moves.map((move) => move.direction),
  );
  if (pushes === null) throw new Error('test: the solution does not replay');
  const boxKeys = zobristKeys(problem.words * 32, 1);
  const playerKeys = zobristKeys(problem.cellCount, 2);
  const { set } = new VicinityBuilder(problem, dead, boxKeys).build(pushes, stage, 1 << 20);
  const startBoxes = new Uint32Array(problem.words);
  for (const cell of problem.initialBoxes) startBoxes[cell >>> 5] |= 1 << (cell & 31);
  const task = { startBoxes, startPlayer: problem.initialPlayer, target: null, exitCell: -1 };
  const limits = { clock: () => 0, deadline: 1, maxNodes: 1_000_000, maxBytes: 64 * 1024 * 1024 };
  return [undefined, 0].map((listShare) => {
    const search = new RestrictedSearch(problem, dead, boxKeys, playerKeys, listShare);
    // Twice on the same search: the second run must not read the first one's lists.
    const first = search.run(set, task, 'moves', limits);
    const again = search.run(set, task, 'moves', limits);
    return { first, again, expanded: search.expanded };
  });
}

describe('the restricted search lists the pushes of each configuration once', () => {
  it('and expands the same positions and finds the same pushes as without lists', () => {
    // Two rooms joined by four gaps, two of them holding boxes: boxes in the others shut the player in.
    const rooms = board('########', '#  @   #', '# $##$ #', '#  ..  #', '########');
    const [listed, unlisted] = searchBothWays(rooms);
    expect(listed.first.kind).toBe('found');
    expect(listed).toEqual(unlisted);
  });

  it('and agrees with the search without lists on random small levels', () => {
    const random = seededRandom(4545);
    let compared = 0;
    for (let attempt = 0; attempt < 200 && compared < 12; attempt++) {
      const start = randomBoard(random, { boxes: 2 + (attempt % 2), goals: 2 + (attempt % 2) });
      if (start === null || solve(start, { improve: false, maxNodes: 5_000, repeatable: true }).status !== 'solved') continue;
      const [listed, unlisted] = searchBothWays(start);
      expect(listed, drawBoard(start)).toEqual(unlisted);
      compared++;
    }
    expect(compared).toBe(12);
  });
});

describe('the restricted search over every configuration of a small level', () => {
  it('finds the fewest moves, as the exhaustive search does', () => {
    const random = seededRandom(4646);
    let compared = 0;
    for (let attempt = 0; attempt < 200 && compared < 8; attempt++) {
      const start = randomBoard(random, { boxes: 2, goals: 2 });
      if (start === null || solve(start, { improve: false, maxNodes: 5_000, repeatable: true }).status !== 'solved') continue;
      // Both boxes moved anywhere from any position of the path: every configuration there is.
      const [listed, unlisted] = searchBothWays(start, { boxes: 2, radius: 64, spread: 128 });
      const fewest = solveByExhaustion(start, 'all-goals').fewestMoves;
      expect(listed.first.kind === 'found' && listed.first.length.moves, drawBoard(start)).toBe(fewest);
      expect(listed, drawBoard(start)).toEqual(unlisted);
      compared++;
    }
    expect(compared).toBe(8);
  });
});

describe('a set of box configurations', () => {
  it('numbers its configurations in the order added, and knows none it was not given', () => {
    const keys = zobristKeys(64, 3);
    const set = new BoxSet(2, 10, 4);
    const configurations = [Uint32Array.of(1, 0), Uint32Array.of(6, 0), Uint32Array.of(0, 1 << 31)];
    for (const boxes of configurations) set.add(boxes, hashOfBoxes(boxes, keys));
    // Past its first capacity, so the numbers outlive a growth of the index.
    for (let bit = 4; bit < 12; bit++) set.add(Uint32Array.of(1 << bit, 0), hashOfBoxes(Uint32Array.of(1 << bit, 0), keys));
    expect(configurations.map((boxes) => set.entryOf(boxes, hashOfBoxes(boxes, keys)))).toEqual([0, 1, 2]);
    expect(set.entryOf(Uint32Array.of(1 << 4, 0), hashOfBoxes(Uint32Array.of(1 << 4, 0), keys))).toBe(3);
    expect(set.entryOf(Uint32Array.of(3, 0), hashOfBoxes(Uint32Array.of(3, 0), keys))).toBe(-1);
    expect(set.count).toBe(10);
  });
});
