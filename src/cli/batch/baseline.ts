import type { LevelRecord } from '../../runner/record.js';
import type { Summary } from './summary.js';

export interface Regression {
  readonly name: string;
  readonly title: string | null;
  /** One clause: what changed, e.g. "solved before (24 moves), timeout now". */
  readonly reason: string;
}

function describe(record: LevelRecord): string {
  return record.status === 'solved' ? `solved (${record.moves} moves, ${record.pushes} pushes)` : record.status;
}

/** The length an optimal solution is measured by, when the earlier and current runs proved the same thing. */
function optimalLength(record: LevelRecord, optimal: 'moves' | 'pushes'): number | null {
  return optimal === 'moves' ? record.moves : record.pushes;
}

/**
 * Levels that got worse since a baseline summary: solved before and not now, or, where both runs
 * proved optimality in the same measure, a longer solution (which means a bug: an optimum cannot grow).
 * Levels absent from either run (another shard, a new file) are not compared.
 */
export function findRegressions(baseline: Summary, records: readonly LevelRecord[]): Regression[] {
  const before = new Map(baseline.levels.map((record) => [record.name, record]));
  const regressions: Regression[] = [];
  for (const record of records) {
    const earlier = before.get(record.name);
    if (earlier === undefined || earlier.status !== 'solved') continue;
    if (record.status !== 'solved') {
      regressions.push({ name: record.name, title: record.title, reason: `${describe(earlier)} before, ${describe(record)} now` });
      continue;
    }
    const measure = record.optimal;
    if (measure === null || earlier.optimal !== measure) continue;
    const was = optimalLength(earlier, measure);
    const is = optimalLength(record, measure);
    if (was !== null && is !== null && is > was) {
      regressions.push({ name: record.name, title: record.title, reason: `optimal solution grew from ${was} to ${is} ${measure}` });
    }
  }
  return regressions;
}
