import { BOX, WALL } from '../../level/board.js';
import type { SeededRandom } from './seeded-random.js';

/** Where pulling left the boxes and the player. */
export interface Scattered {
  readonly boxes: readonly number[];
  readonly player: number;
  readonly pulls: number;
}

/**
 * Reverse play: the boxes start on the goals and the player pulls them, one random pull at a time,
 * `pulls` times (fewer when no pull is possible). A pull is the reverse of a push, so pushing
 * the boxes back along the same path wins the level: a level made this way is solvable, which
 * the generator still proves with the optimal search. `squares` holds WALL or 0 per square.
 * Pulls that take a box further from where it started are preferred, so boxes travel instead of
 * shuffling on the spot.
 */
export function scatterBoxes(squares: Uint8Array, width: number, goals: readonly number[], start: number, pulls: number, random: SeededRandom): Scattered {
  const occupied = new Uint8Array(squares.length);
  const boxes = [...goals];
  for (const box of boxes) occupied[box] = BOX;
  let player = start;
  const offsets = [-width, width, -1, 1];
  const reach = new Uint8Array(squares.length);
  const stack: number[] = [];
  const free = (square: number) => squares[square] !== WALL && occupied[square] === 0;
  let made = 0;
  for (; made < pulls; made++) {
    // Where the player can walk now, going round the boxes.
    reach.fill(0);
    stack.length = 0;
    stack.push(player);
    reach[player] = 1;
    while (stack.length > 0) {
      const square = stack.pop() as number;
      for (const offset of offsets) {
        const next = square + offset;
        if (reach[next] === 0 && free(next)) {
          reach[next] = 1;
          stack.push(next);
        }
      }
    }
    // A pull: the player stands beside a box, steps away from it, and the box follows.
    const candidates: { box: number; offset: number; away: boolean }[] = [];
    boxes.forEach((box, index) => {
      for (const offset of offsets) {
        const stand = box + offset;
        const back = stand + offset;
        if (reach[stand] === 1 && free(back)) candidates.push({ box: index, offset, away: distance(stand, goals[index], width) > distance(box, goals[index], width) });
      }
    });
    if (candidates.length === 0) break;
    const away = candidates.filter((candidate) => candidate.away);
    const chosen = away.length > 0 && random.chance(0.75) ? random.pick(away) : random.pick(candidates);
    const from = boxes[chosen.box];
    occupied[from] = 0;
    boxes[chosen.box] = from + chosen.offset;
    occupied[from + chosen.offset] = BOX;
    player = from + 2 * chosen.offset;
  }
  return { boxes, player, pulls: made };
}

function distance(a: number, b: number, width: number): number {
  return Math.abs(Math.floor(a / width) - Math.floor(b / width)) + Math.abs((a % width) - (b % width));
}
