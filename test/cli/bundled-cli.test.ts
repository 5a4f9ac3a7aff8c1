import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCommand } from './built-command.js';
import { tempFolder } from './temp-folder.js';

// These run the real installed command: bin/sokoban.cjs and the bundle `npm run build` makes.
useBuiltCommand();

const BUNDLE = resolve('dist/bundle/cli.cjs');
const CORRIDOR = '#######\n#@ $ .#\n#######\n';

/**
 * Loads a bundle through bin/load-cli.cjs in a fresh Node, as bin/sokoban.cjs does, and runs
 * `verify` of a corridor with it: prints what became of the code cache, then the CLI's output.
 */
function loadAndVerify(bundle: string) {
  const folder = tempFolder({ 'corridor.xsb': CORRIDOR });
  const script = `
    import { loadCli } from './bin/load-cli.cjs';
    const cli = loadCli({ bundle: ${JSON.stringify(bundle)}, env: {} });
    process.stdout.write(cli.codeCache + '\\n');
    process.exitCode = await cli.run(['verify', ${JSON.stringify(join(folder, 'corridor.xsb'))}, '--moves', 'rRR'], cli.nodeIo());`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, SOKOBAN_DEBUG: undefined } });
  const [codeCache, ...output] = child.stdout.split('\n');
  return { code: child.status, codeCache, output: output.join('\n'), stderr: child.stderr };
}

/** A copy of the built bundle in a folder of its own, with `cache` (or none) as its code cache. */
function bundleCopy(cache: Buffer | null): string {
  const folder = join(tempFolder({}), 'dist', 'bundle');
  mkdirSync(folder, { recursive: true });
  const copy = join(folder, 'cli.cjs');
  copyFileSync(BUNDLE, copy);
  if (cache !== null) writeFileSync(`${copy}.cache`, cache);
  return copy;
}

const SOLVED = /corridor\.xsb: solved in 3 moves, 2 pushes\n/;

describe('the bundled CLI (issue 45: start-up)', () => {
  it('is what bin/sokoban.cjs runs, with the code cache its build trained for this Node', () => {
    const { code, codeCache, output, stderr } = loadAndVerify(BUNDLE);
    expect(stderr).toBe('');
    expect(codeCache).toBe('used');
    expect(output).toMatch(SOLVED);
    expect(code).toBe(0);
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
      const { code, codeCache, output, stderr } = loadAndVerify(bundleCopy(cache));
      expect(codeCache).toBe(expected);
      expect(output).toMatch(SOLVED);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    }
  });

  it("is in the package, with its workers, its code cache and its loader (package.json's files)", () => {
    // What `npm pack` includes; asking npm itself (npm pack --dry-run) takes seconds.
    const packed = (JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] }).files;
    const needed = [
      'bin/sokoban.cjs',
      'bin/load-cli.cjs',
      'dist/bundle/cli.cjs',
      'dist/bundle/cli.cjs.cache',
      'dist/bundle/worker.cjs',
      'dist/bundle/input-worker.cjs',
      'dist/bundle/generate-worker.cjs',
    ];
    expect(needed.filter((path) => !packed.some((entry) => path === entry || path.startsWith(`${entry}/`)))).toEqual([]);
    for (const path of needed) expect(existsSync(path)).toBe(true);
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
