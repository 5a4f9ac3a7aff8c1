/**
 * Bundles the CLI for bin/sokoban.cjs: each entry (the CLI, the solve workers' thread, the
 * server's input workers' thread, generate's thread) becomes one minified CommonJS file in dist/bundle/ with its
 * dependencies in it; then a V8 code cache is trained for each of the CLI's bundles (see bin/load-cli.cjs).
 *
 * Why (issue 45, measured with `npm run bench:startup`): even with its commands imported lazily,
 * a small call loaded some 50 ES modules of the compiled CLI, and Node's loader spends a
 * millisecond or more on each; one file is read and compiled at once, and with the code cache
 * hardly compiled at all. CommonJS, because Node 20 can use a code cache only for a script
 * (vm.Script), not for an ES module. A part only some command needs still runs only when that
 * command does: esbuild keeps the lazy imports as lazily initialised parts of the one file. The
 * bundle is ASCII (esbuild's default) and ends with its build id, which a cache must carry.
 *
 * The CLI is bundled whole (cli.cjs: the help, an unknown command) and once more per command
 * (cli-<command>.cjs, and cli-no-command.cjs for `--version`), the other commands left out:
 * reading and compiling the whole CLI's half a megabyte was most of what a small call cost beyond
 * Node's own start, and a cache trained for one command holds that command's code only.
 *
 * `npm run build` runs it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, type OutputFile, type Plugin, build } from 'esbuild';
import { COMMANDS } from '../src/cli/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist', 'bundle');

interface Loader {
  readonly BUILD_ID_PREFIX: string;
  readonly NO_COMMAND: string;
  commandBundle(folder: string, name: string): string;
}
/** What the build and the loader must agree on: the build-id line, and the command bundles' names. */
const { BUILD_ID_PREFIX, NO_COMMAND, commandBundle } = createRequire(import.meta.url)('../bin/load-cli.cjs') as Loader;

/** One bundle of the CLI: the commands it holds, and the calls that train its code cache. */
interface CliBundle {
  readonly file: string;
  readonly commands: readonly string[];
  readonly training: readonly (readonly string[])[];
}

const FIRST_LEVEL = ['levels/examples/first.xsb'];

/**
 * What the training runs do before a cache is written: the code compiled by then is what the
 * cache holds. Start-up and the command's own work on a small level where that is quick; for the
 * other commands their help, which loads the command's module. Code not trained compiles as it
 * runs, as without a cache, and a larger cache costs every call of the bundle.
 */
const TRAINING: Readonly<Record<string, readonly (readonly string[])[]>> = {
  verify: [['verify', ...FIRST_LEVEL, 'levels/examples/first.lurd']],
  solve: [['solve', ...FIRST_LEVEL]],
};

/**
 * The commands with a bundle of their own: those a script or a CI job may call once for each
 * level, where the start is most of a call. Each bundle with its cache adds 0.5-0.9 MB to the
 * package; the other commands (batches, the server, the optimizer) run with the whole CLI, whose
 * start is small beside their work.
 */
const OWN_BUNDLE: readonly string[] = ['verify', 'solve', 'convert', 'show'];

function cliBundles(): CliBundle[] {
  const everyName = COMMANDS.map((entry) => entry.name);
  const missing = OWN_BUNDLE.filter((name) => !everyName.includes(name));
  if (missing.length > 0) throw new Error(`build-cli: OWN_BUNDLE names no command: ${missing.join(', ')}`);
  return [
    { file: join(OUT, 'cli.cjs'), commands: everyName, training: [['--help']] },
    { file: commandBundle(OUT, NO_COMMAND), commands: [], training: [['--version']] },
    ...OWN_BUNDLE.map((name) => ({ file: commandBundle(OUT, name), commands: [name], training: TRAINING[name] ?? [[name, '--help']] })),
  ];
}

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

/**
 * Leaves out of a bundle the commands it does not hold: run.ts's import of such a command's module
 * gets a module that fails if it is ever loaded (bin/load-cli.cjs runs a call with a command's
 * bundle only when the bundle's commandNamesFor says it needs no other). `leftOut` collects the
 * names, for the check that every command not held was left out.
 */
