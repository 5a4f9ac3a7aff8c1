import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Level } from '../../src/level/level.js';
import { parseCollection } from '../../src/level/parse.js';
import type { Problem } from '../../src/solver/model/problem.js';
import { sharedDir } from './helpers.js';

/** The 90 XSokoban levels and their published LURD solutions, by level number, from test/data. */
export function xsokobanWithSolutions(): { levels: readonly Level[]; solutions: Map<number, string> } {
  const read = (relative: string): string => readFileSync(path.join(sharedDir, relative), 'utf8');
  const levels = parseCollection(read('levels/xsokoban90.xsb'), { file: 'xsokoban90.xsb' }).levels;
  const solutions = new Map<number, string>();
  for (const match of read('solutions/xsokoban90_lurd.toml').matchAll(/^Level(\d+) = "([^"]*)"/gm)) solutions.set(Number(match[1]), match[2]);
  return { levels, solutions };
}

/**
 * Plays `lurd` from the start of `problem` on `boxAt` (filled here with the starting boxes) and
 * calls `onPush` after each push is made, with the cells the box left and reached and the pushes
 * so far: for checking a detector on every position along a solution.
 */
export function forEachPush(problem: Problem, lurd: string, boxAt: Uint8Array, onPush: (from: number, to: number, pushes: number) => void): void {
  boxAt.fill(0);
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  const { width, cellOfSquare, squareOfCell } = problem;
  const step: Record<string, number> = { l: -1, r: 1, u: -width, d: width };
  let player = problem.initialPlayer;
  let pushes = 0;
  for (const letter of lurd.toLowerCase()) {
    const next = cellOfSquare[squareOfCell[player] + step[letter]];
    if (boxAt[next] !== 0) {
      const to = cellOfSquare[squareOfCell[next] + step[letter]];
      boxAt[next] = 0;
      boxAt[to] = 1;
      onPush(next, to, ++pushes);
    }
    player = next;
  }
}
