import { boardToState } from '../../game/cs161.js';
import { printState } from '../../game/cs161-print.js';
import { directionOfLetter } from '../../game/direction.js';
import { step } from '../../game/step.js';
import type { Board } from '../../level/board.js';

/**
 * `solve --states`: the board before the first move and after every move, each drawn as the CS161
 * homework's printstate draws a state (one character per square, XSB letters, space for floor),
 * under a line naming the move. The solution has been replayed already; a move that does not
 * apply here is our bug.
 */
export function movesStatesText(start: Board, solution: string): string {
  const rows = new Array<number>(start.height).fill(start.width);
  const draw = (board: Board) => printState(boardToState(board, rows));
  let text = `  start:\n${draw(start)}`;
  let board = start;
  [...solution].forEach((letter, i) => {
    const direction = directionOfLetter(letter);
    const stepped = direction === undefined ? null : step(board, direction);
    if (stepped === null || !stepped.ok) throw new Error(`internal: move ${i + 1} '${letter}' of a replayed solution does not apply`);
    board = stepped.board;
    text += `  move ${i + 1} (${letter}):\n${draw(board)}`;
  });
  return text;
}
