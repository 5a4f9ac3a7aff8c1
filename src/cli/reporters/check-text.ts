import type { ChalkInstance } from 'chalk';
import { squareName } from '../../game/notation.js';
import type { RecordKey } from '../../runner/record.js';
import { type CheckRow, exitCodeOfRow } from '../check/check-row.js';
import { ExitCode } from '../exit-codes.js';
import type { OutputStream } from '../io.js';
import { displayName, printable } from '../printable.js';
import { errorAnnotation } from './github.js';
import { formatDuration, plural } from './solve-text.js';

/** `file#index (title)`, as solve names a level. */
export function keyLabel(key: RecordKey): string {
  const { name, title, index } = key;
  const shown = displayName(name);
  return title !== null && title !== '' && title !== String(index) ? `${shown} (${printable(title)})` : shown;
}

/** Board squares as square names (column letter, row letter: "Cb"). */
export function squareNames(squares: readonly number[], width: number): string[] {
  return squares.map((square) => squareName(Math.floor(square / width), square % width));
}

const COLUMNS = ['size', 'boxes', 'goals', 'reach', 'dead', 'decor', 'frozen'] as const;
const WIDTHS = [7, 5, 5, 5, 5, 7, 6] as const;

/** The human table of `sokoban check`: a header, then one line per level as it is released in input order. */
/** The level column's width: the longest label, within 5 to 48 characters; labels past 48 are not looked at. */
export function labelWidthOf(labels: Iterable<string>): number {
  let width = 5;
  for (const label of labels) {
    width = Math.max(width, label.length);
    if (width >= LONGEST_LABEL) return LONGEST_LABEL;
  }
  return width;
}

const LONGEST_LABEL = 48;

export function checkTable(out: OutputStream, chalk: ChalkInstance, labelWidth: number) {
  const cells = (values: readonly string[]) => values.map((value, i) => (i === 0 ? value.padEnd(WIDTHS[i]) : value.padStart(WIDTHS[i]))).join(' ');
  let headerWritten = false;
  return {
    row(row: CheckRow): void {
      if (!headerWritten) {
        out.write(`${chalk.bold(`${'level'.padEnd(labelWidth)} ${cells(COLUMNS)}  result`)}\n`);
        headerWritten = true;
      }
      const facts = row.facts;
      const values =
        facts === null
          ? COLUMNS.map(() => '?')
          : [
              `${facts.width}x${facts.height}`,
              String(facts.boxes),
              String(facts.goals),
              String(facts.reachable),
              String(facts.deadSquares.length),
              facts.decorationBoxes + facts.decorationWalls === 0 ? '-' : `${facts.decorationBoxes}b${facts.decorationWalls}w`,
              facts.immovableBoxes.length === 0 ? '-' : String(facts.immovableBoxes.length),
            ];
      out.write(`${keyLabel(row.key).padEnd(labelWidth)} ${cells(values)}  ${resultText(row, chalk)}\n`);
    },
  };
}

function resultText(row: CheckRow, chalk: ChalkInstance): string {
  const parts: string[] = [];
  switch (row.verdict) {
    case 'solvable':
      parts.push(chalk.green(`solvable (${plural(row.moves ?? 0, 'move')}, ${plural(row.pushes ?? 0, 'push', 'pushes')}, ${formatDuration(row.ms ?? 0)})`));
      break;
    case 'unsolvable':
      parts.push(chalk.red('UNSOLVABLE (proven)'));
      break;
    case 'unknown':
      parts.push(chalk.yellow(`unknown (${row.limit ?? 'time'} limit, ${plural(row.nodes ?? 0, 'node')})`));
      break;
    case 'error':
      parts.push(chalk.red(`error: ${printable(row.error ?? 'unreadable')}`));
      break;
  }
  const facts = row.facts;
  if (facts !== null && facts.immovableOffGoal > 0) parts.push(chalk.red(`${plural(facts.immovableOffGoal, 'box', 'boxes')} frozen off goals`));
  if (row.duplicateOf !== null) parts.push(chalk.red(`DUPLICATE of ${displayName(row.duplicateOf)}`));
  return parts.join('; ');
}

/**
 * Under GitHub Actions: an `::error` line on the level of a row that fails the check (unsolvable,
 * a duplicate, unknown within the limits, unreadable), or null for a row that passes.
 */
export function checkAnnotation(row: CheckRow): string | null {
  if (exitCodeOfRow(row) === ExitCode.ok) return null;
  const problems: string[] = [];
  if (row.verdict === 'unsolvable') problems.push('proven unsolvable: the whole reachable space was searched');
  if (row.verdict === 'unknown') problems.push(`neither solved nor proven unsolvable: stopped at the ${row.limit ?? 'time'} limit`);
  if (row.verdict === 'error') problems.push(row.error ?? 'unreadable');
  if (row.duplicateOf !== null) problems.push(`duplicate of ${row.duplicateOf}`);
  return errorAnnotation(row.key, `sokoban check: ${keyLabel(row.key)}`, problems.join('; '));
}

export interface CheckTotals {
  readonly levels: number;
  readonly solvable: number;
  readonly unsolvable: number;
  readonly unknown: number;
  readonly errors: number;
  readonly duplicates: number;
}

/** Counts one more row into running totals: a check keeps its totals, not its rows. */
export function addRow(totals: { -readonly [K in keyof CheckTotals]: number }, row: Pick<CheckRow, 'verdict' | 'duplicateOf'>): void {
  if (row.verdict === 'error') totals.errors++;
  else {
    totals.levels++;
    if (row.verdict === 'solvable') totals.solvable++;
    else if (row.verdict === 'unsolvable') totals.unsolvable++;
    else totals.unknown++;
  }
  if (row.duplicateOf !== null) totals.duplicates++;
}

/** One line: how many levels, and how many of each verdict. */
export function checkSummary(totals: CheckTotals, limitSeconds: number): string {
  const parts = [`${totals.solvable} solvable`, `${totals.unsolvable} proven unsolvable`, `${totals.unknown} unknown at ${limitSeconds} s`, plural(totals.duplicates, 'duplicate')];
  if (totals.errors > 0) parts.push(`${totals.errors} unreadable`);
  return `${plural(totals.levels, 'level')} checked: ${parts.join(', ')}`;
}

/** One JSON object per level (JSON Lines), the same fields as the table with squares named. */
export function checkJson(row: CheckRow): string {
  const facts = row.facts;
  return JSON.stringify({
    name: row.key.name,
    file: row.key.file,
    index: row.key.index,
    title: row.key.title,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    boxes: facts?.boxes ?? null,
    goals: facts?.goals ?? null,
    reachable: facts?.reachable ?? null,
    deadSquares: facts === null ? null : squareNames(facts.deadSquares, facts.width),
    decoration: facts === null ? null : { boxes: facts.decorationBoxes, walls: facts.decorationWalls },
    immovableBoxes: facts === null ? null : squareNames(facts.immovableBoxes, facts.width),
    immovableOffGoal: facts?.immovableOffGoal ?? null,
    verdict: row.verdict,
    limit: row.limit,
    moves: row.moves,
    pushes: row.pushes,
    nodes: row.nodes,
    ms: row.ms,
    duplicateOf: row.duplicateOf,
    error: row.error,
  });
}
