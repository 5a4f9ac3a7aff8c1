import { type LevelError, UsageError } from '../../errors.js';
import { MAX_MOVE_TEXT_LENGTH } from '../../game/moves.js';
import type { LevelIndex } from '../../level/level.js';
import { reportWarning } from '../error-line.js';
import type { InputReader } from '../input.js';
import type { Io } from '../io.js';
import { type LevelEntry, type LevelSelection, entryAt, entryLabel, selectedEntries, warnOn } from '../levels.js';
import { type MovesText, rejectFileNameAsMoves } from '../moves-input.js';
import type { MovesRequest } from '../options/moves.js';
import { matchSolutions, solvedLevelsIn } from '../solution-collection.js';
import { parseSolutionTable } from '../solution-table.js';
import type { LevelRef } from '../verify-outcome.js';

/** One level with the move string to check on it, or null when the collection stores none. */
export interface VerifyJob {
  readonly ref: LevelRef;
  readonly moves: MovesText | null;
  /** Why the level itself could not be read (a malformed level of a collection); then there is nothing to replay. */
  readonly unreadable: LevelError | null;
}

export function jobFor(entry: LevelEntry, collection: LevelIndex, moves: MovesText | null, suffix = ''): VerifyJob {
  const ref: LevelRef = {
    file: collection.file,
    index: entry.index,
    title: entry.title,
    label: entryLabel(collection.file, entry.index, entry.title, collection.count) + suffix,
    level: entry.kind === 'level' ? entry.level : null,
  };
  return { ref, moves, unreadable: entry.kind === 'failure' ? entry.failure.error : null };
}

/**
 * Jobs for moves the user gave: one string for one level, or for many a solution table or a
 * collection of boards with Solution lines (matched by board, title or number).
 */
export async function jobsForGivenMoves(
  io: Io,
  reader: InputReader,
  request: Pick<MovesRequest, 'movesPath' | 'movesString'>,
  collection: LevelIndex,
  selection: LevelSelection,
  command = 'verify',
): Promise<VerifyJob[]> {
  // Levels are read only once the moves are known to be for them.
  const entries = () => selectedEntries(io, collection, selection);
  if (request.movesPath !== undefined && request.movesString !== undefined) {
    throw new UsageError('give the moves either as a file argument or with --moves, not both');
  }
  let moves: MovesText;
  if (request.movesString !== undefined) {
    await rejectFileNameAsMoves(io, request.movesString, command);
    moves = { text: request.movesString, file: '--moves', line: 1, column: 1 };
  } else {
    // A moves file (or a solution table) is refused by its size before it is read.
    const input = await reader.read(request.movesPath as string, 'moves file', MAX_MOVE_TEXT_LENGTH);
    const table = parseSolutionTable(input.text, input.name);
    if (table !== null) {
      const count = collection.count;
      for (const number of table.keys()) {
        if (number < 1 || number > count) {
          reportWarning(io, `${input.name}: a solution for level ${number}, but ${collection.file} has ${count}`);
        }
      }
      return entries().map((entry) => {
        const row = table.get(entry.index);
        const text: MovesText | null = row === undefined ? null : { text: row.moves, file: input.name, line: row.line, column: row.column };
        return jobFor(entry, collection, text);
      });
    }
    const solved = solvedLevelsIn(input.text, input.name);
    if (solved !== null) {
      const selected = entries();
      const collected = matchSolutions(solved, input.name, selected);
      return selected.flatMap((entry): VerifyJob[] => {
        const found = collected.get(entry.index) ?? [];
        if (found.length === 0) return [jobFor(entry, collection, null)];
        return found.map((text, i) => jobFor(entry, collection, text, found.length > 1 ? ` solution ${i + 1}` : ''));
      });
    }
    moves = { text: input.text, file: input.name, line: 1, column: 1 };
  }
  if (selection.count !== 1) {
    throw new UsageError(`${collection.file} has ${selection.count} levels: choose the one these moves are for with --level <n|title>`);
  }
  return [jobFor(entryAt(collection, selection.numberAt(0), warnOn(io)), collection, moves)];
}
