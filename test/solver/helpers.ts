import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Board } from '../../src/level/board.js';
import { parseCollection } from '../../src/level/parse.js';
import type { GoalRule } from '../../src/game/goal-rule.js';
import { replay } from '../../src/game/replay.js';
import type { SolveResult } from '../../src/solver/solve.js';
import { testDataDir } from '../helpers/test-data.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository's copy of the shared test data (test/data; see its README), laid out as the shared folder it came from. */
export const sharedDir = testDataDir;

/** A board drawn in XSB characters, read by the project's own parser. */
export function board(...rows: string[]): Board {
  return parseCollection(rows.join('\n'), { file: 'test board', format: 'xsb' }).levels[0].board;
}

/**
 * The validator's word on a solver result: the solution replays without an illegal move, wins
 * under the rule on its last move and on no earlier one, and the counts the solver reported are
 * the counts the replay made.
 */
export function expectReplaysToSolved(start: Board, result: SolveResult, rule: GoalRule): void {
  expect(result.status).toBe('solved');
  expect(result.solution).not.toBeNull();
  const replayed = replay(start, result.solution ?? '', { rule, strictCase: true });
  expect(replayed.error).toBeNull();
  expect(replayed.valid).toBe(true);
  expect(replayed.solved).toBe(true);
  expect(replayed.solvedAfter).toBe(replayed.moves);
  expect(replayed.moves).toBe(result.moves);
  expect(replayed.pushes).toBe(result.pushes);
}

/**
 * Microban II 131 cut down to 20 boxes: rows of goals and boxes on the diagonals, each box beside
 * a goal. With every other goal full, 8 of the boxes can be pushed onto none of them: they start
 * outside every goal's basin (more than FESS's out-of-plan feature counts).
 */
export const DIAGONALS: readonly string[] = [
  '      ####',
  '    ###  ###',
  '   ##.$.   #',
  '  ##.$.$$. #',
  ' ##.$.$$.$##',
  '##.$.$$.$.#',
  '#.$.$$.$.##',
  '## $$.$.##',
  ' #@  $.##',
  ' ####.##',
  '    ###',
];

/** A board's box marks (one per cell of `cellCount`) with boxes on these cells. */
export function boxMarks(cellCount: number, ...cells: number[]): Uint8Array {
  const boxAt = new Uint8Array(cellCount);
  for (const c of cells) boxAt[c] = 1;
  return boxAt;
}
