import { WALL } from '../../level/board.js';
import type { SeededRandom } from './seeded-random.js';

const STEPS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/**
 * A random room inside a width x height rectangle whose border is wall: a walker starts on a
 * random inner square and carves floor as it goes, often keeping its direction (corridors) and
 * now and then clearing a 2x2 block (open space), until `floor` squares are open. Every carved
 * square is connected to every other, since the walker only carves where it stands.
 * Returns one flag byte per square: WALL or 0.
 */
export function carveRoom(width: number, height: number, floor: number, random: SeededRandom): Uint8Array {
  const squares = new Uint8Array(width * height).fill(WALL);
  const inner = (row: number, col: number) => row >= 1 && row < height - 1 && col >= 1 && col < width - 1;
  let open = 0;
  const carve = (row: number, col: number) => {
    if (!inner(row, col) || squares[row * width + col] === 0) return;
    squares[row * width + col] = 0;
    open++;
  };
  let row = 1 + random.below(height - 2);
  let col = 1 + random.below(width - 2);
  let step = random.pick(STEPS);
  carve(row, col);
  const target = Math.min(floor, (width - 2) * (height - 2));
  while (open < target) {
    if (random.chance(0.4)) step = random.pick(STEPS);
    if (!inner(row + step[0], col + step[1])) continue;
    row += step[0];
    col += step[1];
    carve(row, col);
    if (random.chance(0.15)) {
      // The block grows towards the inside of the rectangle, so it is always whole.
      const down = row + 1 < height - 1 ? 1 : -1;
      const right = col + 1 < width - 1 ? 1 : -1;
      carve(row + down, col);
      carve(row, col + right);
      carve(row + down, col + right);
    }
  }
  return squares;
}
