import { describe, expect, it } from 'vitest';
import { exitCodeOfRecord } from '../../src/cli/batch/record-exit-code.js';
import { errorRecord, stoppedRecord } from '../../src/runner/record.js';
import { escapeData, escapeProperty } from '../../src/cli/reporters/github.js';
import { escapeXml } from '../../src/cli/reporters/junit.js';
import { defaultMaxMemoryMiB } from '../../src/cli/options/search-limits.js';

const KEY = { name: 'c.xsb#1', file: 'c.xsb', index: 1, title: null, line: 1 };

describe('the exit code of a record', () => {
  it('is 3 for a level stopped at a limit, whichever limit', () => {
    expect(exitCodeOfRecord(stoppedRecord(KEY, 'timeout', 'ended', 10))).toBe(3);
    expect(exitCodeOfRecord(stoppedRecord(KEY, 'memory', 'ended', 10))).toBe(3);
  });

  it("is 2 for the user's input and 70 for our own bug", () => {
    expect(exitCodeOfRecord(errorRecord(KEY, 'no such file', 'input'))).toBe(2);
    expect(exitCodeOfRecord(errorRecord(KEY, 'the solution failed replay', 'internal'))).toBe(70);
  });
});

describe('escaping in reports', () => {
  it('escapes % CR LF in GitHub annotation messages', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
  });

  it('also escapes : and , in GitHub annotation properties', () => {
    expect(escapeProperty('a:b,c%')).toBe('a%3Ab%2Cc%25');
  });

  it('escapes XML markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});

describe('default memory per level', () => {
  it('is half the machine shared by the workers', () => {
    expect(defaultMaxMemoryMiB(2, 8 * 1024 ** 3)).toBe(2048);
  });

  it('is never more than 4096 MiB nor less than 256 MiB', () => {
    expect(defaultMaxMemoryMiB(1, 64 * 1024 ** 3)).toBe(4096);
    expect(defaultMaxMemoryMiB(64, 1024 ** 3)).toBe(256);
  });
});
