import { BOX, GOAL, WALL } from './board.js';

/** Extra flag used only while reading: the player stands here. Never stored in a Board. */
export const PLAYER = 8;

/** Not a board character at all. */
export const UNKNOWN = -1;

/**
 * Square flags for every character an XSB board row may hold, indexed by char code.
 * `-` and `_` are floor because web pages collapse runs of spaces; `p P b B` come from the SOK legend.
 */
const SQUARE_OF_CODE = new Int8Array(128).fill(UNKNOWN);
const define = (chars: string, flags: number): void => {
  for (const char of chars) SQUARE_OF_CODE[char.charCodeAt(0)] = flags;
};
define(' -_', 0);
define('#', WALL);
define('.', GOAL);
define('$b', BOX);
define('*B', BOX | GOAL);
define('@p', PLAYER);
define('+P', PLAYER | GOAL);

export function squareOfChar(code: number): number {
  return code < 128 ? SQUARE_OF_CODE[code] : UNKNOWN;
}

/** `p P b B` are common letters, so they only count as board characters next to a wall. */
export function isLetterAlternative(code: number): boolean {
  return code === 0x70 || code === 0x50 || code === 0x62 || code === 0x42;
}

export function isFloorOrGoalFlags(flags: number): boolean {
  return flags === 0 || flags === GOAL;
}

/** The canonical character for one square; the player is drawn over whatever is under it. */
export function canonicalChar(flags: number, player: boolean): string {
  if ((flags & WALL) !== 0) return '#';
  if (player) return (flags & GOAL) !== 0 ? '+' : '@';
  if ((flags & BOX) !== 0) return (flags & GOAL) !== 0 ? '*' : '$';
  return (flags & GOAL) !== 0 ? '.' : ' ';
}
