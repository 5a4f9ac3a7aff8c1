import { LevelError, type SourcePosition } from '../errors.js';
import { BOX, GOAL, WALL, type Board } from './board.js';
import { BoardBuilder } from './board-builder.js';
import { describeJson, parseJsonText } from './json-text.js';
import type { Level, LevelFailure, PartialCollection } from './level.js';

/*
 * MIT 6.101 "Snekoban" canonical JSON: a list of rows, each a list of cells, each a list of
 * names among "wall", "player", "computer" (box) and "target" (goal); [] is floor.
 * A file holds one level; a list of such levels is read as a collection.
 */

const FLAG_OF_NAME: Readonly<Record<string, number>> = { wall: WALL, target: GOAL, computer: BOX, player: 0 };

export function readSnekobanJson(text: string, file: string): PartialCollection {
  const value = parseJsonText(text, file);
  if (!Array.isArray(value)) {
    throw new LevelError(`6.101 JSON must be a list of rows, found ${describeJson(value)}`, { file });
  }
  const levelOf = (board: Board, index: number): Level => ({
    board,
    title: null,
    author: null,
    comments: [],
    solutions: [],
    source: { file, index, line: 1 },
    format: 'json',
  });
  const levels: Level[] = [];
  const failures: LevelFailure[] = [];
  if (!isListOfLevels(value)) levels.push(levelOf(readLevelValue(value, { file }), 1));
  else {
    // In a list of levels, a malformed one is a failure in its place; the others are still read.
    value.forEach((item: unknown, i) => {
      try {
        levels.push(levelOf(readLevelValue(item, { file, level: i + 1 }), i + 1));
      } catch (error) {
        if (!(error instanceof LevelError)) throw error;
        failures.push({ index: i + 1, title: null, error });
      }
    });
  }
  return { file, format: 'json', header: [], title: null, levels, warnings: [], failures };
}

/** A level's first cell is a list of strings; a collection's first element one level deeper is a list. */
function isListOfLevels(value: unknown[]): boolean {
  const firstRow: unknown = value[0];
  if (!Array.isArray(firstRow)) return false;
  const firstCell: unknown = firstRow[0];
  return Array.isArray(firstCell) && Array.isArray(firstCell[0]);
}

function readLevelValue(value: unknown, position: SourcePosition): Board {
  if (!Array.isArray(value)) throw new LevelError(`a level must be a list of rows, found ${describeJson(value)}`, position);
  const builder = new BoardBuilder(position);
  value.forEach((rowValue: unknown, r) => {
    if (!Array.isArray(rowValue)) throw new LevelError(`row ${r + 1} must be a list of cells, found ${describeJson(rowValue)}`, position);
    const row: number[] = [];
    rowValue.forEach((cell: unknown, c) => {
      const where = `row ${r + 1}, cell ${c + 1}`;
      if (!Array.isArray(cell)) throw new LevelError(`${where} must be a list of names, found ${describeJson(cell)}`, position);
      let flags = 0;
      let player = false;
      for (const name of cell as unknown[]) {
        if (typeof name !== 'string' || !(name in FLAG_OF_NAME)) {
          throw new LevelError(`${where}: ${describeJson(name)} is not one of "wall", "player", "computer", "target"`, position);
        }
        if (name === 'player') player = true;
        flags |= FLAG_OF_NAME[name];
      }
      if ((flags & WALL) !== 0 && (flags !== WALL || player)) {
        throw new LevelError(`${where}: a wall cannot share its cell with ${JSON.stringify(cell)}`, position);
      }
      if (player && (flags & BOX) !== 0) throw new LevelError(`${where}: the player and a computer in the same cell`, position);
      if (player) builder.placePlayer(r, c, where, position);
      row.push(flags);
    });
    builder.setRow(r, row);
  });
  return builder.build();
}

/** Names within a cell in a fixed order (the lab writes "target" first), one row per line. */
export function writeSnekobanJson(board: Board): string {
  const rows: string[] = [];
  for (let r = 0; r < board.height; r++) {
    const cells: string[] = [];
    for (let c = 0; c < board.width; c++) {
      const square = r * board.width + c;
      const flags = board.squares[square];
      const names: string[] = [];
      if ((flags & WALL) !== 0) names.push('wall');
      if ((flags & GOAL) !== 0) names.push('target');
      if ((flags & BOX) !== 0) names.push('computer');
      if (square === board.player) names.push('player');
      cells.push(JSON.stringify(names).replace(/,/g, ', '));
    }
    rows.push(`  [${cells.join(', ')}]`);
  }
  return `[\n${rows.join(',\n')}\n]`;
}
