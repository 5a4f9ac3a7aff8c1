import { BoxMoves } from '../geometry/box-moves.js';
import type { Problem } from '../model/problem.js';

/** Rows kept, at most, in 32-bit words over all of them (16 MiB); past that a row is searched each time it is asked. */
const MAX_STORED_WORDS = 1 << 22;

/**
 * Whether a lone box can be pushed from one square to another on the empty level, the player
 * starting on any side: the test of a move that could be undone (Festival's explorer takes only
 * those). A row of the table, the squares one box reaches from one square, is searched the first
 * time that square is asked about and kept, so only the squares the search moves boxes to cost.
 */
export class LoneBoxReach {
  private readonly moves: BoxMoves;
  private readonly empty: Uint8Array;
  private readonly noDeadCells: Uint8Array;
  private readonly words: number;
  /** Per source square, its row of reached squares (a bit each), once searched and kept. */
  private readonly rows = new Map<number, Uint32Array>();
  private storedWords = 0;
  /** The row searched last, when it was not kept. */
  private readonly spare: Uint32Array;
  private spareSource = -1;
  private readonly anySide = (): boolean => true;

  constructor(problem: Problem) {
    this.moves = new BoxMoves(problem);
    this.empty = new Uint8Array(problem.cellCount);
    this.noDeadCells = new Uint8Array(problem.cellCount);
    this.words = (problem.cellCount + 31) >>> 5;
    this.spare = new Uint32Array(this.words);
  }

  /** Whether a lone box on `from` can be pushed to `to` (true when they are the same square). */
  reaches(from: number, to: number): boolean {
    if (from === to) return true;
    const row = this.rowOf(from);
    return (row[to >>> 5] & (1 << (to & 31))) !== 0;
  }

  private rowOf(source: number): Uint32Array {
    const kept = this.rows.get(source);
    if (kept !== undefined) return kept;
    if (this.spareSource === source) return this.spare;
    const keep = this.storedWords + this.words <= MAX_STORED_WORDS;
    const row = keep ? new Uint32Array(this.words) : this.spare.fill(0);
    const { moves, empty } = this;
    empty[source] = 1;
    const found = moves.search(source, empty, this.noDeadCells, this.anySide);
    empty[source] = 0;
    for (let k = 0; k < found; k++) {
      const cell = moves.states[k] >> 2;
      row[cell >>> 5] |= 1 << (cell & 31);
    }
    if (keep) {
      this.rows.set(source, row);
      this.storedWords += this.words;
    } else this.spareSource = source;
    return row;
  }
}
