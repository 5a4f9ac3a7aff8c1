import { type GoalRule, chooseGoalRule } from '../game/goal-rule.js';
import type { Collection, Level } from '../level/level.js';
import { parseCollection } from '../level/parse.js';
import { HttpError, readingInput } from './http-error.js';
import type { LevelRequest, LevelTextRequest, Unchecked } from './protocol.js';
import { goalRule, levelFormat, optionalString } from './request-fields.js';

/** The name a pasted level goes by in messages, like the CLI's file names. */
export const DEFAULT_INPUT_NAME = '<input>';

/**
 * The `level` field of a request: level text in any format, or a board given as JSON directly
 * (a 6.101 list of rows of cell lists, or a CS161 list of rows of numbers), which reads exactly
 * as its JSON text would.
 */
export function levelText(body: Unchecked<LevelTextRequest>): string {
  const value = body.level;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return JSON.stringify(value);
  throw new HttpError(400, '"level" must be level text (XSB, 6.101 JSON or CS161 grid) or a board as a JSON array');
}

/** Far beyond any real collection (the largest public ones are a few hundred KB). */
export const MAX_LEVEL_TEXT_BYTES = 1024 * 1024;

/**
 * Parses the request's level text with the CLI's reader, so every message is the one `sokoban`
 * prints; a text beyond the server's limit is refused (413) before any work on it, and a board
 * beyond the reader's own size limit (MAX_BOARD_SQUARES in level/board.ts) is a malformed level.
 */
export function collectionOfRequest(body: Unchecked<LevelTextRequest>): Collection {
  const file = optionalString<LevelTextRequest>(body, 'name') ?? DEFAULT_INPUT_NAME;
  const text = levelText(body);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_LEVEL_TEXT_BYTES) {
    throw new HttpError(413, `the level text is ${bytes} bytes; this server reads at most ${MAX_LEVEL_TEXT_BYTES}`, 'limit');
  }
  const format = levelFormat<LevelTextRequest>(body, 'format') ?? 'auto';
  return readingInput('level', 'the level text', () => parseCollection(text, { file, format }));
}

export interface LevelWithRule {
  readonly level: Level;
  readonly rule: GoalRule;
}

/**
 * The one level a request is about, and the rule it is played under (the request's `goal`, or the
 * format's home rule as `chooseGoalRule` decides). A text of several levels needs `index`.
 */
export function levelOfRequest(body: Unchecked<LevelRequest>): LevelWithRule {
  const collection = collectionOfRequest(body);
  const index = body.index;
  let level: Level | undefined;
  if (index === undefined || index === null) {
    if (collection.levels.length !== 1) {
      throw new HttpError(400, `the text holds ${collection.levels.length} levels: say which with "index" (1-based)`);
    }
    level = collection.levels[0];
  } else {
    if (typeof index !== 'number' || !Number.isInteger(index)) throw new HttpError(400, '"index" must be a whole number');
    level = collection.levels[index - 1];
    if (level === undefined) throw new HttpError(400, `"index" ${index}: the text holds ${collection.levels.length} levels`);
  }
  return { level, rule: chooseGoalRule(level, goalRule(body)) };
}
