import { describe, expect, it } from 'vitest';
import { canonicalLevel, transformMoves } from '../../src/game/canonical-level.js';
import { replay } from '../../src/game/replay.js';
import { parseLevel } from '../../src/level/parse.js';
import { SYMMETRIES } from '../../src/level/symmetry.js';

describe('a level in canonical form', () => {
  it('keeps its metadata, and its stored solution still solves it', () => {
    const level = parseLevel('; Bend\n#######\n#    @#\n# $####\n# .#\n####\nAuthor: Someone\nSolution: lllD\n');
    expect(replay(level.board, level.solutions[0], { rule: 'all-goals', strictCase: true }).solved).toBe(true);
    const canonical = canonicalLevel(level);
    expect(canonical.title).toBe('Bend');
    expect(canonical.author).toBe('Someone');
    expect(canonical.solutions).toHaveLength(1);
    expect(replay(canonical.board, canonical.solutions[0], { rule: 'all-goals', strictCase: true }).solved).toBe(true);
  });

  it('turns moves with the board: a quarter turn and back is the identity, pushes stay pushes', () => {
    const transpose = SYMMETRIES.find((s) => s.transpose && !s.flipRows && !s.flipCols);
    expect(transpose).toBeDefined();
    if (transpose === undefined) return;
    expect(transformMoves('uDlR', transpose)).toBe('lRuD');
    expect(transformMoves(transformMoves('uDlR', transpose), transpose)).toBe('uDlR');
  });
});
