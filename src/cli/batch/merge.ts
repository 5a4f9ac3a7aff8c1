import { UsageError } from '../../errors.js';
import type { LevelRecord } from '../../runner/record.js';
import { type Summary, buildSummary } from './summary.js';

export interface NamedSummary {
  readonly file: string;
  readonly summary: Summary;
}

export interface MergeResult {
  readonly summary: Summary;
  /** Things worth a warning that do not make the merge wrong by themselves. */
  readonly warnings: readonly string[];
  /**
   * Why the merged summary is not of a whole run: shards missing, summaries of different splits,
   * a shard (or the run) interrupted. Empty for a whole run.
   */
  readonly incomplete: readonly string[];
  /** True when a summary is from an interrupted run: the whole run's exit code was 130. */
  readonly interrupted: boolean;
}

function sameSettings(a: Summary, b: Summary): boolean {
  return JSON.stringify(a.settings) === JSON.stringify(b.settings);
}

/**
 * Combines shard summaries into one. A job found in two summaries is an error (the same shard
 * given twice, or shards of different runs). When the shards of one split are all present the
 * result is a whole run, written exactly as a run without --shard writes it.
 */
export function mergeSummaries(inputs: readonly NamedSummary[]): MergeResult {
  if (inputs.length === 0) throw new UsageError('merge-reports needs at least one summary file');
  const warnings: string[] = [];
  const incomplete: string[] = [];
  const first = inputs[0];
  const owner = new Map<string, string>();
  const records: LevelRecord[] = [];
  for (const { file, summary } of inputs) {
    if (!sameSettings(first.summary, summary)) {
      warnings.push(`${file} was run with other settings than ${first.file}: ${JSON.stringify(summary.settings)}`);
    }
    for (const record of summary.levels) {
      const earlier = owner.get(record.name);
      if (earlier !== undefined) throw new UsageError(`${record.name} is in both ${earlier} and ${file}: give each shard once`);
      owner.set(record.name, file);
      records.push(record);
    }
  }
  const shards = inputs.flatMap(({ summary }) => summary.shards);
  const counts = new Set(shards.map(([, count]) => count));
  let merged = shards;
  if (shards.length > 0 && counts.size === 1 && inputs.every(({ summary }) => summary.shards.length > 0)) {
    const count = shards[0][1];
    const present = new Set(shards.map(([index]) => index));
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !present.has(index));
    if (missing.length === 0) merged = [];
    else incomplete.push(`shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')} missing`);
  } else if (counts.size > 1) {
    incomplete.push(`the summaries come from different splits (${[...counts].map((count) => `/${count}`).join(', ')})`);
  }
  // A shard that was interrupted leaves the merged run partial too, and it must say so.
  const interrupted = inputs.filter(({ summary }) => summary.interrupted !== undefined);
  const unfinished = interrupted.flatMap(({ summary }) => summary.interrupted?.unfinished ?? []);
  for (const { file, summary } of interrupted) {
    const count = summary.interrupted?.unfinished.length ?? 0;
    incomplete.push(`${file} is from an interrupted run: ${count} ${count === 1 ? 'level was' : 'levels were'} not finished`);
  }
  return {
    summary: buildSummary(first.summary.settings, merged, records, interrupted.length > 0 ? unfinished : null),
    warnings,
    incomplete,
    interrupted: interrupted.length > 0,
  };
}
