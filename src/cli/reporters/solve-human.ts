import type { ChalkInstance } from 'chalk';
import type { OutputStream } from '../io.js';
import type { Notation } from '../options/common.js';
import type { Reporter } from './reporter.js';
import type { SolveReport } from './solve-result.js';
import { movesStatesText } from './move-states.js';
import { formatDuration, plural, recordLabel, solutionText } from './solve-text.js';

export interface HumanSolveOptions {
  readonly notation: Notation;
  readonly timeLimitMs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes?: number;
  /** Several rows: an error still gets its own row on stdout, so the rows match the levels. */
  readonly several: boolean;
  /** Only the levels not solved (--quiet); the summary is the caller's. */
  readonly quiet?: boolean;
  /** Draw the board after every move of each solution (--states). */
  readonly states?: boolean;
  /** The CS161 heuristic the A* searched with (--heuristic), named beside the node count. */
  readonly heuristic?: string;
}

/**
 * "278 nodes in 85 ms"; the homework's A* counts states, and says "states expanded" in every
 * line, solved or not, as the homework does.
 */
function effort(nodes: number | null, ms: number | null, heuristic?: string): string {
  const parts: string[] = [];
  if (nodes !== null) parts.push(heuristic === undefined ? plural(nodes, 'node') : `${plural(nodes, 'state')} expanded`);
  if (ms !== null) parts.push(formatDuration(ms));
  return parts.join(' in ');
}

/**
 * One block per level: a headline saying what is known (solved, proven unsolvable, or stopped at
 * which limit), then the details. "Unsolvable" is only ever said after a complete search; a search
 * stopped at a limit says so and says nothing about solvability.
 */
export function humanSolveReporter(out: OutputStream, chalk: ChalkInstance, options: HumanSolveOptions): Reporter<SolveReport> {
  const write = (line: string) => out.write(`${line}\n`);
  const detail = (line: string) => write(`  ${line}`);

  function limitClause(report: SolveReport): string {
    const { record } = report;
    switch (record.limit) {
      case 'memory':
        return `the memory limit (${options.maxMemoryMiB} MiB)`;
      case 'nodes':
        return `the node limit (${plural(options.maxNodes ?? 0, options.heuristic === undefined ? 'node' : 'state')})`;
      default:
        return `the time limit (${formatDuration(options.timeLimitMs)})`;
    }
  }

  return {
    result(report) {
      const { record } = report;
      const label = recordLabel(report);
      switch (record.status) {
        case 'solved': {
          if (options.quiet === true) return;
          write(`${label}: ${chalk.green('solved')} in ${plural(record.moves ?? 0, 'move')}, ${plural(record.pushes ?? 0, 'push', 'pushes')}`);
          detail(`${options.notation === 'squares' ? 'squares' : 'solution'}: ${solutionText(report, options.notation)}`);
          if (record.moves === 0) detail(`optimal: moves and pushes (the level is solved as it stands); ${effort(record.nodes, record.ms, options.heuristic)}`);
          else if (options.heuristic === undefined) detail(`optimal: ${provenMeasures(record.optimal, record.thenFewest)}; ${effort(record.nodes, record.ms)}`);
          else detail(`optimal: ${record.optimal ?? 'not proven'} (A* with ${options.heuristic}); ${effort(record.nodes ?? 0, record.ms ?? 0, options.heuristic)}`);
          if (options.states === true && report.level !== null && record.solution !== null) out.write(movesStatesText(report.level.board, record.solution));
          return;
        }
        case 'unsolvable':
          write(`${label}: ${chalk.red('unsolvable')}: proven, the whole reachable space was searched (${effort(record.nodes, record.ms, options.heuristic)})`);
          return;
        case 'timeout':
        case 'memory': {
          const after = record.nodes !== null ? ` after ${effort(record.nodes, record.ms, options.heuristic)}` : '';
          write(`${label}: ${chalk.yellow('not solved')}: stopped at ${limitClause(report)}${after}`);
          if (record.error !== null) detail(record.error);
          return;
        }
        case 'error':
          // The message itself went to stderr as one line; in a list, stdout keeps one line per level.
          if (options.several) write(`${label}: ${chalk.red('error')} (see stderr)`);
          return;
      }
    },
    end() {},
  };
}

/** What a solution is proven fewest in: the first measure, and the other among the solutions optimal in it when that is proven too. */
function provenMeasures(optimal: 'moves' | 'pushes' | null, thenFewest: 'moves' | 'pushes' | null): string {
  if (optimal === null) return 'not proven';
  return thenFewest === null ? `${optimal} (the other measure not proven)` : `${optimal}, then ${thenFewest}`;
}
