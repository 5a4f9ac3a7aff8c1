import { rankHigh, rankLow, rankOf } from '../model/position-rank.js';

/**
 * The states a move-by-move search has generated, each kept as its PositionRank (6 bytes), its
 * depth (2 bytes) and an open-list link (4 bytes), in typed arrays indexed by node number, plus an
 * open-addressing index over a hash of the rank. That is 12 bytes a node and 5 to 11 bytes of
 * index, against the hundreds a grid or a string takes.
 *
 * The hash is a mix of the rank's two words rather than a Zobrist hash of the boxes: the search
 * computes the rank of every successor anyway, and the index, which holds no hashes, recomputes
 * each one when it doubles; from a Zobrist key that meant unranking every node, 13% of the time.
 *
 * The node arrays are allocated once at their full capacity: the system hands out zeroed pages
 * only when they are first written, so unused capacity costs address space, not memory.
 */

/** Depth of a node that a shorter path to the same state replaced. */
export const SUPERSEDED = 0xffff;
/** Depth of a state the heuristic called lost: kept so it is not judged again, never expanded. */
export const LOST = 0xfffe;
/** The deepest depth a node can hold. */
export const MAX_DEPTH = 0xfffd;

/**
 * Mixes both words of a rank into all 32 bits (multiply-xorshift, as in common integer hash
 * finalizers): ranks of neighbouring states differ in few low bits, and the index takes low bits.
 */
function slotHash(low: number, high: number): number {
  let hash = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

const BYTES_PER_NODE = 4 + 2 + 2 + 4;
const BYTES_PER_SLOT = 4;

export class RankTable {
  readonly capacity: number;
  count = 0;
  readonly rankLow: Uint32Array;
  readonly rankHigh: Uint16Array;
  /** Moves from the start, or SUPERSEDED / LOST. */
  readonly depth: Uint16Array;
  /** Next node in the same open-list bucket, -1 at the end. */
  readonly next: Int32Array;
  /** node + 1 per slot, 0 when empty; at most three quarters full. */
  private slots: Int32Array;
  private slotMask: number;

  /**
   * @param maxBytes what the table may hold at most (nodes and index); `add` answers -1 past it.
   * @param initialSlots the index's first size, a power of two.
   */
  constructor(
    readonly maxBytes: number,
    initialSlots = 1 << 16,
  ) {
    // An upper bound on the nodes: `append` also stops when doubling the index would pass maxBytes.
    this.capacity = Math.max(1, Math.min(0x7ffffffe, Math.floor(maxBytes / (BYTES_PER_NODE + BYTES_PER_SLOT))));
    this.rankLow = new Uint32Array(this.capacity);
    this.rankHigh = new Uint16Array(this.capacity);
    this.depth = new Uint16Array(this.capacity);
    this.next = new Int32Array(this.capacity);
    // A small limit gets a small first index, so that the index alone does not pass it.
    let slots = initialSlots;
    while (slots > 8 && slots * BYTES_PER_SLOT * 4 > maxBytes) slots >>= 1;
    this.slots = new Int32Array(slots);
    this.slotMask = slots - 1;
  }

  /** Bytes in use: the written part of the node arrays and the whole index. */
  get bytes(): number {
    return this.count * BYTES_PER_NODE + this.slots.length * BYTES_PER_SLOT;
  }

  rank(node: number): number {
    return rankOf(this.rankHigh[node], this.rankLow[node]);
  }

  /** The node holding this rank (its index entry, so never a superseded one), or -1. */
  find(rank: number): number {
    const low = rankLow(rank);
    const high = rankHigh(rank);
    const { slots, slotMask } = this;
    for (let slot = slotHash(low, high) & slotMask; ; slot = (slot + 1) & slotMask) {
      const node = slots[slot] - 1;
      if (node < 0) return -1;
      if (this.rankLow[node] === low && this.rankHigh[node] === high) return node;
    }
  }

  /** A new node for a rank not in the table, indexed; -1 when the table is full. */
  add(rank: number, depth: number): number {
    const node = this.append(rank, depth);
    if (node < 0) return -1;
    // Growing indexes every node, this one with them.
    if (this.slotsNeeded(this.count) > this.slots.length) this.growIndex();
    else this.place(node);
    return node;
  }

  /**
   * A new node for the state of `old`, reached by a shorter path: the index then names the new
   * node and the old one is marked SUPERSEDED (a copy of it still waiting in the open list is then
   * skipped). -1 when the table is full.
   */
  replace(old: number, depth: number): number {
    const node = this.append(this.rank(old), depth);
    if (node < 0) return -1;
    const { slots, slotMask } = this;
    let slot = slotHash(this.rankLow[old], this.rankHigh[old]) & slotMask;
    while (slots[slot] !== old + 1) slot = (slot + 1) & slotMask;
    slots[slot] = node + 1;
    this.depth[old] = SUPERSEDED;
    return node;
  }

  private append(rank: number, depth: number): number {
    if (this.count >= this.capacity) return -1;
    const node = this.count;
    if (this.slotsNeeded(node + 1) > this.slots.length && this.bytesWithIndex(node + 1, this.slots.length * 2) > this.maxBytes) return -1;
    this.count++;
    this.rankLow[node] = rankLow(rank);
    this.rankHigh[node] = rankHigh(rank);
    this.depth[node] = depth;
    this.next[node] = -1;
    return node;
  }

  /** Linear probing stays short up to three quarters full. */
  private slotsNeeded(nodes: number): number {
    return Math.ceil((nodes * 4) / 3);
  }

  private bytesWithIndex(nodes: number, slots: number): number {
    // While the index doubles both it and its predecessor are alive.
    return nodes * BYTES_PER_NODE + slots * BYTES_PER_SLOT * 1.5;
  }

  private place(node: number): void {
    const { slots, slotMask } = this;
    let slot = slotHash(this.rankLow[node], this.rankHigh[node]) & slotMask;
    while (slots[slot] !== 0) slot = (slot + 1) & slotMask;
    slots[slot] = node + 1;
  }

  private growIndex(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.slotMask = this.slots.length - 1;
    for (let node = 0; node < this.count; node++) {
      if (this.depth[node] !== SUPERSEDED) this.place(node);
    }
  }
}
