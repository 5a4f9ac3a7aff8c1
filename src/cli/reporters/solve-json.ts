import type { OutputStream } from '../io.js';
import type { Notation } from '../options.js';
import { writeJsonLine } from './json.js';
import type { Reporter } from './reporter.js';
import type { SolveReport } from './solve-result.js';
import { solutionText } from './solve-text.js';

/** One level's line of `solve --json`. `error` is present only when there is something to say. */
export interface SolveJson {
  readonly file: string;
  readonly index: number | null;
  readonly title: string | null;
  readonly status: 'solved' | 'unsolvable' | 'timeout' | 'memory' | 'error';
  readonly solution: string | null;
  readonly moves: number | null;
  readonly pushes: number | null;
  readonly optimal: 'moves' | 'pushes' | null;
  readonly nodes: number | null;
  readonly ms: number | null;
  readonly error?: string;
}

export function solveJson(report: SolveReport, notation: Notation): SolveJson {
  const { record } = report;
  const line: SolveJson = {
    file: record.file,
    index: record.index,
    title: record.title,
    status: record.status,
    solution: solutionText(report, notation),
    moves: record.moves,
    pushes: record.pushes,
    optimal: record.optimal,
    nodes: record.nodes,
    ms: record.ms,
  };
  return record.error === null ? line : { ...line, error: record.error };
}

/** JSON Lines on stdout, one object per level in input order, and nothing else there. */
export function jsonSolveReporter(out: OutputStream, notation: Notation): Reporter<SolveReport> {
  return {
    result: (report) => writeJsonLine(out, solveJson(report, notation)),
    end: () => {},
  };
}
