import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

const ESC = '\x1b';
const HOSTILE_TITLE = `${ESC}]0;pwned\x07${ESC}[31mred`;
const CORRIDOR = '#######\n#@ $ .#\n#######\n';
const TWO_LEVELS = `; ${HOSTILE_TITLE}\n${CORRIDOR}\n; plain\n${CORRIDOR}`;
const INJECTING_NAME = 'a\n::error file=x::INJECTED.xsb';
const MALFORMED = '#####\n#@@ #\n#####\n';

/** Lines that GitHub Actions would read as workflow commands. */
function commandLines(text: string): string[] {
  return text.split(/\r?\n|\r/).filter((line) => line.startsWith('::'));
}

describe('titles and file names are shown, never obeyed, by the terminal or the CI log (issue 13)', () => {
  it('escapes control characters of a title in solve, verify and show', async () => {
    for (const argv of [
      ['solve', 't.sok'],
      ['verify', 't.sok', '--level', '1', '--moves', 'rRR'],
      ['show', 't.sok'],
    ]) {
      const { stdout, stderr } = await cli(...argv, { files: { 't.sok': TWO_LEVELS } });
      expect(stdout + stderr, argv.join(' ')).not.toContain(ESC);
      expect(stdout + stderr, argv.join(' ')).not.toContain('\x07');
      expect(stdout, argv.join(' ')).toContain('\\x1b]0;pwned\\x07\\x1b[31mred');
    }
  });

  it('escapes control characters of a file name in results, errors and warnings', async () => {
    const files = { [INJECTING_NAME]: CORRIDOR, [`bad${ESC}[2J.xsb`]: MALFORMED };
    const { stdout, stderr } = await cli('solve', INJECTING_NAME, `bad${ESC}[2J.xsb`, { files });
    expect(stdout).toContain('a\\n::error file=x::INJECTED.xsb#1: solved');
    expect(stderr).toContain('bad\\x1b[2J.xsb');
    expect(stdout + stderr).not.toContain(ESC);
  });

  it('prints no line beginning with :: but its own annotations, even for such names', async () => {
    const files = { [INJECTING_NAME]: MALFORMED, '::error::named.xsb': MALFORMED, 'ok.xsb': CORRIDOR };
    const names = [INJECTING_NAME, '::error::named.xsb', 'ok.xsb'];
    const plain = await cli('solve', ...names, { files });
    expect(commandLines(plain.stdout + plain.stderr)).toEqual([]);
    const verified = await cli('verify', '::error::named.xsb', '--moves', 'r', { files });
    expect(commandLines(verified.stdout + verified.stderr)).toEqual([]);
    const shown = await cli('show', '::error::named.xsb', { files: { '::error::named.xsb': CORRIDOR } });
    expect(commandLines(shown.stdout + shown.stderr)).toEqual([]);
    const annotated = await cli('solve', ...names, { files, env: { GITHUB_ACTIONS: 'true' } });
    const commands = commandLines(annotated.stdout + annotated.stderr);
    expect(commands).toHaveLength(2);
    for (const line of commands) expect(line).toMatch(/^::error file=[^\n]*,title=sokoban solve%3A [^\n]*::/);
  });
});

describe('command-line mistakes quoted back', () => {
  it('escape control characters of the unknown option or command', async () => {
    const option = await cli('solve', `--${ESC}[31mx`);
    expect(option.stderr).toBe("sokoban: unknown option '--\\x1b[31mx' (see sokoban --help)\n");
    const command = await cli('bad\n::error::cmd');
    expect(command.stderr).toBe("sokoban: unknown command 'bad ::error::cmd' (see sokoban --help)\n");
  });
});
