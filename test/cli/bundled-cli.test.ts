import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCommand } from './built-command.js';
import { tempFolder } from './temp-folder.js';

// These run the real installed command: bin/sokoban.cjs and the bundle `npm run build` makes.
useBuiltCommand();

const BUNDLE = resolve('dist/bundle/cli.cjs');
const CORRIDOR = '#######\n#@ $ .#\n#######\n';

/**
 * Loads the CLI through bin/load-cli.cjs in a fresh Node, as bin/sokoban.cjs does, with `loader`
 * (an expression of loadCli or loadBundle, given `argv`), and runs `verify` of a corridor with it:
 * prints the bundle's file name and what became of its code cache, then the CLI's output.
 */
function loadAndVerify(loader: string) {
  const folder = tempFolder({ 'corridor.xsb': CORRIDOR });
  const script = `
    const { basename } = require('node:path');
    const { loadBundle, loadCli } = require('./bin/load-cli.cjs');
    const argv = ['verify', ${JSON.stringify(join(folder, 'corridor.xsb'))}, '--moves', 'rRR'];
    const cli = ${loader};
    process.stdout.write(basename(cli.bundle) + ' ' + cli.codeCache + '\\n');
    cli.run(argv, cli.nodeIo()).then((code) => {
      process.exitCode = code;
    });`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, SOKOBAN_DEBUG: undefined } });
  const [loaded, ...output] = child.stdout.split('\n');
  const [bundle, codeCache] = loaded.split(' ');
  return { code: child.status, bundle, codeCache, output: output.join('\n'), stderr: child.stderr };
}

/** A copy of the built dist/bundle/cli.cjs in a folder of its own, with `cache` (or none) as its code cache. */
function bundleCopy(cache: Buffer | null): string {
  const folder = join(tempFolder({}), 'dist', 'bundle');
  mkdirSync(folder, { recursive: true });
  const copy = join(folder, 'cli.cjs');
  copyFileSync(BUNDLE, copy);
  if (cache !== null) writeFileSync(`${copy}.cache`, cache);
  return copy;
}

/** The file names of the bundles bin/load-cli.cjs picks for each of these calls, in a fresh Node. */
function bundlesPicked(calls: readonly (readonly string[])[], folder?: string): (string | null)[] {
  const options = folder === undefined ? '{ env: {} }' : `{ folder: ${JSON.stringify(folder)}, env: {} }`;
  const script = `
    const { basename } = require('node:path');
    const { loadCli } = require('./bin/load-cli.cjs');
    const picked = ${JSON.stringify(calls)}.map((argv) => loadCli(argv, ${options})).map((cli) => (cli === null ? null : basename(cli.bundle)));
    process.stdout.write(JSON.stringify(picked));`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, SOKOBAN_DEBUG: undefined } });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as (string | null)[];
}

/** A checkout of the installed command in a folder of its own: bin/, package.json and these files of dist/bundle/. */
function checkoutWith(bundleFiles: readonly string[]): string {
  const root = tempFolder({ 'package.json': readFileSync('package.json', 'utf8') });
  for (const file of ['bin/sokoban.cjs', 'bin/load-cli.cjs', 'bin/compiler-flags.cjs']) {
    mkdirSync(join(root, 'bin'), { recursive: true });
    copyFileSync(file, join(root, file));
  }
  mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
  for (const file of bundleFiles) copyFileSync(join('dist', 'bundle', file), join(root, 'dist', 'bundle', file));
  return root;
}

const SOLVED = /corridor\.xsb: solved in 3 moves, 2 pushes\n/;

