import { describe, expect, it } from 'vitest';
import { BOX, WALL, type Board } from '../../src/level/board.js';
import { analyzeLevel } from '../../src/solver/planning/analysis.js';
import { buildProblem } from '../../src/solver/model/problem.js';
import { CorralDeadlocks } from '../../src/solver/deadlocks/corral-deadlocks.js';
import { FreezeDeadlocks } from '../../src/solver/deadlocks/freeze-deadlocks.js';
import { PlayerReach } from '../../src/solver/geometry/reachability.js';
import { RetrogradeDeadlocks } from '../../src/solver/deadlocks/retrograde-deadlock.js';
import { RoomDeadlocks } from '../../src/solver/deadlocks/room-deadlock.js';
import { board } from './helpers.js';
import { solveByExhaustion } from './oracle.js';
import { drawBoard, randomBoard, seededRandom } from './random-boards.js';

/** The room verdict for every box of the start position taken as the one just moved. */
function isRoomDeadlock(start: Board): boolean {
  const problem = buildProblem(start, 'all-goals');
  const { dead } = analyzeLevel(problem);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  const rooms = new RoomDeadlocks(problem, dead);
  return Array.from(problem.initialBoxes).some((cell) => rooms.isDeadlock(boxAt, problem.initialPlayer, cell));
}

/** Whether the older tests (dead cells, freezes, corrals) already see the position as lost. */
function knownLost(start: Board): boolean {
  const problem = buildProblem(start, 'all-goals');
  const { dead } = analyzeLevel(problem);
  const reach = new PlayerReach(problem);
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  reach.walk(problem.initialPlayer);
  const freeze = new FreezeDeadlocks(problem, dead, reach.boxAt);
  if (Array.from(problem.initialBoxes).some((cell) => dead[cell] !== 0 || freeze.isDeadlock(cell))) return true;
  if (new RetrogradeDeadlocks(problem, dead).isDeadlock(reach.boxAt)) return true;
  return new CorralDeadlocks(problem, dead).isDeadlock(reach.boxAt, reach);
}

describe('room deadlocks', () => {
  it('two boxes in a room with no goal for them, which can move but never leave it, are lost', () => {
    // Found by the random search below: the left room (columns 1-2) holds both boxes and one
    // goal; every push that would take a box out needs the player where the other box or a
    // wall stands. No box is frozen, no cell is dead, and the player reaches every corral.
    const trapped = board('#######', '# $  .#', '#.# @##', '# $   #', '#  # ##', '#######');
    expect(isRoomDeadlock(trapped)).toBe(true);
    expect(knownLost(trapped)).toBe(false);
    expect(solveByExhaustion(trapped, 'all-goals').fewestMoves).toBeNull();
  });

  it('a room whose surplus box can be pushed out through its doorway is no deadlock', () => {
    const open = board('#######', '#    .#', '#.#  ##', '# $ $ #', '#  #@ #', '#######');
    expect(isRoomDeadlock(open)).toBe(false);
    expect(solveByExhaustion(open, 'all-goals').fewestMoves).not.toBeNull();
  });

  it('on random boards every position it flags is unsolvable by exhaustive search, and it flags many', () => {
    const random = seededRandom(1618);
    let flagged = 0;

    for (let tried = 0; tried < 1500; tried++) {
      const boxes = 2 + Math.floor(random() * 2);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null || buildProblem(start, 'all-goals').hopelessBecause !== null) continue;
      if (!isRoomDeadlock(start)) continue;
      flagged++;
      expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
    }
    expect(flagged).toBeGreaterThan(100);
  });

  it('patterns it learns on one position and applies to later ones of the same level flag only unsolvable positions', () => {
    const random = seededRandom(3141);
    let hits = 0;
    for (let tried = 0; tried < 300; tried++) {
      const boxes = 2 + Math.floor(random() * 2);
      const first = randomBoard(random, { boxes, goals: boxes });
      if (first === null) continue;
      const problem = buildProblem(first, 'all-goals');
      if (problem.hopelessBecause !== null) continue;
      const { dead } = analyzeLevel(problem);
      const rooms = new RoomDeadlocks(problem, dead);
      // The same walls, goals and player with the boxes placed anew each time.
      const open: number[] = [];
      first.squares.forEach((flags, square) => {
        if ((flags & WALL) === 0 && square !== first.player) open.push(square);
      });
      for (let variant = 0; variant < 8; variant++) {
        const squares = first.squares.map((flags) => flags & ~BOX);
        const free = [...open];
        for (let i = 0; i < boxes; i++) squares[free.splice(Math.floor(random() * free.length), 1)[0]] |= BOX;
        const start: Board = { ...first, squares };
        const boxAt = new Uint8Array(problem.cellCount);
        start.squares.forEach((flags, square) => {
          if ((flags & BOX) !== 0) boxAt[problem.cellOfSquare[square]] = 1;
        });
        const before = rooms.learned.hits;
        const lost = Array.from(boxAt.keys()).some((cell) => boxAt[cell] !== 0 && rooms.isDeadlock(boxAt, problem.initialPlayer, cell));
        if (!lost) continue;
        if (rooms.learned.hits > before) hits++;
        expect(solveByExhaustion(start, 'all-goals').fewestMoves, drawBoard(start)).toBeNull();
      }
    }
    expect(hits).toBeGreaterThan(0);
  });
});
