import { LevelError, type SourcePosition } from '../errors.js';
import { WALL, type Board, boardSizeProblem } from './board.js';

/**
 * Collects squares cell by cell for formats that name each cell (6.101 JSON, CS161 grids).
 * Rows may be ragged: cells a short row does not list are walls, as everything off the grid is.
 */
export class BoardBuilder {
  private readonly cells: number[][] = [];
  private player = -1;
  private playerAt = '';

  constructor(private readonly position: SourcePosition) {}

  setRow(row: number, cells: number[]): void {
    this.cells[row] = cells;
  }

  /** Records the player; `where` names the cell for the error when a second one turns up. */
  placePlayer(row: number, col: number, where: string, position: SourcePosition): void {
    if (this.player >= 0) throw new LevelError(`more than one player: ${where} (the first is at ${this.playerAt})`, position);
    this.player = row * 0x10000 + col;
    this.playerAt = where;
  }

  build(): Board {
    const height = this.cells.length;
    if (height === 0) throw new LevelError('empty level: no rows', this.position);
    const width = this.cells.reduce((max, row) => Math.max(max, row.length), 0);
    if (width === 0) throw new LevelError('empty level: every row is empty', this.position);
    if (this.player < 0) throw new LevelError('no player on the board', this.position);
    const tooLarge = boardSizeProblem(width, height);
    if (tooLarge !== null) throw new LevelError(tooLarge, this.position);
    const squares = new Uint8Array(width * height).fill(WALL);
    this.cells.forEach((row, r) => {
      squares.set(row, r * width);
    });
    const playerRow = Math.floor(this.player / 0x10000);
    const playerCol = this.player % 0x10000;
    return { width, height, squares, player: playerRow * width + playerCol };
  }
}
