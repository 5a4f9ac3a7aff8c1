import { INFEASIBLE, MatchingBound } from '../bounds/matching-bound.js';
import { hasOpenLineOfTwo } from '../geometry/open-line.js';
import { computePushDistancesTo } from '../geometry/push-distances.js';
import type { Problem } from '../model/problem.js';
import type { LevelAnalysis } from './analysis.js';
import { SquareMatching } from './square-matching.js';

/** Player areas beyond this many count as this many (as the search over features caps them). */
const MAX_AREAS = 15;
/** Boxes on the arrangement's squares, and hotspots, beyond this many count as this many. */
const MAX_COUNT = 63;
/** Matching distances beyond this count as this in a move's score. */
const MAX_DISTANCE = 0xffff;

/**
 * A place for every box that a forward search aims at instead of the goals: Festival's "imagined"
 * position of its hotspot-first strategies, the best position of a backward search that spread
 * the boxes out (spread-search.ts). Reaching it, or any position that backward search made,
 * solves the level: the pulls that made it, reversed, take it home.
 *
 * It scores a position's moves as Festival's forward score does in those strategies, larger
 * better, in this order:
 * 1. whether the boxes can still each be given a square of their own that pushes reach;
 * 2. fewer player areas;
 * 3. more boxes on the arrangement's squares;
 * 4. fewer hotspots by this rule: a box off the squares with a wall or a box beside it, and an
 *    empty square that no box could be pushed onto from any side (a wall on that side, or the
 *    square beyond it taken);
 * 5. a smaller matching distance to the squares (push distances, a minimum-cost matching).
 * Its one advisor is the best-scoring move that scores better than the position itself.
 */
export class Arrangement {
  /** The arrangement's squares, one per box, in cell order. */
  readonly squares: Int32Array;
  /** 1 on the arrangement's squares. */
  readonly onSquare: Uint8Array;
  private readonly problem: Problem;
  private readonly matching: MatchingBound;
  private readonly squareMatching: SquareMatching;
  /** The cells a move can change the hotspots of (see hotspotChange), with marks against listing one twice. */
  private readonly affected = new Int32Array(18);
  private readonly affectedMark: Uint32Array;
  private affectedEpoch = 0;
  /** Per cell, whether it is a hotspot in the position being scored, valid where hotBeforeEpoch is positionEpoch. */
  private readonly hotBefore: Uint8Array;
  private readonly hotBeforeEpoch: Uint32Array;
  private positionEpoch = 0;

  constructor(analysis: LevelAnalysis, squares: Int32Array) {
    const { problem } = analysis;
    this.problem = problem;
    this.squares = Int32Array.from(squares).sort();
    this.onSquare = new Uint8Array(problem.cellCount);
    this.affectedMark = new Uint32Array(problem.cellCount);
    this.hotBefore = new Uint8Array(problem.cellCount);
    this.hotBeforeEpoch = new Uint32Array(problem.cellCount);
    for (const square of this.squares) this.onSquare[square] = 1;
    const distances = computePushDistancesTo(problem, this.squares, analysis.regions, analysis.stopCheck);
    // Its children are scored, never expanded from here: no duals kept for them.
    this.matching = new MatchingBound(distances, this.squares.length, true, null, false);
    this.squareMatching = new SquareMatching(distances.distance, this.squares.length);
  }

  /** Boxes of the position `boxAt` standing on the arrangement's squares. */
  boxesOn(boxAt: Uint8Array): number {
    let on = 0;
    for (const square of this.squares) on += boxAt[square];
    return on;
  }

  /**
   * Scores the moves of a position (its boxes: the first `boxCount` of `boxList` and `boxAt`; its
   * player areas `areas`): the candidates are box `from[c]` to cell `targets[c] >> 2`, leaving
   * `areasAfter[c]` areas; their scores go to `scores`. Returns the advised candidate, or -1.
   * `boxList` and `boxAt` are left as they were.
   */
  scoreMoves(
    boxList: Int32Array,
    boxCount: number,
    boxAt: Uint8Array,
    areas: number,
    count: number,
    from: Int32Array,
    targets: Int32Array,
    areasAfter: Int32Array,
    scores: Float64Array,
  ): number {
    const { matching, onSquare } = this;
    const on = this.boxesOn(boxAt);
    matching.beginParent(boxList, boxCount, -1, -1);
    const hot = this.hotspots(boxAt, boxList, boxCount);
    this.positionEpoch++;
    const parentDistance = matching.evaluateParentFromLast();
    const own = arrangementScore(parentDistance, areas, on, Math.min(hot, MAX_COUNT));
    // Without a matching for the parent, its children are tested apart (square-matching.ts).
    const parentMatched = parentDistance < INFEASIBLE;
    if (!parentMatched) this.squareMatching.matchParent(boxList, boxCount);
    let index = -1;
    let lastFrom = -1;
    let advised = -1;
    for (let c = 0; c < count; c++) {
      const box = from[c];
      const target = targets[c] >> 2;
      if (box !== lastFrom) {
        lastFrom = box;
        index = boxList.indexOf(box);
      }
      let distance: number;
      if (parentMatched) {
        boxList[index] = target;
        distance = matching.evaluateChild(boxList, boxCount, index);
        boxList[index] = box;
      } else if (this.squareMatching.childMatchesAll(index, target)) {
        boxList[index] = target;
        distance = matching.evaluate(boxList, boxCount);
        boxList[index] = box;
      } else distance = INFEASIBLE;
      const hotspots = Math.max(0, Math.min(MAX_COUNT, hot + this.changeInPosition(boxAt, box, target)));
      const score = arrangementScore(distance, areasAfter[c], on - onSquare[box] + onSquare[target], hotspots);
      scores[c] = score;
      if (score > own && (advised < 0 || score > scores[advised])) advised = c;
    }
    return advised;
  }

