import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { mergeSummaries } from '../batch/merge.js';
import { InputReader } from '../input.js';
import { exitCodeOfRecord } from '../batch/record-exit-code.js';
import { parseSummary } from '../batch/summary.js';
import type { CommandContext } from '../context.js';
import { PROGRAM_NAME, reportWarning } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import { printable } from '../printable.js';
import type { Io } from '../io.js';
import { type PlannedOutput, checkOutputs, prepareOutputFolders } from '../output-plan.js';
import { summaryJson } from '../reporters/summary-json.js';
import { writeSummaryTable } from '../reporters/summary-table.js';

export interface MergeRequest {
  readonly files: readonly string[];
  /** Where to write the merged summary; absent: stdout. */
  readonly report?: string;
}

/**
 * `sokoban merge-reports`: the shards' JSON summaries as one, and the exit code the whole run
 * would have had, so a CI job after the matrix can gate on it: 130 when a shard (or the run) was
 * interrupted, and never 0 with a shard missing (issue 46: both only warned, and CI went green).
 */
export async function mergeReports(io: Io, request: MergeRequest): Promise<ExitCode> {
  if (request.report !== undefined && !/\.json$/i.test(request.report)) {
    throw new UsageError(`--report ${request.report}: merge-reports writes a JSON summary; the file name must end in .json`);
  }
  const output: PlannedOutput[] = request.report === undefined ? [] : [{ path: request.report, option: `--report ${request.report}` }];
  checkOutputs(io, request.files, output);
  await prepareOutputFolders(io, [], output);
  const inputs = [];
  const reader = new InputReader(io);
  for (const [i, file] of request.files.entries()) {
    const input = await reader.read(file, `summary #${i + 1}`);
    inputs.push({ file: input.name, summary: parseSummary(input.text, input.name) });
  }
  const { summary, warnings, incomplete, interrupted } = mergeSummaries(inputs);
  for (const warning of warnings) reportWarning(io, warning);
  // The merged summary is still written, but a run with levels never run must not pass CI.
  for (const reason of incomplete) io.stderr.write(`${PROGRAM_NAME}: the run is incomplete: ${printable(reason)}\n`);
  if (request.report === undefined) {
    io.stdout.write(summaryJson(summary));
  } else {
    await io.writeFile(request.report, summaryJson(summary));
    writeSummaryTable(io.stdout, summary.totals, null);
  }
  // As the whole run would have ended: 130 once interrupted, whatever its finished levels say;
  // with a shard missing its levels were never run, which is the input missing (2).
  if (interrupted) return ExitCode.interrupted;
  const levels = summary.levels.map(exitCodeOfRecord);
  return combineExitCodes(incomplete.length > 0 ? [...levels, ExitCode.badInput] : levels);
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
