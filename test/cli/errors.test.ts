import { describe, expect, it } from 'vitest';
import { cli, fakeIo } from '../helpers/fake-io.js';
import { run } from '../../src/cli/run.js';

/** Every error is exactly one line on stderr, starting with the program name, and nothing on stdout. */
function expectOneLineError(result: { code: number; stdout: string; stderr: string }, code = 2): void {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^sokoban: [^\n]+\n$/);
  expect(result.stderr).not.toMatch(/\bat .*:\d+:\d+/);
}

describe('one-line errors with exit code 2', () => {
  it('names a missing level file', async () => {
    const result = await cli('verify', 'no-such-level.xsb', '--moves', 'r');
    expectOneLineError(result);
    expect(result.stderr).toBe('sokoban: no-such-level.xsb: no such file\n');
  });

  it('names a missing moves file', async () => {
    const result = await cli('verify', 'c.xsb', 'no-such.lurd', { files: { 'c.xsb': '####\n#@$.#\n####\n' } });
    expectOneLineError(result);
    expect(result.stderr).toBe('sokoban: no-such.lurd: no such file\n');
  });

  it('says a folder is not a file', async () => {
    const result = await cli('show', 'levels');
    expectOneLineError(result);
    expect(result.stderr).toBe('sokoban: levels: is a folder, not a file\n');
  });

  it('puts the place first as file:line:col, the form editors and CI problem matchers read', async () => {
    const result = await cli('show', 'bad.xsb', { files: { 'bad.xsb': '#####\n#@ .#\n# $ #\n#Z  #\n#####\n' } });
    expectOneLineError(result);
    expect(result.stderr).toMatch(/^sokoban: bad\.xsb:4:2: unknown character "Z"/);
  });

  it('names the line and column of an unknown character in a board', async () => {
    const result = await cli('show', 'bad.xsb', { files: { 'bad.xsb': '#####\n#@$x.#\n#####\n' } });
    expectOneLineError(result);
    expect(result.stderr).toMatch(/^sokoban: bad\.xsb:2:4: unknown character "x"/);
  });

  it('names both players of a level with two', async () => {
    const result = await cli('show', 'two.xsb', { files: { 'two.xsb': '#####\n#@ .#\n# $ #\n#@  #\n#####\n' } });
    expectOneLineError(result);
    expect(result.stderr).toBe('sokoban: two.xsb:4:2: more than one player (the first is at line 2, column 2)\n');
  });

  it('names an empty file', async () => {
    const result = await cli('show', 'empty.xsb', { files: { 'empty.xsb': '\n\n' } });
    expectOneLineError(result);
    expect(result.stderr).toBe('sokoban: empty.xsb: empty file\n');
  });

  it('names a 6.101 cell that is not one of its four words', async () => {
    const result = await cli('show', 'l.json', { files: { 'l.json': '[[["wall"]],[["player"],["cat"]]]' } });
    expectOneLineError(result);
    expect(result.stderr).toContain('"cat"');
  });

  it('names the line and column of a stray character in a move string', async () => {
    const files = { 'c.xsb': '#####\n#@$.#\n#####\n', 'm.lurd': 'rr\nlXr\n' };
    const result = await cli('verify', 'c.xsb', 'm.lurd', { files });
    expectOneLineError(result);
    expect(result.stderr).toBe("sokoban: m.lurd:2:2: 'X' is not a move (expected l u r d, L U R D, digits or parentheses)\n");
  });

  it('rejects hexagonal directions in a move string by name', async () => {
    const result = await cli('verify', 'c.xsb', '--moves', 'rn', { files: { 'c.xsb': '#####\n#@$.#\n#####\n' } });
    expectOneLineError(result);
    expect(result.stderr).toContain('hexagonal');
  });

  it('names an unwritable output file, with the exit code of an output that could not be written', async () => {
    const result = await cli('convert', 'c.xsb', '--to', 'json', '--out', 'ro.json', {
      files: { 'c.xsb': '#####\n#@$.#\n#####\n' },
      unwritable: ['ro.json'],
    });
    expectOneLineError(result, 74);
    expect(result.stderr).toBe('sokoban: ro.json: permission denied\n');
  });
});

describe('internal errors', () => {
  it('exit 70 with one line that says it is a bug', async () => {
    const io = { ...fakeIo(), readFile: async () => Promise.reject(new TypeError('cannot read x of undefined')) };
    let stderr = '';
    const code = await run(['show', 'a.xsb'], {
      ...io,
      stderr: {
        write: (text) => {
          stderr += text;
        },
        isTTY: false,
      },
    });
    expect(code).toBe(70);
    expect(stderr).toBe('sokoban: internal error: cannot read x of undefined (this is a bug; set SOKOBAN_DEBUG=1 to see where)\n');
  });
});
