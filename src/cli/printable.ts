/**
 * Text from files (titles, file names) on its way to a terminal or a CI log. Raw, an escape
 * sequence in a title retitles the terminal or recolours it, and a line break in a file name
 * starts a line that GitHub Actions reads as a workflow command (issue 13).
 */

/** C0 and C1 controls, DEL, and the bidirectional overrides that reorder what is shown. */
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every control character written as an escape (`\x1b`, `\n`, `\u202e`), backslashes kept. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const named = NAMED[char];
    if (named !== undefined) return named;
    const code = char.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A file name as printed at the start of a line: escaped, and kept from beginning with `::`,
 * which GitHub Actions takes for a command (`./::x.xsb` names the same file).
 */
export function displayName(file: string): string {
  const shown = printable(file);
  return shown.startsWith('::') ? `./${shown}` : shown;
}

/**
 * Text written for a reader, a terminal or a CI log, rather than into a file (`convert` to
 * stdout): every line printable, and none that starts with `::` (after blanks), which GitHub
 * Actions would run as a workflow command (`::add-mask::`, `::error file=...::`); its first
 * colon is written `\x3a`, as printable writes what it escapes.
 */
export function printableLines(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const shown = printable(line);
      return /^\s*::/.test(shown) ? shown.replace('::', '\\x3a:') : shown;
    })
    .join('\n');
}
