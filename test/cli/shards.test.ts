import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { STUCK, TINY_COLLECTION, TINY_COUNT } from './tiny-levels.js';

const FILES = { 'tiny.xsb': TINY_COLLECTION, 'stuck.xsb': STUCK };
const INPUTS = ['tiny.xsb', 'stuck.xsb', 'missing.xsb'];
const ALL_JOBS = TINY_COUNT + 2;

interface SummaryFile {
  shards: number[][];
  totals: Record<string, number | null>;
  levels: { name: string; ms: number | null }[];
}

/** Times differ from run to run; everything else in a summary must not. */
function withoutTimes(summary: SummaryFile): unknown {
  return {
    ...summary,
    totals: { ...summary.totals, totalMs: null, medianMs: null },
    levels: summary.levels.map((record) => ({ ...record, ms: null })),
  };
}

const solved = new Map<string, Promise<{ text: string; summary: SummaryFile }>>();

/**
 * The summary of `solve --repeatable` over INPUTS with these options; each run once for the whole file, since it is
 * the same every time but for its times (without --repeatable the searches' turns follow their measured speeds, so
 * node counts may differ from run to run, as `solve --help` says).
 */
function summaryOf(...args: string[]): Promise<{ text: string; summary: SummaryFile }> {
  const key = args.join(' ');
  let run = solved.get(key);
  if (run === undefined) {
    run = cli('solve', ...INPUTS, '--jobs', '2', '--repeatable', '--report', 'out.json', ...args, { files: FILES }).then(({ io }) => {
      const text = io.written.get('out.json') ?? '';
      return { text, summary: JSON.parse(text) as SummaryFile };
    });
    solved.set(key, run);
  }
  return run;
}

/** A summary's text with only its solved levels: a run whose every level passed, so that its exit code alone would be 0. */
function onlySolved(text: string): string {
  const summary = JSON.parse(text) as Omit<SummaryFile, 'levels'> & { levels: { status: string }[] };
  return JSON.stringify({ ...summary, levels: summary.levels.filter((record) => record.status === 'solved') });
}

