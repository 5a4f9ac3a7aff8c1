import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { OPEN_ROOM } from './open-room.js';

// One level at a time: `sokoban solve` answers in-process, and says exactly what it knows.

const CORRIDOR = '#######\n#@ $ .#\n#######\n';
/** The box is in a corner: no push can ever move it, so the search proves there is no solution. */
const STUCK = '#####\n#$ .#\n# @ #\n#####\n';
const TWO_BOXES = [' ######', ' #    #', ' # $$ #', '##. @ #', '#   . #', '#######', ''].join('\n');

describe('sokoban solve (one level)', () => {
  it('calls a level solved as it stands optimal in both measures, not "not proven"', async () => {
    const { code, stdout } = await cli('solve', 'done.xsb', { files: { 'done.xsb': '#####\n#@ *#\n#####\n' } });
    expect(stdout).toMatch(
      /^done\.xsb#1: solved in 0 moves, 0 pushes\n {2}solution: \n {2}optimal: moves and pushes \(the level is solved as it stands\); \d+ nodes? in \d+ ms\n$/,
    );
    expect(code).toBe(0);
  });

  it('prints the solution, its moves and pushes, the nodes and that optimality is not proven', async () => {
    const { code, stdout, stderr } = await cli('solve', 'corridor.xsb', { files: { 'corridor.xsb': CORRIDOR } });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^corridor\.xsb#1: solved in 3 moves, 2 pushes\n {2}solution: rRR\n {2}optimal: not proven; \d+ nodes? in \d+ ms\n$/);
    expect(code).toBe(0);
  });

  it('says which measure is proven optimal with --optimal, and that the other is proven fewest among those', async () => {
    const { code, stdout } = await cli('solve', 'two.xsb', '--optimal', 'moves', { files: { 'two.xsb': TWO_BOXES } });
    expect(stdout).toContain('solved in 11 moves, 4 pushes');
    expect(stdout).toContain('optimal: moves, then pushes;');
    expect(code).toBe(0);
    const byPushes = await cli('solve', 'two.xsb', '--optimal', 'pushes', { files: { 'two.xsb': TWO_BOXES } });
    expect(byPushes.stdout).toContain('optimal: pushes, then moves;');
    const json = await cli('solve', 'two.xsb', '--optimal', 'pushes', '--json', { files: { 'two.xsb': TWO_BOXES } });
    expect(JSON.parse(json.stdout)).toMatchObject({ optimal: 'pushes', thenFewest: 'moves' });
  });

  it('reports a level with no solution as proven unsolvable and exits 1', async () => {
    const { code, stdout } = await cli('solve', 'stuck.xsb', { files: { 'stuck.xsb': STUCK } });
    expect(stdout).toMatch(/^stuck\.xsb#1: unsolvable: proven, the whole reachable space was searched \(\d+ nodes? in \d+ ms\)\n$/);
    expect(code).toBe(1);
  });

  it('reports a search stopped at the node limit as not solved, never as unsolvable, and exits 3', async () => {
    const { code, stdout } = await cli('solve', 'room.xsb', '--optimal', 'moves', '--max-nodes', '100', { files: { 'room.xsb': OPEN_ROOM } });
    expect(stdout).toMatch(/^room\.xsb#1: not solved: stopped at the node limit \(100 nodes\) after \d+ nodes/);
    expect(stdout).not.toContain('unsolvable');
    expect(code).toBe(3);
  });

  it('prints one JSON object with --json', async () => {
    const { code, stdout } = await cli('solve', 'corridor.xsb', '--json', { files: { 'corridor.xsb': CORRIDOR } });
    const line = JSON.parse(stdout);
    expect(line).toMatchObject({ file: 'corridor.xsb', index: 1, title: null, status: 'solved', solution: 'rRR', moves: 3, pushes: 2, optimal: null });
    expect(Object.keys(line)).toEqual(['file', 'index', 'title', 'status', 'solution', 'moves', 'pushes', 'firstMoves', 'firstPushes', 'optimal', 'thenFewest', 'nodes', 'ms']);
    expect(line).toMatchObject({ firstMoves: 3, firstPushes: 2 });
    expect(stdout.endsWith('}\n')).toBe(true);
    expect(code).toBe(0);
  });

  it('says how long the first solution was, before the improvement pass, which --no-improve turns off', async () => {
    // Microban 10: the searches' first solutions there walk more than they need to. One worker,
    // so both runs find the same first solution (two racing workers may differ in who wins).
    const args = ['solve', 'levels/microban.xsb', '--level', '10', '--json', '--jobs', '1'];
    const improved = JSON.parse((await cli(...args)).stdout);
    const plain = JSON.parse((await cli(...args, '--no-improve')).stdout);
    expect(improved.moves).toBeLessThanOrEqual(improved.firstMoves);
    expect(improved.moves).toBeLessThan(plain.moves);
    expect(plain.moves).toBe(plain.firstMoves);
    expect(plain.pushes).toBe(plain.firstPushes);
  });

  it('gives a proven unsolvable level a null solution in JSON', async () => {
    const { stdout } = await cli('solve', 'stuck.xsb', '--json', { files: { 'stuck.xsb': STUCK } });
    expect(JSON.parse(stdout)).toMatchObject({ status: 'unsolvable', solution: null, moves: null, pushes: null, optimal: null });
  });

  it('prints the squares the player visits with --notation squares', async () => {
    const { stdout } = await cli('solve', 'corridor.xsb', '--notation', 'squares', { files: { 'corridor.xsb': CORRIDOR } });
    expect(stdout).toContain('squares: Bb Cb Db Eb');
  });

  it('solves the level --level names in a collection', async () => {
    const { code, stdout } = await cli('solve', 'levels/examples/three.sok', '--level', 'Corner');
    expect(stdout).toMatch(/^levels\/examples\/three\.sok#2 \(Corner\): solved in/);
    expect(stdout.match(/solved in/g)).toHaveLength(1);
    expect(code).toBe(0);
  });

  it('refuses a --level title that two levels share, naming them, rather than guess (exit 2)', async () => {
    const twins = '; Twin\n#####\n#@$.#\n#####\n\n; Twin\n#####\n#.$@#\n#####\n\n; twin\n#####\n#@$.#\n#####\n';
    const { code, stderr } = await cli('solve', 'twins.xsb', '--level', 'Twin', { files: { 'twins.xsb': twins } });
    expect(stderr).toBe('sokoban: --level Twin: 2 levels of twins.xsb have that title (#1, #2); give the number instead\n');
    expect(code).toBe(2);
    const loose = await cli('solve', 'twins.xsb', '--level', 'TWIN', { files: { 'twins.xsb': twins } });
    expect(loose.stderr).toContain('3 levels of twins.xsb have that title (#1, #2, #3)');
    const exact = await cli('solve', 'twins.xsb', '--level', 'twin', { files: { 'twins.xsb': twins } });
    expect(exact.stdout).toMatch(/^twins\.xsb#3 \(twin\): solved in/);
  });

  it('solves under the rule --goal asks for', async () => {
    // Two goals, one box: under all-boxes the box needs any goal; the nearer one is 1 push away.
    const level = '########\n#@$.  .#\n########\n';
    const { code, stdout } = await cli('solve', 'spare.xsb', '--goal', 'all-boxes', '--optimal', 'pushes', { files: { 'spare.xsb': level } });
    expect(stdout).toContain('solved in 1 move, 1 push');
    expect(code).toBe(0);
  });

  it('asks for --goal on an XSB level whose boxes and goals differ in number, with exit 2', async () => {
    const level = '#######\n#@$ ..#\n#######\n';
    const { code, stderr } = await cli('solve', 'spare.xsb', { files: { 'spare.xsb': level } });
    expect(stderr).toBe('sokoban: spare.xsb:1: 1 box but 2 goals: choose a rule with --goal all-goals|all-boxes|keeper-too\n');
    expect(code).toBe(2);
  });

  it('names a missing file in one line on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await cli('solve', 'missing.xsb');
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: missing.xsb: no such file or folder\n');
    expect(code).toBe(2);
  });

  it('reads a level from stdin', async () => {
    const { code, stdout } = await cli('solve', '-', '--json', { stdin: CORRIDOR });
    expect(JSON.parse(stdout)).toMatchObject({ file: '<stdin>', status: 'solved', solution: 'rRR' });
    expect(code).toBe(0);
  });

  it.each([
    ['--time-limit', '0'],
    ['--time-limit', 'soon'],
    ['--jobs', '0'],
    ['--max-nodes', '-5'],
    ['--optimal', 'boxes'],
  ])('rejects %s %s as a usage error, exit 2', async (option, value) => {
    const { code, stderr } = await cli('solve', 'levels/examples/first.xsb', option, value);
    expect(stderr).toMatch(new RegExp(`^sokoban: .*${option}.*\\(see sokoban --help\\)\\n$`));
    expect(code).toBe(2);
  });

  it('rejects a --report file that is neither .xml nor .json before solving anything', async () => {
    const { code, stdout, stderr } = await cli('solve', 'levels/examples/first.xsb', '--report', 'out.txt');
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: --report out.txt: the file name must end in .xml (JUnit) or .json (summary)\n');
    expect(code).toBe(2);
  });

  it('rejects a malformed --shard', async () => {
    const { code, stderr } = await cli('solve', 'levels/examples/first.xsb', '--shard', '4/3');
    expect(stderr).toBe('sokoban: --shard 4/3: expected k/n with 1 <= k <= n, e.g. --shard 2/3\n');
    expect(code).toBe(2);
    // Read as doubles, both would round to 2^53 and pass as k = n.
    const huge = await cli('solve', 'levels/examples/first.xsb', '--shard', '9007199254740993/9007199254740992');
    expect(huge.stderr).toContain('expected k/n with 1 <= k <= n');
    expect(huge.code).toBe(2);
  });
});

describe('sokoban solve --repeatable', () => {
  it('gives the same solution and node count on every run, with workers to spare for a race', async () => {
    const answers = [];
    for (let run = 0; run < 3; run++) {
      const { stdout, code } = await cli('solve', 'levels/microban.xsb', '--level', '5', '--jobs', '2', '--repeatable', '--json');
      expect(code).toBe(0);
      const { solution, nodes } = JSON.parse(stdout);
      answers.push({ solution, nodes });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('says in its help that a level raced on two workers shares --max-memory between them, and what a thread adds (issue 46)', async () => {
    const { stdout } = await cli('solve', '--help');
    const help = stdout.replace(/\s+/g, ' ');
    expect(help).toContain('a level raced on two workers shares it between them, each its part of the portfolio');
    expect(help).toContain('each worker thread adds its own Node heap (about 30 MB)');
  });

  it('says in its help what can differ from run to run and how to make it fixed', async () => {
    const { stdout } = await cli('solve', '--help');
    expect(stdout).toContain('What can differ from run to run:');
    expect(stdout).toContain('--repeatable makes solutions and node counts the same on every run');
  });
});
