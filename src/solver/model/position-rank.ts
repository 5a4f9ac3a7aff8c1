/**
 * Numbers every position of a fixed number of boxes and one keeper densely: the boxes' set of
 * squares by the combinatorial number system (sorted slots s0 < s1 < ... give the sum of
 * C(s_i, i + 1)), the keeper's square above that. A position then takes one number instead of a
 * bitset or a grid, which is what lets a search that keeps every keeper step (the CS161 A*) hold
 * hundreds of millions of them.
 *
 * Every rank stays below 2^48 (checked on construction), so it is an exact double and splits into a
 * 32-bit low word and a 16-bit high word.
 */

/** The largest rank space a PositionRank accepts: ranks split into 32 + 16 bits. */
export const MAX_RANK_SPACE = 2 ** 48;

const LOW_WORD = 2 ** 32;

export class PositionRank {
  /** How many positions there are: keeper slots times the box sets. */
  readonly size: number;
  /** C(boxSlots, boxCount): the number of box sets. */
  private readonly boxSets: number;
  /** binomial[n * (boxCount + 1) + k] = C(n, k), for n up to boxSlots and k up to boxCount. */
  private readonly binomial: Float64Array;
  private readonly columns: number;

  constructor(
    /** Squares a box can stand on, numbered 0 .. boxSlots - 1. */
    readonly boxSlots: number,
    readonly boxCount: number,
    /** Squares the keeper can stand on, numbered 0 .. keeperSlots - 1. */
    readonly keeperSlots: number,
  ) {
    if (boxCount > boxSlots) throw new RangeError(`PositionRank: ${boxCount} boxes do not fit on ${boxSlots} squares`);
    this.columns = boxCount + 1;
    this.binomial = new Float64Array((boxSlots + 1) * this.columns);
    for (let n = 0; n <= boxSlots; n++) {
      this.binomial[n * this.columns] = 1;
      for (let k = 1; k <= boxCount && k <= n; k++) {
        this.binomial[n * this.columns + k] = this.binomial[(n - 1) * this.columns + k - 1] + (k <= n - 1 ? this.binomial[(n - 1) * this.columns + k] : 0);
      }
    }
    this.boxSets = this.binomial[boxSlots * this.columns + boxCount];
    this.size = this.boxSets * keeperSlots;
    if (!(this.size <= MAX_RANK_SPACE)) throw new RangeError(`PositionRank: ${this.size} positions do not fit in 48 bits`);
  }

  /** True when the space of these counts fits in 48 bits (else the constructor throws). */
  static fits(boxSlots: number, boxCount: number, keeperSlots: number): boolean {
    if (boxCount > boxSlots) return false;
    // log2 C(n, k) summed term by term: no overflow on the way, and exact enough to decide.
    let bits = Math.log2(Math.max(1, keeperSlots));
    for (let i = 0; i < boxCount; i++) bits += Math.log2((boxSlots - i) / (i + 1));
    return bits < 47.9;
  }

  private choose(n: number, k: number): number {
    return k > n ? 0 : this.binomial[n * this.columns + k];
  }

  /** The rank of the keeper's slot and the boxes' slots, given in increasing order. */
  rank(keeper: number, sortedBoxes: ArrayLike<number>): number {
    return this.withKeeper(keeper, this.boxSetRank(sortedBoxes));
  }

  /** The rank of the boxes' set alone (slots in increasing order), below C(boxSlots, boxCount). */
  boxSetRank(sortedBoxes: ArrayLike<number>): number {
    let sets = 0;
    for (let i = 0; i < this.boxCount; i++) sets += this.choose(sortedBoxes[i], i + 1);
    return sets;
  }

  /** The rank of a position from its keeper's slot and its box set's rank. */
  withKeeper(keeper: number, boxSetRank: number): number {
    return keeper * this.boxSets + boxSetRank;
  }

  /** Writes the boxes' slots of a rank, in increasing order, into `sortedBoxes`; returns the keeper's slot. */
  unrank(rank: number, sortedBoxes: Int32Array): number {
    const keeper = Math.floor(rank / this.boxSets);
    let rest = rank - keeper * this.boxSets;
    let slot = this.boxSlots - 1;
    for (let i = this.boxCount - 1; i >= 0; i--) {
      // The largest slot whose term still fits; slots only go down from box to box.
      while (this.choose(slot, i + 1) > rest) slot--;
      sortedBoxes[i] = slot;
      rest -= this.choose(slot, i + 1);
      slot--;
    }
    return keeper;
  }
}

/** The low 32 bits of a rank below 2^48. */
export function rankLow(rank: number): number {
  return rank >>> 0;
}

/** The high 16 bits of a rank below 2^48. */
export function rankHigh(rank: number): number {
  return Math.floor(rank / LOW_WORD);
}

export function rankOf(high: number, low: number): number {
  return high * LOW_WORD + low;
}
