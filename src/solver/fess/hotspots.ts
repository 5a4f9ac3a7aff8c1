import { BoxMoves } from '../geometry/box-moves.js';
import type { Problem } from '../model/problem.js';

/** Above this many floor cells the pair table (one byte per pair of cells) is not kept. */
const MAX_TABLE_CELLS = 3000;

const UNKNOWN = 0;
const COLD = 1;
const HOT = 2;

/**
 * Hotspots (Shoham and Schaeffer's FESS): a box on cell Y is a hotspot for a box on cell X when,
 * with Y turned into a wall, a box on X reaches fewer goals than without it, Y's own cell aside
 * (a box on a goal takes that goal from every other box, which is no obstruction). The relation depends
 * on the two cells only, so it is a table over pairs of cells, filled in as pairs come up (most
 * pairs never do) and then read in constant time.
 *
 * The count of reachable goals lets the player stand on any free side of the box at the start:
 * the relation is about the level's shape, not about where the player happens to be.
 *
 * With `goalBoxesBlock` off (Festival's rule, read in its hotspot.cpp), a box on a goal is never a
 * hotspot: only boxes still to be moved count as in the way. That ranks moves that crowd other
 * boxes behind a packed goal as no worse than others, which is what some roads need.
 */
export class HotspotTable {
  private readonly pair: Uint8Array;
  /** Goals a lone box on each cell reaches, -1 until first asked. */
  private readonly alone: Int32Array;
  /** reachedAlone[x * n + cell]: a lone box on x reaches cell (valid once alone[x] is known). */
  private readonly reachedAlone: Uint8Array;
  private readonly boxAt: Uint8Array;
  private readonly moves: BoxMoves;
  private readonly goalSeen: Uint32Array;
  private goalStamp = 0;
  private readonly n: number;

  private constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly goalBoxesBlock: boolean,
  ) {
    const n = problem.cellCount;
    this.n = n;
    this.pair = new Uint8Array(n * n);
    this.alone = new Int32Array(n).fill(-1);
    this.reachedAlone = new Uint8Array(n * n);
    this.boxAt = new Uint8Array(n);
    this.moves = new BoxMoves(problem);
    this.goalSeen = new Uint32Array(n);
  }

  /** The table of a level, or null when the level is too large to keep one; `goalBoxesBlock` off: boxes on goals are never hotspots. */
  static of(problem: Problem, dead: Uint8Array, goalBoxesBlock = true): HotspotTable | null {
    return problem.cellCount > MAX_TABLE_CELLS ? null : new HotspotTable(problem, dead, goalBoxesBlock);
  }

  /** Whether a box on `y` cuts a box on `x` off some goal it could reach alone. */
  isHot(x: number, y: number): boolean {
    const index = x * this.n + y;
    let entry = this.pair[index];
    if (entry === UNKNOWN) {
      if (!this.goalBoxesBlock && this.problem.goalIndexOfCell[y] >= 0) {
        this.pair[index] = COLD;
        return false;
      }
      let alone = this.alone[x];
      if (alone < 0) alone = this.alone[x] = this.goalsReached(x, -1);
      const spared = this.problem.goalIndexOfCell[y] >= 0 && this.reachedAlone[x * this.n + y] !== 0 ? 1 : 0;
      entry = this.goalsReached(x, y) < alone - spared ? HOT : COLD;
      this.pair[index] = entry;
    }
    return entry === HOT;
  }

  private goalsReached(x: number, blocker: number): number {
    const { boxAt, moves, goalSeen } = this;
    const { goalIndexOfCell } = this.problem;
    if (this.dead[x] !== 0) return 0;
    boxAt[x] = 1;
    if (blocker >= 0) boxAt[blocker] = 1;
    const found = moves.search(x, boxAt, this.dead, anywhere);
    boxAt[x] = 0;
    if (blocker >= 0) boxAt[blocker] = 0;
    else for (let k = 0; k < found; k++) this.reachedAlone[x * this.n + (moves.states[k] >> 2)] = 1;
    const stamp = ++this.goalStamp;
    let goals = 0;
    if (goalIndexOfCell[x] >= 0) {
      goalSeen[x] = stamp;
      goals++;
    }
    for (let k = 0; k < found; k++) {
      const cell = moves.states[k] >> 2;
      if (goalIndexOfCell[cell] < 0 || goalSeen[cell] === stamp) continue;
      goalSeen[cell] = stamp;
      goals++;
    }
    return goals;
  }
}

const anywhere = (): boolean => true;
