import type { StopCheck } from '../geometry/push-distances.js';
import type { Problem } from '../model/problem.js';
import { PackedPositions } from '../model/position.js';
import { BoardSymmetry, boxHashesUnderImages } from '../geometry/board-symmetry.js';

/** How the perimeter grows and what it keeps. */
export interface MovePerimeterOptions {
  /**
   * Positions the breadth-first search may store before it stops (at the end of the layer it is
   * in, or inside it: see `depth`). About 30 bytes each.
   */
  readonly maxPositions: number;
  /** Deepest layer to go to (default 254, the most a byte holds with room for depth + 1). */
  readonly maxDepth?: number;
  /**
   * Keep only positions right after a push (the player beside a box, with a free cell behind the
   * player) for lookups, once the search is done: the forward search asks about no others.
   */
  readonly afterPushOnly?: boolean;
  /**
   * Store a position and its mirror and rotation images as one (default true), where the level's
   * cells and goals are symmetric (geometry/board-symmetry.ts): they are as far from the solved
   * positions, so the same budget reaches deeper.
   */
  readonly symmetry?: boolean;
  /**
   * Bytes the perimeter may hold at any moment, while it is built included (a table that grows
   * holds its old and new arrays at once): it stops growing, as at its position budget, before
   * it would pass them, and is not built when not even its first table fits. Unbounded when absent.
   */
  readonly maxBytes?: number;
  /** Throws when the level's time is up (the analysis's stop check); called every few thousand positions. */
  readonly stopCheck?: StopCheck;
  /**
   * The perimeter's own share of the time: once it says so, the search stops as at its position
   * budget (at the last whole layer), so a board too open for the budget's positions in the time
   * still leaves the forward search its turn. Called with the stop check.
   */
  readonly timeIsUp?: () => boolean;
}

/** The deepest layer a byte of distance allows while depth + 1 still fits. */
const DEEPEST = 254;
/** Positions expanded between stop checks. */
const CHECK_EVERY = 4096;

/**
 * Perimeter search (Dillenburg and Nelson's front-to-front bound) for move-optimal search: the
 * exact fewest moves to a solved position of every position within `depth` moves of one, found
 * once per level by a breadth-first search backwards from the solved positions (every box on a
 * goal, the player on any free cell), one move a step: the reverse of a walking step is a step
 * to a free neighbour, the reverse of a push a pull (the player steps back and the box in front
 * of it follows). Every position the search reaches can truly finish in the moves it was reached
 * at, and breadth-first order reaches each at its fewest, so the distances are exact; and every
 * position within `depth` moves of a solved one is reached. So a position's fewest moves to
 * finish are its stored distance when it is stored, and at least depth + 1 when it is not: both
 * admissible, the second the farther it is from the goals the weaker.
 *
 * Positions with a box on a cell no box reaches from the level's start (`unreachable`) are
 * neither stored nor expanded: no forward search meets them, and since every position a
 * reachable position moves to is reachable too, the shortest way home of a reachable position
 * passes only reachable positions, so its distance is found without them.
 *
 * On a level whose cells and goals are symmetric, a position and its images are one entry, the
 * image whose hash is least (as the forward search's canonical keys); a lookup compares the
 * entry with every image of the position that hashes as low, so a tie between images cannot hide
 * a stored position. Then the cells no box reaches are taken under every symmetry: a position is
 * left out only when a box of it stands where, in every image, no box can come from the start,
 * so that all its images are unreachable too.
 *
 * Only levels under the standard rules with as many boxes as goals (one solved box set) are
 * served; `build` returns null for others.
 */
export class MovePerimeter {
  private reachDepth = 0;
  private layers: readonly number[] = [];
  private wholeLevel = false;

