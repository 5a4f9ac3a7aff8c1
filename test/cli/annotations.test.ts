import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { STUCK } from './tiny-levels.js';

const GITHUB = { GITHUB_ACTIONS: 'true' };
const annotationsIn = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('::'));

/** Three levels on lines 2, 7 and 12: one solved by its moves, one not solved, one with an illegal move. */
const SET = [
  '; a',
  '#######',
  '#@ $ .#',
  '#######',
  'Solution: rRR',
  '; b',
  '#######',
  '#@ $ .#',
  '#######',
  'Solution: rR',
  '; c',
  '#######',
  '#@ $ .#',
  '#######',
  'Solution: rRRR',
  '',
].join('\n');

describe('annotations under GitHub Actions from verify and check', () => {
  it('verify annotates each level its moves do not solve, on the level, and none it solves', async () => {
    const { stdout, code } = await cli('verify', 'set.sok', { files: { 'set.sok': SET }, env: GITHUB });
    expect(annotationsIn(stdout)).toEqual([
      '::error file=set.sok,line=7,title=sokoban verify%3A set.sok#2 (b)::not solved after 2 moves, all legal (rule: all-boxes)',
      "::error file=set.sok,line=12,title=sokoban verify%3A set.sok#3 (c)::illegal move 4 'R' from Eb (row 2, column 5) fails: the box at Fb cannot be pushed right: Gb is a wall",
    ]);
    expect(code).toBe(1);
  });

  it('verify annotates a move string it cannot read at its line and column, on stderr with --json', async () => {
    const { stdout, stderr } = await cli('verify', 'one.xsb', '--moves', 'rRx', '--json', { files: { 'one.xsb': '#######\n#@ $ .#\n#######\n' }, env: GITHUB });
    expect(annotationsIn(stdout)).toEqual([]);
    expect(annotationsIn(stderr)).toHaveLength(1);
    expect(annotationsIn(stderr)[0]).toMatch(/^::error file=--moves,line=1,col=3,title=sokoban verify%3A one\.xsb::/);
  });

  it('check annotates an unsolvable level and a duplicate, and not a level that passes', async () => {
    const files = { 'a.xsb': '#######\n#@ $ .#\n#######\n', 'b.xsb': '#######\n#. $ @#\n#######\n', 'stuck.xsb': STUCK };
    const { stdout, code } = await cli('check', 'a.xsb', 'b.xsb', 'stuck.xsb', '--jobs', '1', { files, env: GITHUB });
    expect(annotationsIn(stdout)).toEqual([
      '::error file=b.xsb,line=1,title=sokoban check%3A b.xsb#1::duplicate of a.xsb#1',
      '::error file=stuck.xsb,line=1,title=sokoban check%3A stuck.xsb#1::proven unsolvable: the whole reachable space was searched',
    ]);
    expect(code).toBe(1);
  });

  it('escapes control bytes in the file part as the title part does: no raw ESC in a CI log (issue 46)', async () => {
    const name = 'x\x1b[31m.xsb';
    const { stdout, code } = await cli('solve', name, '--jobs', '1', { files: { [name]: STUCK }, env: GITHUB });
    const [annotation] = annotationsIn(stdout);
    expect(annotation).toMatch(/^::error file=x\\x1b\[31m\.xsb,line=1,title=sokoban solve%3A x\\x1b\[31m\.xsb#1::proven unsolvable/);
    expect(stdout).not.toContain('\x1b');
    expect(code).toBe(1);
  });

  it('escapes control bytes in the message too, where an error quotes the file name (issue 46)', async () => {
    const name = 'a\x1bb.xsb';
    const { stdout, code } = await cli('solve', name, '--jobs', '1', { files: { [name]: '#####\n#@$ #\n#####\n' }, env: GITHUB });
    const [annotation] = annotationsIn(stdout);
    expect(annotation).toMatch(/^::error file=a\\x1bb\.xsb,line=1,title=sokoban solve%3A a\\x1bb\.xsb#1::a\\x1bb\.xsb:1: 1 box but 0 goals/);
    expect(stdout).not.toContain('\x1b');
    expect(code).toBe(2);
  });

  it('prints no annotations outside GitHub Actions', async () => {
    expect((await cli('verify', 'set.sok', { files: { 'set.sok': SET } })).stdout).not.toContain('::');
    expect((await cli('check', 'stuck.xsb', { files: { 'stuck.xsb': STUCK } })).stdout).not.toContain('::');
  });
});
