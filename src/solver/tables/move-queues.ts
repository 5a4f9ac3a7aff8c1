/**
 * Bytes per move record: parent, move and its two heap children, 32 bits each, and its order
 * key, 64 bits. The weight is not stored: it is the bucket the record sits in. A large level
 * queues tens of millions of moves, so every field counts.
 */
const RECORD_BYTES = 24;
/** Grown up to its byte limit, the queue leaves this fraction of it (1 / ROOT_SLACK) free. */
const ROOT_SLACK = 32;
/** Priorities are below this; the bits under them hold the push's sequence number. */
export const MAX_PRIORITY = 2 ** 40;
/** Sequence numbers wrap at this: among equal priorities the later push comes first, except across a wrap. */
const SEQUENCE_SLOTS = 2 ** 12;

/**
 * Pending moves of a feature-space search, grouped by the feature cell of the position they
 * start from, and within a cell by weight (lower first). Among equal weights, the highest
 * priority comes first, as FESS takes the best of equally light moves in a cell (Shoham and
 * Schaeffer, section 3); among equal priorities, the latest. Records live in parallel typed
 * arrays and are recycled through a free list, and each bucket is a pairing heap linked through the
 * records themselves, so queueing a move allocates nothing once the arrays have grown to the
 * search's needs, and the queues' size is exactly their records'.
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
  /** In its bucket's pairing heap, a record's first child and its next sibling, or -1. */
  private left: Int32Array;
  private right: Int32Array;
  private sequence = 0;
  private used = 0;
  /** Free records, linked through `parent`. */
  private freeHead = -1;
  /** The record popped last: freed at the next pop, so that it stays readable until then. */
  private popped = -1;
  size = 0;

  /** Per feature cell, per weight: the root record of the bucket's heap, or -1. */
  private roots: Int32Array[] = [];
  /** Bytes of all the cells' bucket roots, kept as they grow: `bytes` is read for every position. */
  private rootBytes = 0;
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
    this.left = new Int32Array(initialCapacity);
    this.right = new Int32Array(initialCapacity);
  }

  get cellCount(): number {
    return this.roots.length;
  }

  /** Records the arrays hold before they must grow. */
  get recordCapacity(): number {
    return this.parent.length;
  }

  get bytes(): number {
    return this.parent.length * RECORD_BYTES + this.rootBytes;
  }

  /**
   * Grows ahead so that `extra` more moves fit. The arrays double, but where doubling would take
   * the queues past `limitBytes` they grow only to the limit: a search's last doubling would
   * otherwise leave up to half its memory part unused (XSokoban 69's third search over features
   * held 384 MiB of queues in a 614 MiB part and could not double again). When even that (less a
   * small part kept for new cells' bucket roots) cannot hold the moves, it grows nothing and says
   * false, so a search stops at its memory limit before the allocation, not after it.
   */
  reserve(extra: number, limitBytes: number): boolean {
    // Records not holding a queued move (or the one popped last) are free or never used, so size + 1 + extra must fit.
    const needed = this.size + 1 + extra;
    let capacity = this.parent.length;
    while (needed > capacity) capacity *= 2;
    if (capacity === this.parent.length) return true;
    // A thirty-second of the limit stays free for the bucket roots of cells and weights to come.
    const mostThatFit = Number.isFinite(limitBytes) ? Math.floor((limitBytes - limitBytes / ROOT_SLACK - this.rootBytes) / RECORD_BYTES) : capacity;
    if (capacity > mostThatFit) {
      if (mostThatFit < needed) return false;
      capacity = mostThatFit;
    }
    this.growTo(capacity);
    return true;
  }

  /** Makes room for a new feature cell and returns its number. */
  addCell(): number {
    this.roots.push(new Int32Array(16).fill(-1));
    this.rootBytes += 16 * 4;
    this.lowest.push(Number.MAX_SAFE_INTEGER);
    this.sizes.push(0);
    this.ringNext.push(-1);
    this.ringPrev.push(-1);
    return this.roots.length - 1;
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
    this.left[record] = -1;
    this.right[record] = -1;
    const roots = this.rootsFor(cell, weight);
    roots[weight] = roots[weight] < 0 ? record : this.meld(roots[weight], record);
    if (weight < this.lowest[cell]) this.lowest[cell] = weight;
    if (this.sizes[cell]++ === 0) this.joinRing(cell);
    this.size++;
  }

  /** Takes the lightest move of a non-empty cell (its weight in poppedWeight); the record stays readable until the next pop. */
  pop(cell: number): number {
    const roots = this.roots[cell];
    let weight = this.lowest[cell];
    while (roots[weight] < 0) weight++;
    this.lowest[cell] = weight;
    this.poppedWeight = weight;
    const record = roots[weight];
    roots[weight] = this.meldChildren(this.left[record]);
    if (--this.sizes[cell] === 0) this.leaveRing(cell);
    this.size--;
    if (this.popped >= 0) {
      this.parent[this.popped] = this.freeHead;
      this.freeHead = this.popped;
    }
    this.popped = record;
    return record;
  }

  /** The bucket roots of `cell`, grown to have a slot for `weight`. */
  private rootsFor(cell: number, weight: number): Int32Array {
    let roots = this.roots[cell];
    if (weight >= roots.length) {
      let length = roots.length;
      while (length <= weight) length *= 2;
      const bigger = new Int32Array(length).fill(-1);
      bigger.set(roots);
      this.rootBytes += (length - roots.length) * 4;
      roots = this.roots[cell] = bigger;
    }
    return roots;
  }

  /**
   * Melds two pairing-heap roots (max at the root, neither -1, neither with siblings): the loser
   * becomes the winner's first child. Constant time, so queueing a move, by far the most frequent
   * operation (a position queues all its moves, few of which are ever played), touches only the
   * bucket's root and the new record.
   */
  private meld(a: number, b: number): number {
    const { key, left, right } = this;
    if (key[a] < key[b]) [a, b] = [b, a];
    right[b] = left[a];
    left[a] = b;
    return a;
  }

  /** The root of the heap made of the popped root's children: pairs melded left to right, then the pairs right to left. */
  private meldChildren(first: number): number {
    const { right } = this;
    // First pass: meld neighbours in pairs, stacking the results through `right` (the last pair on top).
    let pairs = -1;
    let child = first;
    while (child >= 0) {
      const a = child;
      const b = right[a];
      if (b < 0) {
        right[a] = pairs;
        pairs = a;
        break;
      }
      child = right[b];
      right[a] = -1;
      right[b] = -1;
      const melded = this.meld(a, b);
      right[melded] = pairs;
      pairs = melded;
    }
    // Second pass: meld the pairs into one, from the last to the first.
    let root = -1;
    while (pairs >= 0) {
      const next = right[pairs];
      right[pairs] = -1;
      root = root < 0 ? pairs : this.meld(root, pairs);
      pairs = next;
    }
    return root;
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
    this.left = grown(this.left);
    this.right = grown(this.right);
    const key = new Float64Array(capacity);
    key.set(this.key);
    this.key = key;
  }
}
