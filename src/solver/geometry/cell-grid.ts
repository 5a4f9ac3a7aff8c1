import type { Problem } from '../model/problem.js';

/** Each cell's row and column on the board, for the tests that look at cells as squares of a grid. */
export interface CellGrid {
  readonly rows: Int32Array;
  readonly columns: Int32Array;
}

export function cellGrid(problem: Problem): CellGrid {
  const { cellCount, squareOfCell, width } = problem;
  const rows = new Int32Array(cellCount);
  const columns = new Int32Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) {
    rows[cell] = Math.floor(squareOfCell[cell] / width);
    columns[cell] = squareOfCell[cell] % width;
  }
  return { rows, columns };
}

/**
 * Per cell, the cells of the eight squares around it (cell * 8 + k, row by row from the top left,
 * the cell itself left out), -1 where a wall or the board's edge is.
 */
export function aroundCells(problem: Problem, grid: CellGrid = cellGrid(problem)): Int32Array {
  const { cellCount, cellOfSquare, width, height } = problem;
  const around = new Int32Array(cellCount * 8).fill(-1);
  for (let cell = 0; cell < cellCount; cell++) {
    let k = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dr === 0 && dc === 0) continue;
        const r = grid.rows[cell] + dr;
        const c = grid.columns[cell] + dc;
        if (r >= 0 && c >= 0 && r < height && c < width) around[cell * 8 + k] = cellOfSquare[r * width + c];
        k++;
      }
    }
  }
  return around;
}
