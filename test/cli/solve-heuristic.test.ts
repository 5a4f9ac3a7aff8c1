import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';

// `sokoban solve --heuristic`: the CS161 homework's A* from the command line, with the states it
// expanded and, with --states, the board after every move as the homework prints it.

/** Keeper, floor, box, goal in a walled row: a walk and a push. */
const ROW = '1 1 1 1 1 1\n1 3 0 2 4 1\n1 1 1 1 1 1\n';
const CS161 = 'test/data/cs161/hw3_22_problems_boxes_rule.json';

function statesExpanded(stdout: string): number {
  const match = / (\d+) states? expanded/.exec(stdout);
  if (match === null) throw new Error(`no count in ${stdout}`);
  return Number(match[1]);
}

describe('sokoban solve --heuristic', () => {
  it('prints the move-optimal solution and the states A* expanded', async () => {
    const { code, stdout, stderr } = await cli('solve', 'row.grid', '--optimal', 'moves', '--heuristic', 'h1', { files: { 'row.grid': ROW } });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^row\.grid#1: solved in 2 moves, 1 push\n {2}solution: rR\n {2}optimal: moves \(A\* with h1\); \d+ states? expanded in \d+ ms\n$/);
    expect(code).toBe(0);
  });

  it('with --states draws the board before the first move and after each one, in the homework layout', async () => {
    const { code, stdout } = await cli('solve', 'row.grid', '--heuristic', 'h2', '--states', { files: { 'row.grid': ROW } });
    expect(stdout.split('\n').slice(3).join('\n')).toBe(
      ['  start:', '######', '#@ $.#', '######', '  move 1 (r):', '######', '# @$.#', '######', '  move 2 (R):', '######', '#  @*#', '######', ''].join('\n'),
    );
    expect(code).toBe(0);
  });

  it('finds the same depth with h0, h1 and h2, expanding fewer states the better the heuristic (CS161 p5)', async () => {
    const runs = await Promise.all(['h0', 'h1', 'h2'].map((h) => cli('solve', CS161, '--level', 'p5', '--heuristic', h)));
    for (const run of runs) expect(run.stdout).toContain('(p5): solved in 10 moves');
    const [zero, boxes, matching] = runs.map((run) => statesExpanded(run.stdout));
    expect(matching).toBeLessThan(boxes);
    expect(boxes).toBeLessThan(zero);
  });

  it('prints a solution the validator accepts', async () => {
    const solved = await cli('solve', CS161, '--level', 'p8', '--heuristic', 'h2', '--json');
    const line = JSON.parse(solved.stdout);
    expect(line).toMatchObject({ status: 'solved', moves: 22, optimal: 'moves' });
    const verified = await cli('verify', CS161, '--level', 'p8', '--moves', line.solution);
    expect(verified.stdout).toContain('solved in 22 moves');
    expect(verified.code).toBe(0);
  });

  it('plays the keeper-too goal test when asked: the keeper ends on a goal too', async () => {
    const files = { 'k.grid': '3 2 4 4\n' };
    const boxes = await cli('solve', 'k.grid', '--heuristic', 'h1', { files });
    const keeper = await cli('solve', 'k.grid', '--heuristic', 'h1', '--goal', 'keeper-too', { files });
    expect(boxes.stdout).toContain('solved in 1 move,');
    expect(keeper.stdout).toContain('solved in 2 moves,');
  });

  it('reports a level without a solution as proven unsolvable', async () => {
    const { code, stdout } = await cli('solve', 'stuck.grid', '--heuristic', 'h0', { files: { 'stuck.grid': '3 2 1 4\n' } });
    expect(stdout).toMatch(/^stuck\.grid#1: unsolvable: proven/);
    expect(code).toBe(1);
  });

  it('stops at --max-nodes as not solved, never as unsolvable', async () => {
    const { code, stdout } = await cli('solve', CS161, '--level', 'p5', '--heuristic', 'h0', '--max-nodes', '10');
    expect(stdout).toMatch(/not solved: stopped at the node limit \(10 states\) after 10 states expanded in /);
    expect(code).toBe(3);
  });

  it('counts states expanded in the same words whether it solves, proves or stops', async () => {
    const long = { 'long.grid': '1 1 1 1 1 1 1 1\n1 3 0 0 2 0 4 1\n1 1 1 1 1 1 1 1\n' };
    const stopped = await cli('solve', 'long.grid', '--heuristic', 'h0', '--max-nodes', '1', { files: long });
    expect(stopped.stdout).toMatch(/^long\.grid#1: not solved: stopped at the node limit \(1 state\) after 1 state expanded in \d+ ms\n$/);
    const proven = await cli('solve', 'stuck.grid', '--heuristic', 'h0', { files: { 'stuck.grid': '3 2 1 4\n' } });
    expect(proven.stdout).toMatch(/unsolvable: proven, the whole reachable space was searched \(\d+ states? expanded in \d+ ms\)/);
    expect(proven.stdout).not.toMatch(/\bnodes?\b/);
  });

  it('refuses --optimal pushes, which a search counting keeper steps cannot prove', async () => {
    const { code, stderr } = await cli('solve', 'row.grid', '--heuristic', 'h1', '--optimal', 'pushes', { files: { 'row.grid': ROW } });
    expect(stderr).toMatch(/^sokoban: --heuristic searches for the fewest moves/);
    expect(code).toBe(2);
  });

  it('refuses a heuristic it does not know, naming the choices', async () => {
    const { code, stderr } = await cli('solve', 'row.grid', '--heuristic', 'h3', { files: { 'row.grid': ROW } });
    expect(stderr).toMatch(/h0, h1, h2/);
    expect(code).toBe(2);
  });

  it('refuses the all-goals rule with more boxes than goals, which the homework cannot play', async () => {
    const { code, stderr } = await cli('solve', 'two.xsb', '--heuristic', 'h1', '--goal', 'all-goals', { files: { 'two.xsb': '######\n#@$$.#\n######\n' } });
    expect(stderr).toMatch(/--heuristic plays the CS161 goal tests/);
    expect(code).toBe(2);
  });

  it('refuses --states with --json, whose lines hold no drawings', async () => {
    const { code, stderr } = await cli('solve', 'row.grid', '--states', '--json', { files: { 'row.grid': ROW } });
    expect(stderr).toMatch(/--states draws boards as text/);
    expect(code).toBe(2);
  });

  it('draws the boards of the usual solver too with --states', async () => {
    const { stdout } = await cli('solve', 'row.grid', '--states', { files: { 'row.grid': ROW } });
    expect(stdout).toContain('  move 2 (R):\n######\n#  @*#\n######\n');
  });

  it.each([
    ['--heuristic h1', ['--heuristic', 'h1'], 0],
    ['the usual solver', ['--jobs', '2'], 1],
  ] as const)('on several levels with %s, listens for Ctrl-C %i times (A* runs on the main thread, where a listener would wait for every level)', async (_name, options, times) => {
    const io = fakeIo({ files: { 'two.grid': `${ROW}\n3 2 4\n` } });
    let listened = 0;
    const watched = {
      ...io,
      onInterrupt: (listener: () => void) => {
        listened++;
        return io.onInterrupt?.(listener) ?? (() => {});
      },
    };
    expect(await run(['solve', 'two.grid', ...options], watched)).toBe(0);
    expect(listened).toBe(times);
  });
});
