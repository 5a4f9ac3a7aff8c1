/**
 * running: more work to do. solved: solution() is ready. unsolvable: the search proved that no
 * solution exists. exhausted: the search ran out of positions, which proves nothing (it cut
 * moves that a proof would need). memory: its tables reached their byte limit.
 */
export type SearchState = 'running' | 'solved' | 'unsolvable' | 'exhausted' | 'memory';

/**
 * What the solver's driver needs of a search: it runs in slices of a given number of positions,
 * so that one driver can enforce the limits and let several searches of a level take turns.
 */
export interface SearchEngine {
  readonly state: SearchState;
  /** Positions expanded so far. */
  readonly expanded: number;
  /**
   * Positions stored by the per-level tables it built on the way (the perimeters of the optimal
   * searches): work beside its expansions, which node limits count too. Absent: none.
   */
  readonly tablePositions?: number;
  /** Positions generated (stored) so far. */
  readonly generated: number;
  /** Bytes held by the search's tables. */
  readonly bytes: number;
  /** Expands up to `budget` positions, or fewer when the search ends. */
  run(budget: number): void;
  /** The pushes of the solution from the start, each (box cell before the push) * 4 + direction. */
  solution(): Int32Array;
}
