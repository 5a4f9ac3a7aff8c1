import { describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { parseCollection } from '../../src/level/parse.js';
import { run } from '../../src/cli/run.js';
import { cli, fakeIo } from '../helpers/fake-io.js';

const ARGS = ['generate', '--width', '6', '--height', '6', '--boxes', '2', '--count', '3', '--seed', '11'];

describe('sokoban generate', () => {
  it('prints an XSB collection whose every level is solved by its Solution line, with its proven length and difficulty', async () => {
    const { code, stdout, stderr } = await cli(...ARGS);
    expect(code).toBe(0);
    const collection = parseCollection(stdout);
    expect(collection.header[0]).toMatch(/--seed 11 --metric moves/);
    expect(collection.levels).toHaveLength(3);
    collection.levels.forEach((level, i) => {
      expect(level.title).toBe(`Generated 6x6 2 boxes, seed 11, #${i + 1}`);
      const played = replay(level.board, level.solutions[0], { rule: 'all-goals', strictCase: true });
      expect(played.solved).toBe(true);
      expect(level.comments[0]).toBe(`Optimal: ${played.moves} moves (proven move-optimal), ${played.pushes} pushes`);
      expect(level.comments[1]).toMatch(/^Difficulty: \d+ positions? searched to prove it optimal$/);
    });
    expect(stderr.trim().split('\n')).toHaveLength(3);
    expect(stderr).toMatch(/^sokoban: level 1 of 3: \d+ moves, \d+ pushes \(move-optimal\), difficulty \d+ positions?, \d+ candidates?, /);
  });

  it('prints the same levels for the same seed', async () => {
    const first = await cli(...ARGS);
    const again = await cli(...ARGS);
    expect(again.stdout).toBe(first.stdout);
  });

  it('without --seed draws one and says which, so the run can be repeated', async () => {
    const { code, stderr, stdout } = await cli('generate', '--width', '6', '--height', '6', '--boxes', '1');
    expect(code).toBe(0);
    const seed = /using --seed (\d+)/.exec(stderr)?.[1];
    expect(seed).toBeDefined();
    const again = await cli('generate', '--width', '6', '--height', '6', '--boxes', '1', '--seed', String(seed));
    expect(again.stdout).toBe(stdout);
  });

  it('writes --out and says how many levels', async () => {
    const { code, stderr, io } = await cli(...ARGS, '--out', 'made.xsb', '--metric', 'pushes');
    expect(code).toBe(0);
    expect(stderr).toMatch(/wrote 3 levels to made\.xsb/);
    const levels = parseCollection(io.written.get('made.xsb') ?? '').levels;
    expect(levels).toHaveLength(3);
    expect(levels[0].comments[0]).toMatch(/^Optimal: \d+ pushes \(proven push-optimal\), \d+ moves$/);
  });

  it('refuses a rectangle too small for the boxes with a usage error (exit 2)', async () => {
    const { code, stderr } = await cli('generate', '--width', '5', '--height', '5', '--boxes', '4', '--seed', '1');
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: --width 5 --height 5 --boxes 4: 4 boxes need at least 10 squares inside the walls; 5 by 5 has 9\n');
  });

  it('refuses, at once and with exit 2, a rectangle larger than the reader takes', async () => {
    for (const size of ['100000', '300']) {
      const { code, stderr, stdout } = await cli('generate', '--width', size, '--height', size, '--boxes', '1', '--seed', '1');
      expect(code).toBe(2);
      expect(stderr).toMatch(
        new RegExp(`^sokoban: --width ${size} --height ${size} --boxes 1: the board is ${size} by ${size} squares \\(\\d+\\); at most 65536 squares are read\n$`),
      );
      expect(stdout).toBe('');
    }
  });

  it('makes only levels at least --min-moves long, and says so in the header', async () => {
    const { code, stdout } = await cli('generate', '--width', '8', '--height', '8', '--boxes', '2', '--count', '2', '--seed', '4', '--min-moves', '25');
    expect(code).toBe(0);
    const collection = parseCollection(stdout);
    expect(collection.header[0]).toMatch(/--max-nodes 200000 --min-moves 25$/);
    for (const level of collection.levels) {
      expect(replay(level.board, level.solutions[0], { rule: 'all-goals', strictCase: true }).moves).toBeGreaterThanOrEqual(25);
    }
  });

  it('exits 3 when it cannot make enough levels within the node budget', async () => {
    const { code, stderr } = await cli('generate', '--width', '8', '--height', '8', '--boxes', '3', '--count', '2', '--seed', '1', '--max-nodes', '1');
    expect(code).toBe(3);
    expect(stderr).toMatch(/made 0 of 2 levels/);
  });

  it('stops between levels when interrupted (Ctrl-C, or stdout closed by its reader), keeps what it made and exits 130', async () => {
    const io = fakeIo();
    const write = io.stdout.write.bind(io.stdout);
    let writes = 0;
    // The reader goes away after the header and two levels, as `generate ... | head` would.
    io.stdout.write = (text: string) => {
      write(text);
      if (++writes === 3) io.interrupt();
    };
    const code = await run(['generate', '--width', '7', '--height', '7', '--boxes', '2', '--count', '20', '--seed', '5'], io);
    expect(code).toBe(130);
    expect(parseCollection(io.out(), { file: 'out.xsb' }).levels).toHaveLength(2);
    expect(io.err()).toContain('sokoban: interrupted: made 2 of 20 levels\n');
  });

  it('stops at --time-limit, keeps the levels made so far and exits 3 (issue 46)', async () => {
    const { code, stdout, stderr } = await cli('generate', '--width', '20', '--height', '20', '--boxes', '3', '--count', '50', '--seed', '1', '--time-limit', '0.5');
    expect(code).toBe(3);
    const made = Number(/stopped at --time-limit 0\.5 s: made (\d+) of 50 levels\n$/.exec(stderr)?.[1]);
    expect(made).toBeLessThan(50);
    expect(stdout.match(/^Solution: /gm) ?? []).toHaveLength(made);
  });

  it('answers Ctrl-C in the middle of a candidate whose proof would take minutes: exit 130, nothing made (issue 46)', async () => {
    const io = fakeIo();
    // A large room, many boxes and a big node budget: the first proof alone runs for minutes.
    const running = run(['generate', '--width', '60', '--height', '60', '--boxes', '8', '--max-nodes', '5000000', '--seed', '5'], io);
    await new Promise((done) => setTimeout(done, 1_500));
    io.interrupt();
    expect(await running).toBe(130);
    expect(io.err()).toContain('sokoban: interrupted: made 0 of 1 levels\n');
  });

  it('refuses up front, with exit 2 and one line, a rectangle too large to finish (issue 46)', async () => {
    const { code, stdout, stderr } = await cli('generate', '--width', '256', '--height', '256', '--boxes', '3', '--seed', '5');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^sokoban: --width 256 --height 256 --boxes 3: a 256 by 256 rectangle is too large to generate in: at most 10000 squares/);
    expect(stderr.split('\n')).toHaveLength(2);
  });
});
