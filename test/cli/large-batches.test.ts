import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';

/*
 * A batch reads each level when its search starts, a few levels per worker at a time, so a file
 * of a hundred thousand levels starts at once and stops at once (issue 45); and a command given
 * --level reads, and warns about, that level only.
 */

/** Open on the right: the player can walk off it, so reading it prints a warning (which shows the level was read). */
const OPEN = '@$.';
const CLOSED = '#####\n#@$.#\n#####';
const WALK_OFF = /walk off the drawn board/g;

function collection(...levels: string[]): string {
  return `${levels.join('\n\n')}\n`;
}

async function printed(read: () => string, pattern: RegExp): Promise<void> {
  while (!pattern.test(read())) await new Promise((done) => setTimeout(done, 10));
}

describe('--level reads the level it names, and only that one', () => {
  it('verify warns about the chosen level alone', async () => {
    const files = { 'set.xsb': collection(OPEN, CLOSED, OPEN) };
    const second = await cli('verify', 'set.xsb', '--level', '2', '--moves', 'R', { files });
    expect([second.code, second.stderr]).toEqual([0, '']);
    const third = await cli('verify', 'set.xsb', '--level', '3', '--moves', 'R', { files });
    expect(third.code).toBe(0);
    expect(third.stderr.match(WALK_OFF)).toHaveLength(1);
    expect(third.stderr).toContain('set.xsb:7:');
  });

  it('finds a level by title without reading the boards of the others', async () => {
    const files = { 'set.xsb': collection(`; First\n${OPEN}`, `; Second\n${CLOSED}`) };
    const { code, stdout, stderr } = await cli('verify', 'set.xsb', '--level', 'second', '--moves', 'R', { files });
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toContain('solved');
  });

  it('show and convert use the level chosen, though another level of the file is malformed or open', async () => {
    const files = { 'set.xsb': collection(OPEN, '#####\n#@$x#\n#####', CLOSED) };
    const shown = await cli('show', 'set.xsb', '--level', '3', { files });
    expect([shown.code, shown.stderr]).toEqual([0, '']);
    expect(shown.stdout).toContain('#@$.#');
    const converted = await cli('convert', 'set.xsb', '--level', '3', '--to', 'xsb', { files });
    expect([converted.code, converted.stdout, converted.stderr]).toEqual([0, `${CLOSED}\n`, '']);
    const whole = await cli('convert', 'set.xsb', '--to', 'xsb', { files });
    expect(whole.code).toBe(2);
    expect(whole.stderr).toBe('sokoban: set.xsb:4:4: unknown character "x" in a board row\n');
  });

  it('still reports a malformed level of a batch in its place, and every other level', async () => {
    const files = { 'set.xsb': collection(CLOSED, '#####\n#@$x#\n#####', CLOSED) };
    const { code, stdout } = await cli('solve', 'set.xsb', '--jobs', '1', '--json', { files });
    expect(code).toBe(2);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; status: string });
    expect(rows.map((row) => [row.index, row.status])).toEqual([
      [1, 'solved'],
      [2, 'error'],
      [3, 'solved'],
    ]);
  });
});

describe('a large batch', () => {
  it('reads its levels as their searches start: stopped at its first result, it has read a few of 2,000', async () => {
    const io = fakeIo({ files: { 'many.xsb': collection(...Array.from({ length: 2000 }, () => OPEN)) } });
    const exit = run(['solve', 'many.xsb', '--jobs', '1'], io);
    await printed(io.out, /many\.xsb#1: solved/);
    io.interrupt();
    expect(await exit).toBe(130);
    const read = io.err().match(WALK_OFF)?.length ?? 0;
    expect(read).toBeGreaterThanOrEqual(1);
    expect(read).toBeLessThan(100);
    expect(io.err()).toMatch(/interrupted: \d+ of 2000 levels finished/);
  });
});
