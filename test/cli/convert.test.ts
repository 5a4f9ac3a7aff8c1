import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boardsEqual } from '../../src/level/board.js';
import type { LevelFormat } from '../../src/level/level.js';
import { parseCollection } from '../../src/level/parse.js';
import { cli } from '../helpers/fake-io.js';

const LEVEL = '; Tiny\n #####\n##  .#\n#@$  #\n#  *.#\n######\n';
const FORMATS: readonly LevelFormat[] = ['xsb', 'json', 'grid'];

async function convertText(text: string, to: LevelFormat): Promise<string> {
  const { code, stdout, stderr } = await cli('convert', '-', '--to', to, { stdin: text });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout;
}

function boardsOf(text: string) {
  return parseCollection(text).levels.map((level) => level.board);
}

function expectSameBoards(actual: string, expected: string): void {
  const a = boardsOf(actual);
  const b = boardsOf(expected);
  expect(a).toHaveLength(b.length);
  a.forEach((board, i) => {
    expect(boardsEqual(board, b[i]), `level ${i + 1}`).toBe(true);
  });
}

describe('sokoban convert', () => {
  for (const from of FORMATS) {
    for (const to of FORMATS) {
      it(`round-trips a board ${from} -> ${to} -> ${from} without loss`, async () => {
        const start = from === 'xsb' ? LEVEL : await convertText(LEVEL, from);
        const there = await convertText(start, to);
        const back = await convertText(there, from);
        expectSameBoards(back, start);
      });
    }
  }

  it('writes 6.101 JSON that the lab would read: rows of cells of words', async () => {
    const json = JSON.parse(await convertText('####\n#@$.#\n#####\n', 'json')) as unknown;
    expect(json).toEqual([
      [['wall'], ['wall'], ['wall'], ['wall'], []],
      [['wall'], ['player'], ['computer'], ['target'], ['wall']],
      [['wall'], ['wall'], ['wall'], ['wall'], ['wall']],
    ]);
  });

  it('writes a CS161 grid with its digits', async () => {
    expect(await convertText('#####\n#@$.#\n#####\n', 'grid')).toBe('1 1 1 1 1\n1 3 2 4 1\n1 1 1 1 1\n');
  });

  it('keeps titles and Solution lines when writing XSB', async () => {
    const sok = '; Corridor\n#######\n#@ $ .#\n#######\nSolution: rRR\n';
    const xsb = await convertText(sok, 'xsb');
    const level = parseCollection(xsb).levels[0];
    expect(level.title).toBe('Corridor');
    expect(level.solutions).toEqual(['rRR']);
  });

  it('round-trips all 155 Microban boards through JSON and the grid', async () => {
    const microban = readFileSync('levels/microban.xsb', 'utf8');
    for (const via of ['json', 'grid'] as const) {
      const back = await convertText(await convertText(microban, via), 'xsb');
      expectSameBoards(back, microban);
    }
  });

  it('converts only the level --level picks', async () => {
    const { stdout } = await cli('convert', 'levels/examples/three.sok', '--to', 'grid', '--level', '1');
    expect(stdout).toBe('; Corridor\n1 1 1 1 1 1 1\n1 3 0 2 0 4 1\n1 1 1 1 1 1 1\n');
  });

  it('writes to --out, leaving stdout empty and saying so on stderr', async () => {
    const { code, stdout, stderr, io } = await cli('convert', 'levels/examples/first.xsb', '--to', 'json', '--out', 'first.json');
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: wrote 1 level (xsb -> json) to first.json\n');
    expectSameBoards(io.written.get('first.json') ?? '', readFileSync('levels/examples/first.xsb', 'utf8'));
  });

  it('requires --to', async () => {
    const { code, stderr } = await cli('convert', 'levels/examples/first.xsb');
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: required option '--to <format>' not specified (see sokoban --help)\n");
  });

  it('agrees with the bundled examples: the same board in three formats', async () => {
    const xsb = readFileSync('levels/examples/first.xsb', 'utf8');
    expectSameBoards(readFileSync('levels/examples/first.json', 'utf8'), xsb);
    expectSameBoards(readFileSync('levels/examples/first.txt', 'utf8'), xsb);
  });

  it('keeps a `; T1` title that a `Title: T2` line replaces, as a comment of the level (issue 46)', async () => {
    const text = '; T1\n#####\n#@$.#\n#####\nTitle: T2\n';
    const { code, stdout } = await cli('convert', 'titled.xsb', '--to', 'xsb', { files: { 'titled.xsb': text } });
    expect(code).toBe(0);
    expect(stdout).toBe('; T2\n#####\n#@$.#\n#####\nComment:\nT1\nComment-End:\n');
    const [level] = parseCollection(stdout).levels;
    expect([level.title, level.comments]).toEqual(['T2', ['T1']]);
  });
});
