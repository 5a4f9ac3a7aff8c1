import type { ChalkInstance } from 'chalk';
import type { Board } from '../level/board.js';
import { formatBoard } from '../level/write.js';

type Paint = (text: string) => string;

function palette(chalk: ChalkInstance): Readonly<Record<string, Paint>> {
  return {
    '#': chalk.gray,
    $: chalk.yellow.bold,
    '*': chalk.green.bold,
    '.': chalk.red,
    '@': chalk.cyan.bold,
    '+': chalk.cyan.bold.underline,
  };
}

/**
 * The board as XSB text, one line per row, each line prefixed with `indent`.
 * Colour paints the XSB characters rather than replacing them, so a board copied from
 * a coloured terminal is still a valid level.
 */
export function drawBoard(board: Board, chalk: ChalkInstance, indent = ''): string {
  const text = formatBoard(board, 'xsb').replace(/\n+$/, '');
  const colors = chalk.level > 0 ? palette(chalk) : null;
  return text
    .split('\n')
    .map((line) => {
      if (colors === null) return indent + line;
      let painted = '';
      for (const char of line) painted += colors[char]?.(char) ?? char;
      return indent + painted;
    })
    .join('\n');
}
