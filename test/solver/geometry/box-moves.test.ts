import { describe, expect, it } from 'vitest';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { BoxMoves } from '../../../src/solver/geometry/box-moves.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { RegionLabels } from '../../../src/solver/geometry/regions.js';
import { board } from '../helpers.js';
import { seededRandom } from '../random-boards.js';

/** The moves of the box at (row, col) in the start position, as 'row,col side pushes' texts. */
function movesOf(rows: string[], row: number, col: number, pulling = false): string[] {
  const problem = buildProblem(board(...rows), 'all-goals');
  const { dead } = analyzeLevel(problem);
  const reach = new PlayerReach(problem);
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  const moves = new BoxMoves(problem);
  const box = problem.cellOfSquare[row * problem.width + col];
  const count = pulling ? moves.searchPulls(box, reach.boxAt, (cell) => reach.reached(cell)) : moves.search(box, reach.boxAt, dead, (cell) => reach.reached(cell));
  const found: string[] = [];
  for (let k = 0; k < count; k++) found.push(`${squareOf(problem, moves.states[k] >> 2)} ${'udlr'[moves.states[k] & 3]} ${moves.pushes[k]}`);
  return found;
}

function squareOf(problem: Problem, cell: number): string {
  const square = problem.squareOfCell[cell];
  return `${Math.floor(square / problem.width)},${square % problem.width}`;
}

/**
 * Random positions of `problem`: in each of `trials`, every cell holds a box with the chance
 * `density()` gives for that trial, and the player stands on a random cell (a trial whose player
 * cell holds a box is skipped). After the player's walk, `walked()` is called, then `visit` for
 * each box.
 */
function forEachBoxOfRandomPositions(
  problem: Problem,
  reach: PlayerReach,
  random: () => number,
  trials: { count: number; density: () => number; walked?: () => void },
  visit: (box: number, player: number) => void,
): void {
  for (let trial = 0; trial < trials.count; trial++) {
    const density = trials.density();
    for (let cell = 0; cell < problem.cellCount; cell++) reach.boxAt[cell] = random() < density ? 1 : 0;
    const player = Math.floor(random() * problem.cellCount);
    if (reach.boxAt[player] !== 0) continue;
    reach.walk(player);
    trials.walked?.();
    for (let box = 0; box < problem.cellCount; box++) if (reach.boxAt[box] !== 0) visit(box, player);
  }
}

/**
 * The moves a box-move search just found (`count` of them), as 'state:pushes:areas' texts: the
 * areas are those each move leaves, given the position's areas without the box.
 */
function listedMoves(moves: BoxMoves, count: number, areasWithoutBox: number): string[] {
  return Array.from(moves.states.slice(0, count), (state, k) => `${state}:${moves.pushes[k]}:${moves.areasWithBoxOn(state >> 2, areasWithoutBox)}`);
}

/** The player areas of the position `boxAt` with the box at `box` taken off. */
function areasWithout(regions: RegionLabels, boxAt: Uint8Array, box: number): number {
  boxAt[box] = 0;
  const areas = regions.count(boxAt);
  boxAt[box] = 1;
  return areas;
}

/**
 * The moves of the box at `box` found the slow way, as 'cell:area:pushes' texts: a search over
 * (box cell, player area) with a walk of the board for every push, each place with the fewest
 * pushes, the player's own area at the start left out. `area` is the smallest cell the player
 * reaches with the box there.
 */
function movesByWalking(problem: Problem, boxAt: Uint8Array, dead: Uint8Array, box: number, player: number): string[] {
  const { neighbours, cellCount } = problem;
  const areaOf = (boxCell: number, from: number): number => {
    const seen = new Uint8Array(cellCount);
    const stack = [from];
    seen[from] = 1;
    let smallest = from;
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      if (cell < smallest) smallest = cell;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[cell * 4 + d];
        if (next < 0 || seen[next] !== 0 || next === boxCell || boxAt[next] !== 0) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    return smallest;
  };
  boxAt[box] = 0;
  const start = `${box}:${areaOf(box, player)}`;
  const pushesOf = new Map<string, number>([[start, 0]]);
  const queue: [number, number][] = [[box, player]];
  for (let head = 0; head < queue.length; head++) {
    const [cell, standing] = queue[head];
    const pushes = pushesOf.get(`${cell}:${areaOf(cell, standing)}`) as number;
    const area = areaOf(cell, standing);
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      const to = neighbours[cell * 4 + (d ^ 1)];
      if (side < 0 || boxAt[side] !== 0 || areaOf(cell, side) !== area || to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
      const key = `${to}:${areaOf(to, cell)}`;
      if (pushesOf.has(key)) continue;
      pushesOf.set(key, pushes + 1);
      queue.push([to, cell]);
    }
  }
  boxAt[box] = 1;
  pushesOf.delete(start);
  return [...pushesOf].map(([key, pushes]) => `${key}:${pushes}`).sort();
}

