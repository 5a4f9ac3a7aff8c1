import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, combineExitCodes, exitCodeForError } from '../../src/cli/exit-codes.js';
import { InputError, LevelError, MoveSyntaxError, OutputError, UsageError } from '../../src/errors.js';
import { cli } from '../helpers/fake-io.js';

describe('exit codes', () => {
  it('maps every typed input error to 2', () => {
    const errors = [
      new LevelError('two players', { file: 'a.xsb', line: 2 }),
      new MoveSyntaxError("'x' is not a move", { file: 'm.txt', line: 1, column: 3 }),
      new UsageError('unknown option'),
      new InputError('no such file', 'missing.xsb'),
    ];
    for (const error of errors) expect(exitCodeForError(error)).toBe(ExitCode.badInput);
  });

  it('maps an unexpected error to 70, the sysexits code for an internal error', () => {
    expect(exitCodeForError(new TypeError('x is undefined'))).toBe(70);
  });

  it('combines no codes, or only successes, to 0', () => {
    expect(combineExitCodes([])).toBe(0);
    expect(combineExitCodes([0, 0])).toBe(0);
  });

  it('ranks bad input above not solved above stopped at a limit', () => {
    expect(combineExitCodes([3, 1, 0])).toBe(1);
    expect(combineExitCodes([3, 1, 2, 0])).toBe(2);
    expect(combineExitCodes([0, 3])).toBe(3);
  });

  it('ranks an internal error above everything', () => {
    expect(combineExitCodes([2, 70, 1])).toBe(70);
  });
});

describe('the exit codes, as documented', () => {
  const codes = Object.values(ExitCode);

  it('are each a row of the README table', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Exit codes'));
    for (const code of codes) expect(table).toMatch(new RegExp(`\\n\\| ${code} \\| `));
  });

  it('are each a line of --help', async () => {
    const { stdout } = await cli('--help');
    for (const code of codes) expect(stdout).toMatch(new RegExp(`\\n  ${code} +\\S`));
  });

  it('give an output that could not be written a code of its own, below our own bug and above every level outcome', () => {
    expect(exitCodeForError(new OutputError('no space left on the device', 'r.json'))).toBe(74);
    expect(combineExitCodes([2, 74, 1, 3])).toBe(74);
    expect(combineExitCodes([74, 70])).toBe(70);
  });
});
