/**
 * A small seeded random number generator, so `generate --seed` gives the same levels on every
 * machine and Node version (Math.random cannot be seeded). A Weyl sequence (adding an odd
 * constant) is run through a 32-bit integer mixer: cheap, and good enough to carve rooms.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    // Mixing the seed first keeps neighbouring seeds (1, 2, 3) from giving neighbouring streams.
    this.state = mix32((seed >>> 0) ^ 0x5bd1e995);
  }

  /** The next 32-bit unsigned value. */
  nextUint32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    return mix32(this.state);
  }

  /** A whole number from 0 to below `bound` (bound >= 1). */
  below(bound: number): number {
    return Math.floor((this.nextUint32() / 0x1_0000_0000) * bound);
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.nextUint32() / 0x1_0000_0000 < probability;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }
}

/** Scrambles the bits of a 32-bit value so that every input bit affects every output bit. */
function mix32(value: number): number {
  let z = value >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}
