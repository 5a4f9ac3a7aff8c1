import { describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { canonicalBoard } from '../../src/level/canonical.js';
import { parseCollection } from '../../src/level/parse.js';
import { cli } from '../helpers/fake-io.js';

const DECORATED = '; Decorated\n#########\n#   ###*#\n# @$. ###\n#########\nAuthor: Someone\nSolution: R\n';

describe('sokoban convert --trim and --canonical', () => {
  it('--trim drops the unreachable decoration and keeps title, author and solution', async () => {
    const { code, stdout, stderr } = await cli('convert', '-', '--to', 'xsb', '--trim', { stdin: DECORATED });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const level = parseCollection(stdout).levels[0];
    expect(stdout).toContain('#####\n#   ###\n# @$. #\n#######');
    expect([level.title, level.author, level.solutions]).toEqual(['Decorated', 'Someone', ['R']]);
    expect(replay(level.board, level.solutions[0], { rule: 'all-goals', strictCase: true }).solved).toBe(true);
  });

  it('--canonical writes the same board for a level and its mirror image, and its solution still solves it', async () => {
    const mirrored = DECORATED.split('\n')
      .map((line) => (line.startsWith('#') ? [...line].reverse().join('') : line.replace('Solution: R', 'Solution: L')))
      .join('\n');
    const one = await cli('convert', '-', '--to', 'xsb', '--canonical', { stdin: DECORATED });
    const other = await cli('convert', '-', '--to', 'xsb', '--canonical', { stdin: mirrored });
    expect([one.code, other.code]).toEqual([0, 0]);
    const a = parseCollection(one.stdout).levels[0];
    const b = parseCollection(other.stdout).levels[0];
    expect(canonicalBoard(b.board).key).toBe(canonicalBoard(a.board).key);
    expect(b.board.squares).toEqual(a.board.squares);
    for (const level of [a, b]) expect(replay(level.board, level.solutions[0], { rule: 'all-goals', strictCase: true }).solved).toBe(true);
  });
});