describe('the bundled CLI (issue 45: start-up)', () => {
  it('is what bin/sokoban.cjs runs: the bundle of the command named, with the code cache its build trained for this Node', () => {
    const { code, bundle, codeCache, output, stderr } = loadAndVerify('loadCli(argv, { env: {} })');
    expect(stderr).toBe('');
    expect(bundle).toBe('cli-verify.cjs');
    expect(codeCache).toBe('used');
    expect(output).toMatch(SOLVED);
    expect(code).toBe(0);
  });

  it("finds the code cache its build trained for solve's bundle and the whole CLI's, which set V8's compiler flags first", () => {
    // V8 takes a cache only under the flags it was made with: the training and the call set them alike, before compiling.
    for (const argv of [
      ['solve', 'a.xsb'],
      ['check', 'a.xsb'],
    ]) {
      const script = `
        const { basename } = require('node:path');
        const { loadCli } = require('./bin/load-cli.cjs');
        const cli = loadCli(${JSON.stringify(argv)}, { env: {} });
        process.stdout.write(basename(cli.bundle) + ' ' + cli.codeCache);`;
      const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, SOKOBAN_DEBUG: undefined } });
      expect(child.stderr).toBe('');
      expect(child.stdout).toBe(argv[0] === 'solve' ? 'cli-solve.cjs used' : 'cli.cjs used');
    }
  });

  it('runs each call with the bundle of the command it names, and the whole CLI where that is not enough', () => {
    const calls = [
      ['verify', 'a.xsb', '--moves', 'r'],
      ['--no-color', 'solve', 'a.xsb', '--level', '1'],
      ['optimize', '--help'],
      ['convert', 'a.xsb', '--to', 'json'],
      ['--version'],
      ['-v'],
      // The whole CLI: the program's help (all of it, or a command's through `help`), no command, a
      // word that is no command, and a word that could name no bundle file.
      ['--help'],
      ['help', 'verify'],
      [],
      ['--no-color'],
      ['slove', 'a.xsb'],
      ['../cli', 'a.xsb'],
    ];
    expect(bundlesPicked(calls)).toEqual([
      'cli-verify.cjs',
      'cli-solve.cjs',
      // A command without a bundle of its own (build-cli.ts's OWN_BUNDLE) runs with the whole CLI.
      'cli.cjs',
      'cli-convert.cjs',
      'cli-no-command.cjs',
      'cli-no-command.cjs',
      'cli.cjs',
      'cli.cjs',
      'cli.cjs',
      'cli.cjs',
      'cli.cjs',
      'cli.cjs',
    ]);
  });

  it("runs a command whose own bundle is missing with the whole CLI's", () => {
    const folder = dirname(bundleCopy(readFileSync(`${BUNDLE}.cache`)));
    expect(bundlesPicked([['verify', 'a.xsb'], ['--version']], folder)).toEqual(['cli.cjs', 'cli.cjs']);
    const { code, bundle, codeCache, output } = loadAndVerify(`loadCli(argv, { folder: ${JSON.stringify(folder)}, env: {} })`);
    expect([bundle, codeCache]).toEqual(['cli.cjs', 'used']);
    expect(output).toMatch(SOLVED);
    expect(code).toBe(0);
  });

  it("says the CLI is not built when the bundle a call needs is missing, even with another command's there", () => {
    for (const [files, argv] of [
      [[], ['--version']],
      [['cli-verify.cjs', 'cli-no-command.cjs'], ['--help']],
    ] as const) {
      const child = spawnSync(process.execPath, [join(checkoutWith(files), 'bin', 'sokoban.cjs'), ...argv], { encoding: 'utf8' });
      expect(child.stdout).toBe('');
      expect(child.stderr).toBe('sokoban: the CLI is not built yet; run `npm run build`\n');
      expect(child.status).toBe(70);
    }
    const versionOnly = spawnSync(process.execPath, [join(checkoutWith(['cli-no-command.cjs']), 'bin', 'sokoban.cjs'), '--version'], { encoding: 'utf8' });
    expect(versionOnly.stdout).toBe(`${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}\n`);
  });

  it('runs as well without a cache, with the cache of another build, and with one V8 refuses', () => {
    const trained = readFileSync(`${BUNDLE}.cache`);
    const stampLength = trained.indexOf('\n') + 1;
    const otherBuild = Buffer.concat([Buffer.from(`${'0'.repeat(stampLength - 1)}\n`), trained.subarray(stampLength)]);
    // The stamp of this build, then V8's data with its first bytes (its magic number) spoilt.
    const damaged = Buffer.from(trained);
    damaged.fill(0xee, stampLength, stampLength + 8);
    const cases: [Buffer | null, string][] = [
      [null, 'absent'],
      [otherBuild, 'other-build'],
      [damaged, 'rejected'],
    ];
    for (const [cache, expected] of cases) {
      const { code, codeCache, output, stderr } = loadAndVerify(`loadBundle(${JSON.stringify(bundleCopy(cache))}, { env: {} })`);
      expect(codeCache).toBe(expected);
      expect(output).toMatch(SOLVED);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    }
  });

  it("is in the package, with the command bundles, its workers, the code caches and its loader (package.json's files)", () => {
    // What `npm pack` includes; asking npm itself (npm pack --dry-run) takes seconds.
    const packed = (JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] }).files;
    const scripts = ['cli', 'cli-no-command', 'cli-verify', 'cli-solve', 'cli-convert', 'cli-show'];
    const needed = [
      'bin/sokoban.cjs',
      'bin/load-cli.cjs',
      ...scripts.flatMap((name) => [`dist/bundle/${name}.cjs`, `dist/bundle/${name}.cjs.cache`]),
      'dist/bundle/worker.cjs',
      'dist/bundle/input-worker.cjs',
      'dist/bundle/generate-worker.cjs',
    ];
    expect(needed.filter((path) => !packed.some((entry) => path === entry || path.startsWith(`${entry}/`)))).toEqual([]);
    expect(needed.filter((path) => !existsSync(path))).toEqual([]);
  });

  it("starts the server's input workers and solve workers from the bundle's own folder", async () => {
    const child = spawn(process.execPath, ['bin/sokoban.cjs', 'serve', 'levels/examples/three.sok', '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    try {
      const url = await new Promise<string>((found, failed) => {
        let stdout = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          const address = /at (http:\/\/\S+)/.exec(stdout);
          if (address !== null) found(address[1]);
        });
        child.on('exit', (code) => failed(new Error(`serve exited with ${code} before it printed its address`)));
      });
      const post = async (path: string, body: object) =>
        (await fetch(new URL(path, url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      // /api/parse and /api/verify read their texts on input workers; /api/solve solves on a solve worker.
      expect(await post('/api/parse', { level: CORRIDOR })).toMatchObject({ format: 'xsb', levels: [{ index: 1, boxes: 1 }] });
      expect(await post('/api/verify', { level: CORRIDOR, moves: 'rR' })).toMatchObject({ valid: true, solved: false, moves: 2 });
      expect(await post('/api/solve', { level: CORRIDOR })).toMatchObject({ status: 'solved', solution: 'rRR' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
