import { BoxMoves } from '../geometry/box-moves.js';
import { bitCount } from '../model/bit-count.js';
import { LoneBoxWays } from './lone-box-ways.js';
import type { Problem } from '../model/problem.js';

/** Above this many floor cells the pair tables (a byte and five bits per pair of cells) are not kept. */
const MAX_TABLE_CELLS = 3000;

/**
 * Hotspots (Shoham and Schaeffer's FESS): a box on cell Y is a hotspot for a box on cell X when,
 * with Y turned into a wall, a box on X reaches fewer goals than without it, Y's own cell aside
 * (a box on a goal takes that goal from every other box, which is no obstruction). The relation depends
 * on the two cells only, so it is a table over pairs of cells, filled in as pairs come up (most
 * pairs never do) and then read in constant time, a pair at a time or a word of cells at a time.
 *
 * The count of reachable goals lets the player stand on any free side of the box at the start:
 * the relation is about the level's shape, not about where the player happens to be.
 *
 * With `goalBoxesBlock` off (Festival's rule, read in its hotspot.cpp), a box on a goal is never a
 * hotspot: only boxes still to be moved count as in the way. That ranks moves that crowd other
 * boxes behind a packed goal as no worse than others, which is what some roads need.
 */
export class HotspotTable {
  /** 32-bit words in a set of cells (a row of the bit tables below). */
  readonly words: number;
  /**
   * The pairs found so far, as bits: blockers[x * words + (y >>> 5)] has bit y & 31 set when a
   * box on y cuts a box on x off a goal, and knownBlockers when that pair has been worked out.
   * blocked and knownBlocked hold the same pairs the other way round (row y, bit x). Rows of bits
   * let a position ask about all its boxes at once, a word of 32 cells at a time, where it asked
   * pair by pair, boxes times cells per position.
   */
  private readonly blockers: Uint32Array;
  private readonly knownBlockers: Uint32Array;
  private readonly blocked: Uint32Array;
  private readonly knownBlocked: Uint32Array;
  /** Goals a lone box on each cell reaches, -1 until first asked. */
  private readonly alone: Int32Array;
  /**
   * Per cell x, as a set of cells (words from x * words), the squares of one way of a lone box on x
   * to each goal it reaches (lone-box-ways.ts), valid once alone[x] is known: a box anywhere else
   * cuts it off no goal.
   */
  private readonly ways: Uint32Array;
  private readonly loneBoxWays: LoneBoxWays;
  /** reachedAlone[x * n + cell]: a lone box on x reaches cell (valid once alone[x] is known). */
  private readonly reachedAlone: Uint8Array;
  private readonly boxAt: Uint8Array;
  private readonly moves: BoxMoves;
  private readonly goalSeen: Uint32Array;
  private goalStamp = 0;
  /**
   * The blocker (-1 for none) of the board `moves` last walked, and its walkCount then: the next
   * search with the same blocker, of a box in the walked area, reads that walk (searchInLastWalk).
   * Pairs come up a blocker at a time (blockedAmong, firstBlocked), so most searches can.
   */
  private walkedBlocker = -2;
  private walkedStamp = -1;
  private readonly n: number;

