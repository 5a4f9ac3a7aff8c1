import type { Totals } from '../batch/summary.js';
import type { OutputStream } from '../io.js';
import { formatDuration } from './solve-text.js';

/** The closing table of a batch: counts by status, then the time spent. */
export function writeSummaryTable(out: OutputStream, totals: Totals, wallMs: number | null): void {
  const columns: [string, string][] = [
    ['levels', String(totals.levels)],
    ['solved', String(totals.solved)],
    ['unsolvable', String(totals.unsolvable)],
    ['timeout', String(totals.timeout)],
    ['memory', String(totals.memory)],
    ['error', String(totals.error)],
    ['total time', formatDuration(totals.totalMs)],
    ['median time', totals.medianMs === null ? '-' : formatDuration(totals.medianMs)],
  ];
  if (wallMs !== null) columns.push(['wall time', formatDuration(wallMs)]);
  writeColumns(out, columns);
}

/** A two-line table: the heads, then the values under them, each column as wide as its wider cell. */
export function writeColumns(out: OutputStream, columns: readonly (readonly [head: string, value: string])[]): void {
  const widths = columns.map(([head, value]) => Math.max(head.length, value.length));
  out.write(`${columns.map(([head], i) => head.padStart(widths[i])).join('  ')}\n`);
  out.write(`${columns.map(([, value], i) => value.padStart(widths[i])).join('  ')}\n`);
}
