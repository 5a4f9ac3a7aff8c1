import type { ChalkInstance } from 'chalk';
import { formatSquarePath } from '../../game/notation.js';
import type { Level } from '../../level/level.js';
import type { OptimizeMetric } from '../../solver/optimize/metric.js';
import type { OptimizeRecord } from '../../runner/optimize-record.js';
import type { OutputStream } from '../io.js';
import type { Notation } from '../options/common.js';
import { formatDuration, plural } from './solve-text.js';
import { writeColumns } from './summary-table.js';

/** One level's optimize record, with what the reporters need to show it. */
export interface OptimizeReport {
  readonly record: OptimizeRecord;
  /** The level's name as the human report shows it (the file alone for a one-level file). */
  readonly label: string;
  /** For the square notation; null when the level could not be read. */
  readonly level: Level | null;
}

export interface OptimizeReportSettings {
  readonly metric: OptimizeMetric;
  readonly notation: Notation;
}

function solutionText(report: OptimizeReport, notation: Notation): string | null {
  const { solution } = report.record;
  if (solution === null) return null;
  return notation === 'squares' && report.level !== null ? formatSquarePath(report.level.board, solution) : solution;
}

export function writeOptimizeHuman(out: OutputStream, chalk: ChalkInstance, report: OptimizeReport, settings: OptimizeReportSettings): void {
  const { record, label } = report;
  switch (record.status) {
    case 'optimized': {
      const before = record.before ?? { moves: 0, pushes: 0 };
      const from = record.source === 'solver' ? "the solver's" : 'was';
      out.write(
        `${label}: ${chalk.green('optimized')} to ${plural(record.moves ?? 0, 'move')}, ${plural(record.pushes ?? 0, 'push', 'pushes')} (${from} ${plural(before.moves, 'move')}, ${plural(before.pushes, 'push', 'pushes')})\n`,
      );
      out.write(`  ${settings.notation === 'squares' ? 'squares' : 'solution'}: ${solutionText(report, settings.notation)}\n`);
      const trail = record.steps.map((step) => `${step.technique} ${step.moves}/${step.pushes}`).join(', ');
      const stopped = record.limit === null ? '' : `; stopped at the ${record.limit} limit`;
      out.write(`  metric: ${settings.metric}; moves/pushes after ${trail}; ${plural(record.nodes ?? 0, 'node')} in ${formatDuration(record.ms ?? 0)}${stopped}\n`);
      return;
    }
    case 'unsolvable':
      out.write(`${label}: ${chalk.red('unsolvable')}: proven, nothing to optimize\n`);
      return;
    case 'timeout':
    case 'memory':
      // A worker ended from outside says why; otherwise the solver stopped itself at a limit before a first solution.
      if (record.error !== null) out.write(`${label}: ${chalk.yellow('not optimized')}: ${record.error}\n`);
      else out.write(`${label}: ${chalk.yellow('not solved')}: no moves given and the solver stopped at the ${record.limit ?? 'time'} limit\n`);
      return;
    case 'error':
      out.write(`${label}: ${chalk.red('error')} (see stderr)\n`);
      return;
  }
}

/** One JSON object per level: the record's fields under the names `optimize --json` has always used. */
export function optimizeJson(report: OptimizeReport, settings: OptimizeReportSettings): unknown {
  const { record } = report;
  return {
    file: record.file,
    index: record.index,
    title: record.title,
    metric: settings.metric,
    status: record.status,
    source: record.source,
    solution: solutionText(report, settings.notation),
    moves: record.moves,
    pushes: record.pushes,
    before: record.before,
    steps: record.steps,
    nodes: record.nodes,
    ms: record.ms,
    limit: record.limit,
    error: record.error,
  };
}

/**
 * The run's totals: levels by status, and the lengths before and after over the levels
 * optimized, added up one record at a time (a batch keeps its totals, not its records).
 */
export class OptimizeTally {
  private readonly statuses: Record<OptimizeRecord['status'], number> = { optimized: 0, unsolvable: 0, timeout: 0, memory: 0, error: 0 };
  private readonly before = { moves: 0, pushes: 0 };
  private readonly after = { moves: 0, pushes: 0 };
  private levels = 0;

  add(record: OptimizeRecord): void {
    this.levels++;
    this.statuses[record.status]++;
    if (record.status !== 'optimized') return;
    this.before.moves += record.before?.moves ?? 0;
    this.before.pushes += record.before?.pushes ?? 0;
    this.after.moves += record.moves ?? 0;
    this.after.pushes += record.pushes ?? 0;
  }

  /** How many records were added. */
  get count(): number {
    return this.levels;
  }

  /** The summary: levels, each status, moves and pushes before and after, and the wall time. */
  write(out: OutputStream, wallMs: number): void {
    const { before, after, statuses } = this;
    const columns: [string, string][] = [
      ['levels', String(this.levels)],
      ['optimized', String(statuses.optimized)],
      ['unsolvable', String(statuses.unsolvable)],
      ['timeout', String(statuses.timeout)],
      ['memory', String(statuses.memory)],
      ['error', String(statuses.error)],
      ['moves', `${before.moves} -> ${after.moves}`],
      ['pushes', `${before.pushes} -> ${after.pushes}`],
      ['wall time', formatDuration(wallMs)],
    ];
    writeColumns(out, columns);
  }
}
