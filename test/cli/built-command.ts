import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';

/** Newest modification time of the files under a folder, or 0 when it does not exist. */
function newest(folder: string): number {
  let latest = 0;
  try {
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  } catch {
    return 0;
  }
  return latest;
}

/**
 * For tests that run the real installed command (bin/sokoban.cjs): builds it first when the
 * sources are newer than its build (npm ci builds it too).
 */
export function useBuiltCommand(): void {
  beforeAll(() => {
    if (newest('dist') < newest('src')) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  }, 120_000);
}
