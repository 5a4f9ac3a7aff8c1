import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { mergeSummaries } from '../batch/merge.js';
import { exitCodeOfRecord } from '../batch/record-exit-code.js';
import { parseSummary } from '../batch/summary.js';
import type { CommandContext } from '../context.js';
import { reportWarning } from '../error-line.js';
import { type ExitCode, combineExitCodes } from '../exit-codes.js';
import type { Io } from '../io.js';
import { summaryJson } from '../reporters/summary-json.js';
import { writeSummaryTable } from '../reporters/summary-table.js';

export interface MergeRequest {
  readonly files: readonly string[];
  /** Where to write the merged summary; absent: stdout. */
  readonly report?: string;
}

/**
 * `sokoban merge-reports`: the shards' JSON summaries as one, and the exit code the whole run
 * would have had, so a CI job after the matrix can gate on it.
 */
export async function mergeReports(io: Io, request: MergeRequest): Promise<ExitCode> {
  if (request.report !== undefined && !/\.json$/i.test(request.report)) {
    throw new UsageError(`--report ${request.report}: merge-reports writes a JSON summary; the file name must end in .json`);
  }
  const inputs = [];
  for (const file of request.files) inputs.push({ file, summary: parseSummary(await io.readFile(file), file) });
  const { summary, warnings } = mergeSummaries(inputs);
  for (const warning of warnings) reportWarning(io, warning);
  if (request.report === undefined) {
    io.stdout.write(summaryJson(summary));
  } else {
    await io.writeFile(request.report, summaryJson(summary));
    writeSummaryTable(io.stdout, summary.totals, null);
  }
  return combineExitCodes(summary.levels.map(exitCodeOfRecord));
}

export function registerMergeReports(program: Command, context: CommandContext): void {
  program
    .command('merge-reports')
    .description('combine the JSON summaries of solve --shard runs into the summary of the whole run')
    .argument('<files...>', 'summaries written by sokoban solve --report <file>.json')
    .option('--report <file>', 'write the merged summary here (.json) and print its table, instead of printing the JSON')
    .action(async (files: string[], options: { report?: string }) => {
      context.setExitCode(await mergeReports(context.io, { files, report: options.report }));
    });
}
