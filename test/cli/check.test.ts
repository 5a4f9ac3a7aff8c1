import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

const CORRIDOR = '; Corridor\n#####\n#@$.#\n#####\n';
/** The corridor mirrored, with a thicker wall and a box on a goal drawn outside as decoration. */
const CORRIDOR_MIRRORED = '; Mirrored\n#######\n#.$@###\n#####*#\n    ###\n';
/** The box at Bc sits in a corner off every goal: it can never move, so the level is lost. */
const LOST = '; Lost\n#######\n#@ $..#\n#$ ####\n#######\n';
const ROOM = '; Room\n#######\n#@ $ .#\n#  $ .#\n#######\n';

interface CheckLine {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly boxes: number;
  readonly goals: number;
  readonly reachable: number;
  readonly deadSquares: string[];
  readonly decoration: { boxes: number; walls: number };
  readonly immovableBoxes: string[];
  readonly immovableOffGoal: number;
  readonly verdict: string;
  readonly limit: string | null;
  readonly duplicateOf: string | null;
  readonly error: string | null;
}

async function checkJson(...args: string[]): Promise<{ code: number; lines: CheckLine[]; stderr: string }> {
  const files = { 'set.xsb': [CORRIDOR, CORRIDOR_MIRRORED, LOST, ROOM].join('\n'), 'room.xsb': ROOM, 'copy.xsb': ROOM.replace('Room', 'Copy'), 'bad.xsb': '#####\n#@$Z#\n#####\n' };
  const { code, stdout, stderr } = await cli('check', ...args, '--json', '--jobs', '1', { files });
  return {
    code,
    lines:
      stdout.trim() === ''
        ? []
        : stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as CheckLine),
    stderr,
  };
}

describe('sokoban check', () => {
  it('reports the facts of a level: size, boxes, goals, reachable and dead squares, decoration, frozen boxes', async () => {
    const { lines } = await checkJson('set.xsb');
    const [corridor, mirrored, lost, room] = lines;
    expect([corridor.width, corridor.height, corridor.boxes, corridor.goals, corridor.reachable]).toEqual([5, 3, 1, 1, 3]);
    // The player's square Bb is a corner a box could never leave.
    expect(corridor.deadSquares).toEqual(['Bb']);
    expect(mirrored.decoration).toEqual({ boxes: 1, walls: 8 });
    expect(corridor.decoration).toEqual({ boxes: 0, walls: 0 });
    expect(lost.immovableBoxes).toEqual(['Bc']);
    expect(lost.immovableOffGoal).toBe(1);
    expect(room.immovableBoxes).toEqual([]);
    expect(room.reachable).toBe(10);
  });

  it('says which levels are solvable and which are proven unsolvable, and exits 1 for an unsolvable level', async () => {
    const { code, lines } = await checkJson('set.xsb');
    expect(lines.map((line) => line.verdict)).toEqual(['solvable', 'solvable', 'unsolvable', 'solvable']);
    expect(code).toBe(1);
  });

  it('finds a duplicate up to reflection and decoration, and one across files', async () => {
    const { lines } = await checkJson('set.xsb', 'room.xsb');
    expect(lines.map((line) => line.duplicateOf)).toEqual([null, 'set.xsb#1', null, null, 'set.xsb#4']);
  });

  it('exits 1 for a duplicate even when every level is solvable', async () => {
    const { code, lines } = await checkJson('room.xsb', 'copy.xsb');
    expect(lines.map((line) => [line.verdict, line.duplicateOf])).toEqual([
      ['solvable', null],
      ['solvable', 'room.xsb#1'],
    ]);
    expect(code).toBe(1);
  });

  it('exits 0 when every level is solvable and none repeats', async () => {
    const { code, lines } = await checkJson('room.xsb');
    expect(lines).toHaveLength(1);
    expect(code).toBe(0);
  });

  it('reports a level it could not decide within the limits as unknown, exit 3', async () => {
    const { code, lines } = await checkJson('room.xsb', '--max-nodes', '1');
    expect([lines[0].verdict, lines[0].limit]).toEqual(['unknown', 'nodes']);
    expect(code).toBe(3);
  });

  it('reports a bad file in one line and still checks the other files (exit 2)', async () => {
    const { code, lines, stderr } = await checkJson('bad.xsb', 'room.xsb');
    expect(stderr.trim().split('\n')[0]).toMatch(/^sokoban: bad\.xsb:2:\d+: .*"Z"/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(lines.map((line) => line.verdict)).toEqual(['error', 'solvable']);
    expect(code).toBe(2);
  });

  it('prints a table and a summary for people', async () => {
    const { code, stdout } = await cli('check', 'set.xsb', '--jobs', '1', { files: { 'set.xsb': [CORRIDOR, CORRIDOR_MIRRORED, LOST, ROOM].join('\n') } });
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^level\s+size\s+boxes\s+goals\s+reach\s+dead\s+decor\s+frozen\s+result$/);
    expect(lines[2]).toMatch(/^set\.xsb#2 \(Mirrored\)\s+7x4\s+2\s+2\s+3\s+1\s+1b8w\s+-\s+solvable .*DUPLICATE of set\.xsb#1$/);
    expect(lines[3]).toMatch(/UNSOLVABLE \(proven\); 1 box frozen off goals/);
    expect(lines.at(-1)).toBe('4 levels checked: 3 solvable, 1 proven unsolvable, 0 unknown at 10 s, 1 duplicate');
  });
});

describe('sokoban check, run again', () => {
  it('prints the same rows on every run, with workers to spare for a race (Microban 5 gave 57/12 and 29/6)', async () => {
    const rows = [];
    for (let run = 0; run < 3; run++) {
      const { stdout, code } = await cli('check', 'levels/microban.xsb', '--level', '5', '--jobs', '2', '--json');
      expect(code).toBe(0);
      const { moves, pushes, nodes, verdict } = JSON.parse(stdout);
      rows.push({ moves, pushes, nodes, verdict });
    }
    expect(rows[0].verdict).toBe('solvable');
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[2]).toEqual(rows[0]);
  });
});
