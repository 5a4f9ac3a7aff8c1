import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles, violations, type ImportRule } from './import-rules.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The layers, lowest first: level -> game -> solver -> runner -> the front ends cli and web.
 * The library layers run in the browser and inside workers, so they touch no Node module and
 * know nothing of the layers above them.
 */
const LIBRARY_RULES: readonly ImportRule[] = ['level', 'game', 'solver'].map((layer) => ({
  layer,
  forbiddenLayers: ['cli', 'runner', 'web'],
  forbidsNode: true,
}));

/**
 * The two front ends share the runner layer, which knows neither of them; the page's server does
 * not reach into the CLI (the CLI's serve command may start the server).
 */
const FRONT_END_RULES: readonly ImportRule[] = [
  { layer: 'runner', forbiddenLayers: ['cli', 'web'], forbidsNode: false },
  { layer: 'web', forbiddenLayers: ['cli'], forbidsNode: false },
];

describe('the layering of src/', () => {
  const files = sourceFiles(repoRoot, 'src');

  it('reads the imports of the real tree', () => {
    // Guards the scan itself: a checker that sees no imports would pass every rule.
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => file.path.startsWith('src/solver/')).flatMap((file) => importsOf(file.text)).length).toBeGreaterThan(50);
  });

  it('keeps level, game and solver free of Node modules and of the layers above them', () => {
    expect(violations(files, LIBRARY_RULES)).toEqual([]);
  });

  it('keeps the runner below both front ends, and web from importing cli', () => {
    expect(violations(files, FRONT_END_RULES)).toEqual([]);
  });
});

describe('the layering check', () => {
  it('reports a Node module and an upward import in the solver, and leaves the allowed ones alone', () => {
    const planted = {
      path: 'src/solver/geometry/planted.ts',
      text: [
        "import { readFileSync } from 'node:fs';",
        "import path from 'path';",
        "import type { Io } from '../../cli/io.js';",
        "export { serve } from '../../web/server.js';",
        "const later = await import('../../runner/pool.js');",
        "import type { Board } from '../../level/board.js';",
        "import { PlayerReach } from './reachability.js';",
      ].join('\n'),
    };
    expect(violations([planted], LIBRARY_RULES)).toEqual([
      'src/solver/geometry/planted.ts -> ../../cli/io.js',
      'src/solver/geometry/planted.ts -> ../../runner/pool.js',
      'src/solver/geometry/planted.ts -> ../../web/server.js',
      'src/solver/geometry/planted.ts -> node:fs',
      'src/solver/geometry/planted.ts -> path',
    ]);
  });

  it('reports web importing cli and the runner importing a front end, but not cli starting the server', () => {
    const web = { path: 'src/web/page.ts', text: "import { run } from '../cli/run.js';" };
    const runner = { path: 'src/runner/pool.ts', text: "import type { Io } from '../cli/io.js';" };
    const cli = { path: 'src/cli/commands/serve.ts', text: "import { startServer } from '../../web/server.js';" };
    expect(violations([web, runner, cli], FRONT_END_RULES)).toEqual(['src/runner/pool.ts -> ../cli/io.js', 'src/web/page.ts -> ../cli/run.js']);
  });
});