function onlyCommands(kept: readonly string[], leftOut: Set<string>): Plugin {
  const runModule = join(SRC, 'cli', 'run.ts');
  return {
    name: 'only-commands',
    setup(build) {
      build.onResolve({ filter: /^\.\/commands\/[a-z-]+\.js$/ }, (args) => {
        const name = basename(args.path, '.js');
        if (args.importer !== runModule || kept.includes(name)) return undefined;
        leftOut.add(name);
        return { path: name, namespace: 'left-out-command' };
      });
      build.onLoad({ filter: /.*/, namespace: 'left-out-command' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`the command ${args.path} is not in this bundle`)});`,
        loader: 'js',
      }));
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
  };
  const bundles = cliBundles();
  const builds = await Promise.all([
    ...bundles.map(async (bundle) => {
      const leftOut = new Set<string>();
      const result = await build({
        ...common,
        entryPoints: { [basename(bundle.file, '.cjs')]: join(SRC, 'cli/main.ts') },
        plugins: [lazyBuiltins(), onlyCommands(bundle.commands, leftOut)],
        // Only the whole CLI's: it is what runs under SOKOBAN_DEBUG, for stack traces that name the sources.
        ...(bundle.commands.length === COMMANDS.length ? { sourcemap: 'linked', sourcesContent: false } : {}),
      });
      const missed = COMMANDS.filter((entry) => !bundle.commands.includes(entry.name) && !leftOut.has(entry.name));
      if (missed.length > 0) throw new Error(`${basename(bundle.file)}: no module src/cli/commands/<name>.ts left out for ${missed.map((entry) => entry.name).join(', ')}`);
      return withBuildId(result.outputFiles ?? []);
    }),
    // A worker's failure comes back as a message (solve runs the level again in the main thread
    // to show the stack), so the workers need no map.
    build({
      ...common,
      plugins: [lazyBuiltins()],
      entryPoints: { worker: join(SRC, 'runner/worker.ts'), 'input-worker': join(SRC, 'web/input-worker.ts'), 'generate-worker': join(SRC, 'runner/generate-worker.ts') },
    }).then((result) => result.outputFiles ?? []),
  ]);
  for (const file of builds.flat()) await writeFile(file.path, file.text);
  await trainCodeCaches(bundles);
}

/** The files of a CLI bundle, the script's text ending with its build id (a hash of it). */
function withBuildId(files: readonly OutputFile[]): { path: string; text: string }[] {
  return files.map((file) => {
    if (!file.path.endsWith('.cjs')) return { path: file.path, text: file.text };
    const buildId = createHash('sha256').update(file.text).digest('hex').slice(0, 32);
    return { path: file.path, text: `${file.text}${BUILD_ID_PREFIX}${buildId}\n` };
  });
}

/**
 * Runs each bundle in a fresh Node, as bin/sokoban.cjs does but without a cache, through its
 * training runs, and writes its code cache; two at a time. A training run that fails fails the build.
 */
async function trainCodeCaches(bundles: readonly CliBundle[]): Promise<void> {
  const queue = [...bundles];
  const trainNext = async (): Promise<void> => {
    for (let bundle = queue.shift(); bundle !== undefined; bundle = queue.shift()) await trainCodeCache(bundle);
  };
  await Promise.all([trainNext(), trainNext()]);
}

function trainCodeCache(bundle: CliBundle): Promise<void> {
  const script = `
    const { loadBundle } = require('./bin/load-cli.cjs');
    const cli = loadBundle(${JSON.stringify(bundle.file)}, { useCache: false, env: {} });
    const io = cli.nodeIo();
    (async () => {
      for (const argv of ${JSON.stringify(bundle.training)}) {
        const code = await cli.run(argv, io);
        if (code !== 0) throw new Error('training run ' + argv.join(' ') + ' exited with ' + code);
      }
      cli.saveCodeCache();
    })().catch((error) => {
      process.stderr.write(String(error.stack) + '\\n');
      process.exitCode = 1;
    });`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`training the code cache of ${basename(bundle.file)} failed:\n${stderr}`))));
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCli();
}
