/**
 * Sorts the first `size` cells of `cells` in place, ascending: an insertion sort, which for the
 * handful of boxes a deadlock pattern holds is faster than a general sort and allocates nothing.
 * Patterns are cached by their sorted cells, so the same boxes give the same key in any order.
 */
export function sortCells(cells: Int32Array, size: number): void {
  for (let i = 1; i < size; i++) {
    const cell = cells[i];
    let j = i - 1;
    while (j >= 0 && cells[j] > cell) {
      cells[j + 1] = cells[j];
      j--;
    }
    cells[j + 1] = cell;
  }
}
