import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

/** A level whose title drives the terminal and whose comment lines are GitHub Actions commands. */
const HOSTILE = ['#####', '#@$.#', '#####', 'Title: T\x1b[31mred\x1b]0;owned\x07', 'Comment:', '::error file=a::x', '  ::add-mask::secret', 'Comment-End:', ''].join('\n');

describe('convert to stdout, read on a terminal or in a CI log (issue 33)', () => {
  it('escapes a title\'s control sequences and keeps comment lines from starting with "::" on a terminal', async () => {
    const { code, stdout } = await cli('convert', 'h.xsb', '--to', 'xsb', { files: { 'h.xsb': HOSTILE }, stdoutIsTTY: true });
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/[\x1b\x07]/);
    expect(stdout).toContain('; T\\x1b[31mred\\x1b]0;owned\\x07\n');
    expect(stdout).toContain('\n\\x3a:error file=a::x\n');
    expect(stdout).toContain('\n  \\x3a:add-mask::secret\n');
    expect(stdout).not.toMatch(/^\s*::/m);
  });

  it('does the same under GitHub Actions, where stdout is the job log', async () => {
    const { stdout } = await cli('convert', 'h.xsb', '--to', 'grid', { files: { 'h.xsb': HOSTILE }, env: { GITHUB_ACTIONS: 'true' } });
    expect(stdout).not.toMatch(/[\x1b\x07]/);
    expect(stdout).toContain('; T\\x1b[31mred');
  });

  it('writes the levels exactly into a pipe or a file', async () => {
    const piped = await cli('convert', 'h.xsb', '--to', 'xsb', { files: { 'h.xsb': HOSTILE } });
    expect(piped.stdout).toContain('\x1b[31m');
    expect(piped.stdout).toContain('\n::error file=a::x\n');
    const written = await cli('convert', 'h.xsb', '--to', 'xsb', '--out', 'o.xsb', { files: { 'h.xsb': HOSTILE }, env: { GITHUB_ACTIONS: 'true' } });
    expect(written.io.written.get('o.xsb')).toContain('\n::error file=a::x\n');
  });
});