  private constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly goalBoxesBlock: boolean,
  ) {
    const n = problem.cellCount;
    this.n = n;
    this.words = problem.words;
    this.blockers = new Uint32Array(n * this.words);
    this.knownBlockers = new Uint32Array(n * this.words);
    this.blocked = new Uint32Array(n * this.words);
    this.knownBlocked = new Uint32Array(n * this.words);
    this.alone = new Int32Array(n).fill(-1);
    this.ways = new Uint32Array(n * this.words);
    this.loneBoxWays = new LoneBoxWays(problem);
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
    const word = x * this.words + (y >>> 5);
    const bit = 1 << (y & 31);
    if ((this.knownBlockers[word] & bit) !== 0) return (this.blockers[word] & bit) !== 0;
    return this.learn(x, y);
  }

  /**
   * How many of the boxes on `cells` (a set of cells, problem.words words), leaving out the one
   * on `besides` (or none when -1), cut a box on `x` off a goal. `used` lists, in increasing
   * order, the first `usedCount` words of `cells` that are not 0 (or more words, or all of them):
   * a position's boxes fill a few words of a large level's, and every box and every cell a box
   * can move to is asked about them.
   */
  blockersAmong(x: number, cells: Uint32Array, besides: number, used: Int32Array, usedCount: number): number {
    const { words, blockers, knownBlockers } = this;
    const base = x * words;
    let count = 0;
    for (let i = 0; i < usedCount; i++) {
      const w = used[i];
      const wanted = w === besides >> 5 ? cells[w] & ~(1 << (besides & 31)) : cells[w];
      if (wanted === 0) continue;
      const unknown = wanted & ~knownBlockers[base + w];
      if (unknown !== 0) this.learnRow(x, w, unknown);
      count += bitCount(wanted & blockers[base + w]);
    }
    return count;
  }

  /** How many boxes on `cells`, leaving out the one on `besides` (or none when -1), a box on `y` cuts off a goal; `used` as for blockersAmong. */
  blockedAmong(y: number, cells: Uint32Array, besides: number, used: Int32Array, usedCount: number): number {
    const { words, blocked, knownBlocked } = this;
    const base = y * words;
    let count = 0;
    for (let i = 0; i < usedCount; i++) {
      const w = used[i];
      const wanted = w === besides >> 5 ? cells[w] & ~(1 << (besides & 31)) : cells[w];
      if (wanted === 0) continue;
      const unknown = wanted & ~knownBlocked[base + w];
      if (unknown !== 0) this.learnColumn(y, w, unknown);
      count += bitCount(wanted & blocked[base + w]);
    }
    return count;
  }

  /**
   * A box on `cells`, other than the one on `besides` (or any when -1), that a box on `y` cuts off
   * a goal, or -1 when there is none; `used` as for blockersAmong. The pairs known already answer
   * first; unknown ones are worked out only until one is hot.
   */
  firstBlocked(y: number, cells: Uint32Array, besides: number, used: Int32Array, usedCount: number): number {
    const { words, blocked, knownBlocked } = this;
    const base = y * words;
    const besidesWord = besides >> 5;
    const besidesBit = 1 << (besides & 31);
    for (let i = 0; i < usedCount; i++) {
      const w = used[i];
      const hot = (w === besidesWord ? cells[w] & ~besidesBit : cells[w]) & blocked[base + w];
      if (hot !== 0) return (w << 5) + 31 - Math.clz32(hot & -hot);
    }
    for (let i = 0; i < usedCount; i++) {
      const w = used[i];
      let unknown = (w === besidesWord ? cells[w] & ~besidesBit : cells[w]) & ~knownBlocked[base + w];
      while (unknown !== 0) {
        const low = unknown & -unknown;
        const x = (w << 5) + 31 - Math.clz32(low);
        if (this.learn(x, y)) return x;
        unknown ^= low;
      }
    }
    return -1;
  }

  /** Works out the pairs (x, cell) for the cells of word `w` whose bits are in `unknown`. */
  private learnRow(x: number, w: number, unknown: number): void {
    while (unknown !== 0) {
      const low = unknown & -unknown;
      this.learn(x, (w << 5) + 31 - Math.clz32(low));
      unknown ^= low;
    }
  }

  /** Works out the pairs (cell, y) for the cells of word `w` whose bits are in `unknown`. */
  private learnColumn(y: number, w: number, unknown: number): void {
    while (unknown !== 0) {
      const low = unknown & -unknown;
      this.learn((w << 5) + 31 - Math.clz32(low), y);
      unknown ^= low;
    }
  }

  /** Works out whether a box on `y` cuts a box on `x` off a goal, and records it both ways. */
  private learn(x: number, y: number): boolean {
    let hot = false;
    if (this.goalBoxesBlock || this.problem.goalIndexOfCell[y] < 0) {
      let alone = this.alone[x];
      if (alone < 0) alone = this.alone[x] = this.goalsReached(x, -1);
      // Off the lone box's ways to its goals, y leaves them all open (and is no goal it reaches): no search needed.
      if ((this.ways[x * this.words + (y >>> 5)] & (1 << (y & 31))) !== 0) {
        const spared = this.problem.goalIndexOfCell[y] >= 0 && this.reachedAlone[x * this.n + y] !== 0 ? 1 : 0;
        hot = this.goalsReached(x, y) < alone - spared;
      }
    }
    const { words } = this;
    const row = x * words + (y >>> 5);
    const column = y * words + (x >>> 5);
    this.knownBlockers[row] |= 1 << (y & 31);
    this.knownBlocked[column] |= 1 << (x & 31);
    if (hot) {
      this.blockers[row] |= 1 << (y & 31);
      this.blocked[column] |= 1 << (x & 31);
    }
    return hot;
  }

  private goalsReached(x: number, blocker: number): number {
    const { boxAt, moves, goalSeen } = this;
    const { goalIndexOfCell } = this.problem;
    if (this.dead[x] !== 0) return 0;
    boxAt[x] = 1;
    if (blocker >= 0) boxAt[blocker] = 1;
    let found: number;
    if (blocker === this.walkedBlocker && moves.walkCount === this.walkedStamp && moves.walked(x)) {
      found = moves.searchInLastWalk(x, boxAt, this.dead, anywhere);
    } else {
      const walks = moves.walkCount;
      found = moves.search(x, boxAt, this.dead, anywhere);
      // A search that finds no push from any side does not walk: the last walk is still the one recorded.
      if (moves.walkCount !== walks) {
        this.walkedBlocker = blocker;
        this.walkedStamp = moves.walkCount;
      }
    }
    boxAt[x] = 0;
    if (blocker >= 0) boxAt[blocker] = 0;
    else {
      for (let k = 0; k < found; k++) this.reachedAlone[x * this.n + (moves.states[k] >> 2)] = 1;
      this.loneBoxWays.mark(moves, found, x, this.ways, x * this.words);
    }
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
