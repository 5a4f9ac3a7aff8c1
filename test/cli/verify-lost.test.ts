import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';

// The box at Cc can go right to the goal (uRR); pushed up (U) it lands on Cb, a dead square.
const ROOM = '######\n#    #\n# $ .#\n#@   #\n######\n';
// Two boxes against the top wall, each of which alone could still slide to a goal.
const WALL_ROW = '#######\n#.   .#\n#  $$ #\n#  @  #\n#######\n';

function jsonOf(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim()) as Record<string, unknown>;
}

describe('sokoban verify: when and why moves that fail made the level lost', () => {
  it('names the push after which a box stood on a dead square', async () => {
    const { code, stdout } = await cli('verify', 'room.xsb', '--moves', 'rUrd', { files: { 'room.xsb': ROOM } });
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('room.xsb: not solved after 4 moves, 1 push, all legal (rule: all-boxes)');
    expect(lines[1]).toBe('  after move 2 the box at Cb stands on a dead square');
  });

  it('gives lostAt, reason, lostKind and the squares by name with --json', async () => {
    const { code, stdout } = await cli('verify', 'room.xsb', '--moves', 'rUrd', '--json', { files: { 'room.xsb': ROOM } });
    expect(code).toBe(1);
    expect(jsonOf(stdout)).toMatchObject({ solved: false, lostAt: 2, reason: 'the box at Cb stands on a dead square', lostKind: 'dead-square', squares: ['Cb'] });
  });

  it('names boxes pushed against each other along a wall as frozen', async () => {
    // U lifts the box on Dc onto Db; walking round under Ec and pushing it up puts it beside the first.
    const { stdout } = await cli('verify', 'w.xsb', '--moves', 'UdrU', '--json', { files: { 'w.xsb': WALL_ROW } });
    expect(jsonOf(stdout)).toMatchObject({ lostAt: 4, lostKind: 'frozen', reason: 'the boxes at Db and Eb are frozen off goals', squares: ['Db', 'Eb'] });
  });

  it('says nothing of loss while the moves leave the level solvable', async () => {
    const { stdout } = await cli('verify', 'room.xsb', '--moves', 'uR', { files: { 'room.xsb': ROOM } });
    expect(stdout).toContain('not solved after 2 moves, 1 push');
    expect(stdout).not.toContain('after move');
    const json = await cli('verify', 'room.xsb', '--moves', 'uR', '--json', { files: { 'room.xsb': ROOM } });
    expect(jsonOf(json.stdout)).toMatchObject({ lostAt: null, reason: null, lostKind: null, squares: [], lossSearchStopped: false });
  });

  it('judges the legal moves before an illegal one', async () => {
    const { stdout } = await cli('verify', 'room.xsb', '--moves', 'rUU', { files: { 'room.xsb': ROOM } });
    expect(stdout.split('\n')[0]).toBe("room.xsb: illegal move 3 'U' (box blocked by wall)");
    expect(stdout).toContain('  after move 2 the box at Cb stands on a dead square\n');
  });

  it('says a level lost before any move is lost from the start', async () => {
    const cornered = '######\n#$  .#\n#  @ #\n######\n';
    const { stdout } = await cli('verify', 'c.xsb', '--moves', 'l', { files: { 'c.xsb': cornered } });
    expect(stdout).toContain('  lost from the start: the box at Bb stands on a dead square\n');
    const json = await cli('verify', 'c.xsb', '--moves', 'l', '--json', { files: { 'c.xsb': cornered } });
    expect(jsonOf(json.stdout)).toMatchObject({ lostAt: 0, lostKind: 'dead-square' });
  });
});

describe('sokoban verify --time-limit: the search for the losing move is bounded', () => {
  it('stops at the time limit, says so on stderr, and still answers the replay (exit 1, no loss named)', async () => {
    const io = fakeIo({ files: { 'room.xsb': ROOM } });
    // A clock that moves a second each time it is read: the analysis of the level outlasts the limit.
    let now = 0;
    const slow = { ...io, now: () => (now += 1_000) };
    const code = await run(['verify', 'room.xsb', '--moves', 'rUrd', '--json', '--time-limit', '1.5'], slow);
    expect(code).toBe(1);
    expect(jsonOf(io.out())).toMatchObject({ solved: false, lostAt: null, reason: null, lostKind: null, squares: [], lossSearchStopped: true });
    expect(io.err()).toBe('sokoban: warning: room.xsb: the search for the move that lost the game stopped at the time limit (1.5 s; --time-limit gives it more)\n');
  });

  it('finds the losing move within the default limit on a small board', async () => {
    const { stdout } = await cli('verify', 'room.xsb', '--moves', 'rUrd', '--json', { files: { 'room.xsb': ROOM } });
    expect(jsonOf(stdout)).toMatchObject({ lostAt: 2, lossSearchStopped: false });
  });
});
