#!/usr/bin/env node
// The installed command: the CLI itself is bundled (whole, and once more for each command a script calls once a level), which `npm run build` (or packing) does.
// CommonJS, as its loader: Node then never starts its ES module loader for a call (issue 45: that
// was some 10 ms of CPU of a `--version` that takes 50 ms more than Node's own start).
'use strict';
const { loadCli } = require('./load-cli.cjs');

const argv = process.argv.slice(2);
const cli = loadCli(argv);
if (cli === null) {
  process.stderr.write('sokoban: the CLI is not built yet; run `npm run build`\n');
  process.exitCode = 70;
} else {
  cli.run(argv, cli.nodeIo()).then((code) => {
    process.exitCode = code;
  });
}
