import type { BoardSymmetry } from '../geometry/board-symmetry.js';

/**
 * Every position the search has generated, in parallel typed arrays indexed by node number,
 * plus an open-addressing hash index over them (the transposition table). Nothing here
 * allocates per node: arrays double when full, which amortizes to a few copies in total.
 */
export class NodeTable {
  readonly words: number;
  capacity: number;
  count = 0;

  boxes: Uint32Array;
  /**
   * The player part of the key: normalized top-left cell, or the exact cell in move search (with
   * board symmetries, of the position's canonical image; `player` stays the actual square).
   */
  keyPlayer: Int32Array;
  /** Where the player actually stands after the push that made this node. */
  player: Int32Array;
  pushes: Int32Array;
  moves: Int32Array;
  /** Lower bound on the pushes still needed (the heuristic value). */
  bound: Int32Array;
  parent: Int32Array;
  /** The push that made this node: (box cell before the push) * 4 + direction; -1 at the root. */
  lastPush: Int32Array;
  hash: Uint32Array;
  boxHash: Uint32Array;
  /** The lower bound's cache slot for this node's matching, or -1. */
  matchSlot: Int32Array;
  /** Next node in the same priority-queue bucket. */
  next: Int32Array;
  /** 1 once expanded; 2 when superseded by a cheaper copy of the same position. */
  state: Uint8Array;
  /**
   * With board symmetries (findUpToSymmetry): the symmetry that maps the stored position onto
   * its canonical image, the one its key (hash and keyPlayer) describes; 0 otherwise.
   */
  orientation: Uint8Array;

  /** Pairs (hash, node + 1) so a probe rejects most other keys without touching the node arrays. */
  private slots: Int32Array;
  private slotMask: number;

  /**
   * The table never grows past this many bytes: `add` returns -1 instead, so a search can stop at
   * its memory limit before the allocation rather than after it. A search whose other structures
   * share the limit lowers it as they grow.
   */
  maxBytes: number;

  /** The capacity the table starts with, and goes back to when clear() gives it less room than it holds. */
  private readonly initialCapacity: number;

  /**
   * The table starts small and doubles: most levels of a collection, and most windows of the
   * improvement pass, need a few hundred positions, and zeroing a large first table cost more than
   * their whole search.
   */
  constructor(words: number, maxBytes = Number.POSITIVE_INFINITY, initialCapacity = 1 << 10) {
    this.initialCapacity = initialCapacity;
    this.maxBytes = maxBytes;
    this.words = words;
    this.capacity = initialCapacity;
    this.boxes = new Uint32Array(initialCapacity * words);
    this.keyPlayer = new Int32Array(initialCapacity);
    this.player = new Int32Array(initialCapacity);
    this.pushes = new Int32Array(initialCapacity);
    this.moves = new Int32Array(initialCapacity);
    this.bound = new Int32Array(initialCapacity);
    this.parent = new Int32Array(initialCapacity);
    this.lastPush = new Int32Array(initialCapacity);
    this.hash = new Uint32Array(initialCapacity);
    this.boxHash = new Uint32Array(initialCapacity);
    this.matchSlot = new Int32Array(initialCapacity);
    this.next = new Int32Array(initialCapacity);
    this.state = new Uint8Array(initialCapacity);
    this.orientation = new Uint8Array(initialCapacity);
    this.slots = new Int32Array(initialCapacity * 4);
    this.slotMask = initialCapacity * 2 - 1;
  }

  /**
   * Empties the table for another search of the same level under `maxBytes`, keeping the arrays
   * it has grown to while they fit: the improvement pass runs hundreds of searches a level, and
   * growing a table afresh for each made most of its garbage. Arrays larger than the new limit go
   * back to the first capacity, so the table never holds more than the search it serves may have.
   * Only the index is zeroed; node fields are written when a node is added.
   */
  clear(maxBytes: number): void {
    this.count = 0;
    this.maxBytes = maxBytes;
    if (this.bytes > maxBytes && this.capacity > this.initialCapacity) this.resize(this.initialCapacity);
    else this.slots.fill(0);
  }

  /** Bytes held by the table, for the memory limit. */
  get bytes(): number {
    return NodeTable.bytesFor(this.capacity, this.words);
  }

  private static bytesFor(capacity: number, words: number): number {
    // Node arrays plus the slot table, which holds two 32-bit words for each of 2 * capacity slots.
    return capacity * (words * 4 + 4 * 11 + 2) + capacity * 4 * 4;
  }

  /** False when the table is full and doubling it would pass the byte limit. */
  private makeRoom(): boolean {
    if (this.count < this.capacity) return true;
    if (NodeTable.bytesFor(this.capacity * 2, this.words) > this.maxBytes) return false;
    this.grow();
    return true;
  }

