import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/cli/io.js';
import { cli } from '../helpers/fake-io.js';
import { tempFolder } from './temp-folder.js';

const LEVEL = '#####\n#@$.#\n#####\n';

describe('inputs that are not what they seem (issue 33)', () => {
  it('names a loop of symbolic links given as an input, not "no such file"', async () => {
    const folder = tempFolder({});
    symlinkSync('b.xsb', join(folder, 'a.xsb'));
    symlinkSync('a.xsb', join(folder, 'b.xsb'));
    const solved = await cli('solve', join(folder, 'a.xsb'));
    expect(solved.stderr).toBe(`sokoban: ${join(folder, 'a.xsb')}: too many symbolic links: a loop of links, which leads to no file\n`);
    expect(solved.code).toBe(2);
    const shown = await cli('show', join(folder, 'a.xsb'));
    expect(shown.stderr).toMatch(/a\.xsb: too many symbolic links: a loop of links/);
  });

  it('says a UTF-16 file is UTF-16, with or without its byte order mark', async () => {
    const folder = tempFolder({});
    writeFileSync(join(folder, 'le.xsb'), Buffer.from(`\ufeff${LEVEL}`, 'utf16le'));
    writeFileSync(join(folder, 'bare.xsb'), Buffer.from(LEVEL, 'utf16le'));
    const marked = await cli('solve', join(folder, 'le.xsb'));
    expect(marked.stderr).toBe(`sokoban: ${join(folder, 'le.xsb')}: UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8\n`);
    expect(marked.code).toBe(2);
    const bare = await cli('verify', join(folder, 'bare.xsb'), '--moves', 'r');
    expect(bare.stderr).toMatch(/bare\.xsb: holds NUL bytes: UTF-16 text without a byte order mark, or not a text file/);
    expect(bare.code).toBe(2);
  });

  it('reads stdin the same way', () => {
    const bigEndian = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(LEVEL, 'utf16le').swap16()]);
    expect(() => decodeText(bigEndian, '<stdin>')).toThrow('<stdin>: UTF-16 text');
    expect(decodeText(Buffer.from(`\ufeff${LEVEL}`, 'utf8'), '<stdin>')).toBe(`\ufeff${LEVEL}`);
  });
});

describe('verify on a .sok file without a single Solution line (issue 33)', () => {
  it('reports each level as not solved and exits 1, as the exit-code table says', async () => {
    const { code, stdout } = await cli('verify', 'none.sok', { files: { 'none.sok': `${LEVEL}\n${LEVEL}` } });
    expect(stdout).toContain('none.sok#1: not solved: no Solution line stored for this level\n');
    expect(stdout).toContain('none.sok#2: not solved: no Solution line stored for this level\n');
    expect(code).toBe(1);
  });

  it('still asks for moves for a level file of another kind (exit 2)', async () => {
    const { code, stderr } = await cli('verify', 'one.xsb', { files: { 'one.xsb': LEVEL } });
    expect(stderr).toMatch(/^sokoban: no moves to verify: /);
    expect(code).toBe(2);
  });
});

describe('--max-memory beyond the machine (issue 33)', () => {
  it("is cut to the machine's memory, with a word", async () => {
    const { code, stderr } = await cli('solve', 'one.xsb', '--max-memory', '99999999', { files: { 'one.xsb': LEVEL } });
    expect(stderr).toMatch(/^sokoban: warning: --max-memory 99999999: more than this machine's \d+ MiB of memory; using \d+\n$/);
    expect(code).toBe(0);
    const checked = await cli('check', 'one.xsb', '--max-memory', '99999999', { files: { 'one.xsb': LEVEL } });
    expect(checked.stderr).toContain('--max-memory 99999999: more than this machine');
  });
});
