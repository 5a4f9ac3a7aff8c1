/**
 * Positions (a packed box set and a player key) with a small distance each, in parallel typed
 * arrays indexed by entry number, plus an open-addressing index over their Zobrist hashes. Made
 * for a breadth-first search that stores every position it reaches once, in the order reached,
 * and for lookups from another search's hot loop: nothing allocates per position (the arrays
 * double when full) and a probe reads the hash pairs first, the box words only on a hash match.
 */
export class DistanceTable {
  readonly words: number;
  count = 0;
  boxes: Uint32Array;
  keyPlayer: Int32Array;
  boxHash: Uint32Array;
  distance: Uint8Array;
  private capacity: number;
  /** Pairs (hash, entry + 1); 0 marks an empty slot. */
  private slots: Int32Array;
  private slotMask: number;

  constructor(words: number, initialCapacity = 1 << 12) {
    this.words = words;
    this.capacity = initialCapacity;
    this.boxes = new Uint32Array(initialCapacity * words);
    this.keyPlayer = new Int32Array(initialCapacity);
    this.boxHash = new Uint32Array(initialCapacity);
    this.distance = new Uint8Array(initialCapacity);
    this.slots = new Int32Array(initialCapacity * 4);
    this.slotMask = initialCapacity * 2 - 1;
  }

  /** Bytes the table holds now. */
  get bytes(): number {
    return DistanceTable.bytesFor(this.capacity, this.words);
  }

  /** Bytes of a table grown to hold `count` entries (capacities double from the first). */
  static bytesFor(capacity: number, words: number): number {
    return capacity * (words * 4 + 4 + 4 + 1) + capacity * 4 * 4;
  }

  /** Bytes the table would hold after its next doubling. */
  get bytesAfterGrowth(): number {
    return this.count < this.capacity ? this.bytes : DistanceTable.bytesFor(this.capacity * 2, this.words);
  }

  /** The entry whose boxes equal `boxes[base ..]` and whose player key is `keyPlayer`, or -1. */
  find(boxes: Uint32Array, base: number, keyPlayer: number, hash: number): number {
    const { slots, slotMask, words } = this;
    const stored = this.boxes;
    const signed = hash | 0;
    let slot = hash & slotMask;
    for (;;) {
      const entry = slots[slot * 2 + 1] - 1;
      if (entry < 0) return -1;
      if (slots[slot * 2] === signed && this.keyPlayer[entry] === keyPlayer) {
        const at = entry * words;
        let same = true;
        for (let w = 0; w < words; w++) {
          if (stored[at + w] !== boxes[base + w]) {
            same = false;
            break;
          }
        }
        if (same) return entry;
      }
      slot = (slot + 1) & slotMask;
    }
  }

  /** Appends a position (not stored yet: the caller has looked) and returns its entry number. */
  add(boxes: Uint32Array, base: number, keyPlayer: number, boxHash: number, hash: number, distance: number): number {
    if (this.count === this.capacity) this.grow();
    const entry = this.count++;
    const { words } = this;
    const at = entry * words;
    for (let w = 0; w < words; w++) this.boxes[at + w] = boxes[base + w];
    this.keyPlayer[entry] = keyPlayer;
    this.boxHash[entry] = boxHash;
    this.distance[entry] = distance;
    this.index(entry, hash);
    return entry;
  }

  private index(entry: number, hash: number): void {
    const { slots, slotMask } = this;
    let slot = hash & slotMask;
    while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & slotMask;
    slots[slot * 2] = hash | 0;
    slots[slot * 2 + 1] = entry + 1;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const boxes = new Uint32Array(capacity * this.words);
    boxes.set(this.boxes);
    this.boxes = boxes;
    const keyPlayer = new Int32Array(capacity);
    keyPlayer.set(this.keyPlayer);
    this.keyPlayer = keyPlayer;
    const boxHash = new Uint32Array(capacity);
    boxHash.set(this.boxHash);
    this.boxHash = boxHash;
    const distance = new Uint8Array(capacity);
    distance.set(this.distance);
    this.distance = distance;
    // The hash of an entry is its box hash with its player's key; the caller's keys are needed
    // to rebuild it, so the old slots are re-read instead: each holds (hash, entry + 1).
    const old = this.slots;
    this.capacity = capacity;
    this.slots = new Int32Array(capacity * 4);
    this.slotMask = capacity * 2 - 1;
    for (let slot = 0; slot < old.length; slot += 2) if (old[slot + 1] !== 0) this.index(old[slot + 1] - 1, old[slot] >>> 0);
  }
}
