import { MoveSyntaxError, type SourcePosition, UsageError } from '../errors.js';
import { type ParsedMoves, parseMoves } from '../game/moves.js';

/** A move string and where it sits in its file, so syntax errors point at the file, not the string. */
export interface MovesText {
  readonly text: string;
  readonly file: string;
  /** Level the moves belong to, when they come from a collection. */
  readonly level?: number;
  /** 1-based line and column of the string's first character in its file, when known. */
  readonly line?: number;
  readonly column?: number;
  /** Words naming the string when no line is known, e.g. "its Solution line". */
  readonly context?: string;
}

/** Parses moves and moves the error position from "inside the string" to "inside the file". */
export function parseMovesText(source: MovesText, strictCase: boolean): ParsedMoves {
  try {
    return parseMoves(source.text, { file: source.file, strictCase });
  } catch (error) {
    if (!(error instanceof MoveSyntaxError)) throw error;
    throw new MoveSyntaxError(rebaseReason(error, source), rebasePosition(error.position, source));
  }
}

function rebasePosition(inner: MoveSyntaxError['position'], source: MovesText): SourcePosition {
  const position: { file: string; level?: number; line?: number; column?: number } = { file: source.file };
  if (source.level !== undefined) position.level = source.level;
  if (source.line === undefined) return position;
  const innerLine = inner.line ?? 1;
  position.line = source.line + innerLine - 1;
  if (inner.column !== undefined) {
    position.column = innerLine === 1 ? (source.column ?? 1) - 1 + inner.column : inner.column;
  }
  return position;
}

function rebaseReason(error: MoveSyntaxError, source: MovesText): string {
  if (source.line !== undefined || source.context === undefined) return error.reason;
  const column = error.position.column !== undefined ? `, column ${error.position.column}` : '';
  return `${source.context}${column}: ${error.reason}`;
}

/** True when a command-line value is made only of move characters: LURD letters, counts, groups, spaces. */
export function looksLikeMoves(value: string): boolean {
  return /^[\s\dlurdLURD()]*$/.test(value);
}

/**
 * `verify --moves` takes the moves themselves. Someone who passes a file name there (as
 * `show --moves <file>` might suggest) would otherwise get a puzzling syntax error about the letter 'm'.
 */
export async function rejectFileNameAsMoves(io: { readFile(path: string): Promise<string> }, value: string, command: string): Promise<void> {
  if (looksLikeMoves(value)) return;
  const readable = await io.readFile(value).then(
    () => true,
    () => false,
  );
  if (readable) {
    throw new UsageError(`--moves takes the moves themselves; to read them from the file ${value}, give it after the level: sokoban ${command} <level> ${value}`);
  }
}
