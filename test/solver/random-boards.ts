import { BOX, GOAL, WALL, type Board } from '../../src/level/board.js';

/** A small deterministic generator (mulberry32), so every run sees the same boards. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BoardShape {
  readonly boxes: number;
  readonly goals: number;
}

/**
 * A walled room of 3-5 by 3-6 inner squares with scattered inner walls, the player, and the
 * requested numbers of boxes and goals on random open squares (a box may start on a goal).
 * Null when the room has too few open squares for them.
 */
export function randomBoard(random: () => number, shape: BoardShape): Board | null {
  const inner = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
  const width = inner(3, 5) + 2;
  const height = inner(3, 6) + 2;
  const squares = new Uint8Array(width * height);
  const open: number[] = [];
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const border = row === 0 || col === 0 || row === height - 1 || col === width - 1;
      if (border || random() < 0.18) squares[row * width + col] = WALL;
      else open.push(row * width + col);
    }
  }
  if (open.length < shape.boxes + 1 || open.length < shape.goals) return null;
  const pick = (from: number[]): number => from.splice(Math.floor(random() * from.length), 1)[0];
  const forBoxes = [...open];
  const player = pick(forBoxes);
  for (let i = 0; i < shape.boxes; i++) squares[pick(forBoxes)] |= BOX;
  const forGoals = [...open];
  for (let i = 0; i < shape.goals; i++) squares[pick(forGoals)] |= GOAL;
  return { width, height, squares, player };
}

/** The board in XSB characters, for naming a failing case. */
export function drawBoard(board: Board): string {
  const rows: string[] = [];
  for (let row = 0; row < board.height; row++) {
    let text = '';
    for (let col = 0; col < board.width; col++) {
      const square = row * board.width + col;
      const flags = board.squares[square];
      const goal = (flags & GOAL) !== 0;
      if ((flags & WALL) !== 0) text += '#';
      else if (square === board.player) text += goal ? '+' : '@';
      else if ((flags & BOX) !== 0) text += goal ? '*' : '$';
      else text += goal ? '.' : ' ';
    }
    rows.push(text);
  }
  return rows.join('\n');
}
