/**
 * The goals a lone box can be pushed to from each square when a set of fixed boxes are the only
 * obstacles (fixed-goal-matching.ts), remembered per fixed set and filled in as squares come up.
 * The fixed set only grows when a push fixes a box, so the positions a search meets share a few
 * sets, and their boxes mostly stand where other positions' did: the box searches repeat.
 * Bounded: once it holds MAX_SETS sets it starts over.
 */
export class FixedSetGoals {
  /** Words of goal bits per square. */
  readonly words: number;
  /** The goal bits of the selected set: square * words + k. */
  bits: Uint32Array = new Uint32Array(0);
  private known: Uint8Array = new Uint8Array(0);
  private readonly sets = new Map<number, FixedSetEntry>();

  constructor(
    private readonly cellCount: number,
    goalCount: number,
  ) {
    this.words = Math.max(1, Math.ceil(goalCount / 32));
  }

  /** Makes the set of the first `count` squares of `cells` (in square order) the one read and filled. */
  select(cells: Int32Array, count: number): void {
    let low = count;
    let high = count * 7;
    for (let i = 0; i < count; i++) {
      low = (Math.imul(low, 0x01000193) ^ (cells[i] + 1)) >>> 0;
      high = (Math.imul(high, 0x5bd1e995) + cells[i] + 1) >>> 0;
    }
    const key = low * 0x100000 + (high & 0xfffff);
    let entry = this.sets.get(key);
    if (entry === undefined || !sameCells(entry.cells, cells, count)) {
      if (entry === undefined && this.sets.size >= MAX_SETS) this.sets.clear();
      entry = { cells: cells.slice(0, count), bits: new Uint32Array(this.cellCount * this.words), known: new Uint8Array(this.cellCount) };
      this.sets.set(key, entry);
    }
    this.bits = entry.bits;
    this.known = entry.known;
  }

  /** Whether the goals of a box on `square` under the selected set are in `bits`. */
  has(square: number): boolean {
    return this.known[square] !== 0;
  }

  /** Records, under the selected set, that a box on `square` reaches `goal` (before `done`). */
  add(square: number, goal: number): void {
    this.bits[square * this.words + (goal >>> 5)] |= 1 << (goal & 31);
  }

  /** Marks the goals of `square` as all recorded. */
  done(square: number): void {
    this.known[square] = 1;
  }
}

/** Sets remembered at most: a few hundred kilobytes on the largest boards. */
const MAX_SETS = 64;

interface FixedSetEntry {
  readonly cells: Int32Array;
  readonly bits: Uint32Array;
  readonly known: Uint8Array;
}

function sameCells(kept: Int32Array, cells: Int32Array, count: number): boolean {
  if (kept.length !== count) return false;
  for (let i = 0; i < count; i++) if (kept[i] !== cells[i]) return false;
  return true;
}
