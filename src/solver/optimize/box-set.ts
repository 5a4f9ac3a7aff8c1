/**
 * A set of box configurations (bitsets over cells): the positions a vicinity search may enter.
 * Only the bitsets and an open-addressing index over their Zobrist hashes are kept, since a set
 * of a few million configurations must stay small; nothing is allocated per lookup.
 */
export class BoxSet {
  count = 0;
  private boxes: Uint32Array;
  /** Pairs (hash, entry + 1). */
  private slots: Int32Array;
  private capacity: number;
  private slotMask: number;

  constructor(
    private readonly words: number,
    /** The set stops growing here: `add` then says false. */
    private readonly maxEntries: number,
    initialCapacity = 1 << 12,
  ) {
    this.capacity = initialCapacity;
    this.boxes = new Uint32Array(initialCapacity * words);
    this.slots = new Int32Array(initialCapacity * 4);
    this.slotMask = initialCapacity * 2 - 1;
  }

  get bytes(): number {
    return this.boxes.byteLength + this.slots.byteLength;
  }

  has(boxes: Uint32Array, hash: number): boolean {
    return this.slotOf(boxes, hash) < 0;
  }

  /** The configuration's number (0 to count - 1, in the order added), or -1 when it is not in the set. */
  entryOf(boxes: Uint32Array, hash: number): number {
    const slot = this.slotOf(boxes, hash);
    return slot < 0 ? this.slots[(-1 - slot) * 2 + 1] - 1 : -1;
  }

  /**
   * Adds the configuration unless it is there already; false only when the set is full and the
   * configuration is not in it.
   */
  add(boxes: Uint32Array, hash: number): boolean {
    const free = this.slotOf(boxes, hash);
    if (free < 0) return true;
    if (this.count >= this.maxEntries) return false;
    if (this.count === this.capacity) {
      this.grow();
      return this.add(boxes, hash);
    }
    const entry = this.count++;
    this.boxes.set(boxes.subarray(0, this.words), entry * this.words);
    this.slots[free * 2] = hash | 0;
    this.slots[free * 2 + 1] = entry + 1;
    return true;
  }

  /** The slot holding the configuration, as -1 - slot; or the free slot where it would go. */
  private slotOf(boxes: Uint32Array, hash: number): number {
    const { slots, slotMask, words } = this;
    const signed = hash | 0;
    let slot = hash & slotMask;
    for (;;) {
      const entry = slots[slot * 2 + 1] - 1;
      if (entry < 0) return slot;
      if (slots[slot * 2] === signed) {
        const base = entry * words;
        let same = true;
        for (let w = 0; w < words; w++) {
          if (this.boxes[base + w] !== boxes[w]) {
            same = false;
            break;
          }
        }
        if (same) return -1 - slot;
      }
      slot = (slot + 1) & slotMask;
    }
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const boxes = new Uint32Array(capacity * this.words);
    boxes.set(this.boxes);
    const oldSlots = this.slots;
    this.boxes = boxes;
    this.capacity = capacity;
    this.slots = new Int32Array(capacity * 4);
    this.slotMask = capacity * 2 - 1;
    for (let slot = 0; slot < oldSlots.length / 2; slot++) {
      const entry = oldSlots[slot * 2 + 1];
      if (entry === 0) continue;
      let to = oldSlots[slot * 2] & this.slotMask;
      while (this.slots[to * 2 + 1] !== 0) to = (to + 1) & this.slotMask;
      this.slots[to * 2] = oldSlots[slot * 2];
      this.slots[to * 2 + 1] = entry;
    }
  }
}
