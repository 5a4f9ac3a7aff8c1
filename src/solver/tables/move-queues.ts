/**
 * Bytes per move record: parent and move, 32 bits each, and its order key, 64 bits. The weight
 * is not stored: it is the bucket the record sits in. A large level queues tens of millions of
 * moves, so every field counts.
 */
const RECORD_BYTES = 16;
/** Bytes per record in a bucket's heap. */
const SLOT_BYTES = 4;
/** Priorities are below this; the bits under them hold the push's sequence number. */
export const MAX_PRIORITY = 2 ** 34;
/** Sequence numbers wrap at this: among equal priorities the later push comes first, except across a wrap. */
const SEQUENCE_SLOTS = 2 ** 18;

/**
 * Pending moves of a feature-space search, grouped by the feature cell of the position they
 * start from, and within a cell by weight (lower first). Among equal weights, the highest
 * priority comes first, as FESS takes the best of equally light moves in a cell (Shoham and
 * Schaeffer, section 3); among equal priorities, the latest. Records live in parallel typed
 * arrays and are recycled through a free list, and each bucket is a binary heap of record
 * numbers, so queueing a move allocates nothing once the arrays have grown to the search's needs.
 */
export class MoveQueues {
  /** Position the move starts from. */
  parent: Int32Array;
  /** The move, encoded by the search (a non-negative 32-bit integer). */
  move: Int32Array;
  /** Weight of the record last popped. */
  poppedWeight = 0;
  /** Priority and sequence number: larger comes out first. */
  private key: Float64Array;
  private sequence = 0;
  private used = 0;
  /** Free records, linked through `parent`. */
  private freeHead = -1;
  /** The record popped last: freed at the next pop, so that it stays readable until then. */
  private popped = -1;
  size = 0;

  /** Per feature cell, per weight: a max-heap of records by key, and its size. */
  private heaps: Int32Array[][] = [];
  private heapSizes: Int32Array[] = [];
  /** Bytes of all the buckets' heaps, kept as they grow: `bytes` is read for every position. */
  private heapBytes = 0;
  private lowest: number[] = [];
  private sizes: number[] = [];
  /** The cells with moves, in a ring: the turn goes round it, new cells join at its end. */
  private ringNext: number[] = [];
  private ringPrev: number[] = [];
  private turnCell = -1;

  constructor(initialCapacity = 1 << 12) {
    this.parent = new Int32Array(initialCapacity);
    this.move = new Int32Array(initialCapacity);
    this.key = new Float64Array(initialCapacity);
  }

  get cellCount(): number {
    return this.heaps.length;
  }

  /** Records the arrays hold before they must grow. */
  get recordCapacity(): number {
    return this.parent.length;
  }

  get bytes(): number {
    return this.parent.length * RECORD_BYTES + this.heapBytes;
  }

  /**
   * Grows ahead so that `extra` more moves fit, unless that would take the queues past
   * `limitBytes`: then it grows nothing and says false, so a search stops at its memory limit
   * before the allocation, not after it. (A bucket's heap may still double when a move joins it.)
   */
  reserve(extra: number, limitBytes: number): boolean {
    // Records not holding a queued move (or the one popped last) are free or never used, so size + 1 + extra must fit.
    let capacity = this.parent.length;
    while (this.size + 1 + extra > capacity) capacity *= 2;
    if (capacity === this.parent.length) return true;
    if (this.bytes + (capacity - this.parent.length) * RECORD_BYTES > limitBytes) return false;
    this.growTo(capacity);
    return true;
  }

  /** Makes room for a new feature cell and returns its number. */
  addCell(): number {
    this.heaps.push([]);
    this.heapSizes.push(new Int32Array(16));
    this.heapBytes += 16 * 4;
    this.lowest.push(Number.MAX_SAFE_INTEGER);
    this.sizes.push(0);
    this.ringNext.push(-1);
    this.ringPrev.push(-1);
    return this.heaps.length - 1;
  }

  /** The cell whose turn it is (one with moves; size must be above zero); the turn moves on. */
  nextTurn(): number {
    const cell = this.turnCell;
    this.turnCell = this.ringNext[cell];
    return cell;
  }

  private joinRing(cell: number): void {
    const { ringNext, ringPrev } = this;
    if (this.turnCell < 0) {
      ringNext[cell] = ringPrev[cell] = this.turnCell = cell;
      return;
    }
    // Just before the cell whose turn is next: the end of the current round.
    const before = ringPrev[this.turnCell];
    ringNext[before] = cell;
    ringPrev[cell] = before;
    ringNext[cell] = this.turnCell;
    ringPrev[this.turnCell] = cell;
  }

