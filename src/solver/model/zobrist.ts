/**
 * Random 32-bit keys per cell. A fixed seed keeps runs reproducible, so node counts in
 * benchmarks and tests do not wander between runs.
 */
export function zobristKeys(count: number, seed: number): Uint32Array {
  const keys = new Uint32Array(count);
  let state = seed >>> 0 || 0x9e3779b9;
  for (let i = 0; i < count; i++) {
    // xorshift32: fast, and good enough to spread box sets over a hash table.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    keys[i] = state;
  }
  return keys;
}