  /** Hotspots of a position by the rule above (boxAt and the first `count` of boxList give its boxes), uncapped. */
  hotspots(boxAt: Uint8Array, boxList: Int32Array, count: number): number {
    let hot = 0;
    for (let i = 0; i < count; i++) hot += this.hotAt(boxList[i], boxAt);
    for (const square of this.squares) if (boxAt[square] === 0) hot += this.hotAt(square, boxAt);
    return hot;
  }

  /**
   * How many more hotspots the move of the box on `from` to `to` leaves (boxAt is left as it was).
   * A box's rule reads its four neighbours and a square's the squares two steps away in a straight
   * line, so only the two ends, their neighbours and the squares two steps from them can change.
   */
  hotspotChange(boxAt: Uint8Array, from: number, to: number): number {
    this.positionEpoch++;
    return this.changeInPosition(boxAt, from, to);
  }

  /** hotspotChange for a move of the position whose hotspots before any move are cached under positionEpoch. */
  private changeInPosition(boxAt: Uint8Array, from: number, to: number): number {
    const { neighbours } = this.problem;
    const { affected } = this;
    let size = 0;
    const epoch = ++this.affectedEpoch;
    for (let end = 0; end < 2; end++) {
      const at = end === 0 ? from : to;
      if (this.affectedMark[at] !== epoch) {
        this.affectedMark[at] = epoch;
        affected[size++] = at;
      }
      for (let d = 0; d < 4; d++) {
        const side = neighbours[at * 4 + d];
        if (side < 0) continue;
        if (this.affectedMark[side] !== epoch) {
          this.affectedMark[side] = epoch;
          affected[size++] = side;
        }
        const beyond = neighbours[side * 4 + d];
        if (beyond >= 0 && this.affectedMark[beyond] !== epoch) {
          this.affectedMark[beyond] = epoch;
          affected[size++] = beyond;
        }
      }
    }
    let change = 0;
    // What a cell is before the move is the same for every move of the position: worked out once.
    const { hotBefore, hotBeforeEpoch, positionEpoch } = this;
    for (let k = 0; k < size; k++) {
      const at = affected[k];
      if (hotBeforeEpoch[at] !== positionEpoch) {
        hotBeforeEpoch[at] = positionEpoch;
        hotBefore[at] = this.hotAt(at, boxAt);
      }
      change -= hotBefore[at];
    }
    boxAt[from] = 0;
    boxAt[to] = 1;
    for (let k = 0; k < size; k++) change += this.hotAt(affected[k], boxAt);
    boxAt[to] = 0;
    boxAt[from] = 1;
    return change;
  }

  /** 1 when `cell` is a hotspot of the position `boxAt`: a box off the squares with a wall or box beside it, or an empty square no box can be pushed onto. */
  private hotAt(cell: number, boxAt: Uint8Array): number {
    if (boxAt[cell] !== 0) {
      if (this.onSquare[cell] !== 0) return 0;
      const { neighbours } = this.problem;
      for (let d = 0; d < 4; d++) {
        const side = neighbours[cell * 4 + d];
        if (side < 0 || boxAt[side] !== 0) return 1;
      }
      return 0;
    }
    return this.onSquare[cell] !== 0 && !hasOpenLineOfTwo(this.problem.neighbours, cell, boxAt) ? 1 : 0;
  }
}

/** A score in the order of Arrangement's list, larger better; within the move queues' 40 bits. */
export function arrangementScore(distance: number, areas: number, on: number, hotspots: number): number {
  const matched = distance < INFEASIBLE ? 1 : 0;
  const leading = ((matched * (MAX_AREAS + 1) + (MAX_AREAS - Math.min(areas, MAX_AREAS))) * (MAX_COUNT + 1) + Math.min(on, MAX_COUNT)) * (MAX_COUNT + 1) + (MAX_COUNT - hotspots);
  return leading * (MAX_DISTANCE + 1) + (MAX_DISTANCE - Math.min(distance, MAX_DISTANCE));
}
