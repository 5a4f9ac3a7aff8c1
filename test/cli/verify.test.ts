import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

// rRR solves it: walk right, then push the box twice onto the goal.
const CORRIDOR = '#######\n#@ $ .#\n#######\n';
// Two boxes in a row: pushing right moves into a box that has another box behind it.
const TWO_BOXES = '########\n#@$$ ..#\n########\n';
const SET = `; Corridor
#######
#@ $ .#
#######
Solution: rRR

; Corner
#####
#.  #
# $ #
#  @#
#####
Solution: uLdlU
`;

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('sokoban verify: answers', () => {
  it('exits 0 and reports moves, pushes and the LURD when the moves solve the level', async () => {
    const { code, stdout, stderr } = await cli('verify', 'c.xsb', 'm.lurd', { files: { 'c.xsb': CORRIDOR, 'm.lurd': 'rRR\n' } });
    expect(code).toBe(0);
    expect(stdout).toBe('c.xsb: solved in 3 moves, 2 pushes\n  solution: rRR\n');
    expect(stderr).toBe('');
  });

  it('works out the pushes of a solution written all in lower case', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'rrr', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(0);
    expect(stdout).toContain('solution: rRR');
  });

  it('accepts run-length moves with line breaks and spaces', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', 'm.lurd', { files: { 'c.xsb': CORRIDOR, 'm.lurd': 'r\n 2R\n' } });
    expect(code).toBe(0);
    expect(stdout).toContain('solved in 3 moves, 2 pushes');
  });

  it('exits 1 when every move is legal but the level is not solved, and shows the final board', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'rR', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    expect(stdout).toContain('c.xsb: not solved after 2 moves, 1 push, all legal');
    expect(stdout).toContain('    #  @$.#');
  });

  it('exits 1 on an illegal move and names its index, letter, square, row and column, reason and board', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'rRRR', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe("c.xsb: illegal move 4 'R' (box blocked by wall)");
    expect(lines[1]).toBe("  move 4 'R' from Eb (row 2, column 5) fails: the box at Fb cannot be pushed right: Gb is a wall");
    expect(lines).toContain('  legal moves before it: 3 moves, 2 pushes');
    expect(lines).toContain('  played: rRR');
    expect(lines).toContain('  board before move 4, player at Eb (row 2, column 5):');
    expect(lines).toContain('    #   @*#');
  });

  it('reports a box pushed into another box', async () => {
    const { code, stdout } = await cli('verify', 't.xsb', '--moves', 'R', { files: { 't.xsb': TWO_BOXES } });
    expect(code).toBe(1);
    expect(stdout).toContain("illegal move 1 'R' (box blocked by box)");
  });

  it('reports a walk into a wall', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'u', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    expect(stdout).toContain("illegal move 1 'u' (wall)");
  });

  it('treats a walk written where a push happens as an error with --strict-case', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'rrR', '--strict-case', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    expect(stdout).toContain("illegal move 2 'r' (case mismatch)");
  });

  it('prints the moves as lettered squares with --notation squares', async () => {
    const { stdout } = await cli('verify', 'c.xsb', '--moves', 'rRR', '--notation', 'squares', { files: { 'c.xsb': CORRIDOR } });
    expect(stdout).toContain('squares: Bb Cb Db Eb');
  });

  it('notes moves made after the level was already solved', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'rRRlr', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(0);
    expect(stdout).toContain('already solved after move 3');
  });
});

