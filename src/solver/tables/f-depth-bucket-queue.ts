/**
 * Open list in the order of the CS161 reference A* (a-star.ts): lowest f first; among equal f the
 * deepest node; among equal f and depth the node queued first. One first-in-first-out bucket per
 * (f, depth), threaded through the caller's `next` array (one link a node, so a node is queued at
 * most once), hence nothing allocated per node. Nodes numbered in the order they are generated
 * and queued when generated come out exactly as the reference's heap gives them.
 */
export class FDepthBucketQueue {
  /** Per f, the first and last node of each depth's bucket (-1 when empty), allocated per f on first use. */
  private heads: (Int32Array | undefined)[] = [];
  private tails: (Int32Array | undefined)[] = [];
  /** Per f, no bucket above this depth is filled. */
  private deepest: number[] = [];
  /** Nodes queued per f. */
  private counts: number[] = [];
  private lowest = Number.MAX_SAFE_INTEGER;
  size = 0;

  constructor(
    private readonly next: Int32Array,
    /** The deepest depth a node can be queued at. */
    private readonly maxDepth: number,
  ) {}

  push(node: number, f: number, depth: number): void {
    if (depth > this.maxDepth || depth > f) throw new RangeError(`FDepthBucketQueue: depth ${depth} with f ${f}`);
    let heads = this.heads[f];
    let tails = this.tails[f];
    if (heads === undefined || tails === undefined) {
      // Depth never passes f (h >= 0), so f + 1 buckets hold every depth of this f.
      const length = Math.min(this.maxDepth, f) + 1;
      heads = new Int32Array(length).fill(-1);
      tails = new Int32Array(length).fill(-1);
      this.heads[f] = heads;
      this.tails[f] = tails;
      this.deepest[f] = -1;
      this.counts[f] = 0;
    }
    this.next[node] = -1;
    if (tails[depth] < 0) heads[depth] = node;
    else this.next[tails[depth]] = node;
    tails[depth] = node;
    if (depth > this.deepest[f]) this.deepest[f] = depth;
    this.counts[f]++;
    if (f < this.lowest) this.lowest = f;
    this.size++;
  }

  /** The node to expand next; only when size > 0. */
  pop(): number {
    while (this.counts[this.lowest] === undefined || this.counts[this.lowest] === 0) this.lowest++;
    const f = this.lowest;
    const heads = this.heads[f] as Int32Array;
    const tails = this.tails[f] as Int32Array;
    let depth = this.deepest[f];
    while (heads[depth] < 0) depth--;
    this.deepest[f] = depth;
    const node = heads[depth];
    heads[depth] = this.next[node];
    if (heads[depth] < 0) tails[depth] = -1;
    this.counts[f]--;
    this.size--;
    return node;
  }
}
