/**
 * Releases results in their input order while they complete in any order: a result waits
 * until everything before it has been released.
 */
export class InOrder<T> {
  private readonly waiting = new Map<number, T>();
  private next = 0;

  constructor(private readonly release: (value: T, position: number) => void) {}

  /** Records the result at `position` (0-based) and releases every result now unblocked. */
  put(position: number, value: T): void {
    this.waiting.set(position, value);
    while (this.waiting.has(this.next)) {
      const ready = this.waiting.get(this.next) as T;
      this.waiting.delete(this.next);
      this.release(ready, this.next);
      this.next++;
    }
  }

  /**
   * Releases every result still waiting, in order, skipping the positions that never came: what
   * an interrupted run has finished is reported even behind a level it did not finish.
   */
  flush(): void {
    for (const position of [...this.waiting.keys()].sort((a, b) => a - b)) {
      const value = this.waiting.get(position) as T;
      this.waiting.delete(position);
      this.release(value, position);
      this.next = position + 1;
    }
  }

  /** How many results have been released. */
  get released(): number {
    return this.next;
  }
}
