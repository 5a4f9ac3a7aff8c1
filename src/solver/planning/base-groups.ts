import { BoxMoves } from '../geometry/box-moves.js';
import type { Problem } from '../model/problem.js';

/**
 * The main group of free bases in a position of the backward search with bases (base-search.ts):
 * bases (start squares of the boxes) that a lone box could be pushed between both ways, the
 * position's boxes standing as walls, largest such groups taken together. After Festival's strategy
 * A (bench/festival-strategies.md): a box may leave the board only on a base of this group, and only
 * while the player reaches every base of it. Where the boxes still wall the bases off (the goal
 * area between them and the player, say), no box leaves yet and the search first pulls boxes off
 * the goals; read forwards, the plan then fills waiting squares first and goals after, instead of
 * starting with a goal reached through boxes that the relaxed search had already taken away.
 */
export class BaseGroups {
  /** 1 for each base in the main group of the position last given to mark(). */
  readonly inGroup: Uint8Array;

  private readonly moves: BoxMoves;
  private readonly noDeadCells: Uint8Array;
  /** reaches[i * bases + j]: a lone box on free base i can be pushed to base j. */
  private readonly reaches: Uint8Array;
  private readonly free: Int32Array;
  private readonly groupOf: Int32Array;
  private readonly groupSize: Int32Array;
  private readonly anySide = (): boolean => true;

  constructor(
    private readonly problem: Problem,
    /** Per cell, the index of the base on it, or -1. */
    private readonly baseOfCell: Int32Array,
  ) {
    const bases = problem.initialBoxes.length;
    this.moves = new BoxMoves(problem);
    this.noDeadCells = new Uint8Array(problem.cellCount);
    this.inGroup = new Uint8Array(bases);
    this.reaches = new Uint8Array(bases * bases);
    this.free = new Int32Array(bases);
    this.groupOf = new Int32Array(bases);
    this.groupSize = new Int32Array(bases);
  }

  /**
   * Marks in inGroup the main group among the bases left (`baseLeft`) that no box covers in `boxAt`
   * (left as it was). Returns the number of bases marked.
   */
  mark(boxAt: Uint8Array, baseLeft: Uint8Array): number {
    const { problem, moves, reaches, free, groupOf, groupSize, inGroup, baseOfCell } = this;
    const bases = baseLeft.length;
    let freeCount = 0;
    for (let b = 0; b < bases; b++) if (baseLeft[b] !== 0 && boxAt[problem.initialBoxes[b]] === 0) free[freeCount++] = b;
    for (let i = 0; i < freeCount; i++) {
      const from = free[i];
      const row = from * bases;
      reaches.fill(0, row, row + bases);
      reaches[row + from] = 1;
      const cell = problem.initialBoxes[from];
      boxAt[cell] = 1;
      const found = moves.search(cell, boxAt, this.noDeadCells, this.anySide);
      boxAt[cell] = 0;
      for (let k = 0; k < found; k++) {
        const reached = baseOfCell[moves.states[k] >> 2];
        if (reached >= 0) reaches[row + reached] = 1;
      }
    }
    // Groups formed greedily, as Festival does: each base joins the group of the first earlier
    // base that starts a group and that it reaches both ways (mutual reach is nearly always
    // transitive between free squares, not quite: the player's side on arrival can differ).
    let largest = 0;
    for (let i = 0; i < freeCount; i++) {
      groupOf[i] = i;
      groupSize[i] = 1;
      for (let j = 0; j < i; j++) {
        if (groupOf[j] !== j) continue;
        if (reaches[free[i] * bases + free[j]] !== 0 && reaches[free[j] * bases + free[i]] !== 0) {
          groupOf[i] = j;
          groupSize[i] = 0;
          groupSize[j]++;
          break;
        }
      }
    }
    for (let i = 0; i < freeCount; i++) if (groupSize[i] > largest) largest = groupSize[i];
    inGroup.fill(0);
    let marked = 0;
    for (let i = 0; i < freeCount; i++) {
      if (groupSize[groupOf[i]] !== largest) continue;
      inGroup[free[i]] = 1;
      marked++;
    }
    return marked;
  }
}
