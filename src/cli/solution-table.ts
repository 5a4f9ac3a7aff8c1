import { MoveSyntaxError } from '../errors.js';

/** One move string of a solution table, with the line it came from for error messages. */
export interface TableEntry {
  readonly moves: string;
  readonly line: number;
  /** 1-based column of the first move character, so move errors can point into the file. */
  readonly column: number;
}

const ENTRY = /^\s*([A-Za-z_][\w.-]*?)(\d+)\s*=\s*"([^"\\]*)"\s*(?:#.*)?$/;
const LOOKS_LIKE_TABLE = /^\s*[A-Za-z_][\w.-]*\s*=\s*"/;

/**
 * Reads a solution table: one `Level0001 = "LURD..."` line per level, the TOML form solution
 * archives such as sokoban-go's use, keyed by the level number at the end of the key.
 * Returns null when the text is not a table at all (it is then a plain move string).
 */
export function parseSolutionTable(text: string, file: string): Map<number, TableEntry> | null {
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.find((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  if (first === undefined || !LOOKS_LIKE_TABLE.test(first)) return null;
  const table = new Map<number, TableEntry>();
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const match = ENTRY.exec(line);
    if (match === null) {
      throw new MoveSyntaxError('expected a solution entry like Level1 = "lurd..."', { file, line: i + 1 });
    }
    const number = Number(match[2]);
    if (table.has(number)) {
      throw new MoveSyntaxError(`a second solution for level ${number}`, { file, line: i + 1 });
    }
    table.set(number, { moves: match[3], line: i + 1, column: line.indexOf('"') + 2 });
  });
  return table;
}
