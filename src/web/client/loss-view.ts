import type { GoalRule } from '../../game/goal-rule.js';
import type { Board } from '../../level/board.js';
import { LossExplainer } from '../../solver/explain/loss-explainer.js';

/** What the page shows about a lost position: the boxes to mark, and why the position is lost. */
export interface LossView {
  /** Squares of boxes on dead squares or frozen off goals. */
  readonly deadBoxes: ReadonlySet<number>;
  /** The solver's reason the position is lost, as a clause ("the box at Fe stands on a dead square"), or null. */
  readonly reason: string | null;
}

const NOTHING_LOST: LossView = { deadBoxes: new Set(), reason: null };

/**
 * Boards larger than this are not watched: the level's analysis takes time quadratic in the board,
 * and the page would freeze on opening one (measured: about 0.2 s for the largest published levels
 * of some 2,100 squares, 1.3 s for a 64 by 64 room). Every level in the bundled collections fits.
 */
export const MAX_WATCHED_SQUARES = 2_500;

/**
 * The solver's own deadlock proofs (solver/explain), asked about each position the game reaches,
 * so a box is marked the moment it can no longer reach a goal. One explainer per level and rule:
 * the level's analysis is made once, on the first position asked about.
 */
export class LossWatch {
  private readonly explainer: LossExplainer | null;
  private lastBoard: Board | null = null;
  private lastView: LossView = NOTHING_LOST;

  constructor(start: Board, rule: GoalRule) {
    this.explainer = start.width * start.height > MAX_WATCHED_SQUARES ? null : new LossExplainer(start, rule);
  }

  viewOf(position: Board): LossView {
    // The page draws the same board many times (animation, messages): ask once per position.
    if (this.explainer === null) return NOTHING_LOST;
    if (position === this.lastBoard) return this.lastView;
    this.lastBoard = position;
    try {
      const reason = this.explainer.explain(position);
      this.lastView = { deadBoxes: new Set(this.explainer.deadOrFrozenBoxes(position)), reason: reason?.message ?? null };
    } catch (error) {
      // A position the level's analysis does not cover (the explainer refuses it) is shown unmarked.
      if (!(error instanceof RangeError)) throw error;
      this.lastView = NOTHING_LOST;
    }
    return this.lastView;
  }
}
