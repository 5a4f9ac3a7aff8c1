/**
 * What every answer about one level's search says, in the same words wherever it is read: the
 * CLI's records and `solve --json` lines, and the web API's solve answer. No imports, so the
 * browser page can type its answers with it too.
 */

export type RecordStatus = 'solved' | 'unsolvable' | 'timeout' | 'memory' | 'error';

/** Which limit stopped a level that is neither solved nor proven unsolvable. */
export type StopLimit = 'time' | 'nodes' | 'memory';

export interface SolveFields {
  readonly status: RecordStatus;
  /** LURD, replayed and checked before it got here; null unless solved. */
  readonly solution: string | null;
  readonly moves: number | null;
  readonly pushes: number | null;
  /**
   * Length of the solution the search found first, before the improvement pass (or, with
   * --optimal pushes, the search for the fewest moves among push-optimal solutions) shortened it
   * (equal to moves and pushes when nothing did); null unless solved.
   */
  readonly firstMoves: number | null;
  readonly firstPushes: number | null;
  /** What the solution is proven fewest of; null when it is only a solution. */
  readonly optimal: 'moves' | 'pushes' | null;
  /** The other measure, when it is proven fewest too among the solutions optimal in the first; else null. */
  readonly thenFewest: 'moves' | 'pushes' | null;
  /** Positions expanded; null when the search never answered (its worker was ended). */
  readonly nodes: number | null;
  readonly ms: number | null;
  readonly limit: StopLimit | null;
  /** One line saying what went wrong; only for status "error" or a worker that had to be ended. */
  readonly error: string | null;
}
