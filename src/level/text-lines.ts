/**
 * The lines of a text, found once and kept as offsets into it: a line's string is made only when
 * it is asked for. A collection of three million levels has some thirteen million lines; held as
 * strings (`text.split`) they took gigabytes, as offsets four bytes each (issue 45).
 *
 * Lines end at `\r\n`, `\r` or `\n`, as `text.split(/\r\n|\r|\n/)` would cut them; a byte order
 * mark at the start is not part of the first line.
 */
export class TextLines {
  readonly count: number;
  /** Where each line starts, and past the end the start a next line would have. */
  private readonly starts: Uint32Array;

  constructor(readonly text: string) {
    const from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    let count = 1;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) count++;
    }
    const starts = new Uint32Array(count + 1);
    let line = 1;
    starts[0] = from;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) starts[line++] = i + 1;
    }
    starts[count] = text.length + 1;
    this.count = count;
    this.starts = starts;
  }

  /** Where line `i` (0-based) starts in the text. */
  start(i: number): number {
    return this.starts[i];
  }

  /** Where line `i` ends, before its line break. */
  end(i: number): number {
    if (i === this.count - 1) return this.text.length;
    let end = this.starts[i + 1] - 1;
    if (end > this.starts[i] && this.text.charCodeAt(end) === 0x0a && this.text.charCodeAt(end - 1) === 0x0d) end--;
    return end;
  }

  /** Line `i` (0-based) without its trailing white space. */
  at(i: number): string {
    return this.text.slice(this.starts[i], this.trimmedEnd(i));
  }

  /** Where line `i` ends without its trailing white space (`trimEnd`'s): its start when it is blank. */
  trimmedEnd(i: number): number {
    const start = this.starts[i];
    let end = this.end(i);
    while (end > start) {
      const code = this.text.charCodeAt(end - 1);
      if (code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c || (code >= 0x80 && WHITE_SPACE.test(this.text[end - 1]))) end--;
      else break;
    }
    return end;
  }

  /** Whether line `i` is empty or white space only, without making its string. */
  isBlank(i: number): boolean {
    return this.firstCode(i) < 0;
  }

  /** The code of the first character of line `i` that is not white space, or -1 when there is none. */
  firstCode(i: number): number {
    const end = this.end(i);
    for (let at = this.starts[i]; at < end; at++) {
      const code = this.text.charCodeAt(at);
      if (code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c) continue;
      if (code < 0x80 || !WHITE_SPACE.test(this.text[at])) return code;
    }
    return -1;
  }
}

const WHITE_SPACE = /^\s$/u;

/**
 * The lines of a text one at a time, cut as TextLines cuts them, for a reader that may stop at
 * the first line: `text.split` would cut the whole text first.
 */
export function* eachLine(text: string): Generator<string> {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x0a && code !== 0x0d) continue;
    yield text.slice(start, i);
    if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
  }
  yield text.slice(start);
}
