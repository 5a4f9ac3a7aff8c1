import { describe, expect, it } from 'vitest';
import { errorLine, reportError } from '../../src/cli/error-line.js';
import { LevelError } from '../../src/errors.js';
import { fakeIo } from '../helpers/fake-io.js';

describe('error lines', () => {
  it('prints a typed error as "sokoban: <file>, line L, column C: <reason>"', () => {
    const error = new LevelError("unknown character 'x'", { file: 'a.xsb', line: 3, column: 5 });
    expect(errorLine(error)).toBe("sokoban: a.xsb:3:5: unknown character 'x'");
  });

  it('keeps a message with line breaks on one line', () => {
    expect(errorLine(new LevelError('first\nsecond', { file: 'a.xsb' }))).toBe('sokoban: a.xsb: first second');
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
});
