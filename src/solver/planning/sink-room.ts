import { doorwaysOf } from '../geometry/doorways.js';
import type { Problem } from '../model/problem.js';
import { largestBasin } from './sink-basin.js';

/**
 * FESS's sink room (Shoham and Schaeffer, draft section 6, "the sink room assumption"): a place
 * near the goals that is taken to hold any number of boxes, so that working back from the
 * solved position a box pulled into it leaves the board, and working forwards boxes come out of
 * it to the goals.
 *
 * The goal area is every room holding a goal, rooms being the parts the doorways (cells that
 * split the empty level) cut it into, with the doorway runs that lead only between such rooms.
 * The sink room is whatever lies outside the goal area on the sink goal's basin (sink-basin.ts):
 * where a box still reaches the goals once the others are full, so where boxes come in from;
 * and only the squares a box can be pushed to from the start, as the sink must be fed. Null
 * where that leaves nothing: a level whose goals share one room with everything else has no
 * outside to bring boxes in from.
 *
 * `pushable` marks the squares some box can be pushed to from its start.
 */
export function sinkRoom(problem: Problem, pushable: Uint8Array): Uint8Array | null {
  const basin = largestBasin(problem);
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

/** 1 on the cells of the rooms that hold goals and on the doorway runs that join only such rooms. */
export function goalArea(problem: Problem): Uint8Array {
  const { cellCount, neighbours, goals } = problem;
  const doorway = new Uint8Array(cellCount);
  for (const cell of doorwaysOf(problem)) doorway[cell] = 1;
  // Rooms and doorway runs are both parts of one kind joined side by side: label them alike.
  const part = new Int32Array(cellCount).fill(-1);
  const stack = new Int32Array(cellCount);
  let parts = 0;
  for (let start = 0; start < cellCount; start++) {
    if (part[start] >= 0) continue;
    const kind = doorway[start];
    let top = 0;
    stack[top++] = start;
    part[start] = parts;
    while (top > 0) {
      const at = stack[--top];
      for (let d = 0; d < 4; d++) {
        const next = neighbours[at * 4 + d];
        if (next < 0 || part[next] >= 0 || doorway[next] !== kind) continue;
        part[next] = parts;
        stack[top++] = next;
      }
    }
    parts++;
  }
  const goalPart = new Uint8Array(parts);
  for (const goal of goals) goalPart[part[goal]] = 1;
  // A doorway run is inside when every room it touches holds a goal.
  const touchesGoalRoom = new Uint8Array(parts);
  const touchesOther = new Uint8Array(parts);
  for (let cell = 0; cell < cellCount; cell++) {
    if (doorway[cell] === 0) continue;
    for (let d = 0; d < 4; d++) {
      const next = neighbours[cell * 4 + d];
      if (next < 0 || doorway[next] !== 0) continue;
      if (goalPart[part[next]] !== 0) touchesGoalRoom[part[cell]] = 1;
      else touchesOther[part[cell]] = 1;
    }
  }
  const area = new Uint8Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) {
    const p = part[cell];
    const inside = doorway[cell] === 0 ? goalPart[p] !== 0 : touchesGoalRoom[p] !== 0 && touchesOther[p] === 0;
    area[cell] = inside ? 1 : 0;
  }
  return area;
}
