import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/game/direction.js';
import { type SnekobanDescription, dumpGame, newGame, stepGame, victoryCheck } from '../../src/game/snekoban.js';
import { testDataPath } from '../helpers/test-data.js';

/**
 * The MIT 6.101 lab's own step tests, through the lab-style API: after every move, the board
 * (cell by cell, order of names inside a cell ignored) and the victory flag must match.
 */

const labData = testDataPath('snekoban');

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Cells as sorted name lists, so that ["player", "target"] equals ["target", "player"]. */
function normalized(description: readonly (readonly (readonly string[])[])[]): string[][][] {
  return description.map((row) => row.map((cell) => [...cell].sort()));
}

const names = readdirSync(path.join(labData, 'test_levels'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

describe('the 6.101 lab step tests', () => {
  it('finds all 119 of them', () => {
    expect(names).toHaveLength(119);
  });

  it.each(names)('%s', (name) => {
    const start = readJson(path.join(labData, 'test_levels', `${name}.json`)) as SnekobanDescription;
    const moves = readJson(path.join(labData, 'test_inputs', `${name}.json`)) as Direction[];
    const expected = JSON.parse(gunzipSync(readFileSync(path.join(labData, 'test_outputs', `${name}.json.gz`))).toString('utf8')) as [SnekobanDescription, boolean][];
    expect(expected).toHaveLength(moves.length);

    let game = newGame(start);
    let firstMismatch: object | null = null;
    moves.forEach((move, i) => {
      game = stepGame(game, move);
      if (firstMismatch !== null) return;
      const actual = { board: normalized(dumpGame(game)), victory: victoryCheck(game) };
      const wanted = { board: normalized(expected[i][0]), victory: expected[i][1] };
      // Comparing serialized steps keeps 36,000 steps fast; the first difference is reported in full.
      if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
        firstMismatch = { step: i + 1, move, actual, wanted };
      }
    });
    expect(firstMismatch).toBeNull();
  });
});
