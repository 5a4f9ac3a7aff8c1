/**
 * Finds repeats among levels by their canonical keys (level/canonical.ts): each level whose key
 * an earlier one already had is a duplicate of that first one. Positions without a key (levels
 * that could not be read) are never duplicates.
 */
export function findDuplicates(keys: readonly (string | null)[], names: readonly string[]): (string | null)[] {
  const firstWithKey = new Map<string, string>();
  return keys.map((key, position) => {
    if (key === null) return null;
    const first = firstWithKey.get(key);
    if (first !== undefined) return first;
    firstWithKey.set(key, names[position]);
    return null;
  });
}