describe('sokoban verify: where the moves come from', () => {
  it('reads the moves from stdin with -', async () => {
    const { code } = await cli('verify', 'c.xsb', '-', { files: { 'c.xsb': CORRIDOR }, stdin: 'rRR\n' });
    expect(code).toBe(0);
  });

  it('reads the level from stdin with - and calls it <stdin>', async () => {
    const { code, stdout } = await cli('verify', '-', '--moves', 'rRR', { stdin: CORRIDOR });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^<stdin>: solved/);
  });

  it('refuses stdin for both the level and the moves', async () => {
    const { code, stderr } = await cli('verify', '-', '-', { stdin: CORRIDOR });
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: stdin ('-') is already the level file; it cannot also be the moves file\n");
  });

  it('refuses a moves file and --moves together', async () => {
    const { code, stderr } = await cli('verify', 'c.xsb', 'm.lurd', '--moves', 'r', { files: { 'c.xsb': CORRIDOR, 'm.lurd': 'r' } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: give the moves either as a file argument or with --moves, not both\n$/);
  });

  it('explains that --moves takes moves, not a file name', async () => {
    const { code, stderr } = await cli('verify', 'c.xsb', '--moves', 'm.lurd', { files: { 'c.xsb': CORRIDOR, 'm.lurd': 'rRR' } });
    expect(code).toBe(2);
    expect(stderr).toContain('to read them from the file m.lurd, give it after the level');
  });

  it('asks for --level when moves are given for a file of several levels', async () => {
    const { code, stderr } = await cli('verify', 'set.sok', '--moves', 'rRR', { files: { 'set.sok': SET } });
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: set.sok has 2 levels: choose the one these moves are for with --level <n|title>\n');
  });

  it('picks a level by number with --level', async () => {
    const { code, stdout } = await cli('verify', 'set.sok', '--level', '2', '--moves', 'uLdlU', { files: { 'set.sok': SET } });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^set\.sok#2 \(Corner\): solved/);
  });

  it('picks a level by title with --level, ignoring case', async () => {
    const { code } = await cli('verify', 'set.sok', '--level', 'corner', '--moves', 'uLdlU', { files: { 'set.sok': SET } });
    expect(code).toBe(0);
  });

  it('rejects a --level beyond the file with exit 2', async () => {
    const { code, stderr } = await cli('verify', 'set.sok', '--level', '3', { files: { 'set.sok': SET } });
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: --level 3: set.sok has 2 levels\n');
  });

  it('asks for moves when none are given and the file stores no solutions', async () => {
    const { code, stderr } = await cli('verify', 'c.xsb', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: no moves to verify: /);
  });
});

