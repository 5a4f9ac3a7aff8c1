import { BOX, GOAL, WALL, type Board } from '../../level/board.js';

/** What the builder's squares can hold. A square may hold the player more than once over: two players are an error the parser reports. */
export const PLAYER = 8;

export type Tool = 'wall' | 'floor' | 'goal' | 'box' | 'player';

/**
 * The builder's grid: flags per square, including states no Board can hold (two players, no player),
 * so the level reader itself gets to say what is wrong, in the CLI's words.
 */
export class BuilderGrid {
  constructor(
    public width: number,
    public height: number,
    public cells: number[],
  ) {}

  /** A room of floor inside a wall border: the usual starting point. */
  static room(width: number, height: number): BuilderGrid {
    const cells = Array.from({ length: width * height }, (_, square) => {
      const row = Math.floor(square / width);
      const col = square % width;
      return row === 0 || col === 0 || row === height - 1 || col === width - 1 ? WALL : 0;
    });
    return new BuilderGrid(width, height, cells);
  }

  static fromBoard(board: Board): BuilderGrid {
    const cells = Array.from(board.squares, (flags, square) => flags | (square === board.player ? PLAYER : 0));
    return new BuilderGrid(board.width, board.height, cells);
  }

  /** Applies a tool: walls and floor replace what is there; goals, boxes and players toggle. */
  apply(square: number, tool: Tool): void {
    const flags = this.cells[square];
    switch (tool) {
      case 'wall':
        this.cells[square] = WALL;
        break;
      case 'floor':
        this.cells[square] = 0;
        break;
      case 'goal':
        this.cells[square] = (flags & ~WALL) ^ GOAL;
        break;
      case 'box':
        this.cells[square] = (flags & ~(WALL | PLAYER)) ^ BOX;
        break;
      case 'player':
        this.cells[square] = (flags & ~(WALL | BOX)) ^ PLAYER;
        break;
    }
  }

  /** Keeps the top-left part; new squares are floor. */
  resize(width: number, height: number): void {
    const cells: number[] = [];
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        cells.push(row < this.height && col < this.width ? this.cells[row * this.width + col] : 0);
      }
    }
    this.width = width;
    this.height = height;
    this.cells = cells;
  }

  /**
   * The grid as XSB, floor written as `-` so that no row reads as a blank line or as text; the
   * reader then judges it exactly as it judges a file.
   */
  toXsb(): string {
    const rows: string[] = [];
    for (let row = 0; row < this.height; row++) {
      let text = '';
      for (let col = 0; col < this.width; col++) text += charOf(this.cells[row * this.width + col]);
      rows.push(text);
    }
    return `${rows.join('\n')}\n`;
  }
}

function charOf(flags: number): string {
  if ((flags & WALL) !== 0) return '#';
  const goal = (flags & GOAL) !== 0;
  if ((flags & PLAYER) !== 0) return goal ? '+' : '@';
  if ((flags & BOX) !== 0) return goal ? '*' : '$';
  return goal ? '.' : '-';
}
