import { BOX, GOAL, WALL, type Board, boundingBox } from './board.js';
import { playingArea } from './area.js';
import type { Level } from './level.js';

/** A board with its unreachable decoration dropped and its wall ring closed, and what changed. */
export interface TrimmedBoard {
  readonly board: Board;
  /** Boxes on goals the player can never reach (drawn as decoration), dropped. */
  readonly droppedBoxes: number;
  /** Walls that touch no square the player can reach, dropped. */
  readonly droppedWalls: number;
  /** Walls added where the ring around the playing area was open. */
  readonly addedWalls: number;
}

/**
 * Trims a board to what can matter in play: the playing area (squares the player could reach
 * with the boxes out of the way), closed by a ring of walls on every side and corner, in the
 * smallest rectangle that holds them. Everything else outside the area is decoration and goes:
 * boxes on goals, walls no playable square touches, floor. A loose box or an empty goal outside
 * the area is not decoration (it decides whether the level can be won), so it stays, walled in.
 * The game is unchanged: the same moves solve the trimmed board.
 */
export function trimBoard(board: Board): TrimmedBoard {
  const { width, height, squares } = board;
  const area = playingArea(board);
  const kept = new Uint8Array(squares.length);
  let droppedBoxes = 0;
  for (let square = 0; square < squares.length; square++) {
    const flags = squares[square];
    const matters = (flags & WALL) === 0 && ((flags & BOX) !== 0) !== ((flags & GOAL) !== 0);
    if (area[square] === 1 || matters) kept[square] = 1;
    else if ((flags & BOX) !== 0) droppedBoxes++;
  }

  // The playing area always holds the player, so something is kept.
  const bounds = boundingBox(board, (square) => kept[square] === 1);
  if (bounds === null) throw new Error('internal: a trimmed level keeps no square');
  const { top, bottom, left, right } = bounds;
  // One square of frame on each side holds the ring of walls.
  const newWidth = right - left + 3;
  const newHeight = bottom - top + 3;
  const trimmed = new Uint8Array(newWidth * newHeight);
  const isKept = (row: number, col: number): boolean => row >= 0 && row < height && col >= 0 && col < width && kept[row * width + col] === 1;
  let player = 0;
  let addedWalls = 0;
  let wallsKept = 0;
  for (let r = 0; r < newHeight; r++) {
    for (let c = 0; c < newWidth; c++) {
      const row = r + top - 1;
      const col = c + left - 1;
      const target = r * newWidth + c;
      if (isKept(row, col)) {
        trimmed[target] = squares[row * width + col];
        if (row * width + col === board.player) player = target;
        continue;
      }
      if (!touchesKept(row, col)) continue;
      trimmed[target] = WALL;
      const inside = row >= 0 && row < height && col >= 0 && col < width;
      if (inside && (squares[row * width + col] & WALL) !== 0) wallsKept++;
      else addedWalls++;
    }
  }
  let walls = 0;
  for (const flags of squares) if ((flags & WALL) !== 0) walls++;
  return { board: { width: newWidth, height: newHeight, squares: trimmed, player }, droppedBoxes, droppedWalls: walls - wallsKept, addedWalls };

  function touchesKept(row: number, col: number): boolean {
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) if ((dr !== 0 || dc !== 0) && isKept(row + dr, col + dc)) return true;
    return false;
  }
}

/** The level with its board trimmed (see trimBoard); title, author, comments and solutions stay, since moves are unchanged. */
export function trimLevel(level: Level): Level {
  return { ...level, board: trimBoard(level.board).board };
}
