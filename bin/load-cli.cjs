// Loads the bundled CLI, dist/bundle/cli.cjs (built by scripts/build-cli.ts), with the V8 code
// cache the build made for it. Node 20 has no compile cache for modules (module.enableCompileCache
// came in 22): compiling the CLI took a third of a small call's time, and a call that finds the
// compiled code ready spends its time on its command instead. The cache carries the build's id
// (the bundle's last line); a cache from another build is not used, and one from another Node or
// V8 is refused by V8 itself, the code then compiled as usual. With SOKOBAN_DEBUG set the bundle
// is loaded by require with its source map, so that a stack trace names the TypeScript sources.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const BUNDLE = join(__dirname, '..', 'dist', 'bundle', 'cli.cjs');
/** How the bundle's last line starts: the rest is its build id. */
const BUILD_ID_PREFIX = '//# sokoban-build=';

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
 * The bundle's exports (`run`, `nodeIo`), or null when the CLI is not built; `codeCache` says what
 * became of the cache: 'used', 'rejected' (by V8: another Node, or damaged), 'other-build',
 * 'absent', 'not-read' (`useCache: false`) or 'debug'. `saveCodeCache()` writes a cache of the
 * code compiled so far (the build's training run).
 */
function loadCli({ bundle = BUNDLE, useCache = true, env = process.env } = {}) {
  let source;
  try {
    // The bundle is ASCII (esbuild escapes the rest), so it reads as one-byte text.
    source = readFileSync(bundle, 'latin1');
  } catch {
    return null;
  }
  const require = createRequire(bundle);
  if (env.SOKOBAN_DEBUG) {
    process.setSourceMapsEnabled(true);
    return { ...require(bundle), codeCache: 'debug', saveCodeCache: () => {} };
  }
  const cacheFile = `${bundle}.cache`;
  const buildId = buildIdOf(source);
  const cache = useCache ? readCache(cacheFile, buildId) : { state: 'not-read', data: undefined };
  // The same wrapper as Node's for a CommonJS module, on the bundle's first line, so lines match.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData: cache.data });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, require, module, bundle, dirname(bundle));
  const codeCache = cache.state !== 'read' ? cache.state : script.cachedDataRejected ? 'rejected' : 'used';
  const saveCodeCache = () => {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([stampOf(buildId), script.createCachedData()]));
    renameSync(temporary, cacheFile);
  };
  return { ...module.exports, codeCache, saveCodeCache };
}

module.exports = { BUNDLE, BUILD_ID_PREFIX, loadCli };
