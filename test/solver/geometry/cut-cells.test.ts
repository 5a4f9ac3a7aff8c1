import { describe, expect, it } from 'vitest';
import { CutCells } from '../../../src/solver/geometry/cut-cells.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { RegionLabels } from '../../../src/solver/geometry/regions.js';
import { board } from '../helpers.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

describe('cut cells', () => {
  it('a box in a doorway splits the level in two; one in open floor does not', () => {
    const problem = buildProblem(board('#######', '#@    #', '###.###', '#     #', '#######'), 'all-goals');
    const boxAt = new Uint8Array(problem.cellCount);
    const cuts = new CutCells(problem);
    cuts.analyze(boxAt);
    const door = problem.cellOfSquare[2 * problem.width + 3];
    expect(cuts.areasWithBoxOn(door)).toBe(2);
    expect(cuts.areasWithBoxOn(problem.initialPlayer)).toBe(1);
  });

  it('numbers the areas of a position and marks the cells that split theirs', () => {
    // A box closes the right room off; in the left one the corridor's cells split it, the open corner does not.
    const problem = buildProblem(board('##########', '#@    #  #', '####  $ .#', '##########'), 'all-goals');
    const boxAt = new Uint8Array(problem.cellCount);
    for (const cell of problem.initialBoxes) boxAt[cell] = 1;
    const cuts = new CutCells(problem);
    cuts.analyze(boxAt);
    const cellAt = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
    expect(cuts.areas).toBe(2);
    expect(cuts.areaOf[cellAt(1, 1)]).toBe(cuts.areaOf[cellAt(2, 5)]);
    expect(cuts.areaOf[cellAt(1, 7)]).not.toBe(cuts.areaOf[cellAt(1, 1)]);
    expect(cuts.splits[cellAt(1, 3)]).toBe(1);
    expect(cuts.splits[cellAt(1, 1)]).toBe(0);
    expect(cuts.splits[cellAt(2, 5)]).toBe(0);
  });

  it('on random boards agrees with counting the areas after putting a box on each free cell', () => {
    const random = seededRandom(83);
    let checked = 0;
    for (let tried = 0; tried < 200; tried++) {
      const start = randomBoard(random, { boxes: 1 + Math.floor(random() * 4), goals: 1 });
      if (start === null) continue;
      const problem = buildProblem(start, 'all-goals');
      const boxAt = new Uint8Array(problem.cellCount);
      for (const cell of problem.initialBoxes) boxAt[cell] = 1;
      const cuts = new CutCells(problem);
      cuts.analyze(boxAt);
      const regions = new RegionLabels(problem);
      for (let cell = 0; cell < problem.cellCount; cell++) {
        if (boxAt[cell] !== 0) continue;
        boxAt[cell] = 1;
        const areas = regions.count(boxAt);
        boxAt[cell] = 0;
        expect(cuts.areasWithBoxOn(cell), drawBoard(start)).toBe(areas);
        // It splits its area exactly when the areas grow; and two cells share an area number when they share an area now.
        expect(cuts.splits[cell] === 1, drawBoard(start)).toBe(areas > cuts.areas);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
