import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { COMPILER_FLAGS, compilerFlagsApply } = createRequire(import.meta.url)('../../bin/compiler-flags.cjs') as {
  COMPILER_FLAGS: readonly string[];
  compilerFlagsApply: (v8Version?: string) => boolean;
};

describe('the compiler flags the bundles that run searches set (bin/compiler-flags.cjs)', () => {
  it('apply to the V8 they were measured on (Node 20) and to no other', () => {
    expect(compilerFlagsApply('11.3.244.8-node.33')).toBe(true);
    expect(compilerFlagsApply('12.4.254.21-node.24')).toBe(false);
    expect(compilerFlagsApply('10.2.154.26-node.26')).toBe(false);
  });

  it.runIf(compilerFlagsApply())('are flags this V8 knows, set without a word on the console', () => {
    const known = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of COMPILER_FLAGS) expect(known).toContain(`  ${flag.split('=')[0]} (`);
    const set = spawnSync(process.execPath, ['-e', "console.log(require('./bin/compiler-flags.cjs').tuneCompiler())"], { encoding: 'utf8' });
    expect({ status: set.status, stdout: set.stdout, stderr: set.stderr }).toEqual({ status: 0, stdout: 'true\n', stderr: '' });
  });
});
