import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { OPEN_ROOM } from './open-room.js';
import { tempFolder } from './temp-folder.js';
import { CORRIDOR, STUCK, TINY_COLLECTION, TINY_COUNT } from './tiny-levels.js';

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('sokoban solve on many levels', () => {
  it('gives one JSON line per level of a collection, in file order, with --jobs 2', async () => {
    const { code, stdout } = await cli('solve', 'tiny.xsb', '--jobs', '2', '--json', { files: { 'tiny.xsb': TINY_COLLECTION } });
    const lines = jsonLines(stdout);
    expect(lines.map((line) => line.index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lines.map((line) => line.title)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(lines.every((line) => line.status === 'solved' && line.file === 'tiny.xsb')).toBe(true);
    expect(code).toBe(0);
  });

  it('keeps stdout pure JSON Lines and puts the summary table on stderr with --json', async () => {
    const { stdout, stderr } = await cli('solve', 'tiny.xsb', '--jobs', '2', '--json', { files: { 'tiny.xsb': TINY_COLLECTION } });
    expect(jsonLines(stdout)).toHaveLength(TINY_COUNT);
    expect(stderr).toMatch(/levels +solved +unsolvable +timeout +memory +error +total time +median time/);
    expect(stderr).toMatch(/\n +6 +6 +0 +0 +0 +0 /);
  });

  it('ends human output with the summary table on stdout', async () => {
    const { stdout, stderr } = await cli('solve', 'tiny.xsb', 'stuck.xsb', '--jobs', '2', {
      files: { 'tiny.xsb': TINY_COLLECTION, 'stuck.xsb': STUCK },
    });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/tiny\.xsb#6: solved in 2 moves, 1 push\n[\s\S]*stuck\.xsb#1: unsolvable: proven/);
    expect(stdout).toMatch(/levels +solved +unsolvable .*\n +7 +6 +1 +0 +0 +0 /);
  });

  it('prints no progress line when stderr is not a terminal', async () => {
    const { stderr } = await cli('solve', 'tiny.xsb', '--jobs', '2', { files: { 'tiny.xsb': TINY_COLLECTION } });
    expect(stderr).toBe('');
  });

  it('shows done/total, solved, failing, elapsed and ETA on a terminal stderr', async () => {
    const { stderr, stdout } = await cli('solve', 'tiny.xsb', 'stuck.xsb', '--jobs', '2', {
      files: { 'tiny.xsb': TINY_COLLECTION, 'stuck.xsb': STUCK },
      stderrIsTTY: true,
    });
    expect(stderr).toMatch(/\[7\/7\] 6 solved, 1 failing, \d+ ms elapsed, ETA 0 ms/);
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
    expect(stdout).not.toContain('\r');
  });

  it('solves every level file in a folder, recursively, in name order', async () => {
    const folder = tempFolder({
      'b.xsb': CORRIDOR,
      'a/level10.sok': CORRIDOR,
      'a/level9.txt': '1 1 1 1 1\n1 3 2 4 1\n1 1 1 1 1\n',
      'notes.md': 'not a level',
    });
    const { code, stdout } = await cli('solve', folder, '--jobs', '2', '--json');
    const files = jsonLines(stdout).map((line) => String(line.file).slice(folder.length + 1));
    expect(files).toEqual(['a/level9.txt', 'a/level10.sok', 'b.xsb']);
    expect(code).toBe(0);
  });

  it('turns a planted malformed file in a folder into one error row, solves the rest, and exits 2', async () => {
    const folder = tempFolder({ '1.xsb': CORRIDOR, '2.xsb': '#####\n#@$x.#\n#####\n', '3.xsb': TINY_COLLECTION });
    const { code, stdout, stderr } = await cli('solve', folder, '--jobs', '2', '--json');
    const lines = jsonLines(stdout);
    expect(lines).toHaveLength(1 + 1 + TINY_COUNT);
    const errors = lines.filter((line) => line.status === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: `${folder}/2.xsb`, index: null, solution: null });
    expect(errors[0].error).toBe(`${folder}/2.xsb:2:4: unknown character "x" in a board row`);
    expect(lines.filter((line) => line.status === 'solved')).toHaveLength(1 + TINY_COUNT);
    expect(lines[1]).toBe(errors[0]);
    expect(stderr.split('\n').filter((line) => line.startsWith('sokoban: '))).toHaveLength(1);
    expect(code).toBe(2);
  });

  it('gives an unreadable input one error row and keeps the others', async () => {
    const { code, stdout } = await cli('solve', 'one.xsb', 'missing.xsb', 'two.xsb', '--json', {
      files: { 'one.xsb': CORRIDOR, 'two.xsb': CORRIDOR },
    });
    expect(jsonLines(stdout).map((line) => [line.file, line.status])).toEqual([
      ['one.xsb', 'solved'],
      ['missing.xsb', 'error'],
      ['two.xsb', 'solved'],
    ]);
    expect(code).toBe(2);
  });

  it('expands a glob once, in name order, and names a pattern that matches nothing', async () => {
    const folder = tempFolder({ 'x2.xsb': CORRIDOR, 'x10.xsb': CORRIDOR, 'y.txt': CORRIDOR });
    const { code, stdout, stderr } = await cli('solve', `${folder}/x*.xsb`, `${folder}/*.sok`, '--json');
    const lines = jsonLines(stdout);
    expect(lines.map((line) => String(line.file).slice(folder.length + 1))).toEqual(['x2.xsb', 'x10.xsb', '*.sok']);
    expect(lines[2]).toMatchObject({ status: 'error', error: `${folder}/*.sok: the pattern matches no files` });
    expect(stderr).toContain(`sokoban: ${folder}/*.sok: the pattern matches no files\n`);
    expect(code).toBe(2);
  });

  it('solves a file named twice (directly and through a glob) once', async () => {
    const folder = tempFolder({ 'a.xsb': CORRIDOR });
    const { stdout } = await cli('solve', `${folder}/a.xsb`, `${folder}/*.xsb`, folder, '--json');
    expect(jsonLines(stdout)).toHaveLength(1);
  });

  it('takes a mix of stdin and files', async () => {
    const { stdout } = await cli('solve', 'one.xsb', '-', '--json', { files: { 'one.xsb': CORRIDOR }, stdin: STUCK });
    expect(jsonLines(stdout).map((line) => [line.file, line.status])).toEqual([
      ['one.xsb', 'solved'],
      ['<stdin>', 'unsolvable'],
    ]);
  });

  it('stops a level that would run for ever at its time limit in a worker, and the rest still finish', async () => {
    const { code, stdout } = await cli('solve', 'room.xsb', 'tiny.xsb', '--optimal', 'moves', '--time-limit', '1', '--jobs', '2', '--json', {
      files: { 'room.xsb': OPEN_ROOM, 'tiny.xsb': TINY_COLLECTION },
    });
    const lines = jsonLines(stdout);
    expect(lines[0]).toMatchObject({ file: 'room.xsb', status: 'timeout', solution: null });
    expect(lines[0].nodes).toBeGreaterThan(0);
    expect(lines.slice(1).map((line) => [line.index, line.status, line.optimal])).toEqual([1, 2, 3, 4, 5, 6].map((index) => [index, 'solved', 'moves']));
    expect(code).toBe(3);
  });

  it('ranks exit codes across levels: bad input before unsolvable before a limit', async () => {
    const files = { 'room.xsb': OPEN_ROOM, 'stuck.xsb': STUCK, 'ok.xsb': CORRIDOR };
    const limit = ['--optimal', 'moves', '--max-nodes', '100', '--jobs', '2'];
    expect((await cli('solve', 'ok.xsb', 'room.xsb', ...limit, { files })).code).toBe(3);
    expect((await cli('solve', 'room.xsb', 'stuck.xsb', ...limit, { files })).code).toBe(1);
    expect((await cli('solve', 'room.xsb', 'stuck.xsb', 'missing.xsb', ...limit, { files })).code).toBe(2);
  });
});

describe('sokoban solve beside its own reports', () => {
  it('passes over a --report summary left in the level folder, on the next run and in a glob', async () => {
    const folder = tempFolder({ 'c.xsb': CORRIDOR });
    const first = await cli('solve', folder, '--report', `${folder}/summary.json`);
    expect(first.code).toBe(0);
    // The summary was written through the fake io; put it on disk where the next run finds it.
    writeFileSync(`${folder}/summary.json`, first.io.written.get(`${folder}/summary.json`) ?? '');
    for (const input of [folder, `${folder}/*`]) {
      const again = await cli('solve', input, '--report', `${folder}/summary.json`, '--json');
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
      expect(jsonLines(again.stdout).map((line) => line.file)).toEqual([`${folder}/c.xsb`]);
    }
  });

  it('says what a summary named as an input is, instead of reading it as a 6.101 level', async () => {
    const folder = tempFolder({ 'c.xsb': CORRIDOR });
    const first = await cli('solve', folder, '--report', `${folder}/summary.json`);
    writeFileSync(`${folder}/summary.json`, first.io.written.get(`${folder}/summary.json`) ?? '');
    const named = await cli('solve', `${folder}/summary.json`);
    expect(named.stderr).toBe(`sokoban: ${folder}/summary.json: a summary written by sokoban solve --report, not a level file\n`);
    expect(named.code).toBe(2);
  });
});

describe('sokoban solve on a collection with one malformed level', () => {
  // Level 2 has an unknown character on line 9; levels 1 and 3 are fine.
  const SET = ['; One', '#######', '#@ $ .#', '#######', '', '; Two', '#######', '#@ $ .#', '#  x  #', '#######', '', '; Three', '#####', '#@$.#', '#####', ''].join('\n');

  it('solves the good levels and gives the malformed one an error row in its place', async () => {
    const { stdout } = await cli('solve', 'set.xsb', '--jobs', '2', '--json', { files: { 'set.xsb': SET } });
    expect(jsonLines(stdout).map((line) => [line.index, line.title, line.status])).toEqual([
      [1, 'One', 'solved'],
      [2, 'Two', 'error'],
      [3, 'Three', 'solved'],
    ]);
  });

  it('names the file, level, line, column and reason in the error row and on stderr', async () => {
    const { stdout, stderr } = await cli('solve', 'set.xsb', '--jobs', '2', '--json', { files: { 'set.xsb': SET } });
    const message = 'set.xsb:9:4: unknown character "x" in a board row';
    expect(jsonLines(stdout)[1]).toMatchObject({ file: 'set.xsb', index: 2, status: 'error', solution: null, error: message });
    expect(stderr).toContain(`sokoban: ${message}\n`);
  });

  it('exits 2, as for any input error', async () => {
    const { code } = await cli('solve', 'set.xsb', '--jobs', '2', { files: { 'set.xsb': SET } });
    expect(code).toBe(2);
  });

  it('shows the malformed level as its own row in human output', async () => {
    const { stdout } = await cli('solve', 'set.xsb', '--jobs', '2', { files: { 'set.xsb': SET } });
    expect(stdout).toContain('set.xsb#2 (Two): error (see stderr)\n');
    expect(stdout).toMatch(/\n +3 +2 +0 +0 +0 +1 /);
  });

  it('puts the malformed level in the summary report under its own name and line', async () => {
    const { io } = await cli('solve', 'set.xsb', '--jobs', '2', '--report', 'summary.json', { files: { 'set.xsb': SET } });
    const summary = JSON.parse(io.written.get('summary.json') ?? '{}');
    expect(summary.levels[1]).toMatchObject({ name: 'set.xsb#2', index: 2, line: 9, status: 'error', errorKind: 'input' });
  });

  it('solves a good level that --level picks, and exits 0', async () => {
    const { code, stdout, stderr } = await cli('solve', 'set.xsb', '--level', '3', '--json', { files: { 'set.xsb': SET } });
    expect(jsonLines(stdout).map((line) => [line.index, line.status])).toEqual([[3, 'solved']]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('does not write the collection back with --out, since leaving the level out would renumber the rest', async () => {
    const { io, stderr } = await cli('solve', 'set.xsb', '--jobs', '2', '--out', 'solved', { files: { 'set.xsb': SET } });
    expect(io.written.has('solved/set.sok')).toBe(false);
    expect(stderr).toContain('sokoban: warning: --out: set.xsb not written: its level 2 could not be read');
  });

  it('still makes a file whose only level is malformed one error row for the file', async () => {
    const { stdout } = await cli('solve', 'one.xsb', '--json', { files: { 'one.xsb': '#####\n#$ .#\n#####\n' } });
    expect(jsonLines(stdout)).toMatchObject([{ file: 'one.xsb', index: null, status: 'error' }]);
  });
});
