/**
 * The number of player areas once the box on `box` is taken off: the areas beside it (told apart
 * by `areaOf`, a walk's labels of the position's free cells) become one with its cell. `areas` is
 * the position's count. A move's effect on the player's floor, read without walking again.
 */
export function areasWithBoxLifted(neighbours: Int32Array, areaOf: Int32Array, areas: number, box: number, boxAt: Uint8Array): number {
  let joined = 0;
  for (let d = 0; d < 4; d++) {
    const side = neighbours[box * 4 + d];
    if (side < 0 || boxAt[side] !== 0) continue;
    let seen = false;
    for (let e = 0; e < d; e++) {
      const other = neighbours[box * 4 + e];
      if (other >= 0 && boxAt[other] === 0 && areaOf[other] === areaOf[side]) seen = true;
    }
    if (!seen) joined++;
  }
  return areas - joined + 1;
}
