/** What `floorSteps` gives a cell no walk reaches. */
export const UNREACHED = 0x7fffffff;

/**
 * Walking steps over the floor, boxes ignored, from the nearest of `sources` to every cell
 * (UNREACHED where none leads): one breadth-first pass from all of them at once, in the order given.
 */
export function floorSteps(neighbours: Int32Array, cellCount: number, sources: ArrayLike<number>): Int32Array {
  const steps = new Int32Array(cellCount).fill(UNREACHED);
  const queue = new Int32Array(cellCount);
  let tail = 0;
  for (let k = 0; k < sources.length; k++) {
    const cell = sources[k];
    if (steps[cell] === UNREACHED) {
      steps[cell] = 0;
      queue[tail++] = cell;
    }
  }
  for (let head = 0; head < tail; head++) {
    const cell = queue[head];
    for (let d = 0; d < 4; d++) {
      const next = neighbours[cell * 4 + d];
      if (next >= 0 && steps[next] === UNREACHED) {
        steps[next] = steps[cell] + 1;
        queue[tail++] = next;
      }
    }
  }
  return steps;
}
