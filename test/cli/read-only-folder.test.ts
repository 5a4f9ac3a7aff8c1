import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { OutputError } from '../../src/errors.js';
import { makeTextDirectory } from '../../src/cli/write-file.js';
import { tempFolder } from './temp-folder.js';

/** A folder mounted read-only, as Node's mkdir meets it: a recursive mkdir there fails with ENOENT, a plain one with EROFS. */
const mount = vi.hoisted(() => ({ readOnly: '' }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const mkdir = (async (path: string, options?: { recursive?: boolean }) => {
    if (mount.readOnly === '' || !String(path).startsWith(`${mount.readOnly}/`)) return real.mkdir(path, options);
    const code = options?.recursive === true ? 'ENOENT' : 'EROFS';
    throw Object.assign(new Error(`${code}: mkdir '${path}'`), { code });
  }) as typeof real.mkdir;
  return { ...real, default: { ...real, mkdir }, mkdir };
});

describe('a folder for outputs on a read-only file system (issue 32)', () => {
  it('is refused as read-only, not as "no such file"', async () => {
    const folder = tempFolder({ 'ro/level.xsb': '#####\n#@$.#\n#####\n' });
    mount.readOnly = join(folder, 'ro');
    try {
      const made = makeTextDirectory('ro/solved/levels', folder);
      await expect(made).rejects.toBeInstanceOf(OutputError);
      await expect(made).rejects.toThrow(/^ro\/solved\/levels: read-only file system$/);
    } finally {
      mount.readOnly = '';
    }
  });
});
