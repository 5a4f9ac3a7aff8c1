import type { Summary } from '../batch/summary.js';

/** The JSON summary file: stable key order, two-space indent, one trailing newline. */
export function summaryJson(summary: Summary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}
