/**
 * Bytes per move record: parent, move and its two heap children, 32 bits each, and its order
 * key, 64 bits. The weight is not stored: it is the bucket the record sits in. A large level
 * queues tens of millions of moves, so every field counts.
 */
const RECORD_BYTES = 24;
/** A record's fields, as 32-bit slots of its 24 bytes: the key takes the first two (one 64-bit slot). */
const PARENT = 2;
const MOVE = 3;
const LEFT = 4;
const RIGHT = 5;
const INTS_PER_RECORD = RECORD_BYTES / 4;
const KEYS_PER_RECORD = RECORD_BYTES / 8;
/** Records per chunk of the default queues (a power of two): 192 KiB. */
const DEFAULT_CHUNK_RECORDS = 1 << 13;
/**
 * Of a position's moves of one weight queued at once (pushAll), at most this many wait in the
 * heaps as records; the others wait aside, stood for by one record keyed as the best of them.
 * A position of many boxes queues hundreds of moves and about two of them are ever played.
 */
const QUEUED_AHEAD = 8;
/** A position of fewer moves queues each as a record: setting a few aside saves little and costs the picking of the best. */
const SET_ASIDE_FROM = 4 * QUEUED_AHEAD;
/** Bytes per move waiting aside: its key (64 bits) and the move (32). */
const WAITING_BYTES = 12;
/** Waiting moves per chunk of the store (a larger position's moves get a chunk of their own size). */
const WAITING_CHUNK = 1 << 14;
/** The key of a move no longer waiting (keys are finite). */
const GONE = Number.NEGATIVE_INFINITY;
/** A block of waiting moves, BLOCK_FIELDS slots: its chunk of the store, the first entry that may still wait, the end, and the moves left. */
const BLOCK_CHUNK = 0;
const BLOCK_START = 1;
const BLOCK_END = 2;
const BLOCK_LEFT = 3;
const BLOCK_FIELDS = 4;
/** Grown up to its byte limit, the queue leaves this fraction of it (1 / ROOT_SLACK) free. */
const ROOT_SLACK = 32;
/** Priorities are below this; the bits under them hold the push's sequence number. */
export const MAX_PRIORITY = 2 ** 40;
/**
 * Sequence numbers wrap at this: among equal priorities the later push comes first, except across
 * a wrap, where keys can be equal; then the move of the earlier position (the smaller parent) comes
 * first, and of one position the smaller move, as the heaps mostly gave them before. So the order
 * is total, and what comes out next depends only on what is queued, never on the shape the heaps
 * took on the way.
 */
const SEQUENCE_SLOTS = 2 ** 12;

/**
 * Pending moves of a feature-space search, grouped by the feature cell of the position they
 * start from, and within a cell by weight (lower first). Among equal weights, the highest
 * priority comes first, as FESS takes the best of equally light moves in a cell (Shoham and
 * Schaeffer, section 3); among equal priorities, the latest. Records are recycled through a free
 * list, and each bucket is a pairing heap linked through the records themselves, so queueing a
 * move allocates nothing once the records have grown to the search's needs.
 *
 * A position's moves of one weight beyond its best QUEUED_AHEAD wait aside in a compact store, in
 * blocks of its own, and one stand-in record takes their place in the heap, keyed as the best of
 * them; when it comes out on top, the next best come out of the block as
 * records, and a stand-in for the rest if any. Since the order is total (SEQUENCE_SLOTS), the
 * moves come out in exactly the order they would if each were a record; the queues hold about
 * half the bytes a move, and their heaps a few records a position, which keeps a pop's melding
 * of the root's children short. `size` counts every move queued, waiting aside or not.
 *
 * Records live in chunks of a fixed number, each one buffer with a record's fields side by side
 * (one cache line or two per record, where a heap step touches its key and links together). The
 * queues grow a chunk at a time and never copy: a search that queues hundreds of moves a position
 * (many boxes, each with many places to go) spent a tenth of its time doubling and copying flat
 * arrays, most of it the first touch of fresh memory, paid again at every doubling.
 */
