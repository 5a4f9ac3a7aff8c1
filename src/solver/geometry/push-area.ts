import type { PlayerReach } from './reachability.js';

/**
 * What one push does to the player's area, told from the squares around it without a walk: the
 * searches that name a child's area by its smallest square (the push searches, the sub-board
 * searches of the deadlock detectors) skip the child's fill when these say its area is the
 * parent's with the box's old square added and its new one taken out.
 */

/**
 * Whether filling `cell` with a box leaves its free orthogonal neighbours joined to one another
 * round it: each pair of neighbours next to each other round the cell (up and right, right and
 * down, ...) joins through the square diagonal between them when all three are free, and the
 * neighbours must make one group so. Then any walk through `cell` can go round it. A local test,
 * sufficient and not necessary: neighbours joined only far away answer false. A square is free
 * when it is not a wall and `boxAt` has no box on it, or it is `freed` (the square a pushed box
 * leaves, while `boxAt` still has it; -1 for none).
 */
export function staysJoinedWithout(neighbours: Int32Array, boxAt: Uint8Array, cell: number, freed = -1): boolean {
  const up = neighbours[cell * 4];
  const down = neighbours[cell * 4 + 1];
  const left = neighbours[cell * 4 + 2];
  const right = neighbours[cell * 4 + 3];
  const freeUp = isFree(up, boxAt, freed);
  const freeRight = isFree(right, boxAt, freed);
  const freeDown = isFree(down, boxAt, freed);
  const freeLeft = isFree(left, boxAt, freed);
  const free = (freeUp ? 1 : 0) + (freeRight ? 1 : 0) + (freeDown ? 1 : 0) + (freeLeft ? 1 : 0);
  let links = 0;
  if (freeUp && freeRight && isFree(neighbours[up * 4 + 3], boxAt, freed)) links++;
  if (freeRight && freeDown && isFree(neighbours[right * 4 + 1], boxAt, freed)) links++;
  if (freeDown && freeLeft && isFree(neighbours[down * 4 + 2], boxAt, freed)) links++;
  if (freeLeft && freeUp && isFree(neighbours[left * 4], boxAt, freed)) links++;
  // Four links close a ring (one group); fewer make chains, one group fewer per link.
  return (links === 4 ? 1 : free - links) <= 1;
}

/**
 * Whether the two squares beside `box` across a push in direction `d` are each a wall, a box, or
 * in the area `reach` last filled: then the square the box leaves joins that area and no other.
 */
export function opensOnlyOntoArea(neighbours: Int32Array, boxAt: Uint8Array, reach: PlayerReach, box: number, d: number): boolean {
  const one = neighbours[box * 4 + (d ^ 2)];
  if (one >= 0 && boxAt[one] === 0 && !reach.reached(one)) return false;
  const other = neighbours[box * 4 + (d ^ 3)];
  return other < 0 || boxAt[other] !== 0 || reach.reached(other);
}

function isFree(cell: number, boxAt: Uint8Array, freed: number): boolean {
  return cell >= 0 && (cell === freed || boxAt[cell] === 0);
}
