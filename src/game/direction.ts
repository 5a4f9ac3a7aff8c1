/** The four directions, in the order the CS161 seed lists successors: up, down, left, right. */
export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const DIRECTION_DELTA: Readonly<Record<Direction, readonly [row: number, col: number]>> = {
  up: [-1, 0],
  down: [1, 0],
  left: [0, -1],
  right: [0, 1],
};

/** LURD letter of a walk in each direction; pushes are the upper-case letter. */
export const DIRECTION_LETTER: Readonly<Record<Direction, 'u' | 'd' | 'l' | 'r'>> = {
  up: 'u',
  down: 'd',
  left: 'l',
  right: 'r',
};

const BY_LETTER: Readonly<Record<string, Direction>> = { u: 'up', d: 'down', l: 'left', r: 'right' };

/** The direction of a LURD letter of either case, or undefined for any other character. */
export function directionOfLetter(letter: string): Direction | undefined {
  return BY_LETTER[letter.toLowerCase()];
}

export function moveLetter(direction: Direction, push: boolean): string {
  const letter = DIRECTION_LETTER[direction];
  return push ? letter.toUpperCase() : letter;
}
