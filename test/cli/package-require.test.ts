import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from './temp-folder.js';

// The package is ESM only. CommonJS callers load it through require(esm), which Node runs
// without a flag from 20.19 on; package.json's engines says so. These load the built package by
// its name, from a project that has it in node_modules, as a user's project would.
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');

beforeAll(() => {
  if (!existsSync(path.join(REPOSITORY_ROOT, 'dist/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: REPOSITORY_ROOT, stdio: 'ignore' });
});

function nodeInProject(args: string[]) {
  const project = tempFolder({});
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(REPOSITORY_ROOT, path.join(project, 'node_modules', 'sokoban'), 'dir');
  const result = spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const USE_IT = "const s = require('sokoban'); console.log(s.solve(s.parseLevel('#####\\n#@$.#\\n#####\\n')).solution, s.h2([[3, 2, 4]]))";

describe("require('sokoban') from CommonJS", () => {
  it('promises a Node that loads ES modules with require', () => {
    const engines = (JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=20.19');
  });

  it('loads the built package by name and solves a level, with nothing on stderr', () => {
    const { code, stdout, stderr } = nodeInProject(['-e', USE_IT]);
    expect(stderr).toBe('');
    expect(stdout).toBe('R 1\n');
    expect(code).toBe(0);
  });

  it('fails without require(esm), as on Node before 20.19: the reason engines says >=20.19', () => {
    const { code, stderr } = nodeInProject(['--no-experimental-require-module', '-e', USE_IT]);
    expect(stderr).toMatch(/ERR_REQUIRE_ESM/);
    expect(code).not.toBe(0);
  });
});
