/**
 * Whether some side of `cell` is no wall and the square beyond it, in the same line, is floor
 * without a box; what stands on the side itself is not asked. It is one test under two readings:
 * a box on `cell` can be pulled off it (the player backs onto the far square), and a box could be
 * pushed onto `cell` (from the side, the player on the far square).
 */
export function hasOpenLineOfTwo(neighbours: Int32Array, cell: number, boxAt: Uint8Array): boolean {
  for (let d = 0; d < 4; d++) {
    const side = neighbours[cell * 4 + d];
    if (side < 0) continue;
    const beyond = neighbours[side * 4 + d];
    if (beyond >= 0 && boxAt[beyond] === 0) return true;
  }
  return false;
}