describe('solve --shard and merge-reports', () => {
  it('splits the jobs so that shards 1/3, 2/3 and 3/3 cover each exactly once', async () => {
    const shards = await Promise.all(['1/3', '2/3', '3/3'].map((shard) => summaryOf('--shard', shard)));
    const names = shards.flatMap(({ summary }) => summary.levels.map((record) => record.name));
    expect(names).toHaveLength(ALL_JOBS);
    expect(new Set(names).size).toBe(ALL_JOBS);
    expect(shards.map(({ summary }) => summary.levels.length)).toEqual([3, 3, 2]);
    expect(shards.map(({ summary }) => summary.shards)).toEqual([[[1, 3]], [[2, 3]], [[3, 3]]]);
  });

  it('merges the shards into the same summary as one run', async () => {
    const whole = await summaryOf();
    const shards = await Promise.all(['1/3', '2/3', '3/3'].map((shard) => summaryOf('--shard', shard)));
    const files = Object.fromEntries(shards.map(({ text }, i) => [`shard${i + 1}.json`, text]));
    const merged = await cli('merge-reports', 'shard3.json', 'shard1.json', 'shard2.json', { files });
    expect(merged.stderr).toBe('');
    expect(withoutTimes(JSON.parse(merged.stdout))).toEqual(withoutTimes(whole.summary));
    // The missing file is an input error in every run, so the merged exit code is the run's: 2.
    expect(merged.code).toBe(2);
  });

  it('writes the merged summary with --report and prints its table', async () => {
    const shards = await Promise.all(['1/2', '2/2'].map((shard) => summaryOf('--shard', shard)));
    const files = { 'a.json': shards[0].text, 'b.json': shards[1].text };
    const { io, stdout } = await cli('merge-reports', 'a.json', 'b.json', '--report', 'all.json', { files });
    expect(JSON.parse(io.written.get('all.json') ?? '').levels).toHaveLength(ALL_JOBS);
    expect(stdout).toMatch(/levels +solved .*\n +8 +6 +1 +0 +0 +1 /);
  });

  it('reads one summary from stdin with -, as a shard piped from another job', async () => {
    const shards = await Promise.all(['1/2', '2/2'].map((shard) => summaryOf('--shard', shard)));
    const merged = await cli('merge-reports', 'a.json', '-', { files: { 'a.json': shards[0].text }, stdin: shards[1].text });
    expect(JSON.parse(merged.stdout).levels).toHaveLength(ALL_JOBS);
    const twice = await cli('merge-reports', '-', '-', { stdin: shards[1].text });
    expect(twice.stderr).toBe("sokoban: stdin ('-') is already the summary #1; it cannot also be the summary #2\n");
    expect(twice.code).toBe(2);
  });

  it('exits 2 when a shard is missing, saying which, though every level it has was solved (issue 46)', async () => {
    const first = onlySolved((await summaryOf('--shard', '1/3')).text);
    const { code, stdout, stderr } = await cli('merge-reports', 'a.json', { files: { 'a.json': first } });
    expect(stderr).toBe('sokoban: the run is incomplete: shards 2/3, 3/3 missing\n');
    expect(JSON.parse(stdout).shards).toEqual([[1, 3]]);
    expect(code).toBe(2);
  });

  it('exits 2 for summaries of different splits, which cannot make one run', async () => {
    const half = onlySolved((await summaryOf('--shard', '1/2')).text);
    // A third of another split, whose levels happen to be none of the half's (all solved).
    const third = { ...JSON.parse(half), shards: [[2, 3]], levels: [] };
    const { code, stderr } = await cli('merge-reports', 'a.json', 'b.json', { files: { 'a.json': half, 'b.json': JSON.stringify(third) } });
    expect(stderr).toBe('sokoban: the run is incomplete: the summaries come from different splits (/2, /3)\n');
    expect(code).toBe(2);
  });

  it('keeps the mark of an interrupted shard, with its unfinished levels, and exits 130 as the interrupted run did (issue 46)', async () => {
    const [first, second] = await Promise.all(['1/2', '2/2'].map((shard) => summaryOf('--shard', shard)));
    const partial = { ...JSON.parse(second.text), interrupted: { unfinished: ['later.xsb#1'] } };
    const files = { 'a.json': first.text, 'b.json': JSON.stringify(partial) };
    const { code, stdout, stderr } = await cli('merge-reports', 'a.json', 'b.json', { files });
    expect(JSON.parse(stdout).interrupted).toEqual({ unfinished: ['later.xsb#1'] });
    expect(stderr).toBe('sokoban: the run is incomplete: b.json is from an interrupted run: 1 level was not finished\n');
    expect(code).toBe(130);
  });

  it('exits 130 for the summary of a whole run that was interrupted, even with every finished level solved', async () => {
    const interrupted = { ...JSON.parse(onlySolved((await summaryOf()).text)), interrupted: { unfinished: ['tiny.xsb#9'] } };
    const { code, stderr } = await cli('merge-reports', 'run.json', '--report', 'all.json', { files: { 'run.json': JSON.stringify(interrupted) } });
    expect(stderr).toBe('sokoban: the run is incomplete: run.json is from an interrupted run: 1 level was not finished\n');
    expect(code).toBe(130);
  });

  it('refuses a shard given twice, naming the job and both files', async () => {
    const first = await summaryOf('--shard', '1/3');
    const { code, stderr } = await cli('merge-reports', 'a.json', 'b.json', { files: { 'a.json': first.text, 'b.json': first.text } });
    expect(stderr).toMatch(/^sokoban: \S+ is in both a\.json and b\.json: give each shard once\n$/);
    expect(code).toBe(2);
  });
});
