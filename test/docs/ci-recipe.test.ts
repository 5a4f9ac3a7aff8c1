import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../src/level/parse.js';
import { formatCollection } from '../../src/level/write.js';
import { useBuiltCommand } from '../cli/built-command.js';
import { tempFolder } from '../cli/temp-folder.js';

// docs/ci.md's script runs the real installed command, so its build must be the sources'.
useBuiltCommand();

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const page = readFileSync(join(repoRoot, 'docs/ci.md'), 'utf8');

/** The code block under the heading that names a file: "## `ci/levels.sh`". */
function fileOnPage(name: string): string {
  const heading = `## \`${name}\`\n\n`;
  const start = page.indexOf(heading);
  if (start === -1) throw new Error(`docs/ci.md has no heading for ${name}`);
  const block = /^```\w+\n([\s\S]*?)\n```$/m.exec(page.slice(start + heading.length));
  if (block === null) throw new Error(`docs/ci.md has no code block under ${name}`);
  return `${block[1]}\n`;
}

const SCRIPT = fileOnPage('ci/levels.sh');
const WORKFLOW = fileOnPage('.github/workflows/levels.yml');
/** The workflow's `run:` steps, in order: the solve job's, then the merge job's. */
const RUN_STEPS = [...WORKFLOW.matchAll(/^ +(?:- )?run: (.+)$/gm)].map((match) => match[1]);
/** The commands the page gives for a run on your machine and for the baseline (the lines of its sh blocks that run the script). */
const PAGE_COMMANDS = [...page.matchAll(/^sh ci\/levels\.sh .+$/gm)].map((match) => match[0]);

