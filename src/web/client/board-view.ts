import { columnLetters, rowLetters } from '../../game/notation.js';
import { BOX, GOAL, WALL, type Board } from '../../level/board.js';

/**
 * Squares the player could reach if boxes were not there. Floor outside that region is drawn as
 * background, the way Sokoban boards are usually shown (the space around a level's walls).
 */
function insideSquares(board: Board): Uint8Array {
  const inside = new Uint8Array(board.squares.length);
  const stack = [board.player];
  inside[board.player] = 1;
  while (stack.length > 0) {
    const square = stack.pop() as number;
    const row = Math.floor(square / board.width);
    const col = square % board.width;
    const neighbours = [
      row > 0 ? square - board.width : -1,
      row < board.height - 1 ? square + board.width : -1,
      col > 0 ? square - 1 : -1,
      col < board.width - 1 ? square + 1 : -1,
    ];
    for (const next of neighbours) {
      if (next < 0 || inside[next] === 1 || (board.squares[next] & WALL) !== 0) continue;
      inside[next] = 1;
      stack.push(next);
    }
  }
  return inside;
}

function classesOf(board: Board, square: number, inside: Uint8Array): string {
  const flags = board.squares[square];
  const names = ['cell'];
  if ((flags & WALL) !== 0) names.push('wall');
  else if (inside[square] === 0 && (flags & (GOAL | BOX)) === 0) names.push('outside');
  if ((flags & GOAL) !== 0) names.push('goal');
  if ((flags & BOX) !== 0) names.push('box');
  if (square === board.player) names.push('player');
  return names.join(' ');
}

/** The largest square the board is drawn with, on a big window and a small level. */
const MAX_CELL = 64;
/** The smallest: below this a square is too small to see or to click. */
const MIN_CELL = 8;
/** Room left under the last element that must stay in view. */
const BOTTOM_MARGIN = 8;

function horizontalPadding(element: HTMLElement | null): number {
  if (element === null) return 0;
  const style = getComputedStyle(element);
  return (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
}

/**
 * Square size that fits the whole board into the width of its column and the height of the
 * window: a small level grows to fill a big screen, a big one shrinks on a phone. The board's
 * `data-keep-in-view` names an element below it (the hint text) that must fit on the screen
 * too, so the height left for the board is measured from the page as laid out, not guessed.
 */
export function fitBoardToWindow(container: HTMLElement): void {
  const width = Number(container.dataset.width);
  const height = Number(container.dataset.height);
  if (!(width > 0 && height > 0)) return;
  const parent = container.parentElement;
  // The column's inner width: clientWidth counts the padding of the column and of the board itself.
  const availableWidth = (parent?.clientWidth ?? 600) - horizontalPadding(parent) - horizontalPadding(container);
  const box = container.getBoundingClientRect();
  const top = box.top + window.scrollY;
  const keep = container.dataset.keepInView === undefined ? null : document.getElementById(container.dataset.keepInView);
  // Everything between the board's bottom and the kept element's bottom does not change with the square size.
  const below = keep === null ? 0 : Math.max(0, keep.getBoundingClientRect().bottom - box.bottom);
  const availableHeight = Math.max(160, window.innerHeight - top - below - BOTTOM_MARGIN);
  // One more column and row hold the coordinates.
  const fitting = Math.floor(Math.min(availableWidth / (width + 1), availableHeight / (height + 1)));
  const size = Math.max(MIN_CELL, Math.min(MAX_CELL, fitting));
  container.style.setProperty('--cell', `${size}px`);
}

export interface RenderOptions {
  /** A square to outline, e.g. where a verified move string fails. */
  readonly highlight?: number | null;
  /** Squares of boxes that can never reach a goal, drawn as dead. */
  readonly deadBoxes?: ReadonlySet<number>;
  /** Size the squares to the window (the board being played); false keeps the stylesheet's size. */
  readonly fitToWindow?: boolean;
}

/** The squares of each drawn board, in board order; the coordinate labels sit between them in the grid. */
const drawnCells = new WeakMap<HTMLElement, HTMLElement[]>();

function coordinateLabel(text: string): HTMLElement {
  const label = document.createElement('div');
  label.className = 'coord';
  label.setAttribute('aria-hidden', 'true');
  label.textContent = text;
  return label;
}

/**
 * The board's squares with their coordinates as the verifier and the loss messages name squares
 * ("Ee": column E, row e): column letters above, row letters on the left.
 */
function buildCells(container: HTMLElement, board: Board): HTMLElement[] {
  const cells = Array.from({ length: board.width * board.height }, (_, square) => {
    const cell = document.createElement('div');
    cell.dataset.square = String(square);
    return cell;
  });
  const grid: HTMLElement[] = [coordinateLabel('')];
  for (let col = 0; col < board.width; col++) grid.push(coordinateLabel(columnLetters(col)));
  for (let row = 0; row < board.height; row++) {
    grid.push(coordinateLabel(rowLetters(row)));
    grid.push(...cells.slice(row * board.width, (row + 1) * board.width));
  }
  container.replaceChildren(...grid);
  container.style.gridTemplateColumns = `auto repeat(${board.width}, var(--cell))`;
  container.dataset.width = String(board.width);
  container.dataset.height = String(board.height);
  drawnCells.set(container, cells);
  return cells;
}

/**
 * Draws a board into a container, reusing the squares already there when the size is the same,
 * so animation only changes class names. The data attributes describe the position for tests and
 * assistive technology alike.
 */
export function renderBoard(container: HTMLElement, board: Board, options: RenderOptions = {}): void {
  const inside = insideSquares(board);
  const count = board.width * board.height;
  let cells = drawnCells.get(container);
  if (cells === undefined || cells.length !== count || cells[0]?.parentElement !== container || container.dataset.width !== String(board.width)) {
    cells = buildCells(container, board);
    if (options.fitToWindow !== false) fitBoardToWindow(container);
  }
  for (let square = 0; square < count; square++) {
    const cell = cells[square];
    let names = classesOf(board, square, inside);
    if (options.highlight === square) names += ' highlight';
    if (options.deadBoxes?.has(square) === true) names += ' dead';
    if (cell.className !== names) cell.className = names;
  }
  let boxesHome = 0;
  let boxes = 0;
  const dead = options.deadBoxes?.size ?? 0;
  for (const flags of board.squares) {
    if ((flags & BOX) !== 0) boxes++;
    if ((flags & (BOX | GOAL)) === (BOX | GOAL)) boxesHome++;
  }
  container.dataset.player = String(board.player);
  container.setAttribute(
    'aria-label',
    `Board ${board.width} by ${board.height}: player at row ${Math.floor(board.player / board.width) + 1}, column ${(board.player % board.width) + 1}; ${boxesHome} of ${boxes} boxes on goals${dead === 0 ? '' : `; ${dead} ${dead === 1 ? 'box' : 'boxes'} can never reach a goal`}`,
  );
}