  private readonly positions: PackedPositions;
  private readonly stride: number;
  private readonly words: number;
  private readonly cellCount: number;
  /** The level's symmetries when images are merged, else null. */
  private readonly symmetry: BoardSymmetry | null;
  /** Symmetries merged (1: the identity alone). */
  private readonly symmetries: number;
  /** images[s * cellCount + cell]: where symmetry s takes a cell (identity first). */
  private readonly images: Int32Array;
  /** imageBoxKeys[s * cellCount + cell]: the box key of the image of `cell` under s. */
  private readonly imageBoxKeys: Uint32Array;
  /** The hash of each image of the position being stored or looked up. */
  private readonly imageHashes: Uint32Array;
  /** The box cells of the position being looked up. */
  private readonly lookupBoxes: Int32Array;
  /** keys[entry * stride ..]: the box bitset, then the player cell. */
  private keys: Uint32Array;
  private hashes: Uint32Array;
  private distance: Uint8Array;
  /** Open addressing: entry + 1 per slot, 0 empty. */
  private slots: Int32Array;
  private mask: number;
  private count = 0;

  private constructor(problem: Problem, capacity: number, symmetry: BoardSymmetry | null) {
    this.positions = new PackedPositions(problem);
    this.words = problem.words;
    this.stride = problem.words + 1;
    this.cellCount = problem.cellCount;
    this.symmetry = symmetry;
    if (symmetry === null) {
      this.symmetries = 1;
      this.images = Int32Array.from({ length: problem.cellCount }, (_, cell) => cell);
      this.imageBoxKeys = this.positions.boxKeys;
    } else {
      this.symmetries = symmetry.count;
      this.images = symmetry.image;
      this.imageBoxKeys = symmetry.boxKeys;
    }
    this.imageHashes = new Uint32Array(this.symmetries);
    this.lookupBoxes = new Int32Array(problem.initialBoxes.length);
    this.keys = new Uint32Array(capacity * this.stride);
    this.hashes = new Uint32Array(capacity);
    this.distance = new Uint8Array(capacity);
    let slotCount = 1024;
    while (slotCount < capacity * 2) slotCount *= 2;
    this.slots = new Int32Array(slotCount);
    this.mask = slotCount - 1;
  }

  /** Every position at most this many moves from a solved one is stored. */
  get depth(): number {
    return this.reachDepth;
  }

  /** Positions first reached at each distance (the last may be a partial layer, one beyond `depth`). */
  get layerSizes(): readonly number[] {
    return this.layers;
  }

  /** Whether the search ran out of positions: then every position that can finish is stored. */
  get complete(): boolean {
    return this.wholeLevel;
  }

  /** Positions stored for lookups. */
  get size(): number {
    return this.count;
  }

  /** Bytes the lookup tables hold. */
  get bytes(): number {
    return this.keys.byteLength + this.hashes.byteLength + this.distance.byteLength + this.slots.byteLength;
  }

  /** Bytes of a table for `capacity` positions of `stride` words, its slots included. */
  private static bytesFor(capacity: number, stride: number): number {
    let slotCount = 1024;
    while (slotCount < capacity * 2) slotCount *= 2;
    return capacity * (stride * 4 + 4 + 1) + slotCount * 4;
  }

  /**
   * Whether `more` positions can be stored with the tables' bytes at most `maxBytes` all along:
   * a growth holds the old arrays and the new ones at once.
   */
  private hasRoomFor(more: number, maxBytes: number): boolean {
    const wanted = this.count + more;
    let peak = this.bytes;
    if (wanted > this.hashes.length) {
      let capacity = this.hashes.length;
      while (capacity < wanted) capacity *= 2;
      peak += capacity * (this.stride * 4 + 4 + 1);
    }
    if (wanted * 2 > this.slots.length) {
      let slotCount = this.slots.length;
      while (slotCount < wanted * 2) slotCount *= 2;
      peak += slotCount * 4;
    }
    return peak <= maxBytes;
  }

