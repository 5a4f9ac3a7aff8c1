import { BOX, type Board } from '../../level/board.js';
import type { GoalRule } from '../../game/goal-rule.js';
import { INFEASIBLE, MatchingBound } from '../bounds/matching-bound.js';
import { type CorralDeadlocks, OPENING_ONLY_CORRAL_LIMITS } from '../deadlocks/corral-deadlocks.js';
import type { FreezeDeadlocks } from '../deadlocks/freeze-deadlocks.js';
import { detectorsFor } from '../deadlocks/registry.js';
import type { RetrogradeDeadlocks } from '../deadlocks/retrograde-deadlock.js';
import { PlayerReach } from '../geometry/reachability.js';
import { buildProblem, type Problem } from '../model/problem.js';
import { AnalysisStopped, analyzeLevel, stopWhen } from '../planning/analysis.js';
import { LossSearchStopped } from './loss-search-stopped.js';
import { type LostReason, NO_MATCHING_REASON, corralReason, deadSquareReason, frozenReason, hopelessReason, unfillableGoalReason } from './lost-reason.js';

/** The solver's tables and detectors for one level, made once and asked about many positions. */
interface LevelProofs {
  readonly dead: Uint8Array;
  readonly freeze: FreezeDeadlocks | null;
  readonly corrals: CorralDeadlocks | null;
  readonly retrograde: RetrogradeDeadlocks | null;
  readonly bound: MatchingBound;
}

/**
 * Says why a position of a level is lost, by what the solver proves cheaply with its own tables
 * and detectors: the dead cells of the level's analysis, the freeze, corral and retrograde
 * deadlock tests as the feature search uses them (registry.ts decides which apply), and the
 * matching bound coming out infeasible. Each is a proof, so a reason is never wrong; a position
 * with no reason may still be lost in ways only a search finds.
 *
 * Built once per level (the analysis is the costly part), then asked about any number of
 * positions of that level: the level's start board fixes which squares the player and the boxes
 * can ever use, and every position reached by playing it keeps to them.
 */
export class LossExplainer {
  readonly problem: Problem;
  private proofs: LevelProofs | undefined;
  /** The position being looked at, in the solver's cells. */
  private readonly boxAt: Uint8Array;
  private readonly boxCells: Int32Array;
  private boxCount = 0;
  private readonly reach: PlayerReach;
  private readonly corralMark: Uint8Array;

  /**
   * `start` is the level's board: walls, goals and the boxes the player can ever reach. Once
   * `timeIsUp` says so, the level's analysis (quadratic in the board) stops and `explain` throws
   * LossSearchStopped; by default it never does.
   */
  constructor(
    private readonly start: Board,
    rule: GoalRule,
    private readonly timeIsUp: () => boolean = () => false,
  ) {
    this.problem = buildProblem(start, rule);
    this.boxAt = new Uint8Array(this.problem.cellCount);
    this.boxCells = new Int32Array(this.problem.initialBoxes.length);
    this.reach = new PlayerReach(this.problem);
    this.corralMark = new Uint8Array(this.problem.cellCount);
  }

  /**
   * Why `position` (a board of this level: same walls and goals, as many boxes) is lost, or
   * undefined when none of the cheap proofs applies. Throws RangeError for a board of another
   * level, and LossSearchStopped when the time was up before the level was analysed.
   */
  explain(position: Board): LostReason | undefined {
    if (this.problem.hopelessBecause !== null) return hopelessReason(this.problem.hopelessBecause);
    this.load(position);
    const { dead, freeze, corrals, retrograde, bound } = this.levelProofs();
    const onDead = this.boxSquaresWhere((cell) => dead[cell] !== 0);
    if (onDead.length > 0) return deadSquareReason(position, onDead);
    if (freeze !== null) {
      const frozen = this.boxSquaresWhere((cell) => freeze.isDeadlock(cell));
      if (frozen.length > 0) {
        const offGoal = this.boxSquaresWhere((cell) => freeze.isDeadlock(cell) && this.problem.goalIndexOfCell[cell] < 0);
        return frozenReason(position, frozen, offGoal);
      }
    }
    if (bound.evaluate(this.boxCells, this.boxCount) === INFEASIBLE) return NO_MATCHING_REASON;
    if (retrograde?.isDeadlock(this.boxAt)) {
      const { squareOfCell } = this.problem;
      if (retrograde.lastFixedOffGoal >= 0) {
        const box = squareOfCell[retrograde.lastFixedOffGoal];
        return frozenReason(position, [box], [box]);
      }
      return unfillableGoalReason(position, squareOfCell[retrograde.lastUnfillableGoal]);
    }
    if (corrals !== null) {
      const corral = this.lostCorral(corrals);
      if (corral !== undefined) return corralReason(position, corral);
    }
    return undefined;
  }

