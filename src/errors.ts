/**
 * Every failure the library reports on purpose is one of these classes, so the CLI
 * can map each kind to its exit code in one place and print one clean line.
 */

export interface SourcePosition {
  /** File name as the user gave it, or "<stdin>" / "<input>". */
  readonly file: string;
  /** 1-based level number inside the file, when known. */
  readonly level?: number;
  /** 1-based line in the file, when known. */
  readonly line?: number;
  /** 1-based column in that line, when known. */
  readonly column?: number;
}

export abstract class SokobanError extends Error {
  abstract readonly kind: 'level' | 'moves' | 'usage' | 'input' | 'output' | 'limit';
}

/** A level that cannot be read or is not a legal Sokoban position. */
export class LevelError extends SokobanError {
  readonly kind = 'level' as const;
  constructor(
    readonly reason: string,
    readonly position: SourcePosition,
  ) {
    super(`${formatPosition(position)}: ${reason}`);
    this.name = 'LevelError';
  }
}

/** A move string with characters or notation we do not accept. */
export class MoveSyntaxError extends SokobanError {
  readonly kind = 'moves' as const;
  constructor(
    readonly reason: string,
    readonly position: SourcePosition & { readonly index?: number },
  ) {
    super(`${formatPosition(position)}: ${reason}`);
    this.name = 'MoveSyntaxError';
  }
}

/** Wrong command-line usage: unknown option, bad option value, missing argument. */
export class UsageError extends SokobanError {
  readonly kind = 'usage' as const;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** An input that cannot be read at all: missing file, unreadable folder, glob matching nothing. */
export class InputError extends SokobanError {
  readonly kind = 'input' as const;
  constructor(
    readonly reason: string,
    readonly file: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'InputError';
  }
}

/**
 * A file the tool could not write (a report, a collection for --out): a full disk, a read-only
 * place, a target it will not replace. The answers may be right; only their record is missing.
 */
export class OutputError extends SokobanError {
  readonly kind = 'output' as const;
  constructor(
    readonly reason: string,
    readonly file: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'OutputError';
  }
}

/**
 * A search stopped at a limit where the interface has no way to say so in its answer
 * (the 6.101 `solvePuzzle` returns moves or null, and null must mean "no solution").
 */
export class SearchLimitError extends SokobanError {
  readonly kind = 'limit' as const;
  constructor(
    readonly limit: 'time' | 'nodes' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'SearchLimitError';
  }
}

/**
 * Where an error is, in the `file:line:col` form editors and CI problem matchers read
 * (`bad.xsb:4:2`); the line already points into the right level of a collection. Without a
 * line, the file and the level number (`set.json: level 3`).
 */
export function formatPosition(position: SourcePosition): string {
  if (position.line === undefined) return position.level === undefined ? position.file : `${position.file}: level ${position.level}`;
  return position.column === undefined ? `${position.file}:${position.line}` : `${position.file}:${position.line}:${position.column}`;
}