  /**
   * Finds the node whose key equals the candidate in `scratch` (boxes) and `keyPlayer` with the
   * given full hash; returns its number or -1.
   */
  find(scratch: Uint32Array, keyPlayer: number, hash: number): number {
    const { slots, slotMask, words, boxes } = this;
    const signed = hash | 0;
    let slot = hash & slotMask;
    for (;;) {
      const node = slots[slot * 2 + 1] - 1;
      if (node < 0) return -1;
      if (slots[slot * 2] === signed && this.keyPlayer[node] === keyPlayer) {
        const base = node * words;
        let same = true;
        for (let w = 0; w < words; w++) {
          if (boxes[base + w] !== scratch[w]) {
            same = false;
            break;
          }
        }
        if (same) return node;
      }
      slot = (slot + 1) & slotMask;
    }
  }

  /**
   * `find` for a search that stores positions under their canonical key: the candidate's box set
   * in `scratch` seen under symmetry `orientation` (its canonical image, which `keyPlayer` and
   * `hash` describe) must be a stored node's box set seen under that node's orientation.
   */
  findUpToSymmetry(scratch: Uint32Array, keyPlayer: number, hash: number, orientation: number, symmetry: BoardSymmetry): number {
    const { slots, slotMask, words, boxes } = this;
    const signed = hash | 0;
    let slot = hash & slotMask;
    for (;;) {
      const node = slots[slot * 2 + 1] - 1;
      if (node < 0) return -1;
      if (slots[slot * 2] === signed && this.keyPlayer[node] === keyPlayer) {
        const base = node * words;
        const stored = this.orientation[node];
        let same = true;
        if (stored === orientation) {
          for (let w = 0; w < words; w++) {
            if (boxes[base + w] !== scratch[w]) {
              same = false;
              break;
            }
          }
        } else same = symmetry.sameImage(boxes, base, stored, scratch, orientation, words);
        if (same) return node;
      }
      slot = (slot + 1) & slotMask;
    }
  }

  /** Appends a node with the key in `scratch`, indexes it and returns its number, or -1 when full. */
  add(scratch: Uint32Array, keyPlayer: number, hash: number, boxHash: number): number {
    const node = this.append(scratch, keyPlayer, hash, boxHash);
    if (node >= 0) this.index(node);
    return node;
  }

  /**
   * Appends a copy of an indexed position reached more cheaply; the index then points at the
   * copy and the old node is marked superseded. Returns the copy, or -1 when full.
   */
  addCopy(scratch: Uint32Array, keyPlayer: number, hash: number, boxHash: number, oldNode: number): number {
    const node = this.append(scratch, keyPlayer, hash, boxHash);
    if (node < 0) return -1;
    const { slots, slotMask } = this;
    let slot = this.hash[oldNode] & slotMask;
    while (slots[slot * 2 + 1] !== oldNode + 1) slot = (slot + 1) & slotMask;
    slots[slot * 2 + 1] = node + 1;
    this.state[oldNode] = 2;
    return node;
  }

  private append(scratch: Uint32Array, keyPlayer: number, hash: number, boxHash: number): number {
    if (!this.makeRoom()) return -1;
    const node = this.count++;
    // Copied by hand: a subarray view of the scratch would be an allocation per node.
    const { boxes, words } = this;
    const base = node * words;
    for (let w = 0; w < words; w++) boxes[base + w] = scratch[w];
    this.keyPlayer[node] = keyPlayer;
    this.hash[node] = hash;
    this.boxHash[node] = boxHash;
    this.state[node] = 0;
    this.orientation[node] = 0;
    return node;
  }

  private index(node: number): void {
    const { slots, slotMask } = this;
    let slot = this.hash[node] & slotMask;
    while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & slotMask;
    slots[slot * 2] = this.hash[node] | 0;
    slots[slot * 2 + 1] = node + 1;
  }

  private grow(): void {
    this.resize(this.capacity * 2);
  }

  /** New arrays of `capacity` nodes (at least `count`), holding the nodes there are, and a new index over them. */
  private resize(capacity: number): void {
    const { count } = this;
    const copy = <T extends Int32Array | Uint32Array | Uint8Array>(array: T, size: number, perNode: number): T => {
      const next = new (array.constructor as { new (n: number): T })(size);
      next.set(array.subarray(0, count * perNode));
      return next;
    };
    this.boxes = copy(this.boxes, capacity * this.words, this.words);
    this.keyPlayer = copy(this.keyPlayer, capacity, 1);
    this.player = copy(this.player, capacity, 1);
    this.pushes = copy(this.pushes, capacity, 1);
    this.moves = copy(this.moves, capacity, 1);
    this.bound = copy(this.bound, capacity, 1);
    this.parent = copy(this.parent, capacity, 1);
    this.lastPush = copy(this.lastPush, capacity, 1);
    this.hash = copy(this.hash, capacity, 1);
    this.boxHash = copy(this.boxHash, capacity, 1);
    this.matchSlot = copy(this.matchSlot, capacity, 1);
    this.next = copy(this.next, capacity, 1);
    this.state = copy(this.state, capacity, 1);
    this.orientation = copy(this.orientation, capacity, 1);
    this.capacity = capacity;
    this.slots = new Int32Array(capacity * 4);
    this.slotMask = capacity * 2 - 1;
    for (let node = 0; node < count; node++) if (this.state[node] !== 2) this.index(node);
  }
}