  /**
   * The boxes of `position` that can never reach a goal: those on dead squares and those frozen
   * (held for ever by walls, dead squares and each other) in a group with a box off a goal. Board
   * squares in increasing order; empty when spare boxes may rest anywhere.
   */
  deadOrFrozenBoxes(position: Board): number[] {
    if (this.problem.hopelessBecause !== null) return [];
    this.load(position);
    const { dead, freeze } = this.levelProofs();
    return this.boxSquaresWhere((cell) => dead[cell] !== 0 || freeze?.isDeadlock(cell) === true);
  }

  private levelProofs(): LevelProofs {
    if (this.proofs === undefined) {
      const { problem } = this;
      let analysis;
      try {
        analysis = analyzeLevel(problem, stopWhen(this.timeIsUp));
      } catch (error) {
        if (error instanceof AnalysisStopped) throw new LossSearchStopped();
        throw error;
      }
      const { dead, distances } = analysis;
      // Corrals only as far as their fences can never open them: that is what the reason says
      // (the second search's corrals can be opened, their boxes just never all come home).
      const context = { problem, dead, distances, boxAt: this.boxAt, backward: false, exactPlayer: false, corralLimits: OPENING_ONLY_CORRAL_LIMITS };
      const detectors = detectorsFor('feature-search', context, { corralPruning: false });
      this.proofs = {
        dead,
        freeze: detectors.freezeDeadlocks,
        corrals: detectors.corralDeadlocks,
        retrograde: detectors.retrogradeDeadlocks,
        bound: new MatchingBound(distances, problem.initialBoxes.length, problem.everyBoxNeedsGoal),
      };
    }
    return this.proofs;
  }

  /** Puts the boxes and the player of `position` into the solver's cells. */
  private load(position: Board): void {
    const { problem, boxAt, boxCells, start } = this;
    if (position.width !== start.width || position.height !== start.height) {
      throw new RangeError(`the position is ${position.width} by ${position.height} squares, the level ${start.width} by ${start.height}`);
    }
    const player = problem.cellOfSquare[position.player];
    if (player < 0) throw new RangeError('the player stands where the level never lets it go');
    boxAt.fill(0);
    let count = 0;
    for (let square = 0; square < position.squares.length; square++) {
      if ((position.squares[square] & BOX) === 0) continue;
      const cell = problem.cellOfSquare[square];
      // Boxes outside the player's area never move: the problem counts them as walls.
      if (cell < 0) continue;
      if (count === boxCells.length) throw new RangeError(`the position has more movable boxes than the level's ${boxCells.length}`);
      boxAt[cell] = 1;
      boxCells[count++] = cell;
    }
    if (count !== boxCells.length) throw new RangeError(`the position has ${count} movable boxes, the level ${boxCells.length}`);
    this.boxCount = count;
    this.reach.boxAt.set(boxAt);
    this.reach.flood(player);
  }

  /** Board squares of the loaded boxes whose cell passes `test`, in increasing order. */
  private boxSquaresWhere(test: (cell: number) => boolean): number[] {
    const squares: number[] = [];
    for (let i = 0; i < this.boxCount; i++) {
      const cell = this.boxCells[i];
      if (test(cell)) squares.push(this.problem.squareOfCell[cell]);
    }
    return squares;
  }

  /**
   * The squares of the first corral (an area the player cannot reach) that the corral detector
   * proves can never be opened, or undefined. Each corral is handed to the detector by one of its
   * cells: the detector examines the corral holding a cell it is given, and no other.
   */
  private lostCorral(corrals: CorralDeadlocks): number[] | undefined {
    const { problem, boxAt, reach, corralMark } = this;
    const { neighbours, squareOfCell } = problem;
    corralMark.fill(0);
    for (let start = 0; start < problem.cellCount; start++) {
      if (corralMark[start] !== 0 || boxAt[start] !== 0 || reach.reached(start)) continue;
      const cells = [start];
      corralMark[start] = 1;
      for (let i = 0; i < cells.length; i++) {
        for (let d = 0; d < 4; d++) {
          const next = neighbours[cells[i] * 4 + d];
          if (next < 0 || corralMark[next] !== 0 || boxAt[next] !== 0 || reach.reached(next)) continue;
          corralMark[next] = 1;
          cells.push(next);
        }
      }
      if (corrals.isDeadlockAfterWalk(boxAt, reach, start, start)) {
        return cells.map((cell) => squareOfCell[cell]).sort((a, b) => a - b);
      }
    }
    return undefined;
  }
}

/** Why `position` of the level whose start board is `start` is provably lost, or undefined; for one-off questions. */
export function explainLoss(start: Board, rule: GoalRule, position: Board = start): LostReason | undefined {
  return new LossExplainer(start, rule).explain(position);
}

/** The boxes of `position` on dead squares or frozen off goals (see LossExplainer.deadOrFrozenBoxes); for one-off questions. */
export function deadOrFrozenBoxes(start: Board, rule: GoalRule, position: Board = start): number[] {
  return new LossExplainer(start, rule).deadOrFrozenBoxes(position);
}