  /**
   * The perimeter of a level, or null where it has more or fewer boxes than goals or the
   * keeper-too rule. `unreachable` marks cells no box can be pushed to from the start.
   */
  static build(problem: Problem, unreachable: Uint8Array, options: MovePerimeterOptions): MovePerimeter | null {
    const boxCount = problem.initialBoxes.length;
    if (problem.rule === 'keeper-too' || boxCount !== problem.goals.length || boxCount === 0 || problem.hopelessBecause !== null) return null;
    for (const goal of problem.goals) if (unreachable[goal] !== 0) return null;
    const maxDepth = Math.min(options.maxDepth ?? DEEPEST, DEEPEST);
    const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    // The first table takes a third of the budget at most, so that it can grow at least once.
    let capacity = Math.min(options.maxPositions, 1 << 16);
    while (capacity > 1024 && 3 * MovePerimeter.bytesFor(capacity, problem.words + 1) > maxBytes) capacity >>>= 1;
    if (MovePerimeter.bytesFor(capacity, problem.words + 1) > maxBytes) return null;
    const stopCheck = options.stopCheck ?? (() => {});
    const timeIsUp = options.timeIsUp ?? (() => false);
    const { cellCount, neighbours, goals } = problem;
    const packed = new PackedPositions(problem);
    const symmetry = options.symmetry === false ? null : BoardSymmetry.of(problem, packed);
    const search = new MovePerimeter(problem, capacity, symmetry);
    const { words, stride, symmetries, images, imageBoxKeys, imageHashes } = search;
    const { playerKeys } = search.positions;
    // A box on a cell no box reaches from the start in any image: every image is unreachable.
    const leftOut = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      let everywhere = true;
      for (let s = 0; s < symmetries && everywhere; s++) everywhere = unreachable[images[s * cellCount + cell]] !== 0;
      leftOut[cell] = everywhere ? 1 : 0;
    }
    const boxes = new Uint32Array(words);
    const boxAt = new Uint8Array(cellCount);
    const boxList = new Int32Array(boxCount);
    const parentHashes = new Uint32Array(symmetries);

    // The solved positions are the perimeter's core: without room for them all, there is none.
    if (!search.hasRoomFor(cellCount, maxBytes)) return null;
    packed.pack(goals, boxCount, boxes);
    search.noteBoxHashes(goals, boxCount, parentHashes);
    for (const goal of goals) boxAt[goal] = 1;
    for (let player = 0; player < cellCount; player++) {
      if (boxAt[player] !== 0) continue;
      for (let s = 0; s < symmetries; s++) imageHashes[s] = (parentHashes[s] ^ playerKeys[images[s * cellCount + player]]) >>> 0;
      search.insert(boxes, player, 0);
    }
    boxAt.fill(0);

