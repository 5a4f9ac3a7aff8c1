import type { OutputStream } from '../io.js';
import type { Reporter } from './reporter.js';
import type { SolveReport } from './solve-result.js';
import { recordLabel } from './solve-text.js';

/** Workflow command data: `%`, CR and LF would end or garble the command. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** Property values also end at `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

function message(report: SolveReport): string {
  const { record } = report;
  switch (record.status) {
    case 'unsolvable':
      return 'proven unsolvable: the whole reachable space was searched';
    case 'timeout':
      return record.limit === 'nodes' ? 'not solved: stopped at the node limit' : 'not solved: stopped at the time limit';
    case 'memory':
      return 'not solved: stopped at the memory limit';
    default:
      return record.error ?? record.status;
  }
}

/** Under GitHub Actions, each level not solved becomes an `::error` annotation on its file and line (and column, for a parse error that knows it). */
export function githubReporter(out: OutputStream): Reporter<SolveReport> {
  return {
    result(report) {
      const { record } = report;
      if (record.status === 'solved') return;
      const properties = [`file=${escapeProperty(record.file)}`];
      if (record.line !== null) properties.push(`line=${record.line}`);
      if (record.line !== null && record.column !== undefined) properties.push(`col=${record.column}`);
      properties.push(`title=${escapeProperty(`sokoban solve: ${recordLabel(report)}`)}`);
      out.write(`::error ${properties.join(',')}::${escapeData(message(report))}\n`);
    },
    end: () => {},
  };
}
