import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportRule, importCycles, importsOf, type LayerOrder, orderViolations, sourceFiles, violations } from './import-rules.js';

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

/**
 * The order of src/, lowest first: the typed errors every layer throws, the library (level, game,
 * solver, and index.ts, which exports it), the runner, and the front ends (the CLI's serve command
 * starts the page's server, so web comes before cli).
 */
const SRC_ORDER: LayerOrder = {
  folder: 'src',
  groups: [['errors.ts'], ['level'], ['game'], ['solver'], ['index.ts'], ['runner'], ['web'], ['cli']],
};

/**
 * The order of the solver's folders, lowest first (ARCHITECTURE.md): the problem and positions,
 * the board's geometry, the tables, FESS's features and the bounds, the deadlock detectors, the
 * per-level analysis and plans, the engines and the optimizer, the portfolio, the explanations and
 * the level facts, solve.ts, and what is built on solve (the generator, the CS161 homework code).
 */
const SOLVER_ORDER: LayerOrder = {
  folder: 'src/solver',
  groups: [
    ['model'],
    ['geometry'],
    ['tables'],
    ['fess', 'bounds'],
    ['deadlocks'],
    ['planning'],
    ['engines', 'optimize'],
    ['portfolio', 'explain', 'inspect'],
    ['solve.ts'],
    ['generate', 'cs161'],
  ],
};

/** No command imports another: as an order with nothing placed, every import between two of them is reported. */
const COMMANDS_APART: LayerOrder = { folder: 'src/cli/commands', groups: [] };

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

  it('runs one way: errors, level, game, solver, index, runner, web, cli', () => {
    expect(orderViolations(files, SRC_ORDER)).toEqual([]);
  });

  it("runs one way through the solver's folders", () => {
    expect(orderViolations(files, SOLVER_ORDER)).toEqual([]);
  });

  it('has no loop of imports, type-only imports included (issue 46: cli/error-line.ts and cli/io.ts imported each other)', () => {
    expect(importCycles(files)).toEqual([]);
  });

  it('keeps each command to itself: what commands share lives beside them (options/, batch/, reporters/)', () => {
    expect(orderViolations(files, COMMANDS_APART)).toEqual([]);
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

  it('reports an import back up the order of src/, and leaves imports down it alone', () => {
    const planted = [
      { path: 'src/level/planted.ts', text: "import { replay } from '../game/replay.js';" },
      { path: 'src/game/planted.ts', text: "import { solve } from '../solver/solve.js';\nimport type { Board } from '../level/board.js';" },
      { path: 'src/errors.ts', text: "import type { Level } from './level/level.js';" },
      { path: 'src/cli/planted.ts', text: "import { startServer } from '../web/server.js';\nimport { SolvePool } from '../runner/solve-pool.js';" },
    ];
    expect(orderViolations(planted, SRC_ORDER)).toEqual([
      'src/errors.ts -> ./level/level.js',
      'src/game/planted.ts -> ../solver/solve.js',
      'src/level/planted.ts -> ../game/replay.js',
    ]);
  });

  it("reports an import back up the solver's folders, sideways between siblings, and from a folder not placed", () => {
    const planted = [
      { path: 'src/solver/model/planted.ts', text: "import { PlayerReach } from '../geometry/reachability.js';" },
      { path: 'src/solver/bounds/planted.ts', text: "import { analyzeLevel } from '../planning/analysis.js';\nimport type { Problem } from '../model/problem.js';" },
      { path: 'src/solver/fess/planted.ts', text: "import { MatchingBound } from '../bounds/matching-bound.js';" },
      { path: 'src/solver/engines/planted.ts', text: "import { solve } from '../solve.js';\nimport { sortCells } from '../deadlocks/sort-cells.js';" },
      { path: 'src/solver/solve.ts', text: "import { sokoban } from './cs161/search.js';\nimport { runPortfolio } from './portfolio/run-portfolio.js';" },
      { path: 'src/solver/unplaced/planted.ts', text: "import type { Problem } from '../model/problem.js';" },
      { path: 'src/solver/planning/planted.ts', text: "import { helper } from './helper.js';" },
    ];
    expect(orderViolations(planted, SOLVER_ORDER)).toEqual([
      'src/solver/bounds/planted.ts -> ../planning/analysis.js',
      'src/solver/engines/planted.ts -> ../solve.js',
      'src/solver/fess/planted.ts -> ../bounds/matching-bound.js',
      'src/solver/model/planted.ts -> ../geometry/reachability.js',
      'src/solver/solve.ts -> ./cs161/search.js',
      'src/solver/unplaced/planted.ts -> ../model/problem.js',
    ]);
  });

  it('reports a loop of imports, type-only ones included, and leaves a chain alone', () => {
    const planted = [
      { path: 'src/cli/a.ts', text: "import { b } from './b.js';" },
      { path: 'src/cli/b.ts', text: "import type { C } from './c.js';" },
      { path: 'src/cli/c.ts', text: "import { a } from './a.js';\nimport { d } from './d.js';" },
      { path: 'src/cli/d.ts', text: 'export const d = 1;' },
      { path: 'src/cli/e.ts', text: "import { d } from './d.js';" },
    ];
    expect(importCycles(planted)).toEqual(['src/cli/a.ts -> src/cli/b.ts -> src/cli/c.ts -> src/cli/a.ts']);
    expect(importCycles(planted.filter((file) => file.path !== 'src/cli/c.ts'))).toEqual([]);
  });

  it('reports a command importing another command', () => {
    const planted = { path: 'src/cli/commands/hint.ts', text: "import { workerCount } from './solve.js';\nimport { jsonOption } from '../options/common.js';" };
    expect(orderViolations([planted], COMMANDS_APART)).toEqual(['src/cli/commands/hint.ts -> ./solve.js']);
  });
});
