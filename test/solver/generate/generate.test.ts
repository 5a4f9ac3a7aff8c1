import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import { canonicalBoard } from '../../../src/level/canonical.js';
import { BOX, GOAL, WALL } from '../../../src/level/board.js';
import { formatBoard } from '../../../src/level/write.js';
import { playingArea } from '../../../src/level/area.js';
import { type GenerateOptions, generateLevels, generateSizeProblem } from '../../../src/solver/generate/generate-levels.js';
import { SeededRandom } from '../../../src/solver/generate/seeded-random.js';
import { levelFacts } from '../../../src/solver/inspect/level-facts.js';
import { solve } from '../../../src/solver/solve.js';
import { solveByExhaustion } from '../oracle.js';

const SMALL: GenerateOptions = { width: 6, height: 6, boxes: 2, seed: 7, metric: 'moves', maxNodes: 50_000 };

describe('the seeded random stream', () => {
  it('repeats for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 8 }, () => random.below(1000));
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(2)).not.toEqual(draw(1));
  });
});

describe('generating levels', () => {
  it('makes the same levels from the same seed, and other levels from another seed', () => {
    const texts = (options: GenerateOptions) => [...generateLevels(options, 3)].map((level) => formatBoard(level.board, 'xsb'));
    const first = texts(SMALL);
    expect(first).toHaveLength(3);
    expect(texts(SMALL)).toEqual(first);
    expect(texts({ ...SMALL, seed: 8 })).not.toEqual(first);
  });

  it('every level is solved by its solution, which an exhaustive search confirms is the fewest moves', () => {
    for (const level of generateLevels(SMALL, 3)) {
      const played = replay(level.board, level.solution, { rule: 'all-goals', strictCase: true });
      expect(played.solved).toBe(true);
      expect([played.moves, played.pushes]).toEqual([level.moves, level.pushes]);
      expect(solveByExhaustion(level.board, 'all-goals').fewestMoves).toBe(level.moves);
      expect(level.nodes).toBeGreaterThan(0);
    }
  });

  it('with the push metric, the solution is the fewest pushes', () => {
    for (const level of generateLevels({ ...SMALL, metric: 'pushes' }, 2)) {
      expect(replay(level.board, level.solution, { rule: 'all-goals', strictCase: true }).solved).toBe(true);
      expect(solveByExhaustion(level.board, 'all-goals').fewestPushes).toBe(level.pushes);
    }
  });

  it('never repeats a level, and no level starts with a box on a goal or needs fewer than two pushes a box', () => {
    const levels = [...generateLevels({ ...SMALL, width: 7, height: 6 }, 6)];
    expect(new Set(levels.map((level) => canonicalBoard(level.board).key)).size).toBe(levels.length);
    for (const level of levels) {
      expect(formatBoard(level.board, 'xsb')).not.toMatch(/\*/);
      expect(level.pushes).toBeGreaterThanOrEqual(2 * SMALL.boxes);
      expect(level.board.width).toBeLessThanOrEqual(7);
      expect(level.board.height).toBeLessThanOrEqual(6);
    }
  });

  it('refuses a rectangle too small for the boxes', () => {
    expect(generateSizeProblem(5, 5, 4)).toMatch(/4 boxes need at least 10 squares/);
    expect(generateSizeProblem(6, 6, 2)).toBeNull();
  });

  it('refuses a rectangle larger than the reader takes, before making anything', () => {
    expect(generateSizeProblem(300, 300, 1)).toMatch(/at most 65536 squares are read/);
    expect(generateSizeProblem(100_000, 100_000, 1)).toMatch(/at most 65536 squares are read/);
  });

  it('refuses a rectangle above 10,000 squares, whose candidates would take many minutes each (issue 46)', () => {
    expect(generateSizeProblem(256, 256, 1)).toMatch(/^a 256 by 256 rectangle is too large to generate in: at most 10000 squares/);
    expect(generateSizeProblem(101, 100, 3)).toMatch(/too large to generate in/);
    expect(generateSizeProblem(100, 100, 3)).toBeNull();
    expect(generateSizeProblem(4, 2500, 1)).toBeNull();
  });

  it('makes trimmed, closed levels: no decoration walls or boxes, no floor square walled on three sides', () => {
    for (const level of generateLevels({ ...SMALL, width: 10, height: 9, boxes: 3, seed: 3 }, 4)) {
      const facts = levelFacts(level.board, 'all-goals');
      expect([facts.decorationWalls, facts.decorationBoxes]).toEqual([0, 0]);
      const { width, squares } = level.board;
      const area = playingArea(level.board);
      squares.forEach((flags, square) => {
        // Outside the walls is nothing, not floor.
        if (area[square] !== 1) return;
        const walls = [-width, width, -1, 1].filter((offset) => (squares[square + offset] & WALL) !== 0).length;
        // A dead end may hold what the level needs there: a goal, a box or the player's start.
        if (walls >= 3) expect((flags & (GOAL | BOX)) !== 0 || square === level.board.player).toBe(true);
      });
    }
  });

  it('drops levels shorter than --min-moves or --min-pushes', () => {
    const levels = [...generateLevels({ ...SMALL, width: 8, height: 8, boxes: 2, minMoves: 30, minPushes: 8 }, 3)];
    expect(levels).toHaveLength(3);
    for (const level of levels) {
      expect(level.moves).toBeGreaterThanOrEqual(30);
      expect(level.pushes).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives as difficulty every position the optimal proof handled: its expansions and its perimeter table', () => {
    for (const level of generateLevels({ ...SMALL, width: 10, height: 9, boxes: 3, seed: 5 }, 2)) {
      const proof = solve(level.board, { rule: 'all-goals', optimal: 'moves', maxNodes: SMALL.maxNodes, timeLimitMs: 2 ** 31 - 1 });
      expect(level.nodes).toBe(proof.nodes + proof.tableNodes);
    }
  });
});
