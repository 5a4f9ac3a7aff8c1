import { BOX, GOAL, WALL, type Board } from '../../src/level/board.js';

/**
 * Test boards drawn in XSB characters, so each test shows its position at a glance.
 * Deliberately tiny and independent of src/level, so the game tests do not depend on the parsers.
 */
export function board(...rows: string[]): Board {
  const height = rows.length;
  const width = Math.max(...rows.map((row) => row.length));
  const squares = new Uint8Array(width * height);
  let player = -1;
  rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) {
      const char = row[c] ?? ' ';
      const index = r * width + c;
      if (char === '#') squares[index] = WALL;
      if (char === '.' || char === '*' || char === '+') squares[index] |= GOAL;
      if (char === '$' || char === '*') squares[index] |= BOX;
      if (char === '@' || char === '+') {
        if (player !== -1) throw new Error('test board has two players');
        player = index;
      }
    }
  });
  if (player === -1) throw new Error('test board has no player');
  return { width, height, squares, player };
}

/** The board back in XSB characters, trailing floor kept, for readable equality assertions. */
export function draw(b: Board): string[] {
  const rows: string[] = [];
  for (let r = 0; r < b.height; r++) {
    let row = '';
    for (let c = 0; c < b.width; c++) {
      const index = r * b.width + c;
      const flags = b.squares[index];
      if (flags & WALL) row += '#';
      else if (index === b.player) row += flags & GOAL ? '+' : '@';
      else if (flags & BOX) row += flags & GOAL ? '*' : '$';
      else row += flags & GOAL ? '.' : ' ';
    }
    rows.push(row);
  }
  return rows;
}
