import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { computePullDistances, computePushDistances, sideRegions, UNREACHABLE } from '../../../src/solver/geometry/push-distances.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { board } from '../helpers.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * Push distances against the plainest search there is: breadth-first over (box cell, player
 * cell) with a lone box, walking free and each push costing one, from every start cell and every
 * player cell beside it. The tables must agree with it exactly, since the dead cells and the
 * lower bound both read them.
 */
function fewestPushesByBfs(problem: Problem, startCell: number): Int32Array {
  const { cellCount, neighbours } = problem;
  const best = new Int32Array(cellCount * cellCount).fill(-1);
  // Two queues: walking keeps the push count, pushing adds one (a 0-1 breadth-first search).
  let layer: number[] = [];
  for (let player = 0; player < cellCount; player++) {
    if (player === startCell) continue;
    best[startCell * cellCount + player] = 0;
    layer.push(startCell * cellCount + player);
  }
  for (let pushes = 0; layer.length > 0; pushes++) {
    const pushed: number[] = [];
    for (let i = 0; i < layer.length; i++) {
      const state = layer[i];
      const box = Math.floor(state / cellCount);
      const player = state % cellCount;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[player * 4 + d];
        if (next < 0) continue;
        if (next !== box) {
          const walked = box * cellCount + next;
          if (best[walked] < 0) {
            best[walked] = pushes;
            layer.push(walked);
          }
          continue;
        }
        const beyond = neighbours[box * 4 + d];
        if (beyond >= 0 && best[beyond * cellCount + box] < 0) pushed.push(beyond * cellCount + box);
      }
    }
    layer = [];
    for (const state of pushed) {
      if (best[state] >= 0) continue;
      best[state] = pushes + 1;
      layer.push(state);
    }
  }
  // Fewest pushes to each box cell, whatever the player's cell.
  const toCell = new Int32Array(cellCount).fill(-1);
  for (let state = 0; state < best.length; state++) {
    const box = Math.floor(state / cellCount);
    if (best[state] >= 0 && (toCell[box] < 0 || best[state] < toCell[box])) toCell[box] = best[state];
  }
  return toCell;
}

const asDistance = (pushes: number): number => (pushes < 0 ? UNREACHABLE : pushes);

function randomBoards(count: number): Board[] {
  const random = seededRandom(31);
  const boards: Board[] = [];
  while (boards.length < count) {
    const made = randomBoard(random, { boxes: 2, goals: 2 });
    if (made !== null) boards.push(made);
  }
  return boards;
}

describe('push distances', () => {
  it('agree with a breadth-first search over box and player cells, into every goal and out of every start', () => {
    let reachable = 0;
    let unreachable = 0;
    for (const start of randomBoards(60)) {
      const problem = buildProblem(start, 'all-boxes');
      const { cellCount, goals, initialBoxes } = problem;
      const pushes = computePushDistances(problem);
      const pulls = computePullDistances(problem, initialBoxes);
      const byBfs = Array.from({ length: cellCount }, (_, cell) => fewestPushesByBfs(problem, cell));
      for (let cell = 0; cell < cellCount; cell++) {
        for (let goal = 0; goal < goals.length; goal++) {
          const expected = asDistance(byBfs[cell][goals[goal]]);
          if (expected === UNREACHABLE) unreachable++;
          else reachable++;
          expect(pushes.distance[cell * goals.length + goal], `${drawBoard(start)}\ncell ${cell} to goal ${goal}`).toBe(expected);
        }
        for (let target = 0; target < initialBoxes.length; target++) {
          // Pull distances: the pushes that take a box from its start out to the cell.
          const expected = asDistance(byBfs[initialBoxes[target]][cell]);
          expect(pulls.distance[cell * initialBoxes.length + target], `${drawBoard(start)}\nstart ${target} to cell ${cell}`).toBe(expected);
        }
        let nearest = UNREACHABLE;
        for (let goal = 0; goal < goals.length; goal++) nearest = Math.min(nearest, pushes.distance[cell * goals.length + goal]);
        expect(pushes.nearest[cell]).toBe(nearest);
      }
    }
    // Both kinds of answer were checked many times.
    expect(reachable).toBeGreaterThan(500);
    expect(unreachable).toBeGreaterThan(100);
  });

  it('join two sides of a box exactly when a walk round it joins them', () => {
    let apart = 0;
    for (const start of randomBoards(60)) {
      const problem = buildProblem(start, 'all-boxes');
      const { cellCount, neighbours } = problem;
      const regions = sideRegions(problem);
      for (let x = 0; x < cellCount; x++) {
        // The plain way: a flood from each side with a box on x.
        const label = new Int32Array(cellCount).fill(-1);
        label[x] = cellCount;
        for (let d = 0; d < 4; d++) {
          const side = neighbours[x * 4 + d];
          if (side < 0 || label[side] >= 0) continue;
          const stack = [side];
          label[side] = d;
          while (stack.length > 0) {
            const at = stack.pop() as number;
            for (let e = 0; e < 4; e++) {
              const to = neighbours[at * 4 + e];
              if (to >= 0 && label[to] < 0) {
                label[to] = d;
                stack.push(to);
              }
            }
          }
        }
        for (let d = 0; d < 4; d++) {
          const side = neighbours[x * 4 + d];
          expect(regions[x * 4 + d] < 0).toBe(side < 0);
          for (let e = 0; e < d; e++) {
            const other = neighbours[x * 4 + e];
            if (side < 0 || other < 0) continue;
            if (label[side] !== label[other]) apart++;
            expect(regions[x * 4 + d] === regions[x * 4 + e], `${drawBoard(start)}\ncell ${x} sides ${e} and ${d}`).toBe(label[side] === label[other]);
          }
        }
      }
    }
    expect(apart).toBeGreaterThan(50);
  });

  it('needs the player to walk round the box: a box in a corridor cannot be turned', () => {
    // The box can go right along the corridor, but never up into the goal's column beside it.
    const problem = buildProblem(board('#######', '#####.#', '#@ $  #', '#######'), 'all-boxes');
    const distances = computePushDistances(problem);
    expect(distances.distance[problem.initialBoxes[0]]).toBe(UNREACHABLE);
  });

  it('counts one push per square along a straight run', () => {
    const problem = buildProblem(board('########', '#@$   .#', '########'), 'all-boxes');
    expect(computePushDistances(problem).distance[problem.initialBoxes[0]]).toBe(4);
  });
});