    const layerSizes = [search.count];
    let depth = 0;
    let layerStart = 0;
    let complete = false;
    let full = search.count >= options.maxPositions;
    while (!full && depth < maxDepth) {
      const layerEnd = search.count;
      const next = depth + 1;
      for (let entry = layerStart; entry < layerEnd && !full; entry++) {
        if ((entry & (CHECK_EVERY - 1)) === 0) {
          stopCheck();
          if (timeIsUp()) {
            full = true;
            break;
          }
        }
        // An entry stores at most 8 positions (4 steps, 4 pulls).
        if (!search.hasRoomFor(8, maxBytes)) {
          full = true;
          break;
        }
        const base = entry * stride;
        for (let w = 0; w < words; w++) boxes[w] = search.keys[base + w];
        const player = search.keys[base + words];
        const count = search.positions.unpack(search.keys, base, boxList);
        for (let i = 0; i < count; i++) boxAt[boxList[i]] = 1;
        search.noteBoxHashes(boxList, count, parentHashes);
        for (let d = 0; d < 4; d++) {
          const step = neighbours[player * 4 + d];
          if (step < 0 || boxAt[step] !== 0) continue;
          // Undoing a walking step: the player came from a free neighbour.
          for (let s = 0, at = 0; s < symmetries; s++, at += cellCount) imageHashes[s] = (parentHashes[s] ^ playerKeys[images[at + step]]) >>> 0;
          search.insert(boxes, step, next);
          // Undoing a push from `step` across the player's cell: the box beyond the player stood
          // on the player's cell. Pulled back, it returns there and the player to `step`.
          const box = neighbours[player * 4 + (d ^ 1)];
          if (box < 0 || boxAt[box] === 0 || leftOut[player] !== 0) continue;
          boxes[box >>> 5] &= ~(1 << (box & 31));
          boxes[player >>> 5] |= 1 << (player & 31);
          for (let s = 0, at = 0; s < symmetries; s++, at += cellCount) {
            imageHashes[s] = (parentHashes[s] ^ imageBoxKeys[at + box] ^ imageBoxKeys[at + player] ^ playerKeys[images[at + step]]) >>> 0;
          }
          search.insert(boxes, step, next);
          boxes[player >>> 5] &= ~(1 << (player & 31));
          boxes[box >>> 5] |= 1 << (box & 31);
        }
        for (let i = 0; i < count; i++) boxAt[boxList[i]] = 0;
        if (search.count >= options.maxPositions) full = true;
      }
      const added = search.count - layerEnd;
      if (added === 0 && full) break;
      if (added === 0) {
        // Nothing farther: every position that can finish is stored.
        complete = true;
        break;
      }
      layerSizes.push(added);
      // A layer cut short stores exact distances (depth + 1) too, but not all of them.
      if (full) break;
      depth = next;
      layerStart = layerEnd;
    }
    const table = options.afterPushOnly === true ? search.afterPushes(problem, maxBytes) : search;
    table.finish(depth, layerSizes, complete);
    return table;
  }

  private finish(depth: number, layerSizes: readonly number[], complete: boolean): void {
    this.reachDepth = depth;
    this.layers = layerSizes;
    this.wholeLevel = complete;
  }

  /**
   * The fewest moves from the position (box bitset `boxes` with box hash `boxHash`, the player on
   * `player`) to a solved one: its distance when stored; else at least depth + 1, or `estimate`
   * (another admissible bound) when that is more. Allocates nothing.
   */
  movesToGo(boxes: Uint32Array, boxHash: number, player: number, estimate: number): number {
    const { imageHashes } = this;
    if (this.symmetries === 1) imageHashes[0] = (boxHash ^ this.positions.playerKeys[player]) >>> 0;
    else {
      const { images, cellCount, lookupBoxes } = this;
      const { playerKeys } = this.positions;
      const count = this.positions.unpack(boxes, 0, lookupBoxes);
      this.noteBoxHashes(lookupBoxes, count, imageHashes);
      for (let s = 0; s < this.symmetries; s++) imageHashes[s] = (imageHashes[s] ^ playerKeys[images[s * cellCount + player]]) >>> 0;
    }
    const found = this.probe(boxes, player, this.leastImageHash());
    if (found >= 0) return this.distance[found];
    return Math.max(estimate, this.reachDepth + 1);
  }

  /** The box part of each image's hash of the boxes cells[0..count), into `hashes`. */
  private noteBoxHashes(cells: ArrayLike<number>, count: number, hashes: Uint32Array): void {
    boxHashesUnderImages(this.imageBoxKeys, this.symmetries, this.cellCount, cells, count, hashes);
  }

  /** The least of imageHashes: the key the position is stored under. */
  private leastImageHash(): number {
    const { imageHashes } = this;
    let least = imageHashes[0];
    for (let s = 1; s < this.symmetries; s++) if (imageHashes[s] < least) least = imageHashes[s];
    return least;
  }

  /**
   * The entry holding an image of the position (boxes, player) whose hash is `least` (every such
   * image is tried, imageHashes holding the images' hashes), or when none, -1 - the empty slot
   * where it would go.
   */
  private probe(boxes: Uint32Array, player: number, least: number): number {
    const { slots, mask, keys, hashes, stride, words, imageHashes, images, cellCount } = this;
    for (let slot = least & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot];
      if (held === 0) return -1 - slot;
      const entry = held - 1;
      if (hashes[entry] !== least) continue;
      const base = entry * stride;
      for (let s = 0; s < this.symmetries; s++) {
        if (imageHashes[s] !== least || keys[base + words] !== images[s * cellCount + player]) continue;
        if (this.holdsImage(base, boxes, s)) return entry;
      }
    }
  }

  /** Whether the entry's boxes at keys[base ..] are the image of `boxes` under symmetry s. */
  private holdsImage(base: number, boxes: Uint32Array, s: number): boolean {
    const { keys, words } = this;
    if (s === 0) {
      for (let w = 0; w < words; w++) if (keys[base + w] !== boxes[w]) return false;
      return true;
    }
    // The stored boxes as they are (identity), against `boxes` seen under s.
    return (this.symmetry as BoardSymmetry).sameImage(keys, base, 0, boxes, s, words);
  }

  /**
   * Stores the position (boxes, player), whose images hash as imageHashes says, at `distance`,
   * unless an image of it is stored already; the image stored is the first whose hash is least.
   */
  private insert(boxes: Uint32Array, player: number, distance: number): void {
    if (this.count === this.hashes.length) this.grow();
    if ((this.count + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    const least = this.leastImageHash();
    const at = this.probe(boxes, player, least);
    if (at >= 0) return;
    let s = 0;
    while (this.imageHashes[s] !== least) s++;
    const { keys, words, images, cellCount } = this;
    const entry = this.count++;
    const base = entry * this.stride;
    if (s === 0) for (let w = 0; w < words; w++) keys[base + w] = boxes[w];
    else {
      for (let w = 0; w < words; w++) keys[base + w] = 0;
      for (let w = 0; w < words; w++) {
        let bits = boxes[w];
        while (bits !== 0) {
          const low = bits & -bits;
          const cell = images[s * cellCount + (w << 5) + (31 - Math.clz32(low))];
          keys[base + (cell >>> 5)] |= 1 << (cell & 31);
          bits ^= low;
        }
      }
    }
    keys[base + words] = images[s * cellCount + player];
    this.hashes[entry] = least;
    this.distance[entry] = distance;
    this.slots[-1 - at] = entry + 1;
  }

  private place(entry: number): void {
    const { slots, mask } = this;
    let slot = this.hashes[entry] & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  private grow(): void {
    const capacity = this.hashes.length * 2;
    const keys = new Uint32Array(capacity * this.stride);
    keys.set(this.keys);
    this.keys = keys;
    const hashes = new Uint32Array(capacity);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const distance = new Uint8Array(capacity);
    distance.set(this.distance);
    this.distance = distance;
  }

  private rehash(slotCount: number): void {
    this.slots = new Int32Array(slotCount);
    this.mask = slotCount - 1;
    for (let entry = 0; entry < this.count; entry++) this.place(entry);
  }

  /**
   * A table of the positions right after a push: the player beside a box with a free cell behind
   * the player (where it stood to push). Every forward search's child is one.
   */
  private afterPushes(problem: Problem, maxBytes: number): MovePerimeter {
    const { neighbours, cellCount } = problem;
    const { stride, words } = this;
    const boxAt = new Uint8Array(cellCount);
    const boxList = new Int32Array(problem.initialBoxes.length);
    const keep = new Uint8Array(this.count);
    let kept = 0;
    for (let entry = 0; entry < this.count; entry++) {
      const base = entry * stride;
      const count = this.positions.unpack(this.keys, base, boxList);
      for (let i = 0; i < count; i++) boxAt[boxList[i]] = 1;
      const player = this.keys[base + words];
      for (let d = 0; d < 4; d++) {
        const box = neighbours[player * 4 + d];
        const behind = neighbours[player * 4 + (d ^ 1)];
        if (box >= 0 && boxAt[box] !== 0 && behind >= 0 && boxAt[behind] === 0) {
          keep[entry] = 1;
          kept++;
          break;
        }
      }
      for (let i = 0; i < count; i++) boxAt[boxList[i]] = 0;
    }
    if (this.bytes + MovePerimeter.bytesFor(Math.max(kept, 1), stride) > maxBytes) return this.compact(keep);
    const table = new MovePerimeter(problem, Math.max(kept, 1), this.symmetry);
    for (let entry = 0; entry < this.count; entry++) {
      if (keep[entry] === 0) continue;
      const to = table.count++;
      table.keys.set(this.keys.subarray(entry * stride, entry * stride + stride), to * stride);
      table.hashes[to] = this.hashes[entry];
      table.distance[to] = this.distance[entry];
      table.place(to);
    }
    return table;
  }

  /** Keeps only the entries marked in `keep`, in the arrays it has: no second table, so no more bytes. */
  private compact(keep: Uint8Array): MovePerimeter {
    const { stride } = this;
    let to = 0;
    for (let entry = 0; entry < this.count; entry++) {
      if (keep[entry] === 0) continue;
      if (to !== entry) {
        this.keys.copyWithin(to * stride, entry * stride, entry * stride + stride);
        this.hashes[to] = this.hashes[entry];
        this.distance[to] = this.distance[entry];
      }
      to++;
    }
    this.count = to;
    this.slots.fill(0);
    for (let entry = 0; entry < this.count; entry++) this.place(entry);
    return this;
  }
}
