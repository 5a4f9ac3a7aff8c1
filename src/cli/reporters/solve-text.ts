import { formatSquarePath } from '../../game/notation.js';
import type { Notation } from '../options/common.js';
import { displayName, printable } from '../printable.js';
import type { SolveReport } from './solve-result.js';

/** The solution in the notation asked for; null when there is none. */
export function solutionText(report: SolveReport, notation: Notation): string | null {
  const { record, level } = report;
  if (record.solution === null) return null;
  if (notation === 'squares' && level !== null) return formatSquarePath(level.board, record.solution);
  return record.solution;
}

/** `file#index (title)`: the job name, with the title when it says more than the number. */
export function recordLabel(report: SolveReport): string {
  const { name, title, index } = report.record;
  const shown = displayName(name);
  return title !== null && title !== '' && title !== String(index) ? `${shown} (${printable(title)})` : shown;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
