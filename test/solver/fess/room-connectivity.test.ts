import { describe, expect, it } from 'vitest';
import { type RoomBlocks, RoomConnectivity } from '../../../src/solver/fess/room-connectivity.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { board } from '../helpers.js';

function rooms(...rows: string[]) {
  return roomsOf('fess', ...rows);
}

function roomsOf(blocks: RoomBlocks, ...rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  const boxes = (...cells: [number, number][]): Uint8Array => {
    const boxAt = new Uint8Array(problem.cellCount);
    for (const [row, col] of cells) boxAt[cell(row, col)] = 1;
    return boxAt;
  };
  return { graph: new RoomConnectivity(problem, blocks), cell, boxes };
}

describe('room connectivity', () => {
  // Two 3×3 rooms joined by a corridor, and by a second, longer one below.
  const twoRooms = ['###########', '#@  ###   #', '#   .     #', '#   ###   #', '# #######$#', '#         #', '###########'];

  it('finds rooms as areas of 2×3 floor, corridors belonging to none', () => {
    const { graph, cell } = rooms(...twoRooms);
    expect(graph.roomCount).toBe(2);
    expect(graph.roomOf[cell(1, 1)]).not.toBe(graph.roomOf[cell(1, 9)]);
    expect(graph.roomOf[cell(2, 5)]).toBe(-1);
    expect(graph.roomOf[cell(5, 5)]).toBe(-1);
  });

  it('links rooms the player walks between without entering a third', () => {
    const { graph, boxes } = rooms(...twoRooms);
    expect(graph.links.length / 2).toBe(1);
    expect(graph.brokenLinks(boxes())).toBe(0);
  });

  it('counts a link broken only when boxes cut every walk between the rooms', () => {
    const { graph, boxes } = rooms(...twoRooms);
    expect(graph.brokenLinks(boxes([2, 5]))).toBe(0);
    expect(graph.brokenLinks(boxes([2, 5], [5, 3]))).toBe(1);
  });

  it('finds no rooms in a level of corridors', () => {
    const { graph, boxes } = rooms('#######', '#@ $ .#', '#######');
    expect(graph.roomCount).toBe(0);
    expect(graph.brokenLinks(boxes())).toBe(0);
  });

  // Festival's rooms: 2×2 floor squares joined side by side; a lone 2×2 square is no room.
  it("with Festival's blocks, makes rooms of 2×2 squares that share a side, not of a lone one", () => {
    // Left, a 3×3 floor (four squares side by side); right, one 2×2 square alone.
    const { graph, cell } = roomsOf('festival', '#########', '#@  ##  #', '#  $  . #', '#   #####', '#########');
    expect(graph.roomCount).toBe(1);
    expect(graph.roomOf[cell(1, 1)]).toBe(graph.roomOf[cell(3, 3)]);
    expect(graph.roomOf[cell(1, 6)]).toBe(-1);
  });

  it("with Festival's blocks, breaks a link where a box closes the doorway between two rooms", () => {
    const { graph, boxes } = roomsOf('festival', '##########', '#@  #   .#', '#     $  #', '#   #    #', '##########');
    expect(graph.roomCount).toBe(2);
    expect(graph.brokenLinks(boxes())).toBe(0);
    expect(graph.brokenLinks(boxes([2, 4]))).toBe(1);
  });

  it('counts broken links as walks from both ends of every link would, on random positions', () => {
    // Five rooms in a ring and a chain, joined by corridors and doorways.
    const rows = [
      '################',
      '#    #   #     #',
      '#    #   #     #',
      '#              #',
      '#### ## ###  ###',
      '#    #     #   #',
      '#          #   #',
      '#    #         #',
      '################',
    ];
    const problem = buildProblem(board(...rows.map((row, i) => (i === 1 ? `#@${row.slice(2)}` : row))), 'all-goals');
    const graph = new RoomConnectivity(problem);
    expect(graph.links.length / 2).toBeGreaterThan(3);
    const { neighbours, cellCount } = problem;
    // A link is whole when the walk from its first room, through that room and cells of no room, steps into the second.
    const whole = (from: number, to: number, boxAt: Uint8Array): boolean => {
      const seen = new Uint8Array(cellCount);
      const queue: number[] = [];
      for (let cell = 0; cell < cellCount; cell++) {
        if (graph.roomOf[cell] === from && boxAt[cell] === 0) {
          seen[cell] = 1;
          queue.push(cell);
        }
      }
      while (queue.length > 0) {
        const cell = queue.pop() as number;
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cell * 4 + d];
          if (next < 0 || boxAt[next] !== 0 || seen[next] !== 0) continue;
          seen[next] = 1;
          if (graph.roomOf[next] === to) return true;
          if (graph.roomOf[next] < 0 || graph.roomOf[next] === from) queue.push(next);
        }
      }
      return false;
    };
    let state = 7;
    const random = (): number => {
      state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
      return state / 0x7fffffff;
    };
    let broken = 0;
    for (let trial = 0; trial < 100; trial++) {
      const boxAt = new Uint8Array(cellCount);
      for (let cell = 0; cell < cellCount; cell++) if (random() < 0.2) boxAt[cell] = 1;
      let expected = 0;
      for (let link = 0; link < graph.links.length / 2; link++) {
        const [a, b] = [graph.links[2 * link], graph.links[2 * link + 1]];
        // The walk from either end says the same (brokenLinks walks from one end of each link only).
        expect(whole(b, a, boxAt)).toBe(whole(a, b, boxAt));
        if (!whole(a, b, boxAt)) expected++;
      }
      expect(graph.brokenLinks(boxAt)).toBe(expected);
      broken += expected;
    }
    expect(broken).toBeGreaterThan(25);
  });
});
