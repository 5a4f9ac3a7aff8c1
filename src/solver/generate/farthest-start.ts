import { WALL } from '../../level/board.js';
import type { SeededRandom } from './seeded-random.js';

/** A start the backward search found: the boxes, the player, and the fewest pushes from it to the goals. */
export interface FarthestStart {
  readonly boxes: readonly number[];
  readonly player: number;
  /** Exact: every position fewer pulls from the goals was stored before this one was. */
  readonly pushes: number;
}

/**
 * The start farthest from the solved position, found by searching backwards from it: the boxes
 * start on the goals (the player anywhere they leave free) and are pulled, breadth first, each
 * pull the reverse of a push, until no new position is left or `maxPositions` are stored; the
 * deepest layer holds the positions that need the most pushes to solve, and one of them is
 * picked at random. This is the idea of Taylor and Parberry's generator ("Procedural generation
 * of Sokoban levels", 2011): a start chosen for its distance from the goal rather than made by
 * random reverse play, which leaves many boxes a push or two from home. Null when no pull is
 * possible at all. `squares` holds WALL or 0 per square of a board `width` wide, whose border is
 * wall.
 */
export function farthestStart(squares: Uint8Array, width: number, goals: readonly number[], maxPositions: number, random: SeededRandom): FarthestStart | null {
  const offsets = [-width, width, -1, 1];
  const boxCount = goals.length;
  const occupied = new Uint8Array(squares.length);
  const reach = new Uint8Array(squares.length);
  const stack: number[] = [];
  const free = (square: number) => squares[square] !== WALL && occupied[square] === 0;

  /** Marks the squares the player reaches from `from` in `reach` (cleared first); returns the least of them, the area's name. */
  const walk = (from: number): number => {
    reach.fill(0);
    stack.length = 0;
    stack.push(from);
    reach[from] = 1;
    let least = from;
    while (stack.length > 0) {
      const square = stack.pop() as number;
      if (square < least) least = square;
      for (const offset of offsets) {
        const next = square + offset;
        if (reach[next] === 0 && free(next)) {
          reach[next] = 1;
          stack.push(next);
        }
      }
    }
    return least;
  };

  // Positions by layer: the boxes of each (sorted) and the player's area, named by its least square.
  const seen = new Set<string>();
  let layer: { boxes: number[]; area: number }[] = [];
  const sortedGoals = [...goals].sort((a, b) => a - b);
  for (const goal of goals) occupied[goal] = 1;
  // One walk per area of the solved position, from its least square: squares are taken in
  // order, and each walk marks its area as named (a walk from every square was quadratic in the
  // floor: 141 s before the first pull on a 256 by 256 board).
  const named = new Uint8Array(squares.length);
  for (let square = 0; square < squares.length; square++) {
    if (!free(square) || named[square] === 1) continue;
    const area = walk(square);
    reach.forEach((mark, reached) => {
      if (mark === 1) named[reached] = 1;
    });
    const key = `${sortedGoals.join(',')}|${area}`;
    seen.add(key);
    layer.push({ boxes: sortedGoals, area });
  }
  for (const goal of goals) occupied[goal] = 0;

  let depth = 0;
  while (seen.size < maxPositions) {
    const next: { boxes: number[]; area: number }[] = [];
    for (const position of layer) {
      if (seen.size >= maxPositions) break;
      for (const box of position.boxes) occupied[box] = 1;
      walk(position.area);
      for (let i = 0; i < boxCount; i++) {
        const box = position.boxes[i];
        for (const offset of offsets) {
          // The player stands beside the box, steps away from it, and the box follows.
          const stand = box + offset;
          const back = stand + offset;
          if (reach[stand] !== 1 || !free(back)) continue;
          const boxes = position.boxes.map((other) => (other === box ? stand : other)).sort((a, b) => a - b);
          occupied[box] = 0;
          occupied[stand] = 1;
          const marks = reach.slice();
          const area = walk(back);
          reach.set(marks);
          occupied[stand] = 0;
          occupied[box] = 1;
          const key = `${boxes.join(',')}|${area}`;
          if (seen.has(key)) continue;
          seen.add(key);
          next.push({ boxes, area });
        }
      }
      for (const box of position.boxes) occupied[box] = 0;
    }
    if (next.length === 0) break;
    layer = next;
    depth++;
  }
  if (depth === 0) return null;
  const chosen = layer[random.below(layer.length)];
  // The player starts on a square of its area, chosen at random.
  for (const box of chosen.boxes) occupied[box] = 1;
  walk(chosen.area);
  for (const box of chosen.boxes) occupied[box] = 0;
  const area: number[] = [];
  reach.forEach((mark, square) => {
    if (mark === 1) area.push(square);
  });
  return { boxes: chosen.boxes, player: area[random.below(area.length)], pushes: depth };
}
