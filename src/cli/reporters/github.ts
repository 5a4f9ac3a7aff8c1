import { InputError, LevelError, MoveSyntaxError } from '../../errors.js';
import type { OutputStream } from '../io.js';
import { printable } from '../printable.js';
import type { VerifyOutcome } from '../verify-outcome.js';
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

/** Where an annotation points: a file, and its line and column when known. */
export interface AnnotationPlace {
  readonly file: string;
  readonly line?: number | null;
  readonly column?: number;
}

/** One `::error` workflow command, on the file (and line, and column, where known) it is about. */
export function errorAnnotation(place: AnnotationPlace, title: string, text: string): string {
  // The file part is written as the title part is: control bytes escaped (issue 46), since a raw
  // ESC from a file name would reach the log; a file so named cannot be linked to anyway.
  const properties = [`file=${escapeProperty(printable(place.file))}`];
  if (place.line !== null && place.line !== undefined) {
    properties.push(`line=${place.line}`);
    if (place.column !== undefined) properties.push(`col=${place.column}`);
  }
  properties.push(`title=${escapeProperty(title)}`);
  // The message quotes file names too (a parse error's "a<ESC>b.xsb:1: ..."): each of its lines is
  // escaped as the properties are, and its line breaks stay the workflow command's %0A.
  const shown = text.split('\n').map(printable).join('\n');
  return `::error ${properties.join(',')}::${escapeData(shown)}\n`;
}

/** True when the commands should annotate what fails (`::error` lines), as under GitHub Actions. */
export function annotating(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/** Under GitHub Actions, each level not solved becomes an `::error` annotation on its file and line (and column, for a parse error that knows it). */
export function githubReporter(out: OutputStream): Reporter<SolveReport> {
  return {
    result(report) {
      const { record } = report;
      if (record.status === 'solved') return;
      out.write(errorAnnotation(record, `sokoban solve: ${recordLabel(report)}`, message(report)));
    },
    end: () => {},
  };
}

/** Where a verify error points: the file, line and column it names, else the level it is about. */
function placeOfError(outcome: Extract<VerifyOutcome, { kind: 'bad-input' }>): AnnotationPlace {
  const { error, ref } = outcome;
  if (error instanceof LevelError || error instanceof MoveSyntaxError) return error.position;
  if (error instanceof InputError) return { file: error.file };
  return { file: ref.file, line: ref.level?.source.line ?? null };
}

/**
 * Under GitHub Actions: an `::error` line for a `verify` answer that does not solve its level
 * (an illegal move, moves that end unsolved, no moves to check, unreadable input), on the level
 * (or the moves' position, for a syntax error); null for moves that solve it.
 */
export function verifyAnnotation(outcome: VerifyOutcome): string | null {
  const title = `sokoban verify: ${outcome.ref.label}`;
  const levelPlace: AnnotationPlace = { file: outcome.ref.file, line: outcome.ref.level?.source.line ?? null };
  switch (outcome.kind) {
    case 'replayed': {
      const { replay } = outcome;
      if (replay.solved) return null;
      if (replay.error !== null) return errorAnnotation(levelPlace, title, `illegal ${replay.error.message}`);
      const moves = `${replay.moves} ${replay.moves === 1 ? 'move' : 'moves'}`;
      return errorAnnotation(levelPlace, title, `not solved after ${moves}, all legal (rule: ${outcome.rule})`);
    }
    case 'no-moves':
      return errorAnnotation(levelPlace, title, 'no Solution line to check');
    case 'bad-input':
      return errorAnnotation(placeOfError(outcome), title, outcome.error.message);
  }
}
