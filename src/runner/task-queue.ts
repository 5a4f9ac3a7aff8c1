/**
 * A first-in first-out queue that stays linear however long it grows. An array's `shift` moves
 * every element left once the array is large (V8 trims only small ones in place), so draining a
 * queue of 100,000 tasks with it took time quadratic in the queue; here the head is an index and
 * the taken slots are dropped in one copy once they are half of the array.
 */
export class TaskQueue<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The oldest item, taken off the queue; undefined when it is empty. */
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head++;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Takes off every item `leaves` picks, in one pass, keeping the others in order; returns them in order. */
  removeWhere(leaves: (item: T) => boolean): T[] {
    const kept: T[] = [];
    const removed: T[] = [];
    for (let i = this.head; i < this.items.length; i++) {
      const item = this.items[i] as T;
      (leaves(item) ? removed : kept).push(item);
    }
    if (removed.length > 0) {
      this.items = kept;
      this.head = 0;
    }
    return removed;
  }

  /** Empties the queue; returns what it held, oldest first. */
  clear(): T[] {
    const all = this.items.slice(this.head) as T[];
    this.items = [];
    this.head = 0;
    return all;
  }
}
