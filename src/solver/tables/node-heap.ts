/**
 * A binary min-heap of node numbers in a typed array, ordered by a comparison the search gives
 * (its nodes' costs live in its own tables). It grows by doubling, so pushing allocates nothing
 * once it has reached the search's size.
 */
export class NodeHeap {
  size = 0;
  private heap = new Int32Array(1 << 12);

  constructor(private readonly less: (a: number, b: number) => boolean) {}

  get bytes(): number {
    return this.heap.byteLength;
  }

  clear(): void {
    this.size = 0;
  }

  push(node: number): void {
    if (this.size === this.heap.length) {
      const bigger = new Int32Array(this.heap.length * 2);
      bigger.set(this.heap);
      this.heap = bigger;
    }
    const { heap, less } = this;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!less(node, heap[parent])) break;
      heap[at] = heap[parent];
      at = parent;
    }
    heap[at] = node;
  }

  /** The least node; only when size > 0. */
  pop(): number {
    const { heap, less } = this;
    const top = heap[0];
    const last = heap[--this.size];
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && less(heap[child + 1], heap[child])) child++;
      if (!less(heap[child], last)) break;
      heap[at] = heap[child];
      at = child;
    }
    if (this.size > 0) heap[at] = last;
    return top;
  }
}
