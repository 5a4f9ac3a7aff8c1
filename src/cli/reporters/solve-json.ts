import type { SolveFields } from '../../runner/solve-fields.js';
import type { OutputStream } from '../io.js';
import type { Notation } from '../options/common.js';
import { writeJsonLine } from './json.js';
import type { Reporter } from './reporter.js';
import type { SolveReport } from './solve-result.js';
import { solutionText } from './solve-text.js';

/**
 * One level's line of `solve --json`: the outcome fields say what the web API's solve answer says
 * (runner/solve-fields.ts). `error` is present only when there is something to say.
 */
export interface SolveJson extends Omit<SolveFields, 'limit' | 'error'> {
  readonly file: string;
  readonly index: number | null;
  readonly title: string | null;
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
    firstMoves: record.firstMoves,
    firstPushes: record.firstPushes,
    optimal: record.optimal,
    thenFewest: record.thenFewest,
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