/** A level of rooms and pillars, for random positions whose walks go round corners. */
const ROOMS_AND_PILLARS = board('###########', '#    #    #', '#  ## # # #', '#   @     #', '# #  ## #.#', '#    #    #', '## ##  #  #', '#         #', '###########');

describe('box moves', () => {
  it('lists every square a box can be pushed to in a corridor, with the pushes it takes', () => {
    expect(movesOf(['#######', '#@$  .#', '#######'], 1, 2)).toEqual(['1,3 l 1', '1,4 l 2', '1,5 l 3']);
  });

  it('never enters a dead square', () => {
    // The box could be pushed up against the top wall, where no goal is: that square is dead.
    expect(movesOf(['#####', '#   #', '# $ #', '# @ #', '#.  #', '#####'], 2, 2)).not.toContain('1,2 d 1');
  });

  it('gives one move per square for sides the player can walk between', () => {
    // In open floor the player can walk round the box anywhere, so each square appears once.
    const moves = movesOf(['#######', '#     #', '# @$  #', '#    .#', '#######'], 2, 3);
    const squares = moves.map((move) => move.split(' ')[0]);
    expect(new Set(squares).size).toBe(squares.length);
  });

  it('gives a square twice when it can leave the player in two separate areas', () => {
    // In the gap the box splits the level. Pushed down into it the player stays above; pushed
    // on into the lower room, walked round and pushed back up, it leaves the player below.
    const gap = ['#######', '#  @  #', '#  $  #', '### ###', '#     #', '#     #', '#.    #', '#######'];
    const atGap = movesOf(gap, 2, 3).filter((move) => move.startsWith('3,3 '));
    expect(atGap).toEqual(['3,3 u 1', '3,3 d 5']);
  });

  it('leaves the box where it was: the start square is not a move', () => {
    expect(movesOf(['######', '#    #', '#@$ .#', '#    #', '######'], 2, 2)).not.toContainEqual(expect.stringMatching(/^2,2 /));
  });

  it('gives on a position what a fresh search gives, after searching other positions of the level', () => {
    // The cut-vertex walk's tables outlive a search: a cell free before and holding a box now
    // must not count as a child of its neighbour.
    const problem = buildProblem(board('##########', '#        #', '#  ## #  #', '#   @    #', '# #  ## .#', '#        #', '##########'), 'all-goals');
    const dead = new Uint8Array(problem.cellCount);
    const reused = new BoxMoves(problem);
    const reach = new PlayerReach(problem);
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const regions = new RegionLabels(problem);
    const reached = (cell: number): boolean => reach.reached(cell);
    let compared = 0;
    forEachBoxOfRandomPositions(problem, reach, random, { count: 300, density: () => 0.3 }, (box) => {
      const without = areasWithout(regions, reach.boxAt, box);
      const fresh = new BoxMoves(problem);
      const expected = listedMoves(fresh, fresh.search(box, reach.boxAt, dead, reached), without);
      expect(listedMoves(reused, reused.search(box, reach.boxAt, dead, reached), without)).toEqual(expected);
      compared++;
    });
    expect(compared).toBeGreaterThan(500);
  });

  it('tells the player areas each move leaves, as counting them on the board after the move does', () => {
    const problem = buildProblem(board('##########', '#    #   #', '#  ## #  #', '#   @    #', '# #  ## .#', '#    #   #', '##########'), 'all-goals');
    const dead = new Uint8Array(problem.cellCount);
    const moves = new BoxMoves(problem);
    const reach = new PlayerReach(problem);
    const regions = new RegionLabels(problem);
    const random = seededRandom(11);
    let compared = 0;
    forEachBoxOfRandomPositions(problem, reach, random, { count: 200, density: () => 0.25 }, (box) => {
      const without = areasWithout(regions, reach.boxAt, box);
      const count = moves.search(box, reach.boxAt, dead, (cell) => reach.reached(cell));
      for (let k = 0; k < count; k++) {
        const to = moves.states[k] >> 2;
        reach.boxAt[box] = 0;
        reach.boxAt[to] = 1;
        const counted = regions.count(reach.boxAt);
        reach.boxAt[to] = 0;
        reach.boxAt[box] = 1;
        expect(moves.areasWithBoxOn(to, without)).toBe(counted);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(200);
  });

  it('finds the places and pushes a slow search walking the board after every push finds, in a walked position and alone', () => {
    // Each place once per player area, with the fewest pushes: the search leaves out states that
    // could add nothing, and these must be only those.
    const problem = buildProblem(ROOMS_AND_PILLARS, 'all-goals');
    const { dead } = analyzeLevel(problem);
    const alone = new BoxMoves(problem);
    const walked = new BoxMoves(problem);
    const reach = new PlayerReach(problem);
    const random = seededRandom(7);
    const reached = (cell: number): boolean => reach.reached(cell);
    const asWalked = (moves: BoxMoves, count: number): string[] => {
      const texts: string[] = [];
      for (let k = 0; k < count; k++) {
        const cell = moves.states[k] >> 2;
        const side = problem.neighbours[moves.states[k]];
        reach.boxAt[cell] = 1;
        const fresh = new PlayerReach(problem);
        fresh.boxAt.set(reach.boxAt);
        fresh.walk(side);
        let smallest = side;
        for (let c = 0; c < problem.cellCount; c++) if (fresh.reached(c) && c < smallest) smallest = c;
        reach.boxAt[cell] = 0;
        texts.push(`${cell}:${smallest}:${moves.pushes[k]}`);
      }
      return texts.sort();
    };
    let compared = 0;
    const trials = { count: 60, density: () => 0.1 + 0.25 * random(), walked: () => walked.walkPosition(reach.boxAt) };
    forEachBoxOfRandomPositions(problem, reach, random, trials, (box, player) => {
      const expected = movesByWalking(problem, reach.boxAt, dead, box, player);
      const fromWalk = walked.searchInWalkedPosition(box, reach.boxAt, dead, player);
      reach.boxAt[box] = 0;
      expect(asWalked(walked, fromWalk)).toEqual(expected);
      reach.boxAt[box] = 1;
      const own = alone.search(box, reach.boxAt, dead, reached);
      reach.boxAt[box] = 0;
      expect(asWalked(alone, own)).toEqual(expected);
      reach.boxAt[box] = 1;
      compared += expected.length;
    });
    expect(compared).toBeGreaterThan(300);
  });

  it('gives, searching each box of a position walked once, what a search walking its own area gives', () => {
    // Random boxes on a level with pillars and rooms: the walk of the whole position, with the
    // box on its cell, must tell the same side groups and areas as a walk of the box's area.
    const problem = buildProblem(ROOMS_AND_PILLARS, 'all-goals');
    const dead = new Uint8Array(problem.cellCount);
    const alone = new BoxMoves(problem);
    const walked = new BoxMoves(problem);
    const reach = new PlayerReach(problem);
    const regions = new RegionLabels(problem);
    const random = seededRandom(23);
    const reached = (cell: number): boolean => reach.reached(cell);
    let compared = 0;
    const trials = { count: 300, density: () => 0.1 + 0.3 * random(), walked: () => walked.walkPosition(reach.boxAt) };
    forEachBoxOfRandomPositions(problem, reach, random, trials, (box, player) => {
      const without = areasWithout(regions, reach.boxAt, box);
      const expected = listedMoves(alone, alone.search(box, reach.boxAt, dead, reached), without);
      expect(listedMoves(walked, walked.searchInWalkedPosition(box, reach.boxAt, dead, player), without)).toEqual(expected);
      compared += expected.length;
    });
    expect(compared).toBeGreaterThan(2000);
  });

  it('gives, pulling each box of a position walked once, the same pulls in the same order as a search walking its own area, and the areas a flood counts', () => {
    // The backward searches (the plan's, strategy A's and D's) walk a position once for all its
    // boxes' pulls and read its areas from that walk: the order matters, as their queues take the
    // pulls in the order found.
    const problem = buildProblem(ROOMS_AND_PILLARS, 'all-goals');
    const alone = new BoxMoves(problem);
    const walked = new BoxMoves(problem);
    const reach = new PlayerReach(problem);
    const regions = new RegionLabels(problem);
    const random = seededRandom(29);
    const reached = (cell: number): boolean => reach.reached(cell);
    let compared = 0;
    const walkedAreas = (): void => {
      expect(walked.walkPosition(reach.boxAt)).toBe(regions.count(reach.boxAt));
    };
    const trials = { count: 300, density: () => 0.1 + 0.3 * random(), walked: walkedAreas };
    forEachBoxOfRandomPositions(problem, reach, random, trials, (box) => {
      const without = areasWithout(regions, reach.boxAt, box);
      const expected = listedMoves(alone, alone.searchPulls(box, reach.boxAt, reached), without);
      expect(listedMoves(walked, walked.searchPullsInWalkedPosition(box, reach.boxAt, reached), without)).toEqual(expected);
      compared += expected.length;
    });
    expect(compared).toBeGreaterThan(2000);
  });

  it('gives, for a lone box searched on the walk of the last search against the same walls, what a search walking its own area gives', () => {
    // The hotspot table searches one lone box after another with the same blocker: the walk of
    // the board (the last search's box off it) holds for any box in its area, wherever it started.
    const problem = buildProblem(ROOMS_AND_PILLARS, 'all-goals');
    const dead = new Uint8Array(problem.cellCount);
    const fresh = new BoxMoves(problem);
    const reusing = new BoxMoves(problem);
    const boxAt = new Uint8Array(problem.cellCount);
    const random = seededRandom(41);
    const anywhere = (): boolean => true;
    const found = (moves: BoxMoves, count: number): string[] => Array.from(moves.states.slice(0, count), (state, k) => `${state}:${moves.pushes[k]}`);
    let reused = 0;
    let compared = 0;
    for (let trial = 0; trial < 200; trial++) {
      // A blocker or two, then boxes searched one after another against them.
      boxAt.fill(0);
      const blockers = 1 + Math.floor(random() * 2);
      for (let b = 0; b < blockers; b++) boxAt[Math.floor(random() * problem.cellCount)] = 1;
      let walks = -1;
      for (let k = 0; k < 6; k++) {
        const box = Math.floor(random() * problem.cellCount);
        if (boxAt[box] !== 0) continue;
        boxAt[box] = 1;
        const expected = found(fresh, fresh.search(box, boxAt, dead, anywhere));
        if (reusing.walkCount === walks && reusing.walked(box)) {
          expect(found(reusing, reusing.searchInLastWalk(box, boxAt, dead, anywhere))).toEqual(expected);
          reused++;
        } else {
          const before = reusing.walkCount;
          expect(found(reusing, reusing.search(box, boxAt, dead, anywhere))).toEqual(expected);
          // A box with no push from any side is not walked round: the last walk stays the one known.
          if (reusing.walkCount !== before) walks = reusing.walkCount;
        }
        compared += expected.length;
        boxAt[box] = 0;
      }
    }
    expect(reused).toBeGreaterThan(300);
    expect(compared).toBeGreaterThan(5000);
  });
});

describe('box pulls', () => {
  it('lists every square a box can be pulled to in a corridor: the player walks backwards, the box follows', () => {
    // The player must step on beyond the square the box comes to, so the last free square stays the player's.
    expect(movesOf(['#######', '#.$@  #', '#######'], 1, 2, true)).toEqual(['1,3 r 1', '1,4 r 2']);
  });

  it('cannot pull a box the player only faces with a wall behind itself', () => {
    expect(movesOf(['######', '#.$@##', '######'], 1, 2, true)).toEqual([]);
  });

  it('pulls round a corner where the player can walk to the other side', () => {
    // Pulled right to 1,3, then the player walks round below it and pulls it down.
    const moves = movesOf(['#######', '#.$@  #', '###   #', '###   #', '#######'], 1, 2, true);
    expect(moves).toContain('2,3 d 2');
    expect(moves).not.toContainEqual(expect.stringMatching(/^2,2 /));
  });
});
