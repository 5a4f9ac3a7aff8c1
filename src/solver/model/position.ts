import type { Problem } from './problem.js';
import { zobristKeys } from './zobrist.js';

/**
 * Fixed seeds for the box and player keys. Every engine uses the same ones, so a position hashes
 * alike in every table and node counts stay reproducible between runs.
 */
const BOX_KEY_SEED = 0x2545f491;
const PLAYER_KEY_SEED = 0x6c8e9cf5;

/**
 * How a position is packed into a node table: a bitset of box cells (problem.words 32-bit words,
 * cell c at bit c & 31 of word c >>> 5) plus one player cell, hashed as the XOR of a Zobrist key
 * per box cell and one for the player cell. Each engine holds one of these and calls it directly
 * from its hot loop: the methods are small, allocate nothing and take typed arrays only, so they
 * stay monomorphic and inline.
 */
export class PackedPositions {
  readonly words: number;
  /** Zobrist key of a box on each cell. */
  readonly boxKeys: Uint32Array;
  /** Zobrist key of the (normalized or exact) player on each cell. */
  readonly playerKeys: Uint32Array;

  constructor(problem: Problem) {
    this.words = problem.words;
    this.boxKeys = zobristKeys(problem.cellCount, BOX_KEY_SEED);
    this.playerKeys = zobristKeys(problem.cellCount, PLAYER_KEY_SEED);
  }

  /** Writes the first `count` of `cells` into `packed` (which must start empty); returns their box hash. */
  pack(cells: ArrayLike<number>, count: number, packed: Uint32Array): number {
    const { boxKeys } = this;
    let boxHash = 0;
    for (let i = 0; i < count; i++) {
      const cell = cells[i];
      packed[cell >>> 5] |= 1 << (cell & 31);
      boxHash ^= boxKeys[cell];
    }
    return boxHash >>> 0;
  }

  /**
   * Copies the box set stored at `source[base ..]` into `target` with the box on `from` moved to
   * `to`: the child of a push, ready for a table lookup.
   */
  packMove(source: Uint32Array, base: number, from: number, to: number, target: Uint32Array): void {
    const { words } = this;
    for (let w = 0; w < words; w++) target[w] = source[base + w];
    target[from >>> 5] &= ~(1 << (from & 31));
    target[to >>> 5] |= 1 << (to & 31);
  }

  /** The box hash after the box on `from` moved to `to`. */
  movedHash(boxHash: number, from: number, to: number): number {
    return (boxHash ^ this.boxKeys[from] ^ this.boxKeys[to]) >>> 0;
  }

  /** The hash of the whole position: its box hash with the player's cell. */
  hash(boxHash: number, player: number): number {
    return (boxHash ^ this.playerKeys[player]) >>> 0;
  }

  /** Lists the box cells stored at `packed[base ..]` into `cells`, in increasing order; returns how many. */
  unpack(packed: Uint32Array, base: number, cells: Int32Array): number {
    const { words } = this;
    let count = 0;
    for (let w = 0; w < words; w++) {
      let bits = packed[base + w];
      while (bits !== 0) {
        const low = bits & -bits;
        cells[count++] = (w << 5) + (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return count;
  }

  /** Marks the box cells stored at `packed[base ..]` with 1 in `boxAt` (other cells are left as they are). */
  mark(packed: Uint32Array, base: number, boxAt: Uint8Array): void {
    const { words } = this;
    for (let w = 0; w < words; w++) {
      let bits = packed[base + w];
      while (bits !== 0) {
        const low = bits & -bits;
        boxAt[(w << 5) + (31 - Math.clz32(low))] = 1;
        bits ^= low;
      }
    }
  }
}