  private leaveRing(cell: number): void {
    const { ringNext, ringPrev } = this;
    const after = ringNext[cell];
    if (after === cell) {
      this.turnCell = -1;
      return;
    }
    const before = ringPrev[cell];
    ringNext[before] = after;
    ringPrev[after] = before;
    if (this.turnCell === cell) this.turnCell = after;
  }

  cellSize(cell: number): number {
    return this.sizes[cell];
  }

  /** Queues a move; `priority` (a whole number below MAX_PRIORITY, default 0) orders moves of equal weight, higher first. */
  push(cell: number, parent: number, move: number, weight: number, priority = 0): void {
    const record = this.allocate();
    this.parent[record] = parent;
    this.move[record] = move;
    this.key[record] = priority * SEQUENCE_SLOTS + (this.sequence++ % SEQUENCE_SLOTS);
    const heap = this.bucket(cell, weight);
    const sizes = this.heapSizes[cell];
    this.siftUp(heap, sizes[weight]++, record);
    if (weight < this.lowest[cell]) this.lowest[cell] = weight;
    if (this.sizes[cell]++ === 0) this.joinRing(cell);
    this.size++;
  }

  /** Takes the lightest move of a non-empty cell (its weight in poppedWeight); the record stays readable until the next pop. */
  pop(cell: number): number {
    const heaps = this.heaps[cell];
    const sizes = this.heapSizes[cell];
    let weight = this.lowest[cell];
    while (sizes[weight] === 0) weight++;
    this.lowest[cell] = weight;
    this.poppedWeight = weight;
    const heap = heaps[weight];
    const record = heap[0];
    const last = heap[--sizes[weight]];
    if (sizes[weight] > 0) this.siftDown(heap, sizes[weight], last);
    if (--this.sizes[cell] === 0) this.leaveRing(cell);
    this.size--;
    if (this.popped >= 0) {
      this.parent[this.popped] = this.freeHead;
      this.freeHead = this.popped;
    }
    this.popped = record;
    return record;
  }

  /** The heap of (cell, weight), grown to hold one more record. */
  private bucket(cell: number, weight: number): Int32Array {
    const heaps = this.heaps[cell];
    let sizes = this.heapSizes[cell];
    if (weight >= sizes.length) {
      let length = sizes.length;
      while (length <= weight) length *= 2;
      const bigger = new Int32Array(length);
      bigger.set(sizes);
      this.heapBytes += (length - sizes.length) * 4;
      sizes = this.heapSizes[cell] = bigger;
    }
    while (heaps.length <= weight) heaps.push(new Int32Array(0));
    let heap = heaps[weight];
    if (sizes[weight] === heap.length) {
      const bigger = new Int32Array(Math.max(4, heap.length * 2));
      bigger.set(heap);
      this.heapBytes += (bigger.length - heap.length) * SLOT_BYTES;
      heap = heaps[weight] = bigger;
    }
    return heap;
  }

  /** Places `record` at the free slot `at` and moves it up to where its key belongs. */
  private siftUp(heap: Int32Array, at: number, record: number): void {
    const { key } = this;
    const mine = key[record];
    while (at > 0) {
      const up = (at - 1) >> 1;
      if (key[heap[up]] >= mine) break;
      heap[at] = heap[up];
      at = up;
    }
    heap[at] = record;
  }

  /** Fills the emptied root of a heap of `size` records with `record`, moving it down to where its key belongs. */
  private siftDown(heap: Int32Array, size: number, record: number): void {
    const { key } = this;
    const mine = key[record];
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && key[heap[child + 1]] > key[heap[child]]) child++;
      if (key[heap[child]] <= mine) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = record;
  }

  private allocate(): number {
    if (this.freeHead >= 0) {
      const record = this.freeHead;
      this.freeHead = this.parent[record];
      return record;
    }
    if (this.used === this.parent.length) this.growTo(this.parent.length * 2);
    return this.used++;
  }

  private growTo(capacity: number): void {
    const grown = (array: Int32Array): Int32Array => {
      const bigger = new Int32Array(capacity);
      bigger.set(array);
      return bigger;
    };
    this.parent = grown(this.parent);
    this.move = grown(this.move);
    const key = new Float64Array(capacity);
    key.set(this.key);
    this.key = key;
  }
}
