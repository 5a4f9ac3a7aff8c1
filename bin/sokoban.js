#!/usr/bin/env node
// The installed command: the CLI itself is one bundled file, which `npm run build` (or packing) builds.
import { loadCli } from './load-cli.js';

const cli = loadCli();
if (cli === null) {
  process.stderr.write('sokoban: the CLI is not built yet; run `npm run build`\n');
  process.exitCode = 70;
} else {
  process.exitCode = await cli.run(process.argv.slice(2), cli.nodeIo());
}
