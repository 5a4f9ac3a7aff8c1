import { describe, expect, it } from 'vitest';
import * as sokoban from '../../src/index.js';

describe('the library entry point for level authors', () => {
  it('trims, compares canonical forms and reads the facts of a level', () => {
    const plain = sokoban.parseLevel('#####\n#@$.#\n#####\n').board;
    const decorated = sokoban.parseLevel('#######\n#.$@###\n#####*#\n    ###\n').board;
    expect(sokoban.trimBoard(decorated).droppedBoxes).toBe(1);
    expect(sokoban.canonicalBoard(decorated).key).toBe(sokoban.canonicalBoard(plain).key);
    expect(sokoban.levelFacts(plain, 'all-goals')).toMatchObject({ boxes: 1, goals: 1, reachable: 3, immovableBoxes: [] });
  });

  it('generates a level whose solution replays to a win', () => {
    const [level] = [...sokoban.generateLevels({ width: 6, height: 6, boxes: 1, seed: 3, metric: 'moves', maxNodes: 10_000 }, 1)];
    expect(sokoban.replay(level.board, level.solution, { rule: 'all-goals' }).solved).toBe(true);
  });
});
