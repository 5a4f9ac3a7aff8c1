import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { RoomDeadlocks } from '../../../src/solver/deadlocks/room-deadlocks.js';
import { FeatureSearch } from '../../../src/solver/engines/feature-search.js';
import { findRooms } from '../../../src/solver/fess/room-connectivity.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';
import { forEachPush, xsokobanWithSolutions } from '../published-solutions.js';
import { solveByExhaustion } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/** The start of `start` on a walked board, with a room detector of its level. */
function setUp(start: Board): { problem: Problem; rooms: RoomDeadlocks; reach: PlayerReach } {
  const problem = buildProblem(start, 'all-goals');
  const rooms = new RoomDeadlocks(problem, analyzeLevel(problem).dead);
  const reach = new PlayerReach(problem);
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  return { problem, rooms, reach };
}

/** The cell of the square at `row`, `column` of `start`. */
function cellAt(problem: Problem, start: Board, row: number, column: number): number {
  return problem.cellOfSquare[row * start.width + column];
}

/** Whether the detector, asked after a move to each box in turn, calls the start lost. */
function flagsAnyBox(start: Board): boolean {
  const { problem, rooms, reach } = setUp(start);
  return Array.from(problem.initialBoxes).some((cell) => rooms.isDeadlockAfterWalk(reach.boxAt, reach, -1, cell));
}

// Two rooms joined by one door (row 2, column 4). The box in the door cannot go right, where the
// right room's box stands, nor up or down; the player, on the left, never reaches the right room,
// so its box can never be pushed out of it, nor onto one of its goals.
const SHUT_ROOM = board('#########', '#   #...#', '# $ $$  #', '#   #   #', '#@  #   #', '#########');

describe('room deadlocks', () => {
  it('the level of the examples has the two rooms either side of the door, which belongs to neither', () => {
    const problem = buildProblem(SHUT_ROOM, 'all-goals');
    const roomOf = findRooms(problem);
    const left = roomOf[cellAt(problem, SHUT_ROOM, 2, 2)];
    const right = roomOf[cellAt(problem, SHUT_ROOM, 2, 5)];
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeGreaterThanOrEqual(0);
    expect(left).not.toBe(right);
    expect(roomOf[cellAt(problem, SHUT_ROOM, 2, 4)]).toBe(-1);
  });

  it('a room whose box can never be pushed out of it nor onto a goal is lost', () => {
    const { problem, rooms, reach } = setUp(SHUT_ROOM);
    expect(rooms.isDeadlockAfterWalk(reach.boxAt, reach, -1, cellAt(problem, SHUT_ROOM, 2, 5))).toBe(true);
    expect(solveByExhaustion(SHUT_ROOM, 'all-goals').fewestMoves).toBeNull();
  });

  it('asked about the left room, whose box can leave once the door box is pushed on (the right room box taken off), it says nothing', () => {
    const { problem, rooms, reach } = setUp(SHUT_ROOM);
    expect(rooms.isDeadlockAfterWalk(reach.boxAt, reach, -1, cellAt(problem, SHUT_ROOM, 2, 2))).toBe(false);
  });

  it('the same rooms with the door open are no deadlock: the right room box can be pushed home', () => {
    const open = board('#########', '#   #*..#', '# $   $ #', '#   #   #', '#@  #   #', '#########');
    expect(flagsAnyBox(open)).toBe(false);
    expect(solveByExhaustion(open, 'all-goals').fewestMoves).not.toBeNull();
  });

  it('a box in a corridor, on no room square, is not asked about', () => {
    const { problem, rooms, reach } = setUp(SHUT_ROOM);
    expect(rooms.isDeadlockAfterWalk(reach.boxAt, reach, -1, cellAt(problem, SHUT_ROOM, 2, 4))).toBe(false);
    expect(rooms.counts.searches).toBe(0);
  });

  it('remembers a room: the same boxes and player area are searched once', () => {
    const { problem, rooms, reach } = setUp(SHUT_ROOM);
    const box = cellAt(problem, SHUT_ROOM, 2, 5);
    expect(rooms.isDeadlockAfterWalk(reach.boxAt, reach, -1, box)).toBe(true);
    expect(rooms.isDeadlockAfterWalk(reach.boxAt, reach, -1, box)).toBe(true);
    expect({ searches: rooms.counts.searches, found: rooms.counts.found, hits: rooms.counts.hits }).toEqual({ searches: 1, found: 1, hits: 1 });
  });

  it('prunes the search over features: with the matching off, it alone ends every move of a lost start', () => {
    // One room; both boxes are held on the top row, which has one goal.
    const pair = board('########', '# $.$  #', '#      #', '#  .  @#', '########');
    const run = (roomDeadlocks: boolean): FeatureSearch => {
      const search = new FeatureSearch(analyzeLevel(buildProblem(pair, 'all-goals')), { matchingDeadlocks: false, roomDeadlocks });
      search.run(10_000);
      return search;
    };
    const withRooms = run(true);
    expect(withRooms.state).toBe('exhausted');
    expect(withRooms.expanded).toBe(1);
    expect(run(false).expanded).toBeGreaterThan(1);
  });

  it('on random boards every position it flags is unsolvable by exhaustive search', () => {
    const random = seededRandom(314);
    let flagged = 0;
    for (let tried = 0; tried < 1500; tried++) {
      const boxes = 2 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      if (!flagsAnyBox(start)) continue;
      flagged++;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(flagged).toBeGreaterThan(100);
  });
});

describe('room deadlocks on the published XSokoban solutions', () => {
  const { levels, solutions } = xsokobanWithSolutions();

  /** The pushes after which the detector calls a position of the solution lost (none may be). */
  function falseAlarms(start: Board, lurd: string): number[] {
    const problem = buildProblem(start, 'all-goals');
    const rooms = new RoomDeadlocks(problem, analyzeLevel(problem).dead);
    const reach = new PlayerReach(problem);
    const alarms: number[] = [];
    forEachPush(problem, lurd, reach.boxAt, (from, to, pushes) => {
      reach.flood(from);
      if (rooms.isDeadlockAfterWalk(reach.boxAt, reach, from, to)) alarms.push(pushes);
    });
    return alarms;
  }

  it('never calls a position on the way of a solution lost, on any of the 90 levels', () => {
    expect(solutions.size).toBe(90);
    const wrong = levels.flatMap((level) => {
      const alarms = falseAlarms(level.board, solutions.get(level.source.index) ?? '');
      return alarms.length === 0 ? [] : [`level ${level.source.index}: after pushes ${alarms.slice(0, 5).join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });
});
