import { findRooms } from '../fess/room-connectivity.js';
import type { Problem } from '../model/problem.js';
import { levelBasins, type SinkBasin } from './sink-basin.js';

/**
 * FESS's sink room (Shoham and Schaeffer, draft section 6, "the sink room assumption"): a place
 * near the goals that is taken to hold any number of boxes, so that working back from the
 * solved position a box pulled into it leaves the board, and working forwards boxes come out of
 * it to the goals.
 *
 * The goal area is the goals and every room holding one (see goalArea). The sink room is
 * whatever lies outside the goal area on the sink goal's basin (sink-basin.ts): where a box
 * still reaches the goals once the others are full, so where boxes come in from; and only the
 * squares a box can be pushed to from the start, as the sink must be fed. Null where that
 * leaves nothing: a level whose goals share one room with everything else has no outside to
 * bring boxes in from. (Only the nearest room outside, and the corridors nearer than it, was
 * measured too: the same 14 of the 38 hard XSokoban levels, at much the same positions.)
 *
 * `pushable` marks the squares some box can be pushed to from its start; `basin` is the largest
 * basin (sink-basin.ts), passed by a caller that has it already.
 */
export function sinkRoom(problem: Problem, pushable: Uint8Array, basin: SinkBasin | null = levelBasins(problem)?.largest ?? null): Uint8Array | null {
  if (basin === null) return null;
  const inGoalArea = goalArea(problem);
  const { cellCount, goalIndexOfCell } = problem;
  const sink = new Uint8Array(cellCount);
  let size = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (inGoalArea[cell] !== 0 || goalIndexOfCell[cell] >= 0 || basin.cells[cell] === 0 || pushable[cell] === 0) continue;
    sink[cell] = 1;
    size++;
  }
  return size === 0 ? null : sink;
}

/**
 * 1 on the goal area: the goals, the rooms that hold goals (FESS's rooms, of 2×3 floor
 * rectangles: room-connectivity.ts), and the runs of squares in no room (corridors, doorways)
 * that lead only between those.
 */
export function goalArea(problem: Problem): Uint8Array {
  const { cellCount, neighbours, goals, goalIndexOfCell } = problem;
  const roomOf = findRooms(problem);
  let rooms = 0;
  for (let cell = 0; cell < cellCount; cell++) rooms = Math.max(rooms, roomOf[cell] + 1);
  const goalRoom = new Uint8Array(rooms);
  for (const goal of goals) if (roomOf[goal] >= 0) goalRoom[roomOf[goal]] = 1;
  const area = new Uint8Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) area[cell] = goalIndexOfCell[cell] >= 0 || (roomOf[cell] >= 0 && goalRoom[roomOf[cell]] !== 0) ? 1 : 0;
  // Each run of other squares in no room joins the area when it touches it and no other room.
  const run = new Int32Array(cellCount);
  const stack = new Int32Array(cellCount);
  for (let start = 0; start < cellCount; start++) {
    if (area[start] !== 0 || roomOf[start] >= 0 || run[start] !== 0) continue;
    let top = 0;
    let size = 0;
    let touchesArea = false;
    let touchesOther = false;
    stack[top++] = start;
    run[start] = 1;
    while (top > 0) {
      const at = stack[--top];
      stack[cellCount - 1 - size++] = at;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[at * 4 + d];
        if (next < 0) continue;
        if (area[next] !== 0) touchesArea = true;
        else if (roomOf[next] >= 0) touchesOther = true;
        else if (run[next] === 0) {
          run[next] = 1;
          stack[top++] = next;
        }
      }
    }
    if (touchesArea && !touchesOther) for (let k = 0; k < size; k++) area[stack[cellCount - 1 - k]] = 1;
  }
  return area;
}
