/**
 * Bundles the CLI for bin/sokoban.cjs: each entry (the CLI, the solve workers' thread, the
 * server's input workers' thread, generate's thread) becomes one minified CommonJS file in dist/bundle/ with its
 * dependencies in it; then a V8 code cache is trained for the CLI (see bin/load-cli.cjs).
 *
 * Why (issue 45, measured with `npm run bench:startup`): even with its commands imported lazily,
 * a small call loaded some 50 ES modules of the compiled CLI, and Node's loader spends a
 * millisecond or more on each; one file is read and compiled at once, and with the code cache
 * hardly compiled at all. CommonJS, because Node 20 can use a code cache only for a script
 * (vm.Script), not for an ES module. A part only some command needs still runs only when that
 * command does: esbuild keeps the lazy imports as lazily initialised parts of the one file. The
 * bundle is ASCII (esbuild's default) and ends with its build id, which a cache must carry.
 *
 * `npm run build` runs it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, type Plugin, build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist', 'bundle');

/** Must match BUILD_ID_PREFIX in bin/load-cli.cjs. */
const BUILD_ID_PREFIX = '//# sokoban-build=';

/**
 * What the training run does before the cache is written: the code compiled by then is what the
 * cache holds. Start-up and the cheap commands, whose calls are mostly start-up; a command not
 * trained compiles its code as it runs, as without a cache, and a larger cache costs every call.
 */
const TRAINING_RUNS: readonly (readonly string[])[] = [['--version'], ['verify', 'levels/examples/first.xsb', 'levels/examples/first.lurd']];

/**
 * Node's own modules that a bundle requires only when one of their functions is first called, not
 * when the bundle starts. Each costs a small call more than its use is worth (issue 45, measured
 * with --cpu-prof of `--version`): commander requires node:child_process (with net, dgram and
 * streams) for executable subcommands, which this CLI has none of; node:v8 is only asked for the
 * heap's size when an input is read.
 */
const LAZY_BUILTINS: readonly string[] = ['node:child_process', 'node:v8'];

/**
 * Stands a module for each of LAZY_BUILTINS, whose functions call the builtin's, requiring it on
 * the first call. Only functions named in lower camel case are there: a constructor or a value
 * (which a stand-in cannot be) is missing, so that importing one fails the build instead of
 * misbehaving. A stand-in is not the builtin's function object itself (util.promisify.custom,
 * identity), which nothing in the CLI relies on.
 */
function lazyBuiltins(): Plugin {
  const requireBuiltin = createRequire(import.meta.url);
  const filter = new RegExp(`^(${LAZY_BUILTINS.map((name) => name.replace(/[/]/g, '\\/')).join('|')})$`);
  return {
    name: 'lazy-builtins',
    setup(build) {
      // The stand-in's own require of the builtin is left to esbuild (an external of Node's).
      build.onResolve({ filter }, (args) => (args.namespace === 'lazy-builtin' ? undefined : { path: args.path, namespace: 'lazy-builtin' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
        const names = Object.entries(requireBuiltin(args.path) as Record<string, unknown>)
          .filter(([name, value]) => typeof value === 'function' && /^[a-z]/.test(name))
          .map(([name]) => name);
        const lines = [`let loaded;`, `const builtin = () => (loaded ??= require(${JSON.stringify(args.path)}));`];
        for (const name of names) lines.push(`export function ${name}(...args) { return builtin().${name}(...args); }`);
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}

export async function buildCli(): Promise<void> {
  // A cache left from an earlier build is removed with it, before anything new is written.
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const common: BuildOptions = {
    outdir: OUT,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: ['node20'],
    minify: true,
    // The sources find their neighbours (workers, package.json, the page's assets) from
    // import.meta.url, which a CommonJS file does not have: it is the bundle's own URL.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "var __bundleUrl=require('node:url').pathToFileURL(__filename).href;" },
    write: false,
    logLevel: 'warning',
    plugins: [lazyBuiltins()],
  };
  const builds = await Promise.all([
    // Its source map is read only under SOKOBAN_DEBUG, for stack traces that name the sources.
    build({ ...common, entryPoints: { cli: join(SRC, 'cli/main.ts') }, sourcemap: 'linked', sourcesContent: false }),
    // A worker's failure comes back as a message (solve runs the level again in the main thread
    // to show the stack), so the workers need no map.
    build({
      ...common,
      entryPoints: { worker: join(SRC, 'runner/worker.ts'), 'input-worker': join(SRC, 'web/input-worker.ts'), 'generate-worker': join(SRC, 'runner/generate-worker.ts') },
    }),
  ]);
  for (const file of builds.flatMap((result) => result.outputFiles ?? [])) {
    let text = file.text;
    if (basename(file.path) === 'cli.cjs') {
      const buildId = createHash('sha256').update(text).digest('hex').slice(0, 32);
      text = `${text}${BUILD_ID_PREFIX}${buildId}\n`;
    }
    await writeFile(file.path, text);
  }
  trainCodeCache();
}

/**
 * Runs the bundled CLI in a fresh Node, as bin/sokoban.cjs does but without a cache, through the
 * training runs, and writes the code cache. A training run that fails fails the build.
 */
function trainCodeCache(): void {
  const script = `
    import { loadCli } from './bin/load-cli.cjs';
    const cli = loadCli({ useCache: false, env: {} });
    const io = cli.nodeIo();
    for (const argv of ${JSON.stringify(TRAINING_RUNS)}) {
      const code = await cli.run(argv, io);
      if (code !== 0) throw new Error('training run ' + argv.join(' ') + ' exited with ' + code);
    }
    cli.saveCodeCache();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (child.status !== 0) throw new Error(`training the code cache failed:\n${child.stderr}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCli();
}