export class MoveQueues {
  /** Weight of the record last popped. */
  poppedWeight = 0;
  /** Per chunk, its records' keys (priority and sequence number: larger comes out first), KEYS_PER_RECORD slots a record. */
  private readonly keyChunks: Float64Array[] = [];
  /** Per chunk, the same buffer as 32-bit slots: a record's parent, move and heap links (first child, next sibling, or -1). */
  private readonly intChunks: Int32Array[] = [];
  private readonly chunkShift: number;
  private readonly chunkMask: number;
  private sequence = 0;
  private used = 0;
  /** Records the chunks hold. */
  private capacity = 0;
  /** Records in the heaps (moves and stand-ins), beside the one popped last. */
  private liveRecords = 0;
  /** Per chunk of the waiting store, the waiting moves' keys (GONE once a move has left) and moves. */
  private readonly waitingKeys: Float64Array[] = [];
  private readonly waitingMoves: Int32Array[] = [];
  /** Entries used in the last chunk of the waiting store, and entries all its chunks hold. */
  private waitingUsed = 0;
  private waitingCapacity = 0;
  /** Blocks of waiting moves, BLOCK_FIELDS slots each (see BLOCK_FIELDS). */
  private blocks = new Int32Array(BLOCK_FIELDS * 64);
  private blockCount = 0;
  /** The best QUEUED_AHEAD + 1 of a group of moves, best first: their place, key and move. */
  private readonly bestPlace = new Int32Array(QUEUED_AHEAD + 1);
  private readonly bestKey = new Float64Array(QUEUED_AHEAD + 1);
  private readonly bestMove = new Int32Array(QUEUED_AHEAD + 1);
  private bestCount = 0;
  /** Free records, linked through their parent slot. */
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

  /** `chunkRecords`, the records a chunk holds, is rounded up to a power of two. */
  constructor(chunkRecords = DEFAULT_CHUNK_RECORDS) {
    this.chunkShift = 32 - Math.clz32(Math.max(1, chunkRecords) - 1);
    this.chunkMask = (1 << this.chunkShift) - 1;
    this.addChunk();
  }

  /** The position a record's move starts from. */
  parentOf(record: number): number {
    return this.intChunks[record >>> this.chunkShift][(record & this.chunkMask) * INTS_PER_RECORD + PARENT];
  }

  /** A record's move, as the search encoded it (a non-negative 32-bit integer). */
  moveOf(record: number): number {
    return this.intChunks[record >>> this.chunkShift][(record & this.chunkMask) * INTS_PER_RECORD + MOVE];
  }

  get cellCount(): number {
    return this.roots.length;
  }

  /** Records the arrays hold before they must grow. */
  get recordCapacity(): number {
    return this.capacity;
  }

  get bytes(): number {
    return this.bytesWith(this.capacity, this.waitingCapacity);
  }

  /** What the queues would take with `capacity` records and `waitingCapacity` entries in the store. */
  private bytesWith(capacity: number, waitingCapacity: number): number {
    return capacity * RECORD_BYTES + this.rootBytes + waitingCapacity * WAITING_BYTES + this.blocks.length * 4;
  }

  /**
   * Grows ahead, a chunk at a time, so that `extra` more moves fit, as long as the queues stay
   * within `limitBytes` less a small part kept for new cells' bucket roots. When they cannot hold
   * the moves there, it grows nothing and says false, so a search stops at its memory limit before
   * the allocation, not after it.
   */
  reserve(extra: number, limitBytes: number): boolean {
    // Records in no heap (but the one popped last) are free or never used. Queued at once
    // (pushAll), fewer than SET_ASIDE_FROM moves take a record each; more, of their common weight
    // QUEUED_AHEAD + 1 records, and the few others (those a search advises) one each, counted as
    // at most as many again, and the store must hold all of them while the best are picked out.
    const needed = this.liveRecords + 1 + (extra < SET_ASIDE_FROM ? extra : 2 * (QUEUED_AHEAD + 1));
    const waitingChunk = extra < SET_ASIDE_FROM ? 0 : this.waitingChunkFor(extra);
    if (needed <= this.capacity && waitingChunk === 0) return true;
    const chunk = this.chunkMask + 1;
    const capacity = Math.max(this.capacity, Math.ceil(needed / chunk) * chunk);
    // A thirty-second of the limit stays free for the bucket roots of cells and weights to come.
    if (Number.isFinite(limitBytes) && this.bytesWith(capacity, this.waitingCapacity + waitingChunk) > limitBytes - limitBytes / ROOT_SLACK) return false;
    while (this.capacity < capacity) this.addChunk();
    if (waitingChunk > 0) this.addWaitingChunk(waitingChunk);
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
    this.meldIntoBucket(this.rootsFor(cell, weight), weight, parent, move, this.nextKey(priority));
    if (weight < this.lowest[cell]) this.lowest[cell] = weight;
    if (this.sizes[cell]++ === 0) this.joinRing(cell);
    this.size++;
  }

