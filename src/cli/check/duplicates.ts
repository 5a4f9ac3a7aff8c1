/**
 * Finds repeats among levels by their canonical keys (level/canonical.ts), level by level in
 * input order: a level whose key an earlier one already had is a duplicate of that first one.
 * Levels without a key (levels that could not be read) are never duplicates.
 */
export class DuplicateFinder {
  private readonly firstWithKey = new Map<string, string>();

  /** The name of the first level with this key, or null when this one is the first (then it is remembered as `name`). */
  check(key: string | null, name: string): string | null {
    if (key === null) return null;
    const first = this.firstWithKey.get(key);
    if (first !== undefined) return first;
    this.firstWithKey.set(key, name);
    return null;
  }
}
