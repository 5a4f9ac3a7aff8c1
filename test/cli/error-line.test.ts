import { describe, expect, it } from 'vitest';
import { errorLine, reportError } from '../../src/cli/error-line.js';
import { LevelError } from '../../src/errors.js';
import { cli, fakeIo } from '../helpers/fake-io.js';

describe('error lines', () => {
  it('prints a typed error as "sokoban: <file>, line L, column C: <reason>"', () => {
    const error = new LevelError("unknown character 'x'", { file: 'a.xsb', line: 3, column: 5 });
    expect(errorLine(error)).toBe("sokoban: a.xsb:3:5: unknown character 'x'");
  });

  it('keeps a message with line breaks on one line, each break written \\n as solve writes it in a file name', () => {
    expect(errorLine(new LevelError('first\nsecond', { file: 'a.xsb' }))).toBe('sokoban: a.xsb: first\\nsecond');
  });

  it('prints an internal error as one line that says it is a bug, without the stack', () => {
    const io = fakeIo();
    reportError(io, new TypeError('boom'));
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.err()).toMatch(/^sokoban: internal error: boom \(this is a bug/);
  });

  it('adds the stack of an internal error when SOKOBAN_DEBUG is set', () => {
    const io = fakeIo({ env: { SOKOBAN_DEBUG: '1' } });
    reportError(io, new TypeError('boom'));
    expect(io.err()).toContain('TypeError: boom\n    at ');
  });

  it.each(['show', 'hint', 'verify', 'convert', 'solve'])('%s writes a line break in a file name as \\n, as every command does (issue 46)', async (command) => {
    const name = 'c\nd.xsb';
    const extra = command === 'convert' ? ['--to', 'xsb'] : command === 'verify' ? ['--moves', 'r'] : [];
    const { code, stderr } = await cli(command, name, ...extra, { files: { [name]: '#####\n#@Z.#\n#####\n' } });
    expect(stderr).toBe('sokoban: c\\nd.xsb:2:3: unknown character "Z" in a board row\n');
    expect(code).toBe(2);
  });
});
