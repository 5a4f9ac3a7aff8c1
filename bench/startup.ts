/**
 * The CLI's fixed cost per call: `--version`, `verify` of Microban 1 (alone in a file, and as
 * `--level 1` of the whole collection, which reads all 155 levels) and `solve` of it, each against
 * a bare `node -e 0`, in paired, alternating runs (each round runs every variant once, in a
 * rotating order, so the machine's drift falls on all of them alike). CPU time is user + sys of
 * the child, from bash's `time` (getrusage, to the millisecond).
 *
 *   npm run bench:startup -- [--runs 10] [--before <checkout>] [--after <checkout>]
 *                            [--only version,verify,verify-level,solve]
 *
 * A checkout is a built copy of the repository (the command its package.json names as `bin` is
 * run: bin/sokoban.js before the CommonJS entry, bin/sokoban.cjs since); `--after` defaults to
 * this one. Give `--before` a copy built from an older commit to compare the two. Prints a Markdown
 * table of medians (and the range), each with its ratio to `node -e 0`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const LEVELS = 'levels/microban.xsb';

interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}

interface Variant {
  readonly name: string;
  readonly argv: readonly string[];
  readonly cwd: string;
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    before: { type: 'string' },
    after: { type: 'string', default: HERE },
    only: { type: 'string', default: 'version,verify,verify-level,solve' },
  },
});
const runs = Number(values.runs);
const after = resolve(values.after);
const before = values.before === undefined ? null : resolve(values.before);

/** The installed command of a checkout: its package.json's `bin`. */
function commandOf(checkout: string): string {
  return (JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { bin: { sokoban: string } }).bin.sokoban;
}

/** Runs argv once under bash's `time`; output thrown away, exit code checked. */
function timeOnce(variant: Variant): Timing {
  const quoted = variant.argv.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  const script = `TIMEFORMAT='%3R %3U %3S'; time ( ${quoted} >/dev/null 2>/dev/null; echo $? >&3 ) 3>&1`;
  const child = spawnSync('bash', ['-c', script], { cwd: variant.cwd, encoding: 'utf8' });
  const status = Number(child.stdout.trim());
  if (status !== 0) throw new Error(`${variant.name}: ${variant.argv.join(' ')} exited with ${status}`);
  const [real, user, sys] = child.stderr.trim().split(/\s+/).slice(-3).map(Number);
  return { wallMs: real * 1000, cpuMs: (user + sys) * 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The CLI's output for `args` (run from the `after` checkout). */
function output(args: readonly string[]): string {
  const child = spawnSync(process.execPath, [commandOf(after), ...args], { cwd: after, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`sokoban ${args.join(' ')} exited with ${child.status}: ${child.stderr}`);
  return child.stdout;
}

const scratch = mkdtempSync(join(tmpdir(), 'sokoban-startup-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** The calls measured, by name; the solution of Microban 1 comes from the solver itself, so that `verify` replays a real one. */
function scenarios(): Map<string, readonly string[]> {
  const solution = (JSON.parse(output(['solve', LEVELS, '--level', '1', '--json', '--repeatable'])) as { solution: string }).solution;
  const alone = join(scratch, 'microban-1.xsb');
  writeFileSync(alone, output(['convert', LEVELS, '--level', '1', '--to', 'xsb']));
  return new Map<string, readonly string[]>([
    ['version', ['--version']],
    ['verify', ['verify', alone, '--moves', solution]],
    ['verify-level', ['verify', LEVELS, '--level', '1', '--moves', solution]],
    ['solve', ['solve', LEVELS, '--level', '1']],
  ]);
}

function variantsFor(args: readonly string[]): Variant[] {
  const variants: Variant[] = [{ name: 'node -e 0', argv: [process.execPath, '-e', '0'], cwd: after }];
  if (before !== null) variants.push({ name: 'before', argv: [process.execPath, commandOf(before), ...args], cwd: before });
  variants.push({ name: before === null ? 'sokoban' : 'after', argv: [process.execPath, commandOf(after), ...args], cwd: after });
  return variants;
}

const format = (ms: number): string => `${Math.round(ms)}`;

const LABELS: Readonly<Record<string, string>> = {
  version: '`--version`',
  verify: '`verify` Microban 1 (a file of its own)',
  'verify-level': '`verify microban.xsb --level 1`',
  solve: '`solve microban.xsb --level 1`',
};

console.log(`${runs} paired, alternating runs each; medians (min-max) in ms; ratio: median CPU over node -e 0's\n`);
console.log('| command | variant | CPU (user+sys) | wall | CPU ratio |');
console.log('|---|---|---:|---:|---:|');
const wanted = new Set(values.only.split(','));
for (const [name, args] of scenarios()) {
  if (!wanted.has(name)) continue;
  const variants = variantsFor(args);
  const timings = variants.map((): Timing[] => []);
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (round + k) % variants.length;
      timings[index].push(timeOnce(variants[index]));
    }
  }
  const bare = median(timings[0].map((t) => t.cpuMs));
  variants.forEach((variant, i) => {
    const cpu = timings[i].map((t) => t.cpuMs);
    const wall = timings[i].map((t) => t.wallMs);
    const range = (xs: number[]) => `${format(median(xs))} (${format(Math.min(...xs))}-${format(Math.max(...xs))})`;
    const label = i === 0 ? '`node -e 0`' : LABELS[name];
    console.log(`| ${label} | ${variant.name} | ${range(cpu)} | ${range(wall)} | ${(median(cpu) / bare).toFixed(2)} |`);
  });
}