describe('sokoban verify: collections with Solution lines', () => {
  it('verifies every level, one line each, and sums up', async () => {
    const { code, stdout } = await cli('verify', 'set.sok', { files: { 'set.sok': SET } });
    expect(code).toBe(0);
    expect(stdout).toBe('set.sok#1 (Corridor): solved in 3 moves, 2 pushes\n' + 'set.sok#2 (Corner): solved in 5 moves, 2 pushes\n' + '2 levels: 2 solved, 0 not solved\n');
  });

  it('verifies only the stored solution of the level --level picks', async () => {
    const { code, stdout } = await cli('verify', 'set.sok', '--level', 'Corner', { files: { 'set.sok': SET } });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^set\.sok#2 \(Corner\): solved in 5 moves, 2 pushes\n {2}solution: uLdlU\n$/);
  });

  it('still reports the other levels when one Solution line is unreadable, and exits 2', async () => {
    const broken = SET.replace('Solution: rRR', 'Solution: rR(R');
    const { code, stdout, stderr } = await cli('verify', 'set.sok', { files: { 'set.sok': broken } });
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: set.sok: level 1: its Solution line, column 3: '(' is never closed\n");
    expect(stdout).toContain('set.sok#1 (Corridor): error (see stderr)');
    expect(stdout).toContain('set.sok#2 (Corner): solved');
  });

  it('names a stray character in a Solution line instead of finding no solution there', async () => {
    const stray = SET.replace('Solution: rRR', 'Solution: rRX');
    const { code, stderr } = await cli('verify', 'set.sok', { files: { 'set.sok': stray } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: set\.sok: level 1: its Solution line, column 3: 'X' is not a move/);
  });

  it('counts a level without a Solution line as not solved', async () => {
    const missing = SET.replace('Solution: uLdlU\n', '');
    const { code, stdout } = await cli('verify', 'set.sok', { files: { 'set.sok': missing } });
    expect(code).toBe(1);
    expect(stdout).toContain('set.sok#2 (Corner): not solved: no Solution line stored for this level');
  });

  it('reads a solution table keyed by level number', async () => {
    const table = 'Level0002 = "uLdlU"\nLevel0001 = "rRR"\n';
    const { code, stdout } = await cli('verify', 'set.sok', 'solutions.toml', { files: { 'set.sok': SET, 'solutions.toml': table } });
    expect(code).toBe(0);
    expect(stdout).toContain('2 levels: 2 solved');
  });
});

describe('sokoban verify: a collection with one malformed level', () => {
  // Level 2 (Broken) has two players; levels 1 and 3 are fine and store their solutions.
  const WITH_BROKEN = `; Corridor
#######
#@ $ .#
#######
Solution: rRR

; Broken
#####
#@$.#
#@  #
#####
Solution: R

; Short
#####
#@$.#
#####
Solution: R
`;

  it('verifies the good levels and reports the malformed one as an error line in its place', async () => {
    const { stdout } = await cli('verify', 'set.sok', { files: { 'set.sok': WITH_BROKEN } });
    expect(stdout).toBe(
      'set.sok#1 (Corridor): solved in 3 moves, 2 pushes\n' +
        'set.sok#2 (Broken): error (see stderr)\n' +
        'set.sok#3 (Short): solved in 1 move, 1 push\n' +
        '3 levels: 2 solved, 0 not solved, 1 error\n',
    );
  });

  it('names the file, level, line and reason on stderr, and exits 2', async () => {
    const { code, stderr } = await cli('verify', 'set.sok', { files: { 'set.sok': WITH_BROKEN } });
    expect(stderr).toBe('sokoban: set.sok:10:2: more than one player (the first is at line 9, column 2)\n');
    expect(code).toBe(2);
  });

  it('gives the malformed level a bad-input JSON line with --json', async () => {
    const { stdout } = await cli('verify', 'set.sok', '--json', { files: { 'set.sok': WITH_BROKEN } });
    const lines = jsonLines(stdout);
    expect(lines.map((line) => [line.index, line.solved])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(lines[1]).toMatchObject({ file: 'set.sok', title: 'Broken', valid: false, error: { reason: 'bad-input' } });
  });

  it('verifies a good level that --level picks, and exits 0', async () => {
    const { code, stdout } = await cli('verify', 'set.sok', '--level', '3', { files: { 'set.sok': WITH_BROKEN } });
    expect(stdout).toMatch(/^set\.sok#3 \(Short\): solved in 1 move, 1 push\n/);
    expect(code).toBe(0);
  });

  it('reports the malformed level in its place when the moves come from a solution table', async () => {
    const table = 'Level0001 = "rRR"\nLevel0002 = "R"\nLevel0003 = "R"\n';
    const { code, stdout } = await cli('verify', 'set.sok', 'solutions.toml', { files: { 'set.sok': WITH_BROKEN, 'solutions.toml': table } });
    expect(stdout).toContain('set.sok#2 (Broken): error (see stderr)\n');
    expect(stdout).toContain('3 levels: 2 solved, 0 not solved, 1 error\n');
    expect(code).toBe(2);
  });
});

describe('sokoban verify --json', () => {
  it('prints exactly the documented object for a solved level', async () => {
    const { stdout } = await cli('verify', 'c.xsb', '--moves', 'rrr', '--json', { files: { 'c.xsb': CORRIDOR } });
    expect(jsonLines(stdout)).toEqual([
      {
        file: 'c.xsb',
        index: 1,
        title: null,
        valid: true,
        solved: true,
        moves: 3,
        pushes: 2,
        solution: 'rRR',
        error: null,
        lostAt: null,
        reason: null,
        lostKind: null,
        squares: [],
        lossSearchStopped: false,
      },
    ]);
  });

  it('describes an illegal move with index, move, row, col, square and reason', async () => {
    const { code, stdout } = await cli('verify', 'c.xsb', '--moves', 'rRRR', '--json', { files: { 'c.xsb': CORRIDOR } });
    expect(code).toBe(1);
    const [result] = jsonLines(stdout);
    expect(result).toMatchObject({ valid: false, solved: false, moves: 3, pushes: 2, solution: 'rRR' });
    expect(result.error).toMatchObject({ index: 4, move: 'R', row: 1, col: 4, square: 'Eb', reason: 'box-blocked-by-wall' });
  });

  it('prints one JSON line per level for a collection, and nothing else', async () => {
    const { stdout } = await cli('verify', 'set.sok', '--json', { files: { 'set.sok': SET } });
    const results = jsonLines(stdout);
    expect(results.map((result) => [result.index, result.title, result.solved])).toEqual([
      [1, 'Corridor', true],
      [2, 'Corner', true],
    ]);
  });

  it('keeps warnings on stderr so stdout stays JSON', async () => {
    // No wall on the right: the player could walk off the board, which XSB accepts with a warning.
    const open = '######\n#@$ . \n######\n';
    const { stdout, stderr } = await cli('verify', 'o.xsb', '--moves', 'rR', '--json', { files: { 'o.xsb': open } });
    expect(stderr).toMatch(/^sokoban: warning: /);
    expect(jsonLines(stdout)[0].solved).toBe(true);
  });
});

describe('sokoban verify: rules and formats', () => {
  const EXTRA_GOAL = '#######\n#@ $ .#\n#.    #\n#######\n';

  it('asks for --goal when an XSB level has more goals than boxes', async () => {
    const { code, stderr } = await cli('verify', 'g.xsb', '--moves', 'rRR', { files: { 'g.xsb': EXTRA_GOAL } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: g\.xsb:1: .*choose a rule with --goal/);
  });

  it('accepts spare goals with --goal all-boxes', async () => {
    const { code } = await cli('verify', 'g.xsb', '--moves', 'rRR', '--goal', 'all-boxes', { files: { 'g.xsb': EXTRA_GOAL } });
    expect(code).toBe(0);
  });

  it('never wins with spare goals under --goal all-goals', async () => {
    const { code } = await cli('verify', 'g.xsb', '--moves', 'rRR', '--goal', 'all-goals', { files: { 'g.xsb': EXTRA_GOAL } });
    expect(code).toBe(1);
  });

  it('verifies a 6.101 JSON level', async () => {
    const json = JSON.stringify([
      [['wall'], ['wall'], ['wall'], ['wall']],
      [['player'], ['computer'], [], ['target']],
    ]);
    const { code } = await cli('verify', 'l.json', '--moves', 'rR', { files: { 'l.json': json } });
    expect(code).toBe(0);
  });

  it('verifies a CS161 grid, where off-grid squares are walls', async () => {
    const { code, stdout } = await cli('verify', 'g.txt', '--moves', 'RR', { files: { 'g.txt': '3 2 0 4\n' } });
    expect(code).toBe(0);
    expect(stdout).toContain('solved in 2 moves, 2 pushes');
  });

  it('reads the level as the format --format names', async () => {
    const { code, stderr } = await cli('verify', 'g.txt', '--moves', 'RR', '--format', 'xsb', { files: { 'g.txt': '3 2 0 4\n' } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sokoban: g\.txt/);
  });
});

describe('sokoban verify <levels> <solutions collection>', () => {
  const LEVELS = ['; one', '#######', '#@ $ .#', '#######', '', '; two', '#####', '#.$@#', '#####', '', '; three', '######', '#@$ .#', '######', ''].join('\n');

  it('matches a SOK file of boards with Solution lines to the levels by board, then title, then number', async () => {
    // In another order, titled otherwise: "two" is found by its board, "three" by its title (its
    // board there differs); "one" has none, as the first solution is two's and not one's by number.
    const solutions = ['; 2 (from elsewhere)', '#####', '#.$@#', '#####', 'Solution: L', '', '; three', '#######', '#@$  .#', '#######', 'Solution: RR', ''].join('\n');
    const { code, stdout } = await cli('verify', 'set.xsb', 'answers.sok', '--json', { files: { 'set.xsb': LEVELS, 'answers.sok': solutions } });
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.index, line.solved, line.solution ?? line.error?.reason])).toEqual([
      [1, false, 'no-moves'],
      [2, true, 'L'],
      [3, true, 'RR'],
    ]);
    expect(code).toBe(1);
  });

  it('matches by number when boards and titles say nothing', async () => {
    const solutions = ['; a', '#####', '#@  #', '#####', 'Solution: rrRR', '', '; b', '#####', '#@  #', '#####', 'Solution: L', ''].join('\n');
    const { code, stdout } = await cli('verify', 'set.xsb', 'answers.sok', '--level', '2', { files: { 'set.xsb': LEVELS, 'answers.sok': solutions } });
    expect(stdout).toMatch(/^set\.xsb#2 \(two\): solved in 1 move, 1 push/);
    expect(code).toBe(0);
  });
});
