import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parse.js';
import { analyzeLevel } from '../../src/solver/planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from '../../src/solver/planning/fixed-home-boxes.js';
import { MOVE_PERIMETER } from '../../src/solver/portfolio/optimal-plan.js';
import { solve } from '../../src/solver/solve.js';

// A level whose move-optimal proof runs past MOVE_PERIMETER.afterExpanded, so the search builds
// the move perimeter: its positions are work the node figure and --max-nodes must count.
const LEVEL = parseLevel(
  ['############', '####@  #####', '####$#$#####', '####   #####', '####   #####', '#  .    .# #', '# $    $ $ #', '## .  .    #', '######.    #', '############'].join('\n'),
);

describe('the perimeters as work of the optimal search', () => {
  const problem = problemWithFixedHomeBoxesAsWalls(LEVEL.board, 'all-goals');
  const perimeter = analyzeLevel(problem).movePerimeter();

  it('counts the positions of the move perimeter it built as table nodes, beside its expansions', () => {
    expect(perimeter).not.toBeNull();
    // Repeatable: the perimeter is sized by its positions, not cut short by the clock on a busy machine.
    const result = solve(LEVEL, { optimal: 'moves', rule: 'all-goals', repeatable: true });
    expect(result.status).toBe('solved');
    expect(result.nodes).toBeGreaterThanOrEqual(MOVE_PERIMETER.afterExpanded);
    expect(result.tableNodes).toBe(perimeter?.size);
  });

  it('keeps the perimeter and the search together within --max-nodes', () => {
    const maxNodes = MOVE_PERIMETER.afterExpanded + 2_000;
    expect(perimeter?.size ?? 0).toBeGreaterThan(2 * maxNodes);
    const result = solve(LEVEL, { optimal: 'moves', rule: 'all-goals', maxNodes });
    expect(result.status).toBe('timeout');
    expect(result.limit).toBe('nodes');
    // The perimeter stops at what is left of the limit, give or take the positions of one entry.
    expect(result.tableNodes).toBeGreaterThan(0);
    expect(result.nodes + result.tableNodes).toBeLessThanOrEqual(maxNodes + 64);
    expect(analyzeLevel(problem, () => {}, { perimeterMaxPositions: 2_000 }).movePerimeter()?.size ?? 0).toBeLessThanOrEqual(2_000 + 64);
  });
});
