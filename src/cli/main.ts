/**
 * What bin/sokoban.cjs runs, from one module: the CLI and the real process's Io. It is the entry
 * of the bundled CLI (scripts/build-cli.ts), whose commands load as they are needed.
 */
export { commandNamesFor, run } from './run.js';
export { nodeIo } from './io.js';
