import type { PlayerReach } from '../geometry/reachability.js';
import type { Problem } from '../model/problem.js';

/**
 * Deadlock patterns learned during one level's search: small sets of box cells that a sub-search
 * proved can never be solved while the player is in a given area of the board holding only those
 * boxes. Any position that holds all the pattern's boxes, with the player inside that area, is
 * lost too: the other boxes only take room away, and with them the player's area can only
 * shrink. Matching costs a few array reads per pattern that holds the cell a box just moved to.
 */
export class LearnedDeadlocks {
  /** Patterns stored, and positions they caught: for measurement. */
  count = 0;
  hits = 0;

  private readonly words: number;
  /** Box cells of every pattern, back to back; pattern p's are boxes[boxStart[p] .. boxStart[p + 1]). */
  private boxes: Int32Array = new Int32Array(1024);
  private boxStart: Int32Array = new Int32Array(129);
  /** The player's area of each pattern as a bitset over cells, `words` words per pattern. */
  private areas: Uint32Array;
  /** Patterns holding each cell. */
  private readonly byCell: number[][];

  constructor(problem: Problem) {
    this.words = problem.words;
    this.areas = new Uint32Array(128 * problem.words);
    this.byCell = Array.from({ length: problem.cellCount }, () => []);
  }

  /** Stores the pattern `cells[0 .. size)`, lost while the player is anywhere `area` reached. */
  learn(cells: Int32Array, size: number, area: PlayerReach): void {
    const pattern = this.count;
    const start = this.boxStart[pattern];
    if (start + size > this.boxes.length) this.boxes = grow(this.boxes, (start + size) * 2);
    if (pattern + 2 > this.boxStart.length) this.boxStart = grow(this.boxStart, this.boxStart.length * 2);
    if ((pattern + 1) * this.words > this.areas.length) {
      const bigger = new Uint32Array(this.areas.length * 2);
      bigger.set(this.areas);
      this.areas = bigger;
    }
    for (let i = 0; i < size; i++) {
      this.boxes[start + i] = cells[i];
      this.byCell[cells[i]].push(pattern);
    }
    this.boxStart[pattern + 1] = start + size;
    const base = pattern * this.words;
    for (let cell = 0; cell < this.byCell.length; cell++) {
      if (area.reached(cell)) this.areas[base + (cell >>> 5)] |= 1 << (cell & 31);
    }
    this.count++;
  }

  /** True when a pattern holding `movedTo` is all in `boxAt` and the player's cell `player` is in its area. */
  matches(boxAt: Uint8Array, player: number, movedTo: number): boolean {
    const { boxes, boxStart, areas, words } = this;
    for (const pattern of this.byCell[movedTo]) {
      if ((areas[pattern * words + (player >>> 5)] & (1 << (player & 31))) === 0) continue;
      let all = true;
      for (let i = boxStart[pattern]; i < boxStart[pattern + 1] && all; i++) all = boxAt[boxes[i]] !== 0;
      if (all) {
        this.hits++;
        return true;
      }
    }
    return false;
  }
}

function grow(array: Int32Array, size: number): Int32Array {
  const bigger = new Int32Array(size);
  bigger.set(array);
  return bigger;
}
