import { LoneBoxReach } from './lone-box-reach.js';
import { PlayerReach } from '../geometry/reachability.js';
import type { Problem } from '../model/problem.js';

/**
 * Festival's explorer rule, our way (FeatureSearchConfig.explorerRule 'undoable'): of the moves a
 * lone box could undo, pushed back on the empty level from where it ends to where it stood, that
 * leave no fewer plan steps done, the best-scoring one after which the player reaches a side of
 * another box, out of its reach before, from which that box can be pushed onto a square not dead.
 * A move that cannot be undone may close what it opens; one that can costs little to try.
 */
export class UndoableExplorer {
  private readonly loneBoxReach: LoneBoxReach;
  /** The walk over the position after a candidate's move. */
  private readonly walk: PlayerReach;
  /** The sides a walk looks for, four per box at most. */
  private readonly targets: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    this.loneBoxReach = new LoneBoxReach(problem);
    this.walk = new PlayerReach(problem);
    this.targets = new Int32Array(problem.initialBoxes.length * 4);
  }

  /**
   * The candidate chosen, or -1. The position: boxes in `boxAt` (left as it was), listed in
   * `boxList` (`boxCount`), its free squares' areas in `label` (the player's is `own`), `packed`
   * plan steps done. Candidate c moves the box on candidateFrom[c] to the state candidateTarget[c]
   * (cell * 4 + the side the player ends on), scores candidateKey[c] (larger better) and leaves
   * candidatePacked[c] steps done. Candidates are walked best score first until one opens.
   */
  choose(
    boxAt: Uint8Array,
    boxList: Int32Array,
    boxCount: number,
    label: ArrayLike<number>,
    own: number,
    packed: number,
    count: number,
    candidateFrom: Int32Array,
    candidateTarget: Int32Array,
    candidateKey: Float64Array,
    candidatePacked: Int32Array,
  ): number {
    const { neighbours } = this.problem;
    const { dead, loneBoxReach, walk, targets } = this;
    const walkBoxes = walk.boxAt;
    walkBoxes.set(boxAt);
    let lastKey = Number.POSITIVE_INFINITY;
    let lastChosen = -1;
    for (;;) {
      // The next best-scoring candidate that packs no fewer, below the one tried last (ties by candidate order).
      let best = -1;
      for (let c = 0; c < count; c++) {
        const key = candidateKey[c];
        if (key > lastKey || (key === lastKey && c <= lastChosen)) continue;
        if (best >= 0 && key <= candidateKey[best]) continue;
        if (candidatePacked[c] < packed) continue;
        best = c;
      }
      if (best < 0) return -1;
      lastKey = candidateKey[best];
      lastChosen = best;
      const from = candidateFrom[best];
      const to = candidateTarget[best] >> 2;
      if (!loneBoxReach.reaches(to, from)) continue;
      // The pushes of the other boxes from sides out of the player's reach now, after this move.
      let targetCount = 0;
      for (let i = 0; i < boxCount; i++) {
        const box = boxList[i];
        if (box === from) continue;
        for (let d = 0; d < 4; d++) {
          const side = neighbours[box * 4 + d];
          if (side < 0 || side === to || boxAt[side] !== 0 || label[side] === own) continue;
          const ahead = neighbours[box * 4 + (d ^ 1)];
          if (ahead < 0 || ahead === to || (boxAt[ahead] !== 0 && ahead !== from) || dead[ahead] !== 0) continue;
          targets[targetCount++] = side;
        }
      }
      if (targetCount === 0) continue;
      walkBoxes[from] = 0;
      walkBoxes[to] = 1;
      walk.flood(neighbours[candidateTarget[best]]);
      walkBoxes[from] = 1;
      walkBoxes[to] = 0;
      for (let t = 0; t < targetCount; t++) if (walk.reached(targets[t])) return best;
    }
  }
}
