import type { ChalkInstance } from 'chalk';
import type { RecordKey, LevelRecord } from '../../runner/record.js';
import { buildSummary, type SummarySettings } from '../batch/summary.js';
import type { OutputStream } from '../io.js';
import { githubReporter } from './github.js';
import { junitXml } from './junit.js';
import type { Reporter } from './reporter.js';
import { type HumanSolveOptions, humanSolveReporter } from './solve-human.js';
import { jsonSolveReporter } from './solve-json.js';
import type { SolveReport } from './solve-result.js';
import { summaryJson } from './summary-json.js';

/** What `solve`'s streaming reporters are built from. */
export interface SolveReporterSetup {
  /** The results' stream (stdout). */
  readonly out: OutputStream;
  /** Where GitHub annotations go: stdout, or stderr when stdout belongs to JSON Lines. */
  readonly annotations: OutputStream;
  readonly chalk: ChalkInstance;
  readonly human: HumanSolveOptions;
}

/**
 * `solve`'s streaming reporters by name, one module each: the command picks names (`--json`,
 * GitHub Actions), this map builds them. A new output style is a module and a row here.
 */
export const SOLVE_REPORTERS = {
  human: (setup: SolveReporterSetup) => humanSolveReporter(setup.out, setup.chalk, setup.human),
  json: (setup: SolveReporterSetup) => jsonSolveReporter(setup.out, setup.human.notation),
  github: (setup: SolveReporterSetup) => githubReporter(setup.annotations),
} satisfies Record<string, (setup: SolveReporterSetup) => Reporter<SolveReport>>;

export type SolveReporterName = keyof typeof SOLVE_REPORTERS;

/** What a report file is written from, once the batch is over. */
export interface FinishedRun {
  readonly finished: readonly LevelRecord[];
  /** The levels an interruption left unfinished, or null when the run ended by itself. */
  readonly unfinished: readonly RecordKey[] | null;
  readonly settings: SummarySettings;
  readonly shards: readonly (readonly [number, number])[];
}

/** `solve --report` files by the ending of their name, each with what it writes. */
export const REPORT_FILES = [
  { kind: 'junit', ending: /\.xml$/i, label: 'JUnit', write: (run: FinishedRun) => junitXml(run.finished, run.unfinished) },
  {
    kind: 'summary',
    ending: /\.json$/i,
    label: 'summary',
    write: (run: FinishedRun) => summaryJson(buildSummary(run.settings, run.shards, run.finished, run.unfinished === null ? null : run.unfinished.map((key) => key.name))),
  },
] as const;

export type ReportFile = (typeof REPORT_FILES)[number];