  /**
   * Queues `count` moves of the position `parent` in `cell`, as that many calls of push in turn
   * would: move c is moves[c], of weight weights[c] and priority priorities[c]. They come out in
   * the same order, but of the moves of the position's most common weight only the best
   * QUEUED_AHEAD become records now, the others waiting aside behind a stand-in (see the class
   * comment); moves of other weights (the few a search advises) become records at once.
   */
  pushAll(cell: number, parent: number, count: number, moves: Int32Array, weights: Int32Array, priorities: Float64Array): void {
    if (count < SET_ASIDE_FROM) {
      this.pushEach(cell, parent, count, moves, weights, priorities);
      return;
    }
    const common = commonWeight(weights, count);
    // The common weight's moves go to the store's end while the best of them are picked out.
    const grown = this.waitingChunkFor(count);
    if (grown > 0) this.addWaitingChunk(grown);
    const chunk = this.waitingKeys.length - 1;
    const chunkKeys = this.waitingKeys[chunk];
    const chunkMoves = this.waitingMoves[chunk];
    const start = this.waitingUsed;
    let at = start;
    let lowest = this.lowest[cell];
    this.bestCount = 0;
    for (let c = 0; c < count; c++) {
      const key = this.nextKey(priorities[c]);
      const weight = weights[c];
      if (weight === common) {
        chunkKeys[at] = key;
        chunkMoves[at] = moves[c];
        this.considerBest(at, key, moves[c]);
        at++;
      } else {
        this.meldIntoBucket(this.rootsFor(cell, weight), weight, parent, moves[c], key);
        if (weight < lowest) lowest = weight;
      }
    }
    const group = at - start;
    // The common weight is one of the moves' own, so the group is never empty.
    if (common < lowest) lowest = common;
    // Taken now: the other weights' buckets may have grown the cell's roots.
    const roots = this.rootsFor(cell, common);
    const leaving = this.meldBest(roots, common, parent, chunkKeys, group);
    // Too few to set aside, all went as records, and the store's entries are free again.
    if (group > leaving) {
      this.waitingUsed = at;
      const block = this.newBlock(chunk, start, at, group - leaving);
      this.meldIntoBucket(roots, common, parent, -1 - block, this.bestKey[leaving]);
    }
    this.lowest[cell] = lowest;
    if (this.sizes[cell] === 0) this.joinRing(cell);
    this.sizes[cell] += count;
    this.size += count;
  }

  /** pushAll for a few moves: each a record, the bucket's root and its key kept at hand from one move to the next. */
  private pushEach(cell: number, parent: number, count: number, moves: Int32Array, weights: Int32Array, priorities: Float64Array): void {
    if (count === 0) return;
    let roots = this.roots[cell];
    let lowest = this.lowest[cell];
    // The bucket of the last move's weight: its root and the root's key.
    let bucket = -1;
    let root = -1;
    let rootKey = 0;
    for (let c = 0; c < count; c++) {
      const weight = weights[c];
      if (weight !== bucket) {
        if (weight >= roots.length) roots = this.rootsFor(cell, weight);
        bucket = weight;
        root = roots[weight];
        if (root >= 0) rootKey = this.keyOf(root);
      }
      const key = this.nextKey(priorities[c]);
      const record = this.newRecord(parent, moves[c], key);
      if (this.meldNew(record, key, root, rootKey) === record) {
        roots[weight] = root = record;
        rootKey = key;
      }
      if (weight < lowest) lowest = weight;
    }
    this.lowest[cell] = lowest;
    if (this.sizes[cell] === 0) this.joinRing(cell);
    this.sizes[cell] += count;
    this.size += count;
  }

