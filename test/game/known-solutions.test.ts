import { describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { parseCollection } from '../../src/level/parse.js';
import { readTestData } from '../helpers/test-data.js';

/**
 * Published solutions, each already replayed to solved by an independent simulator
 * (test/data/solutions/README.md): real-world input for the validator, thousands of moves long.
 */

const sokFiles = [
  'mas_sasquatch_ksokoban_solutions.xsb',
  'microban2_ksokoban_solutions.xsb',
  'microban_ksokoban_solutions.xsb',
  'sasquatch_ksokoban_solutions.xsb',
  'sokoban_jr1_ksokoban_solutions.xsb',
  'sokoban_jr2_ksokoban_solutions.xsb',
];

describe.each(sokFiles)('the solutions in %s', (name) => {
  const collection = parseCollection(readTestData(`solutions/${name}`), { file: name, format: 'xsb' });
  const solved = collection.levels.filter((level) => level.solutions.length > 0);

  it('are found by the reader', () => {
    expect(solved.length).toBeGreaterThan(40);
  });

  it('each solve their level with the case as written, checked strictly', () => {
    const failures = solved.flatMap((level) => {
      const result = replay(level.board, level.solutions[0], { rule: 'all-goals', strictCase: true });
      return result.solved ? [] : [{ level: level.source.index, error: result.error?.message ?? 'not solved' }];
    });
    expect(failures).toEqual([]);
  });

  it('each solve their level written all in lower case, with the same pushes worked out', () => {
    const differences = solved.flatMap((level) => {
      const written = level.solutions[0].replace(/\s/g, '');
      const result = replay(level.board, written.toLowerCase(), { rule: 'all-goals' });
      return result.solved && result.solution === written ? [] : [level.source.index];
    });
    expect(differences).toEqual([]);
  });
});

describe('the XSokoban solutions', () => {
  const levels = parseCollection(readTestData('levels/xsokoban90.xsb'), { file: 'xsokoban90.xsb' }).levels;
  const solutions = new Map<number, string>();
  for (const match of readTestData('solutions/xsokoban90_lurd.toml').matchAll(/^Level(\d+) = "([^"]*)"/gm)) {
    solutions.set(Number(match[1]), match[2]);
  }

  it('pair each of the 90 levels with a solution', () => {
    expect(levels).toHaveLength(90);
    expect(solutions.size).toBe(90);
  });

  it('each solve their level strictly, with their move and push counts', () => {
    let moves = 0;
    const failures = levels.flatMap((level) => {
      const result = replay(level.board, solutions.get(level.source.index) ?? '', {
        rule: 'all-goals',
        strictCase: true,
      });
      moves += result.moves;
      return result.solved ? [] : [{ level: level.source.index, error: result.error?.message ?? 'not solved' }];
    });
    expect(failures).toEqual([]);
    // The README's total: a check that no solution was cut short or doubled.
    expect(moves).toBe(80_380);
  });
});
