/**
 * Orders names the way people number things: `level2` before `level10`. Used for expanded
 * folders and globs, and for job names (`file#index`) in shards and summaries, so every run and
 * every shard agrees on one order.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

export function compareNames(a: string, b: string): number {
  const order = collator.compare(a, b);
  if (order !== 0) return order;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A job's place in the canonical order: by file, then by level number (a whole-file error first). */
export function compareJobs(a: { readonly file: string; readonly index: number | null }, b: { readonly file: string; readonly index: number | null }): number {
  const byFile = compareNames(a.file, b.file);
  if (byFile !== 0) return byFile;
  return (a.index ?? 0) - (b.index ?? 0);
}