  /** Adds a record to the bucket `weight` whose roots are `roots`. */
  private meldIntoBucket(roots: Int32Array, weight: number, parent: number, move: number, key: number): void {
    const root = roots[weight];
    const record = this.newRecord(parent, move, key);
    roots[weight] = this.meldNew(record, key, root, root < 0 ? 0 : this.keyOf(root));
  }

  /** Keeps (place, key, move) among the best QUEUED_AHEAD + 1 seen since bestCount was set to 0, best first (larger keys, then smaller moves: one position's order). */
  private considerBest(place: number, key: number, move: number): void {
    const { bestPlace, bestKey, bestMove } = this;
    let at = this.bestCount;
    if (at === QUEUED_AHEAD + 1) {
      const worst = at - 1;
      if (key < bestKey[worst] || (key === bestKey[worst] && move > bestMove[worst])) return;
      at = worst;
    } else {
      this.bestCount++;
    }
    while (at > 0 && (bestKey[at - 1] < key || (bestKey[at - 1] === key && bestMove[at - 1] > move))) {
      bestPlace[at] = bestPlace[at - 1];
      bestKey[at] = bestKey[at - 1];
      bestMove[at] = bestMove[at - 1];
      at--;
    }
    bestPlace[at] = place;
    bestKey[at] = key;
    bestMove[at] = move;
  }

  /**
   * Of `left` moves of the store (in `chunkKeys`) whose best considerBest holds: the best go into
   * the bucket `weight` as records and leave the store, all of them when one more would be all a
   * stand-in held, else QUEUED_AHEAD. Returns how many went; the best of those left is then
   * bestKey[that many].
   */
  private meldBest(roots: Int32Array, weight: number, parent: number, chunkKeys: Float64Array, left: number): number {
    const { bestPlace, bestKey, bestMove } = this;
    const leaving = left <= QUEUED_AHEAD + 1 ? left : QUEUED_AHEAD;
    for (let b = 0; b < leaving; b++) {
      this.meldIntoBucket(roots, weight, parent, bestMove[b], bestKey[b]);
      chunkKeys[bestPlace[b]] = GONE;
    }
    return leaving;
  }

  /**
   * A stand-in came out on top of `roots[weight]` (already taken off): the best QUEUED_AHEAD of its
   * block's moves go into the bucket as records, and a new stand-in for the rest, if any.
   */
  private release(roots: Int32Array, weight: number, parent: number, block: number): void {
    const { blocks } = this;
    const at = block * BLOCK_FIELDS;
    const end = blocks[at + BLOCK_END];
    const left = blocks[at + BLOCK_LEFT];
    const chunkKeys = this.waitingKeys[blocks[at + BLOCK_CHUNK]];
    const chunkMoves = this.waitingMoves[blocks[at + BLOCK_CHUNK]];
    let start = blocks[at + BLOCK_START];
    while (chunkKeys[start] === GONE) start++;
    blocks[at + BLOCK_START] = start;
    this.bestCount = 0;
    for (let i = start; i < end; i++) if (chunkKeys[i] !== GONE) this.considerBest(i, chunkKeys[i], chunkMoves[i]);
    const leaving = this.meldBest(roots, weight, parent, chunkKeys, left);
    blocks[at + BLOCK_LEFT] = left - leaving;
    if (left > leaving) this.meldIntoBucket(roots, weight, parent, -1 - block, this.bestKey[leaving]);
  }

  /** The entries of the chunk the store must add for `entries` more waiting moves, or 0 when its last chunk holds them. */
  private waitingChunkFor(entries: number): number {
    const last = this.waitingKeys.length - 1;
    return last >= 0 && this.waitingUsed + entries <= this.waitingKeys[last].length ? 0 : Math.max(WAITING_CHUNK, entries);
  }

  /** A fresh chunk of the waiting store, of `entries` entries. */
  private addWaitingChunk(entries: number): void {
    this.waitingKeys.push(new Float64Array(entries));
    this.waitingMoves.push(new Int32Array(entries));
    this.waitingUsed = 0;
    this.waitingCapacity += entries;
  }

