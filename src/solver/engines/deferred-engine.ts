import type { SearchEngine, SearchState } from './search-engine.js';

/**
 * A search built only when it is first run: a portfolio member that gets no turn on a level
 * (one solved in the opening, say) costs nothing, not even its tables. Until then it reads as a
 * running search with nothing done.
 */
export class DeferredEngine implements SearchEngine {
  private engine: SearchEngine | null = null;

  constructor(private readonly make: () => SearchEngine) {}

  get state(): SearchState {
    return this.engine === null ? 'running' : this.engine.state;
  }

  get expanded(): number {
    return this.engine === null ? 0 : this.engine.expanded;
  }

  get generated(): number {
    return this.engine === null ? 0 : this.engine.generated;
  }

  get bytes(): number {
    return this.engine === null ? 0 : this.engine.bytes;
  }

  run(budget: number): void {
    if (this.engine === null) this.engine = this.make();
    this.engine.run(budget);
  }

  solution(): Int32Array {
    if (this.engine === null) throw new Error('DeferredEngine: no search has run, so there is no solution');
    return this.engine.solution();
  }
}
