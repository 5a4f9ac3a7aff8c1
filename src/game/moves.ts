import { MoveSyntaxError } from '../errors.js';
import { type Direction, directionOfLetter, moveLetter } from './direction.js';

/**
 * One player step as written in a move string.
 * `push` is null when the string was written all in lower case: such strings are still
 * correct solutions, and the replay works out which steps push.
 */
export interface Move {
  readonly direction: Direction;
  readonly push: boolean | null;
}

export interface ParsedMoves {
  readonly moves: readonly Move[];
  /** True when the string used upper case anywhere (or strictCase asked to take it literally). */
  readonly caseGiven: boolean;
}

export interface ParseMovesOptions {
  /** Named in error messages; "<input>" when not given. */
  readonly file?: string;
  /**
   * Take the case as written even when the string is all lower case, so that a lower-case
   * letter that pushes becomes a case mismatch on replay instead of being worked out.
   */
  readonly strictCase?: boolean;
  /**
   * 1-based line in `file` where the text starts, so errors in a SOK file's Solution lines
   * point at the right line of the file; default 1.
   */
  readonly line?: number;
}

/** Run-length counts can multiply; beyond this a move string is hostile or a mistake, not a solution. */
export const MAX_MOVES = 1_000_000;

/**
 * Characters a move text may have: room for MAX_MOVES steps with a separator after each and
 * line breaks. Longer texts are refused before they are read, so a 10 MB file costs nothing.
 */
export const MAX_MOVE_TEXT_LENGTH = 4 * MAX_MOVES;

/** Groups inside groups; real solutions nest two or three deep, and the reader recurses once per level. */
export const MAX_GROUP_DEPTH = 100;

const REJECTED: Readonly<Record<string, string>> = {
  n: 'is a hexagonal-Sokoban direction (n s e w); only LURD moves are accepted',
  s: 'is a hexagonal-Sokoban direction (n s e w); only LURD moves are accepted',
  e: 'is a hexagonal-Sokoban direction (n s e w); only LURD moves are accepted',
  w: 'is a hexagonal-Sokoban direction (n s e w); only LURD moves are accepted',
  '[': 'marks reverse-mode (pull) moves, which are not supported',
  ']': 'marks reverse-mode (pull) moves, which are not supported',
  '{': 'marks Multiban (several players) moves, which are not supported',
  '}': 'marks Multiban (several players) moves, which are not supported',
};

interface Token {
  readonly char: string;
  readonly line: number;
  readonly column: number;
}

/**
 * The significant characters of a move text and where each stands, in flat arrays: a text of
 * millions of characters would otherwise become as many objects.
 */
class Tokens {
  private chars = '';
  private readonly lines: Int32Array;
  private readonly columns: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.lines = new Int32Array(capacity);
    this.columns = new Int32Array(capacity);
  }

  push(char: string, line: number, column: number): void {
    this.lines[this.length] = line;
    this.columns[this.length] = column;
    this.length++;
    this.chars += char;
  }

  char(index: number): string {
    return this.chars[index];
  }

  at(index: number): Token {
    return { char: this.chars[index], line: this.lines[index], column: this.columns[index] };
  }
}

