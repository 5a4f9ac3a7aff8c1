import { describe, expect, it } from 'vitest';
import { UNREACHABLE } from '../../../src/solver/geometry/push-distances.js';
import { BaseMatching } from '../../../src/solver/planning/base-matching.js';
import { seededRandom } from '../random-boards.js';

/**
 * A backward search asks about position after position; the matching starts from the pairs the
 * last position left whose box still stands there. Its answers must be those of a matching made
 * from nothing, whatever came before.
 */
const CELLS = 20;

describe('the matching of boxes to bases', () => {
  it('answers position after position as a matching from nothing does', () => {
    const random = seededRandom(52);
    let matched = 0;
    let unmatched = 0;
    for (let level = 0; level < 20; level++) {
      const bases = 3 + (level % 5);
      // Pulls from each cell to each base: some cells cannot reach some bases.
      const pulls = new Uint16Array(CELLS * bases);
      for (let k = 0; k < pulls.length; k++) pulls[k] = random() < 0.55 ? UNREACHABLE : 1 + Math.floor(random() * 9);
      const asked = new BaseMatching(pulls, bases);
      const boxes = Int32Array.from({ length: bases }, (_, i) => i);
      const baseLeft = new Uint8Array(bases);
      for (let step = 0; step < 150; step++) {
        // One or two boxes move to a free cell, as pulls would; now and then a base is taken away.
        for (let moves = 1 + Math.floor(random() * 2); moves > 0; moves--) {
          const cell = Math.floor(random() * CELLS);
          if (!boxes.includes(cell)) boxes[Math.floor(random() * bases)] = cell;
        }
        const left = random() < 0.5 ? null : baseLeft;
        let count = bases;
        if (left !== null) {
          baseLeft.fill(1);
          if (random() < 0.5) {
            baseLeft[Math.floor(random() * bases)] = 0;
            count = bases - 1;
          }
        }
        const answer = new BaseMatching(pulls, bases).matched(boxes, count, left);
        expect(asked.matched(boxes, count, left)).toBe(answer);
        if (answer) matched++;
        else unmatched++;
      }
    }
    expect(matched).toBeGreaterThan(300);
    expect(unmatched).toBeGreaterThan(300);
  });
});
