import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { type ConsoleExample, consoleExamples, expectedOutput, printfText, shellWords } from './console-blocks.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** The Markdown files whose `console` blocks are checked: the README and the pages of docs/. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * Files the examples name that are not in the repository: small levels written to show an error.
 * The examples read them from the current folder, as a user's own files would be.
 */
const EXAMPLE_FILES: Readonly<Record<string, string>> = {
  'bad.xsb': '#####\n#@$.#\n#   #\n#Z  #\n#####\n',
  'two.xsb': '#####\n#@$.#\n#   #\n#@  #\n#####\n',
  'row.grid': '1 1 1 1 1 1\n1 3 0 2 4 1\n1 1 1 1 1 1\n',
};

/** Runs an example's command in-process: `sokoban …`, or `printf '…' | sokoban …` for stdin. Returns stdout, then stderr. */
async function outputOf(command: string): Promise<string> {
  const words = shellWords(command);
  let stdin: string | undefined;
  if (words[0] === 'printf') {
    const pipe = words.indexOf('|');
    if (pipe !== 2) throw new Error(`only printf '<text>' | sokoban … is run: ${command}`);
    stdin = printfText(words[1]);
    words.splice(0, 3);
  }
  if (words[0] !== 'sokoban') throw new Error(`a console example runs sokoban (use a sh or text block for anything else): ${command}`);
  const { stdout, stderr } = await cli(...words.slice(1), { files: EXAMPLE_FILES, ...(stdin === undefined ? {} : { stdin }) });
  const output = stdout + stderr;
  return output === '' ? '' : `${output.replace(/\n+$/, '')}\n`;
}

const examples: ConsoleExample[] = DOCUMENTS.flatMap((file) => consoleExamples(readFileSync(path.join(repoRoot, file), 'utf8'), file));

describe('the examples of the README and docs/', () => {
  it('are found: every command with a console block', () => {
    expect(examples.filter((example) => example.at.startsWith('README.md')).length).toBeGreaterThanOrEqual(10);
    const commands = new Set(examples.map((example) => shellWords(example.command).find((word) => !word.startsWith('sokoban') && /^[a-z-]+$/.test(word))));
    expect([...commands].sort()).toEqual(expect.arrayContaining(['check', 'convert', 'generate', 'hint', 'optimize', 'show', 'solve', 'verify']));
  });

  it.each(examples.map((example) => [`${example.at}: $ ${example.command}`, example] as const))('%s prints what it shows', async (_, example) => {
    const output = await outputOf(example.command);
    // On a mismatch, compare with the text as shown, for a line-by-line diff in the failure.
    if (!expectedOutput(example.expected).test(output)) expect(output).toBe(example.expected.map((line) => `${line}\n`).join(''));
  });
});

describe('an example output', () => {
  const shown = ['levels/microban.xsb#1: solved in 33 moves, 8 pushes', '  solution: dlUrrrdLullddrUluRuulDrddrruLdlUU', '  optimal: not proven; 149 nodes in 39 ms'];
  const printed = 'levels/microban.xsb#1: solved in 33 moves, 8 pushes\n  solution: dlUrrrdLullddrUluRuulDrddrruLdlUU\n  optimal: not proven; 1,203 nodes in 7 ms\n';

  it('matches output whose node count and time differ', () => {
    expect(printed).toMatch(expectedOutput(shown));
  });

  it('fails when a move count, the solution or a line differs', () => {
    expect(printed).not.toMatch(expectedOutput(shown.map((line) => line.replace('33 moves', '34 moves'))));
    expect(printed).not.toMatch(expectedOutput(shown.map((line) => line.replace('dlU', 'dlu'))));
    expect(printed).not.toMatch(expectedOutput(shown.slice(0, 2)));
    expect(`${printed}one more line\n`).not.toMatch(expectedOutput(shown));
  });

  it('keeps the padding of aligned columns loose only before a varying figure', () => {
    const row = ['     6       6      326 ms        41 ms'];
    expect('     6       6     1326 ms         4 ms\n').toMatch(expectedOutput(row));
    expect('     6      6      326 ms        41 ms\n').not.toMatch(expectedOutput(row));
  });

  it('takes a line ... for any lines, and JSON figures loosely', () => {
    expect('a\nb\nc\nd\n').toMatch(expectedOutput(['a', '...', 'd']));
    expect('{"moves":33,"nodes":12,"ms":0}\n').toMatch(expectedOutput(['{"moves":33,"nodes":149,"ms":11}']));
    expect('{"moves":34,"nodes":12,"ms":0}\n').not.toMatch(expectedOutput(['{"moves":33,"nodes":149,"ms":11}']));
  });
});

describe('console blocks', () => {
  it('read commands and their output, also inside a list item, and skip other blocks', () => {
    const markdown = ['```sh', 'sokoban solve x', '```', '- item:', '', '  ```console', '  $ sokoban show a.xsb', '  line one', '', '  $ sokoban show b.xsb', '  ```'].join('\n');
    expect(consoleExamples(markdown, 'doc.md')).toEqual([
      { at: 'doc.md:7', command: 'sokoban show a.xsb', expected: ['line one'] },
      { at: 'doc.md:10', command: 'sokoban show b.xsb', expected: [] },
    ]);
  });

  it('split commands as the shell does', () => {
    expect(shellWords(`printf '#@$.#\\n' | sokoban convert - --to "xsb"`)).toEqual(['printf', '#@$.#\\n', '|', 'sokoban', 'convert', '-', '--to', 'xsb']);
    expect(printfText('a\\nb')).toBe('a\nb');
  });
});