  /** A block of waiting moves: its number. */
  private newBlock(chunk: number, start: number, end: number, left: number): number {
    if ((this.blockCount + 1) * BLOCK_FIELDS > this.blocks.length) {
      const bigger = new Int32Array(this.blocks.length * 2);
      bigger.set(this.blocks);
      this.blocks = bigger;
    }
    const block = this.blockCount++;
    const at = block * BLOCK_FIELDS;
    this.blocks[at + BLOCK_CHUNK] = chunk;
    this.blocks[at + BLOCK_START] = start;
    this.blocks[at + BLOCK_END] = end;
    this.blocks[at + BLOCK_LEFT] = left;
    return block;
  }

  /** The key of the next move queued with `priority`. */
  private nextKey(priority: number): number {
    const sequence = this.sequence;
    // Kept below SEQUENCE_SLOTS, a small integer: a count of every push would outgrow one.
    this.sequence = (sequence + 1) & (SEQUENCE_SLOTS - 1);
    return priority * SEQUENCE_SLOTS + sequence;
  }

  /** A record for a move (or a stand-in, its move -1 - block), its links not set. */
  private newRecord(parent: number, move: number, key: number): number {
    const record = this.allocate();
    this.liveRecords++;
    const at = (record & this.chunkMask) * INTS_PER_RECORD;
    const ints = this.intChunks[record >>> this.chunkShift];
    ints[at + PARENT] = parent;
    ints[at + MOVE] = move;
    this.keyChunks[record >>> this.chunkShift][(record & this.chunkMask) * KEYS_PER_RECORD] = key;
    return record;
  }

  /**
   * meld(root, record) for a new record (no children, its key `key`) and a bucket's root (or -1
   * for an empty bucket; its key `rootKey`), written out with the keys at hand: returns the root
   * after.
   */
  private meldNew(record: number, key: number, root: number, rootKey: number): number {
    const { chunkShift, chunkMask } = this;
    const ints = this.intChunks[record >>> chunkShift];
    const at = (record & chunkMask) * INTS_PER_RECORD;
    if (root < 0 || rootKey < key || (rootKey === key && this.comesFirstOnTie(record, root))) {
      // The record becomes the root, the old one (a root has no siblings) its only child.
      ints[at + LEFT] = root;
      ints[at + RIGHT] = -1;
      return record;
    }
    // Otherwise the record goes first among the root's children.
    const rootInts = this.intChunks[root >>> chunkShift];
    const rootAt = (root & chunkMask) * INTS_PER_RECORD;
    ints[at + LEFT] = -1;
    ints[at + RIGHT] = rootInts[rootAt + LEFT];
    rootInts[rootAt + LEFT] = record;
    return root;
  }

  /** Takes the lightest move of a non-empty cell (its weight in poppedWeight); the record stays readable until the next pop. */
  pop(cell: number): number {
    const roots = this.roots[cell];
    let weight = this.lowest[cell];
    while (roots[weight] < 0) weight++;
    this.lowest[cell] = weight;
    this.poppedWeight = weight;
    let record = roots[weight];
    // A stand-in on top: the moves it stands for come out of their block, and the best of them is the next.
    while (this.getLink(record, MOVE) < 0) {
      roots[weight] = this.meldChildren(this.getLink(record, LEFT));
      this.release(roots, weight, this.getLink(record, PARENT), -1 - this.getLink(record, MOVE));
      this.free(record);
      this.liveRecords--;
      record = roots[weight];
    }
    roots[weight] = this.meldChildren(this.getLink(record, LEFT));
    if (--this.sizes[cell] === 0) this.leaveRing(cell);
    this.size--;
    this.liveRecords--;
    if (this.popped >= 0) this.free(this.popped);
    this.popped = record;
    return record;
  }

  /** Puts a record on the free list. */
  private free(record: number): void {
    this.setLink(record, PARENT, this.freeHead);
    this.freeHead = record;
  }