/** What the validator says of a workflow file: its exit code and what it printed. */
function validate(workflowText: string) {
  const file = join(tempFolder({}), 'levels.yml');
  writeFileSync(file, workflowText);
  const validator = join(repoRoot, 'node_modules/@action-validator/cli/cli.mjs');
  const result = spawnSync(process.execPath, [validator, file], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

/**
 * A repository as the page has it: Microban 1-3 in levels/a.xsb and 4-6 in levels/b.xsb, the
 * script in ci/, and `sokoban` on the PATH (the built command of this repository).
 */
function repository(): string {
  const microban = parseCollection(readFileSync(join(repoRoot, 'levels/microban.xsb'), 'utf8'), { file: 'microban.xsb' });
  const folder = tempFolder({
    'levels/a.xsb': formatCollection({ header: [], levels: microban.levels.slice(0, 3) }, 'xsb'),
    'levels/b.xsb': formatCollection({ header: [], levels: microban.levels.slice(3, 6) }, 'xsb'),
    'ci/levels.sh': SCRIPT,
    'bin/sokoban': `#!/bin/sh\nexec '${process.execPath}' '${join(repoRoot, 'bin/sokoban.cjs')}' "$@"\n`,
  });
  chmodSync(join(folder, 'bin/sokoban'), 0o755);
  return folder;
}

/**
 * A budget under which some of the six levels stop and the others are solved (checked below):
 * both kinds of row, in a second or two.
 */
const SMALL_BUDGET = '40';

/** Runs a shell command line in the repository, as a CI step or a person would. */
function sh(folder: string, command: string, env: Record<string, string> = {}) {
  const result = spawnSync('sh', ['-c', command], {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${join(folder, 'bin')}:${process.env.PATH}`, MAX_NODES: SMALL_BUDGET, GITHUB_ACTIONS: undefined, NO_COLOR: '1', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface SummaryLevel {
  readonly name: string;
  readonly status: string;
  readonly solution: string | null;
  readonly line: number | null;
  readonly file: string;
}

function levelsOf(folder: string, report: string): SummaryLevel[] {
  return (JSON.parse(readFileSync(join(folder, report), 'utf8')) as { levels: SummaryLevel[] }).levels;
}

/** A GitHub Actions expression, `${{ … }}`, as the workflow writes it. */
const expression = (inside: string): string => `\${{ ${inside} }}`;

/** The workflow's step for shard k of n, as the runner would expand it. */
function shardStep(k: number, n: number): string {
  return RUN_STEPS[1].replace(expression('matrix.shard'), String(k)).replace(expression('strategy.job-total'), String(n));
}

describe('docs/ci.md: the workflow', () => {
  it("is a valid GitHub Actions workflow, by a validator of GitHub's workflow schema", () => {
    expect(validate(WORKFLOW)).toEqual({ code: 0, output: '' });
  });

  it('is refused by the same validator with a key misspelt (the check can fail)', () => {
    const { code, output } = validate(WORKFLOW.replace('runs-on:', 'runs-onn:'));
    expect(code).toBe(1);
    expect(output).toContain("'runs-onn' is not allowed");
  });

  it("runs the script's steps and nothing else: npm ci, one shard per matrix job, then the merge", () => {
    const shard = `sh ci/levels.sh shard ${expression('matrix.shard')} ${expression('strategy.job-total')}`;
    expect(RUN_STEPS).toEqual(['npm ci', shard, 'npm ci', 'sh ci/levels.sh merge']);
    expect(WORKFLOW).toMatch(/^ {6}matrix:\n {8}shard: \[1, 2, 3, 4\]$/m);
    expect(PAGE_COMMANDS).toEqual(['sh ci/levels.sh baseline', 'sh ci/levels.sh all 4']);
  });
});

describe("docs/ci.md: the script, on six Microban levels in two shards (the workflow's steps, run here)", () => {
  it('makes the baseline, solves the shards with annotations and reports, and merges them into the single run', () => {
    const folder = repository();
    const baseline = sh(folder, PAGE_COMMANDS[0]);
    expect(baseline.stderr).toBe('');
    expect(baseline.code).toBe(0);
    const single = levelsOf(folder, 'ci/baseline.json');
    expect(single).toHaveLength(6);
    const unsolved = single.filter((level) => level.status !== 'solved');
    // Both kinds of level are there: a level stopped at the budget (exit 3) must not fail the job.
    expect(unsolved.length).toBeGreaterThan(0);
    expect(unsolved.length).toBeLessThan(single.length);

    let annotations = '';
    for (const k of [1, 2]) {
      const shard = sh(folder, shardStep(k, 2), { GITHUB_ACTIONS: 'true' });
      expect(shard.code).toBe(0);
      expect(shard.stdout).toMatch(/^baseline ci\/baseline\.json: no regressions in 3 levels$/m);
      annotations += shard.stdout;
      expect(readFileSync(join(folder, `reports/shard-${k}.xml`), 'utf8').match(/<testcase /g)).toHaveLength(3);
    }
    // One annotation for each level not solved, on its file and line, titled with its name (and its own title, in brackets, where it has one).
    const annotated = [...annotations.matchAll(/^::error file=([^,]+),line=(\d+),title=sokoban solve%3A ([^:]+)::not solved: stopped at the node limit$/gm)];
    const nameOf = (label: string) => label.replace(/ \([^)]*\)$/, '');
    expect(annotated.map((match) => [match[1], Number(match[2]), nameOf(match[3])])).toEqual(unsolved.map((level) => [level.file, level.line, level.name]));

    const merge = sh(folder, RUN_STEPS[3]);
    expect(merge.code).toBe(0);
    expect(merge.stdout).toMatch(/^ +6 +\d+ +0 +\d+ +0 +0 /m);
    // The shards merged are the run over all the levels, answer for answer.
    const answers = (levels: SummaryLevel[]) => levels.map(({ name, status, solution }) => ({ name, status, solution }));
    expect(answers(levelsOf(folder, 'reports/all.json'))).toEqual(answers(single));
  });

  it('fails the run on your machine on a regression: a level solved in the baseline and stopped now', () => {
    const folder = repository();
    expect(sh(folder, PAGE_COMMANDS[0]).code).toBe(0);
    const file = join(folder, 'ci/baseline.json');
    const summary = JSON.parse(readFileSync(file, 'utf8')) as { levels: (SummaryLevel & Record<string, unknown>)[] };
    const lost = summary.levels.find((level) => level.status !== 'solved');
    if (lost === undefined) throw new Error('every level was solved under the small budget: nothing to regress');
    Object.assign(lost, { status: 'solved', solution: 'r', moves: 1, pushes: 0 });
    writeFileSync(file, JSON.stringify(summary));

    const run = sh(folder, PAGE_COMMANDS[1].replace(/all \d+$/, 'all 2'));
    expect(run.stdout).toContain(`baseline ci/baseline.json: 1 regression\n  ${lost.name}`);
    expect(run.stdout).toContain('solved (1 moves, 0 pushes) before, timeout now');
    expect(run.code).toBe(1);
    // The reports are written all the same, and merged.
    for (const report of ['reports/shard-1.json', 'reports/shard-2.xml', 'reports/all.json']) expect(existsSync(join(folder, report))).toBe(true);
  });

  it('says how it is used when the step is unknown', () => {
    const { code, stderr } = sh(repository(), 'sh ci/levels.sh solve');
    expect(stderr).toBe('usage: sh ci/levels.sh shard K N | merge | all N | baseline\n');
    expect(code).toBe(2);
  });
});
