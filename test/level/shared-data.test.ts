import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, boardsEqual, countSquares } from '../../src/level/board.js';
import type { Collection } from '../../src/level/level.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { readTestData, testDataPath } from '../helpers/test-data.js';

const read = (file: string): Collection => parseCollection(readTestData(file), { file });

/** Level counts as listed in test/data/levels/README.md. */
const LEVEL_COUNTS: Readonly<Record<string, number>> = {
  'microban.xsb': 155,
  'microban2.xsb': 135,
  'sasquatch.xsb': 50,
  'mas_sasquatch.xsb': 50,
  'xsokoban90.xsb': 90,
  'box_world_100.xsb': 100,
  'sven.xsb': 1623,
  'grigr2001.xsb': 100,
  'grigr2002.xsb': 40,
  'sokoban_jr1.xsb': 58,
  'sokoban_jr2.xsb': 54,
  'microban3.xsb': 101,
  'microban4.xsb': 102,
  'sasquatch3.xsb': 50,
  'grigr_special.xsb': 40,
  'wide_dev.xsb': 210,
};

describe('the shared level collections', () => {
  it('lists a count for every collection in the folder', () => {
    const files = readdirSync(testDataPath('levels')).filter((name) => name.endsWith('.xsb'));
    expect(files.sort()).toEqual(Object.keys(LEVEL_COUNTS).sort());
  });

  it.each(Object.entries(LEVEL_COUNTS))('%s holds %i levels, each with as many boxes as goals and no warning', (file, count) => {
    const collection = read(`levels/${file}`);
    expect(collection.levels).toHaveLength(count);
    const mismatched = collection.levels.filter((level) => countSquares(level.board, BOX) !== countSquares(level.board, GOAL));
    expect(mismatched.map((level) => level.source.index)).toEqual([]);
    expect(collection.warnings).toEqual([]);
  });

  it('reads the titles of Microban, including the quoted names of the last levels', () => {
    const titles = read('levels/microban.xsb').levels.map((level) => level.title);
    expect(titles.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(titles[154]).toBe("'The Dungeon'");
  });

  it('reads the Title:/Author: lines under Sven and Box World boards', () => {
    const sven = read('levels/sven.xsb');
    expect(sven.title).toBe('Sven Egevad');
    expect([sven.levels[1].title, sven.levels[1].author]).toEqual(['SE 2', 'Sven Egevad']);
    const boxWorld = read('levels/box_world_100.xsb');
    expect([boxWorld.levels[99].title, boxWorld.levels[99].author]).toEqual(['Boxworld 100', 'Thinking Rabbit']);
  });

  it('keeps the Box World header comment block in the collection header', () => {
    expect(read('levels/box_world_100.xsb').header).toContain('-- level 61 is missing a box');
  });
});

describe('the shared solution files', () => {
  const solutionFiles: readonly [string, string, number, number][] = [
    ['microban_ksokoban_solutions.xsb', 'microban.xsb', 155, 155],
    ['microban2_ksokoban_solutions.xsb', 'microban2.xsb', 135, 135],
    ['sasquatch_ksokoban_solutions.xsb', 'sasquatch.xsb', 50, 50],
    ['mas_sasquatch_ksokoban_solutions.xsb', 'mas_sasquatch.xsb', 50, 50],
    ['sokoban_jr1_ksokoban_solutions.xsb', 'sokoban_jr1.xsb', 58, 58],
    ['sokoban_jr2_ksokoban_solutions.xsb', 'sokoban_jr2.xsb', 43, 43],
    ['microban_sokosolve_solutions.txt', 'microban.xsb', 155, 149],
    ['microban2_sokosolve_solutions.txt', 'microban2.xsb', 135, 117],
    ['sasquatch_sokosolve_solutions.txt', 'sasquatch.xsb', 50, 5],
  ];

  it.each(solutionFiles)('%s: the boards of %s, %i levels, %i with a LURD solution', (file, collectionFile, levels, solved) => {
    const withSolutions = read(`solutions/${file}`);
    const originals = read(`levels/${collectionFile}`).levels;
    expect(withSolutions.levels).toHaveLength(levels);
    expect(withSolutions.levels.filter((level) => level.solutions.length === 1)).toHaveLength(solved);
    for (const level of withSolutions.levels) {
      for (const solution of level.solutions) expect(solution).toMatch(/^[lurdLURD]+$/);
    }
    const differing = withSolutions.levels.filter((level, index) => !boardsEqual(level.board, originals[index].board));
    expect(differing.map((level) => level.title)).toEqual([]);
  });

  it('joins the first Microban solution exactly as written', () => {
    expect(read('solutions/microban_ksokoban_solutions.xsb').levels[0].solutions).toEqual(['dlUrrrdLullddrUluRuulDrddrruLdlUU']);
  });
});

describe('the shared CS161 and 6.101 data', () => {
  it('reads both CS161 problem sets with their names and sizes', () => {
    for (const [file, count] of [
      ['cs161/hw3_22_problems_boxes_rule.json', 22],
      ['cs161/hw3_15_problems_keeper_rule.json', 15],
    ] as const) {
      const data = JSON.parse(readTestData(file)) as { name: string; rows: number; cols: number; boxes: number; goals: number }[];
      const collection = read(file);
      expect(collection.format).toBe('grid');
      expect(collection.levels).toHaveLength(count);
      collection.levels.forEach((level, index) => {
        const entry = data[index];
        expect([level.title, level.board.height, level.board.width]).toEqual([entry.name, entry.rows, entry.cols]);
        expect([countSquares(level.board, BOX), countSquares(level.board, GOAL)]).toEqual([entry.boxes, entry.goals]);
      });
    }
  });

  it('reads every 6.101 puzzle and step-test level as 6.101 JSON', () => {
    const formats = new Set<string>();
    for (const folder of ['snekoban/puzzles', 'snekoban/test_levels']) {
      for (const name of readdirSync(testDataPath(folder))) formats.add(parseLevel(readTestData(`${folder}/${name}`), { file: name }).format);
    }
    expect([...formats]).toEqual(['json']);
  });
});