  /** The bucket roots of `cell`, grown to have a slot for `weight`. */
  private rootsFor(cell: number, weight: number): Int32Array {
    let roots = this.roots[cell];
    if (weight < roots.length) return roots;
    let length = roots.length;
    while (length <= weight) length *= 2;
    const bigger = new Int32Array(length).fill(-1);
    bigger.set(roots);
    this.rootBytes += (length - roots.length) * 4;
    roots = this.roots[cell] = bigger;
    return roots;
  }

  /** A record's 32-bit slot `field` (PARENT, MOVE, LEFT or RIGHT). */
  private getLink(record: number, field: number): number {
    return this.intChunks[record >>> this.chunkShift][(record & this.chunkMask) * INTS_PER_RECORD + field];
  }

  private setLink(record: number, field: number, value: number): void {
    this.intChunks[record >>> this.chunkShift][(record & this.chunkMask) * INTS_PER_RECORD + field] = value;
  }

  private keyOf(record: number): number {
    return this.keyChunks[record >>> this.chunkShift][(record & this.chunkMask) * KEYS_PER_RECORD];
  }

  /**
   * Melds two pairing-heap roots (max at the root, neither -1, neither with siblings): the loser
   * becomes the winner's first child. Constant time, so queueing a move, by far the most frequent
   * operation (a position queues all its moves, few of which are ever played), touches only the
   * bucket's root and the new record.
   */
  private meld(a: number, b: number): number {
    const keyA = this.keyOf(a);
    const keyB = this.keyOf(b);
    if (keyA < keyB || (keyA === keyB && this.comesFirstOnTie(b, a))) [a, b] = [b, a];
    this.setLink(b, RIGHT, this.getLink(a, LEFT));
    this.setLink(a, LEFT, b);
    return a;
  }

  /** Between records of equal keys: whether `a` comes out before `b` (see SEQUENCE_SLOTS). */
  private comesFirstOnTie(a: number, b: number): boolean {
    const parentA = this.getLink(a, PARENT);
    const parentB = this.getLink(b, PARENT);
    // A stand-in (its move negative) ties only with its own position's records, which come before
    // every move it stands for: either of the two can come out first.
    return parentA < parentB || (parentA === parentB && this.getLink(a, MOVE) < this.getLink(b, MOVE));
  }

  /** The root of the heap made of the popped root's children: pairs melded left to right, then the pairs right to left. */
  private meldChildren(first: number): number {
    // First pass: meld neighbours in pairs, stacking the results through RIGHT (the last pair on top).
    let pairs = -1;
    let child = first;
    while (child >= 0) {
      const a = child;
      const b = this.getLink(a, RIGHT);
      if (b < 0) {
        this.setLink(a, RIGHT, pairs);
        pairs = a;
        break;
      }
      child = this.getLink(b, RIGHT);
      this.setLink(a, RIGHT, -1);
      this.setLink(b, RIGHT, -1);
      const melded = this.meld(a, b);
      this.setLink(melded, RIGHT, pairs);
      pairs = melded;
    }
    // Second pass: meld the pairs into one, from the last to the first.
    let root = -1;
    while (pairs >= 0) {
      const next = this.getLink(pairs, RIGHT);
      this.setLink(pairs, RIGHT, -1);
      root = root < 0 ? pairs : this.meld(root, pairs);
      pairs = next;
    }
    return root;
  }

  private allocate(): number {
    if (this.freeHead >= 0) {
      const record = this.freeHead;
      this.freeHead = this.getLink(record, PARENT);
      return record;
    }
    if (this.used === this.capacity) this.addChunk();
    return this.used++;
  }

  /** One more chunk of records: a fresh buffer, seen as keys and as 32-bit slots. */
  private addChunk(): void {
    const records = this.chunkMask + 1;
    const buffer = new ArrayBuffer(records * RECORD_BYTES);
    this.keyChunks.push(new Float64Array(buffer));
    this.intChunks.push(new Int32Array(buffer));
    this.capacity += records;
  }
}

/**
 * The weight most of a position's moves have, guessed from its first, middle and last move (a
 * search gives all its moves one weight but the few it advises): any answer keeps the order, a
 * wrong one only queues more records.
 */
function commonWeight(weights: Int32Array, count: number): number {
  const first = weights[0];
  const middle = weights[count >> 1];
  const last = weights[count - 1];
  return first === middle || first === last ? first : middle;
}
