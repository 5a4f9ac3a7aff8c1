import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { writeTextFile } from '../../src/cli/io.js';
import { tempFolder } from './temp-folder.js';

/** A disk that fills up after 4,096 bytes of the next write, as in issue 13. */
const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof real.writeFile = async (path, data, options) => {
    if (!disk.full || typeof data !== 'string') return real.writeFile(path, data, options);
    await real.writeFile(path, data.slice(0, 4096), options);
    throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  };
  return { ...real, default: { ...real, writeFile }, writeFile };
});

describe('files the tool writes', () => {
  it('keeps the old file whole when a write fails half way, and leaves no temporary file', async () => {
    const folder = tempFolder({ 'summary.json': '{"old": true}\n' });
    disk.full = true;
    try {
      await expect(writeTextFile('summary.json', `${'x'.repeat(10_000)}\n`, folder)).rejects.toThrow(/summary\.json: no space left/);
    } finally {
      disk.full = false;
    }
    expect(readFileSync(join(folder, 'summary.json'), 'utf8')).toBe('{"old": true}\n');
    expect(readdirSync(folder)).toEqual(['summary.json']);
  });

  it('replaces the old file with the whole new text', async () => {
    const folder = tempFolder({ 'summary.json': '{"old": true}\n' });
    await writeTextFile('summary.json', '{"new": true}\n', folder);
    expect(readFileSync(join(folder, 'summary.json'), 'utf8')).toBe('{"new": true}\n');
    expect(readdirSync(folder)).toEqual(['summary.json']);
  });
});