/** A character as it should appear in a one-line message: visible, and quoted. */
function showChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) {
    return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${char}'`;
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

function isSpace(char: string): boolean {
  return /^\s$/u.test(char);
}

/** Splits the text into significant characters with their 1-based line and column, rejecting strays. */
function tokenize(text: string, file: string, firstLine: number): Tokens {
  const tokens = new Tokens(text.length);
  let line = firstLine;
  let column = 0;
  let previous = '';
  for (const char of text) {
    // "\r\n" is one line break; a lone "\r" (old Mac files) is one too.
    if (char === '\n' && previous === '\r') {
      previous = char;
      continue;
    }
    previous = char;
    if (char === '\n' || char === '\r') {
      line++;
      column = 0;
      continue;
    }
    column++;
    if (isSpace(char)) continue;
    if (directionOfLetter(char) !== undefined || isDigit(char) || char === '(' || char === ')') {
      tokens.push(char, line, column);
      continue;
    }
    const why = REJECTED[char.toLowerCase()] ?? 'is not a move (expected l u r d, L U R D, digits or parentheses)';
    throw new MoveSyntaxError(`${showChar(char)} ${why}`, { file, line, column });
  }
  return tokens;
}

type Node = { readonly kind: 'letter'; readonly char: string } | { readonly kind: 'repeat'; readonly count: number; readonly body: readonly Node[]; readonly length: number };

/**
 * A recursive-descent reader of the run-length grammar: item = count? (letter | "(" item* ")").
 * It recurses once per group level, so the nesting is bounded (MAX_GROUP_DEPTH) well below the stack.
 */
class RunLengthReader {
  private next = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Tokens,
    private readonly file: string,
  ) {}

  readAll(): { nodes: Node[]; length: number } {
    const result = this.readSequence(null);
    if (this.next < this.tokens.length) {
      const token = this.tokens.at(this.next);
      this.fail(token, "')' has no matching '('");
    }
    return result;
  }

  private readSequence(opening: Token | null): { nodes: Node[]; length: number } {
    const nodes: Node[] = [];
    let length = 0;
    while (this.next < this.tokens.length) {
      const token = this.tokens.at(this.next);
      if (token.char === ')') {
        if (opening === null) this.fail(token, "')' has no matching '('");
        return { nodes, length };
      }
      const node = this.readItem();
      nodes.push(node);
      length += node.kind === 'letter' ? 1 : node.length;
      if (length > MAX_MOVES) this.fail(token, `the moves expand to more than ${MAX_MOVES} steps`);
    }
    if (opening !== null) this.fail(opening, "'(' is never closed");
    return { nodes, length };
  }

  private readItem(): Node {
    const firstIndex = this.next;
    const first = this.tokens.at(firstIndex);
    let count: number | null = null;
    while (this.next < this.tokens.length && isDigit(this.tokens.char(this.next))) {
      // Stop accumulating once the count alone is too large, so huge digit runs cannot overflow.
      count = Math.min((count ?? 0) * 10 + Number(this.tokens.char(this.next)), MAX_MOVES + 1);
      this.next++;
    }
    const token = this.next < this.tokens.length ? this.tokens.at(this.next) : undefined;
    if (token === undefined || token.char === ')') {
      this.fail(first, `the count ${this.countText(firstIndex)} is not followed by a move or a group`);
    }
    let body: Node[];
    let bodyLength: number;
    if (token.char === '(') {
      if (this.depth === MAX_GROUP_DEPTH) this.fail(token, `groups nested more than ${MAX_GROUP_DEPTH} deep`);
      this.next++;
      this.depth++;
      const inner = this.readSequence(token);
      this.depth--;
      this.next++; // the closing ')'
      if (inner.nodes.length === 0) this.fail(token, "'()' is an empty group");
      body = inner.nodes;
      bodyLength = inner.length;
    } else {
      this.next++;
      const letter: Node = { kind: 'letter', char: token.char };
      if (count === null) return letter;
      body = [letter];
      bodyLength = 1;
    }
    const times = count ?? 1;
    if (count === 0) this.fail(first, 'a count of 0 repeats nothing');
    const length = times * bodyLength;
    if (length > MAX_MOVES) this.fail(first, `the moves expand to more than ${MAX_MOVES} steps`);
    return { kind: 'repeat', count: times, body, length };
  }

  private countText(firstIndex: number): string {
    let text = '';
    for (let i = firstIndex; i < this.tokens.length && isDigit(this.tokens.char(i)); i++) text += this.tokens.char(i);
    return text;
  }

  private fail(token: Token, reason: string): never {
    throw new MoveSyntaxError(reason, { file: this.file, line: token.line, column: token.column });
  }
}

function expand(nodes: readonly Node[], into: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'letter') {
      into.push(node.char);
    } else {
      for (let i = 0; i < node.count; i++) expand(node.body, into);
    }
  }
}

/**
 * Reads a LURD move string: whitespace and line breaks anywhere, run-length counts (`3r2U`)
 * and nested groups (`2(3(dr)R)`). Throws MoveSyntaxError naming file, line, column and character.
 */
export function parseMoves(text: string, options: ParseMovesOptions = {}): ParsedMoves {
  const file = options.file ?? '<input>';
  if (text.length > MAX_MOVE_TEXT_LENGTH) {
    throw new MoveSyntaxError(`the move text has ${text.length} characters; more than ${MAX_MOVE_TEXT_LENGTH} are refused`, { file });
  }
  const tokens = tokenize(text, file, options.line ?? 1);
  const { nodes } = new RunLengthReader(tokens, file).readAll();
  const letters: string[] = [];
  expand(nodes, letters);
  const caseGiven = options.strictCase === true || letters.some((letter) => letter !== letter.toLowerCase());
  const moves = letters.map((letter): Move => {
    const direction = directionOfLetter(letter) as Direction;
    return { direction, push: caseGiven ? letter !== letter.toLowerCase() : null };
  });
  return { moves, caseGiven };
}

/** Canonical LURD: one letter per step, upper case for pushes, no counts, no line breaks. */
export function formatMoves(moves: readonly { readonly direction: Direction; readonly push: boolean }[]): string {
  let text = '';
  for (const move of moves) text += moveLetter(move.direction, move.push);
  return text;
}
