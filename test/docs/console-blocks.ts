/**
 * The `console` blocks of the project's Markdown files, read as terminal sessions: each `$ ` line
 * is a command and the lines after it, up to the next command or the block's end, its output.
 * Other blocks (`sh`, `text`, `ts`, `json`) are illustrations and are not read.
 */

export interface ConsoleExample {
  /** Where the command is, as `README.md:42`. */
  readonly at: string;
  /** The command line after `$ `. */
  readonly command: string;
  /** The output lines shown under it, trailing blank lines dropped. */
  readonly expected: readonly string[];
}

const FENCE = /^( *)```(\S*)\s*$/;

export function consoleExamples(markdown: string, file: string): ConsoleExample[] {
  const examples: ConsoleExample[] = [];
  const lines = markdown.split('\n');
  let block: { indent: number; isConsole: boolean } | null = null;
  let current: { at: string; command: string; expected: string[] } | null = null;
  const finish = (): void => {
    if (current === null) return;
    while (current.expected.length > 0 && current.expected[current.expected.length - 1].trim() === '') current.expected.pop();
    examples.push(current);
    current = null;
  };
  lines.forEach((raw, index) => {
    const fence = FENCE.exec(raw);
    if (block === null) {
      if (fence !== null) block = { indent: fence[1].length, isConsole: fence[2] === 'console' };
      return;
    }
    if (fence !== null && fence[2] === '' && fence[1].length === block.indent) {
      finish();
      block = null;
      return;
    }
    if (!block.isConsole) return;
    // Lines of a block inside a list item carry the item's indentation.
    const line = raw.startsWith(' '.repeat(block.indent)) ? raw.slice(block.indent) : raw.trimStart();
    if (line.startsWith('$ ')) {
      finish();
      current = { at: `${file}:${index + 1}`, command: line.slice(2), expected: [] };
    } else if (current !== null) {
      current.expected.push(line);
    } else {
      throw new Error(`${file}:${index + 1}: output before any $ command in a console block`);
    }
  });
  if (block !== null) throw new Error(`${file}: a code block is not closed`);
  return examples;
}

/**
 * Figures that differ from run to run and machine to machine: times, and the positions a search
 * expanded (the race of two workers and the time-sliced portfolio change them). A figure's
 * leading spaces go with it, since a right-aligned column pads a shorter number with more of them.
 */
const VARYING_FIGURE = /( *)\d[\d,]*(?:\.\d+)?(?= (?:ms|s|nodes|states expanded)\b)|("(?:nodes|generated|ms)":)\d+/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function linePattern(line: string): string {
  let pattern = '';
  let last = 0;
  for (const match of line.matchAll(VARYING_FIGURE)) {
    pattern += escapeRegExp(line.slice(last, match.index));
    if (match[2] !== undefined) pattern += `${escapeRegExp(match[2])}\\d+`;
    else pattern += `${match[1] === '' ? '' : ' +'}[\\d,.]+`;
    last = match.index + match[0].length;
  }
  return pattern + escapeRegExp(line.slice(last));
}

/**
 * The output an example promises, as a pattern over the whole output: every line literal except
 * the varying figures, and a line `...` standing for any number of lines.
 */
export function expectedOutput(expected: readonly string[]): RegExp {
  const parts = expected.map((line) => (line === '...' ? '(?:[^\\n]*\\n)*?' : `${linePattern(line)}\\n`));
  return new RegExp(`^${parts.join('')}$`);
}

/** A command line split into words as a POSIX shell would for the quoting the examples use. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (const char of command) {
    if (quote !== null) {
      if (char === quote) quote = null;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (char === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote !== null) throw new Error(`unclosed quote in: ${command}`);
  if (word !== null) words.push(word);
  return words;
}

/** The text `printf` writes for a format with no conversions: only `\n` and `\\` are escapes. */
export function printfText(format: string): string {
  return format.replace(/\\(n|\\)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : '\\'));
}
