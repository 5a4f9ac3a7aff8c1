#!/usr/bin/env node
// The installed command: everything else lives in the compiled CLI, which `npm run build` (or packing) builds.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/cli/run.js', import.meta.url))) {
  process.stderr.write('sokoban: the CLI is not built yet; run `npm run build`\n');
  process.exitCode = 70;
} else {
  const [{ run }, { nodeIo }] = await Promise.all([import('../dist/cli/run.js'), import('../dist/cli/io.js')]);
  process.exitCode = await run(process.argv.slice(2), nodeIo());
}
