// Loads the bundled CLI (built by scripts/build-cli.ts) with the V8 code cache the build made for
// it. Node 20 has no compile cache for modules (module.enableCompileCache came in 22): compiling the
// CLI took a third of a small call's time, and a call that finds the compiled code ready spends its
// time on its command instead. The cache carries the build's id (the bundle's last line); a cache
// from another build is not used, and one from another Node or V8 is refused by V8 itself, the code
// then compiled as usual. With SOKOBAN_DEBUG set the whole CLI's bundle is loaded by require with
// its source map, so that a stack trace names the TypeScript sources.
//
// The commands a script calls once a level have a bundle of their own besides the whole CLI's
// (issue 45; scripts/build-cli.ts's OWN_BUNDLE): reading and compiling the whole CLI was most of
// what a small call costs beyond Node's own start. A call loads the bundle of the command its
// arguments name (that of no command for `--version`), and the whole CLI when there is none or
// that bundle cannot run the call as the whole CLI would.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { tuneCompiler } = require('./compiler-flags.cjs');

const FOLDER = join(__dirname, '..', 'dist', 'bundle');
/** The whole CLI's file: every command, for the help, an unknown command, and what no other bundle runs. */
const WHOLE = 'cli.cjs';
const BUNDLE = join(FOLDER, WHOLE);
/** The name of the bundle that holds no command (the CLI's own options: `--version`). */
const NO_COMMAND = 'no-command';
/** How the bundle's last line starts: the rest is its build id. */
const BUILD_ID_PREFIX = '//# sokoban-build=';

/** The file of the bundle holding one command (or NO_COMMAND). */
function commandBundle(folder, name) {
  return join(folder, `cli-${name}.cjs`);
}

/** Whether a bundle can run searches on workers: the whole CLI's and solve's (see compiler-flags.cjs). */
function runsSearches(bundle) {
  const file = basename(bundle);
  return file === WHOLE || file === basename(commandBundle(FOLDER, 'solve'));
}

function buildIdOf(source) {
  const start = source.lastIndexOf(BUILD_ID_PREFIX);
  return start === -1 ? null : source.slice(start + BUILD_ID_PREFIX.length).trim();
}

/** The cache file's first line: the build it was made for. */
function stampOf(buildId) {
  return Buffer.from(`${buildId}\n`, 'latin1');
}

/** The V8 data of the cache file and whether it belongs to this build ('absent' when there is none). */
function readCache(file, buildId) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return { state: 'absent', data: undefined };
  }
  const stamp = stampOf(buildId);
  if (buildId === null || !bytes.subarray(0, stamp.length).equals(stamp)) return { state: 'other-build', data: undefined };
  return { state: 'read', data: bytes.subarray(stamp.length) };
}

/**
 * The bundle's exports (`run`, `nodeIo`, `commandNamesFor`), or null when it is not built;
 * `codeCache` says what became of the cache: 'used', 'rejected' (by V8: another Node, or
 * damaged), 'other-build', 'absent', 'not-read' (`useCache: false`) or 'debug'. `saveCodeCache()`
 * writes a cache of the code compiled so far (the build's training runs).
 */
function loadBundle(bundle, { useCache = true, env = process.env } = {}) {
  let source;
  try {
    // The bundle is ASCII (esbuild escapes the rest), so it reads as one-byte text.
    source = readFileSync(bundle, 'latin1');
  } catch {
    return null;
  }
  // Before the bundle is compiled: V8 uses a code cache only under the flags it was made with.
  if (runsSearches(bundle)) tuneCompiler();
  if (env.SOKOBAN_DEBUG) {
    process.setSourceMapsEnabled(true);
    return { ...require(bundle), bundle, codeCache: 'debug', saveCodeCache: () => {} };
  }
  const cacheFile = `${bundle}.cache`;
  const buildId = buildIdOf(source);
  const cache = useCache ? readCache(cacheFile, buildId) : { state: 'not-read', data: undefined };
  // The same wrapper as Node's for a CommonJS module, on the bundle's first line, so lines match.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData: cache.data });
  const module = { exports: {} };
  // The bundle requires only Node's own modules (esbuild put the rest in it), which this file's
  // require finds as well as any: one made by node:module's createRequire would load that module,
  // and with it parts of the ES module loader, for nothing.
  script.runInThisContext().call(module.exports, module.exports, require, module, bundle, dirname(bundle));
  const codeCache = cache.state !== 'read' ? cache.state : script.cachedDataRejected ? 'rejected' : 'used';
  const saveCodeCache = () => {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([stampOf(buildId), script.createCachedData()]));
    renameSync(temporary, cacheFile);
  };
  return { ...module.exports, bundle, codeCache, saveCodeCache };
}

/**
 * The command a call's arguments name, by the first word that is not an option, or NO_COMMAND when
 * there is none; null when the whole CLI is plainly needed (the help, no arguments) or the word
 * cannot name a bundle. A guess only: loadCli asks the bundle whether it can run the call.
 */
function commandNamed(argv) {
  const word = argv.find((each) => !each.startsWith('-'));
  if (word === undefined) return argv.length === 0 || argv.some((each) => each === '-h' || each === '--help') ? null : NO_COMMAND;
  return /^[a-z][a-z-]*$/.test(word) ? word : null;
}

/**
 * The CLI for a call with arguments `argv`: the bundle of the command they name when it holds
 * every command the call loads (its own commandNamesFor says which), else the whole CLI; null when
 * that is not built. Under SOKOBAN_DEBUG, the whole CLI with its source map.
 */
function loadCli(argv, { folder = FOLDER, useCache = true, env = process.env } = {}) {
  const name = env.SOKOBAN_DEBUG ? null : commandNamed(argv);
  // A missing bundle (an unknown command, or a build from before this one) is no error: the whole CLI runs the call.
  if (name !== null) {
    const cli = loadBundle(commandBundle(folder, name), { useCache, env });
    const held = name === NO_COMMAND ? [] : [name];
    if (cli !== null && cli.commandNamesFor(argv).every((needed) => held.includes(needed))) return cli;
  }
  return loadBundle(join(folder, WHOLE), { useCache, env });
}

module.exports = { BUNDLE, BUILD_ID_PREFIX, NO_COMMAND, commandBundle, loadBundle, loadCli };
