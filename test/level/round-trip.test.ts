import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WALL, boardsEqual, type Board } from '../../src/level/board.js';
import type { Level, LevelFormat } from '../../src/level/level.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { formatBoard, formatCollection } from '../../src/level/write.js';
import { readTestData, testDataPath } from '../helpers/test-data.js';
import { lines } from './helpers.js';

const FORMATS: readonly LevelFormat[] = ['xsb', 'json', 'grid'];

/** The first format pair (if any) where writing and reading back (with detection) changes the board. */
function firstLoss(board: Board): string | null {
  for (const first of FORMATS) {
    const once = parseLevel(formatBoard(board, first)).board;
    if (!boardsEqual(once, board)) return `via ${first}`;
    for (const second of FORMATS) {
      const twice = parseLevel(formatBoard(once, second)).board;
      if (!boardsEqual(twice, board)) return `via ${first} then ${second}`;
    }
  }
  return null;
}

function lossesIn(boards: readonly { name: string; board: Board }[]): string[] {
  return boards.flatMap(({ name, board }) => {
    const loss = firstLoss(board);
    return loss === null ? [] : [`${name} ${loss}`];
  });
}

describe('round trips between every pair of formats', () => {
  it('keep a closed XSB board with void outside its walls', () => {
    expect(firstLoss(parseLevel(lines('  ####', '###  #', '#@$ .#', '######')).board)).toBeNull();
  });

  it('keep an open grid whose last column is floor', () => {
    expect(firstLoss(parseLevel('1 1 0\n3 2 4', { format: 'grid' }).board)).toBeNull();
  });

  it('keep a grid with an empty row at the top, middle and bottom', () => {
    expect(firstLoss(parseLevel('0 0 0\n1 3 1\n0 0 0\n2 4 0\n0 0 0', { format: 'grid' }).board)).toBeNull();
  });

  it('keep a grid row of goals only', () => {
    expect(firstLoss(parseLevel('1 3 1\n4 0 4\n1 2 1', { format: 'grid' }).board)).toBeNull();
  });

  it('keep every Microban level', () => {
    const collection = parseCollection(readTestData('levels/microban.xsb'));
    expect(lossesIn(collection.levels.map((level) => ({ name: `microban ${level.source.index}`, board: level.board })))).toEqual([]);
  });

  it('keep every CS161 problem', () => {
    const boards = ['cs161/hw3_22_problems_boxes_rule.json', 'cs161/hw3_15_problems_keeper_rule.json'].flatMap((file) =>
      parseCollection(readTestData(file)).levels.map((level) => ({ name: `${file} ${level.title}`, board: level.board })),
    );
    expect(boards).toHaveLength(37);
    expect(lossesIn(boards)).toEqual([]);
  });

  it('keep every 6.101 puzzle and step-test level', () => {
    const boards = ['snekoban/puzzles', 'snekoban/test_levels'].flatMap((folder) =>
      readdirSync(testDataPath(folder)).map((name) => ({ name, board: parseLevel(readTestData(`${folder}/${name}`)).board })),
    );
    expect(boards.length).toBe(396 + 119);
    expect(lossesIn(boards)).toEqual([]);
  });
});

/** The board without its outermost ring of squares, which must all be walls. */
function withoutWallRing(board: Board): Board {
  const width = board.width - 2;
  const height = board.height - 2;
  const squares = new Uint8Array(width * height);
  for (let r = 0; r < board.height; r++) {
    for (let c = 0; c < board.width; c++) {
      const flags = board.squares[r * board.width + c];
      const onRing = r === 0 || c === 0 || r === board.height - 1 || c === board.width - 1;
      if (onRing) expect(flags).toBe(WALL);
      else squares[(r - 1) * width + (c - 1)] = flags;
    }
  }
  const player = (Math.floor(board.player / board.width) - 1) * width + ((board.player % board.width) - 1);
  return { width, height, squares, player };
}

describe('the CS161 XSB copies', () => {
  it.each(['hw3_22_problems_boxes_rule', 'hw3_15_problems_keeper_rule'])('%s.xsb is %s.json inside an added ring of walls', (name) => {
    const fromXsb = parseCollection(readTestData(`cs161/${name}.xsb`)).levels;
    const fromJson = parseCollection(readTestData(`cs161/${name}.json`)).levels;
    expect(fromXsb.length).toBe(fromJson.length);
    fromXsb.forEach((level, index) => {
      expect(boardsEqual(withoutWallRing(level.board), fromJson[index].board)).toBe(true);
    });
  });
});

describe('XSB collections written back', () => {
  it.each([
    'levels/microban.xsb',
    'levels/box_world_100.xsb',
    'levels/sven.xsb',
    'levels/grigr_special.xsb',
    'levels/microban3.xsb',
    'solutions/microban_ksokoban_solutions.xsb',
    'solutions/microban_sokosolve_solutions.txt',
  ])('%s reads back with the same header, boards, titles, authors, comments and solutions', (file) => {
    const original = parseCollection(readTestData(file));
    const again = parseCollection(formatCollection(original, 'xsb'));
    expect(again.header).toEqual(original.header);
    expect(again.levels.length).toBe(original.levels.length);
    const summary = (level: Level): unknown => [level.title, level.author, level.comments, level.solutions];
    expect(again.levels.map(summary)).toEqual(original.levels.map(summary));
    expect(again.levels.every((level, index) => boardsEqual(level.board, original.levels[index].board))).toBe(true);
  });

  it('writes Collection: and Set: header lines back as headers, not as ; comments', () => {
    const text = lines('; My set', 'Collection: Tiny Ones', 'Set: Small', '', '; 1', '####', '#@$.#', '####');
    const written = formatCollection(parseCollection(text), 'xsb');
    expect(written.split('\n').slice(0, 3)).toEqual(['; My set', 'Collection: Tiny Ones', 'Set: Small']);
    const again = parseCollection(written);
    expect(again.header).toEqual(['My set', 'Collection: Tiny Ones', 'Set: Small']);
    expect(again.title).toBe('Tiny Ones');
    expect(again.levels.map((level) => level.title)).toEqual(['1']);
  });

  it('keeps an untitled first level untitled after a Collection: header', () => {
    const text = lines('Collection: Tiny Ones', '', '####', '#@$.#', '####');
    const again = parseCollection(formatCollection(parseCollection(text), 'xsb'));
    expect(again.header).toEqual(['Collection: Tiny Ones']);
    expect(again.levels.map((level) => level.title)).toEqual([null]);
  });
});
