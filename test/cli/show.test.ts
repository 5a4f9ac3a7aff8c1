import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';
const ESCAPE = '\x1b[';

describe('sokoban show', () => {
  it('draws the board as plain XSB when stdout is not a terminal', async () => {
    const { code, stdout } = await cli('show', 'c.xsb', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(0);
    expect(stdout).toBe(CORRIDOR);
  });

  it('draws in colour on a terminal', async () => {
    const { stdout } = await cli('show', 'c.xsb', { files: { 'c.xsb': CORRIDOR }, stdoutIsTTY: true });
    expect(stdout).toContain(ESCAPE);
    expect(stdout.replace(/\x1b\[[0-9;]*m/g, '')).toBe(CORRIDOR);
  });

  it('does not colour a terminal when NO_COLOR is set', async () => {
    const { stdout } = await cli('show', 'c.xsb', { files: { 'c.xsb': CORRIDOR }, stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(stdout).toBe(CORRIDOR);
  });

  it('does not colour a terminal with --no-color, before or after the command name', async () => {
    for (const args of [
      ['--no-color', 'show', 'c.xsb'],
      ['show', 'c.xsb', '--no-color'],
    ]) {
      const { stdout } = await cli(...args, { files: { 'c.xsb': CORRIDOR }, stdoutIsTTY: true });
      expect(stdout).toBe(CORRIDOR);
    }
  });

  it('colours a pipe when FORCE_COLOR is set', async () => {
    const { stdout } = await cli('show', 'c.xsb', { files: { 'c.xsb': CORRIDOR }, env: { FORCE_COLOR: '1' } });
    expect(stdout).toContain(ESCAPE);
  });

  it('draws every level of a collection under its name', async () => {
    const { stdout } = await cli('show', 'levels/examples/three.sok');
    expect(stdout).toContain('levels/examples/three.sok#1 (Corridor)\n#######\n#@ $ .#\n#######\n');
    expect(stdout).toContain('levels/examples/three.sok#3 (First steps)\n');
  });

  it('prints each position once, without pausing, when playing moves into a pipe', async () => {
    const { code, stdout, io } = await cli('show', 'c.xsb', '--moves', 'rRR', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(0);
    expect(io.sleeps).toEqual([]);
    expect(stdout).not.toContain(ESCAPE);
    expect(stdout).toBe(
      '#######\n#@ $ .#\n#######\nstart (3 moves to play)\n\n' +
        "#######\n# @$ .#\n#######\nmove 1/3 'r': 1 move, 0 pushes\n\n" +
        "#######\n#  @$.#\n#######\nmove 2/3 'R': 2 moves, 1 push\n\n" +
        "#######\n#   @*#\n#######\nmove 3/3 'R': 3 moves, 2 pushes\n" +
        'solved in 3 moves, 2 pushes\n',
    );
  });

  it('redraws in place on a terminal, pausing --delay ms between moves', async () => {
    const { code, stdout, io } = await cli('show', 'c.xsb', '--moves', 'rRR', '--delay', '40', {
      files: { 'c.xsb': CORRIDOR },
      stdoutIsTTY: true,
    });
    expect(code).toBe(0);
    expect(io.sleeps).toEqual([40, 40, 40]);
    // Each frame is 3 board rows and a status line; the cursor goes back up over them.
    expect(stdout.split(`${ESCAPE}4A${ESCAPE}0J`)).toHaveLength(4);
  });

  it('does not pause with --delay 0', async () => {
    const { io } = await cli('show', 'c.xsb', '--moves', 'rRR', '--delay', '0', { files: { 'c.xsb': CORRIDOR }, stdoutIsTTY: true });
    expect(io.sleeps).toEqual([]);
  });

  it('rejects a --delay that is not a whole number', async () => {
    const { code, stderr } = await cli('show', 'c.xsb', '--delay', 'fast', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: option '--delay <ms>' argument 'fast' is invalid/);
  });

  it('stops at an illegal move, shows the board there and exits 1', async () => {
    const { code, stdout } = await cli('show', 'c.xsb', '--moves', 'rRRR', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    expect(stdout).toContain("illegal move: move 4 'R' from Eb (row 2, column 5) fails");
    expect(stdout).toMatch(/board before move 4:\n#######\n# {3}@\*#\n#######\n$/);
  });

  it('exits 1 when the moves end before the level is solved', async () => {
    const { code, stdout } = await cli('show', 'c.xsb', '--moves', 'rR', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    expect(stdout).toMatch(/not solved after 2 moves, 1 push\n$/);
  });

  it('reads the moves from a file argument', async () => {
    const { code } = await cli('show', 'levels/examples/first.xsb', 'levels/examples/first.lurd');
    expect(code).toBe(0);
  });

  it('asks for --level when playing moves on a collection', async () => {
    const { code, stderr } = await cli('show', 'levels/examples/three.sok', '--moves', 'rRR');
    expect(code).toBe(2);
    expect(stderr).toContain('choose the one these moves are for with --level');
  });
});

describe('sokoban show: where the moves come from', () => {
  it('plays the moves in the file --moves names', async () => {
    const { code, stdout } = await cli('show', 'c.xsb', '--moves', 'solution.lurd', {
      files: { 'c.xsb': CORRIDOR, 'solution.lurd': 'rRR\n' },
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/move 3\/3 'R': 3 moves, 2 pushes\nsolved in 3 moves, 2 pushes\n$/);
  });

  it('plays the same frames from --moves <file> as from the file argument', async () => {
    const files = { 'c.xsb': CORRIDOR, 'solution.lurd': 'rRR\n' };
    const byOption = await cli('show', 'c.xsb', '--moves', 'solution.lurd', { files });
    const byArgument = await cli('show', 'c.xsb', 'solution.lurd', { files });
    expect(byOption.stdout).toBe(byArgument.stdout);
  });

  it('reads the moves from stdin with --moves -', async () => {
    const { code, stdout } = await cli('show', 'c.xsb', '--moves', '-', { files: { 'c.xsb': CORRIDOR }, stdin: 'rRR\n' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/solved in 3 moves, 2 pushes\n$/);
  });

  it('takes a --moves value made only of move characters as the moves themselves', async () => {
    const { code, stdout } = await cli('show', 'c.xsb', '--moves', 'r2R', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(0);
    expect(stdout).toMatch(/solved in 3 moves, 2 pushes\n$/);
  });

  it('reads a moves file whose name is only move characters when it is written as a path', async () => {
    const { code } = await cli('show', 'c.xsb', '--moves', './rr', { files: { 'c.xsb': CORRIDOR, './rr': 'rRR' } });
    expect(code).toBe(0);
  });

  it('points a syntax error in a --moves file at its line and column', async () => {
    const { code, stderr } = await cli('show', 'c.xsb', '--moves', 'm.lurd', { files: { 'c.xsb': CORRIDOR, 'm.lurd': 'rR\nxR\n' } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: m\.lurd:2:1: 'x' is not a move/);
  });

  it('names a --moves file that cannot be read, and says what --moves takes', async () => {
    const { code, stderr } = await cli('show', 'c.xsb', '--moves', 'missing.lurd', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: missing.lurd: no such file; --moves takes a moves file, or the moves themselves (only l u r d L U R D, digits and parentheses)\n');
  });

  it('refuses --moves together with a moves file argument', async () => {
    const files = { 'c.xsb': CORRIDOR, 'solution.lurd': 'rRR' };
    const { code, stderr } = await cli('show', 'c.xsb', 'solution.lurd', '--moves', 'solution.lurd', { files });
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: give the moves either as a file argument or with --moves, not both\n');
  });

  it('refuses stdin for both the level and --moves', async () => {
    const { code, stderr } = await cli('show', '-', '--moves', '-', { stdin: CORRIDOR });
    expect(code).toBe(2);
    expect(stderr).toMatch(/stdin \('-'\) is already the level file/);
  });

  it('documents --moves <file|lurd> in its help', async () => {
    const { stdout } = await cli('help', 'show');
    expect(stdout).toMatch(/--moves <file\|lurd> +file of LURD moves to play, or '-' for stdin/);
  });
});
