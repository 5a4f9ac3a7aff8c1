/**
 * Bytes per move record: parent, move and next, 32 bits each. The weight is not stored: it is
 * the bucket the record sits in. A large level queues tens of millions of moves, so every field
 * counts.
 */
const RECORD_BYTES = 12;

/**
 * Pending moves of a feature-space search, grouped by the feature cell of the position they
 * start from, and within a cell by weight (lower first; last in, first out among equals).
 * Records live in parallel typed arrays and are recycled through a free list, so queueing a move
 * allocates nothing once the arrays have grown to the search's needs.
 */
export class MoveQueues {
  /** Position the move starts from. */
  parent: Int32Array;
  /** The move, encoded by the search (a non-negative 32-bit integer). */
  move: Int32Array;
  /** Weight of the record last popped. */
  poppedWeight = 0;
  private next: Int32Array;
  private used = 0;
  private freeHead = -1;
  size = 0;

  /** Per feature cell: bucket heads by weight, the lowest weight that may be non-empty, its size. */
  private heads: Int32Array[] = [];
  /** Bytes of all the cells' bucket heads, kept as they grow: `bytes` is read for every position. */
  private headsBytes = 0;
  private lowest: number[] = [];
  private sizes: number[] = [];
  /** The cells with moves, in a ring: the turn goes round it, new cells join at its end. */
  private ringNext: number[] = [];
  private ringPrev: number[] = [];
  private turnCell = -1;

  constructor(initialCapacity = 1 << 12) {
    this.parent = new Int32Array(initialCapacity);
    this.move = new Int32Array(initialCapacity);
    this.next = new Int32Array(initialCapacity);
  }

  get cellCount(): number {
    return this.heads.length;
  }

  get bytes(): number {
    return this.parent.length * RECORD_BYTES + this.headsBytes;
  }

  /**
   * Grows ahead so that `extra` more moves fit, unless that would take the queues past
   * `limitBytes`: then it grows nothing and says false, so a search stops at its memory limit
   * before the allocation, not after it.
   */
  reserve(extra: number, limitBytes: number): boolean {
    // Records not holding a queued move are free or never used, so size + extra must fit.
    let capacity = this.parent.length;
    while (this.size + extra > capacity) capacity *= 2;
    if (capacity === this.parent.length) return true;
    if (this.bytes + (capacity - this.parent.length) * RECORD_BYTES > limitBytes) return false;
    this.growTo(capacity);
    return true;
  }

  /** Makes room for a new feature cell and returns its number. */
  addCell(): number {
    this.heads.push(new Int32Array(16).fill(-1));
    this.headsBytes += 16 * 4;
    this.lowest.push(Number.MAX_SAFE_INTEGER);
    this.sizes.push(0);
    this.ringNext.push(-1);
    this.ringPrev.push(-1);
    return this.heads.length - 1;
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

  push(cell: number, parent: number, move: number, weight: number): void {
    const record = this.allocate();
    this.parent[record] = parent;
    this.move[record] = move;
    let heads = this.heads[cell];
    if (weight >= heads.length) {
      let length = heads.length;
      while (length <= weight) length *= 2;
      const bigger = new Int32Array(length).fill(-1);
      bigger.set(heads);
      this.headsBytes += (length - heads.length) * 4;
      heads = this.heads[cell] = bigger;
    }
    this.next[record] = heads[weight];
    heads[weight] = record;
    if (weight < this.lowest[cell]) this.lowest[cell] = weight;
    if (this.sizes[cell]++ === 0) this.joinRing(cell);
    this.size++;
  }

  /** Takes the lightest move of a non-empty cell (its weight in poppedWeight); the record stays readable until the next push. */
  pop(cell: number): number {
    const heads = this.heads[cell];
    let weight = this.lowest[cell];
    while (heads[weight] < 0) weight++;
    this.lowest[cell] = weight;
    this.poppedWeight = weight;
    const record = heads[weight];
    heads[weight] = this.next[record];
    if (--this.sizes[cell] === 0) this.leaveRing(cell);
    this.size--;
    this.next[record] = this.freeHead;
    this.freeHead = record;
    return record;
  }

  private allocate(): number {
    if (this.freeHead >= 0) {
      const record = this.freeHead;
      this.freeHead = this.next[record];
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
    this.next = grown(this.next);
  }
}
