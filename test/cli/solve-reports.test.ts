import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { STUCK, TINY_COLLECTION, TINY_COUNT } from './tiny-levels.js';

/**
 * A small well-formedness check: every tag closes in order, attributes are quoted, and no raw
 * `<` or `&` sits in text. Returns the element names in document order.
 */
function parseXml(xml: string): string[] {
  const body = xml.replace(/^<\?xml [^?]*\?>\n/, '');
  const names: string[] = [];
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>|([^<]+)/gy;
  let consumed = 0;
  for (let match = token.exec(body); match !== null; match = token.exec(body)) {
    consumed = token.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`raw & in text: ${text}`);
      continue;
    }
    if (closing === '/') {
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else {
      names.push(name);
      if (selfClosing !== '/') open.push(name);
    }
  }
  if (consumed !== body.length) throw new Error(`not XML at: ${body.slice(consumed, consumed + 40)}`);
  if (open.length > 0) throw new Error(`unclosed: ${open.join(', ')}`);
  return names;
}

const WEIRD_TITLE = `; <odd & "quoted"> level
#######
#@ $ .#
#######
`;

describe('solve reports', () => {
  it('writes JUnit XML with one testcase per level that a strict reader accepts', async () => {
    const { io, code } = await cli('solve', 'tiny.xsb', 'stuck.xsb', '--jobs', '2', '--report', 'out.xml', {
      files: { 'tiny.xsb': TINY_COLLECTION, 'stuck.xsb': STUCK },
    });
    const xml = io.written.get('out.xml') ?? '';
    const names = parseXml(xml);
    expect(names.filter((name) => name === 'testcase')).toHaveLength(TINY_COUNT + 1);
    expect(names.filter((name) => name === 'testsuite')).toHaveLength(2);
    expect(names.filter((name) => name === 'failure')).toHaveLength(1);
    expect(xml).toMatch(/<testsuites name="sokoban solve" tests="7" failures="1" errors="0"/);
    expect(code).toBe(1);
  });

  it('says "1 move, 1 push" in the JUnit output of a one-push solution', async () => {
    const { io } = await cli('solve', 'one.xsb', '--report', 'out.xml', { files: { 'one.xsb': '#####\n#@$.#\n#####\n' } });
    expect(io.written.get('out.xml')).toContain('<system-out>1 move, 1 push: R</system-out>');
  });

  it('escapes titles in JUnit XML and marks an unreadable input as an error', async () => {
    const { io } = await cli('solve', 'weird.xsb', 'missing.xsb', '--report', 'out.xml', { files: { 'weird.xsb': WEIRD_TITLE } });
    const xml = io.written.get('out.xml') ?? '';
    expect(() => parseXml(xml)).not.toThrow();
    expect(xml).toContain('name="#1 &lt;odd &amp; &quot;quoted&quot;&gt; level"');
    expect(xml).toMatch(/<testcase classname="missing\.xsb" name="file" time="0\.000">\n\s+<error type="input" message="missing\.xsb: no such file or folder"\/>/);
  });

  it('writes a JSON summary with totals and one record per level', async () => {
    const { io } = await cli('solve', 'tiny.xsb', 'stuck.xsb', '--jobs', '2', '--report', 'summary.json', {
      files: { 'tiny.xsb': TINY_COLLECTION, 'stuck.xsb': STUCK },
    });
    const summary = JSON.parse(io.written.get('summary.json') ?? '');
    expect(summary).toMatchObject({ format: 'sokoban-solve-summary', version: 1, shards: [] });
    expect(summary.totals).toMatchObject({ levels: 7, solved: 6, unsolvable: 1, timeout: 0, memory: 0, error: 0 });
    expect(summary.levels.map((record: { name: string }) => record.name)).toEqual(['stuck.xsb#1', ...[1, 2, 3, 4, 5, 6].map((index) => `tiny.xsb#${index}`)]);
  });

  it('writes both reports when --report is given twice', async () => {
    const { io } = await cli('solve', 'tiny.xsb', '--level', '1', '--report', 'a.xml', '--report', 'b.json', { files: { 'tiny.xsb': TINY_COLLECTION } });
    expect([...io.written.keys()].sort()).toEqual(['a.xml', 'b.json']);
  });

  it('annotates each level not solved under GitHub Actions, escaping % and newlines', async () => {
    const { stdout } = await cli('solve', 'stuck%1.xsb', 'ok.xsb', '--jobs', '2', {
      files: { 'stuck%1.xsb': STUCK, 'ok.xsb': '#######\n#@ $ .#\n#######\n' },
      env: { GITHUB_ACTIONS: 'true' },
    });
    const annotations = stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toEqual(['::error file=stuck%251.xsb,line=1,title=sokoban solve%3A stuck%251.xsb#1::proven unsolvable: the whole reachable space was searched']);
  });

  it('annotates a malformed file at the line and column its error names', async () => {
    const { stdout, code } = await cli('solve', 'two.xsb', 'ok.xsb', {
      files: { 'two.xsb': '#####\n#@$.#\n#@  #\n#####\n', 'ok.xsb': '#######\n#@ $ .#\n#######\n' },
      env: { GITHUB_ACTIONS: 'true' },
    });
    const annotations = stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error file=two\.xsb,line=3,col=2,title=sokoban solve%3A two\.xsb::/);
    expect(code).toBe(2);
  });

  it('leaves col= out when the error names no column', async () => {
    const { stdout } = await cli('solve', 'spare.xsb', 'ok.xsb', {
      files: { 'spare.xsb': '######\n#@$..#\n######\n', 'ok.xsb': '#######\n#@ $ .#\n#######\n' },
      env: { GITHUB_ACTIONS: 'true' },
    });
    const annotations = stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error file=spare\.xsb,line=1,title=/);
  });

  it('prints no annotations outside GitHub Actions', async () => {
    const { stdout } = await cli('solve', 'stuck.xsb', { files: { 'stuck.xsb': STUCK } });
    expect(stdout).not.toContain('::error');
  });

  it('keeps annotations off stdout with --json', async () => {
    const { stdout, stderr } = await cli('solve', 'stuck.xsb', '--json', { files: { 'stuck.xsb': STUCK }, env: { GITHUB_ACTIONS: 'true' } });
    expect(stdout).not.toContain('::error');
    expect(stderr).toContain('::error file=stuck.xsb,line=1,');
  });

  it('writes each collection to --out as a SOK file that verify checks in one call', async () => {
    const files = { 'sets/tiny.xsb': TINY_COLLECTION, 'stuck.xsb': STUCK };
    const solved = await cli('solve', 'sets/tiny.xsb', 'stuck.xsb', '--jobs', '2', '--out', 'solved', { files });
    const tiny = solved.io.written.get('solved/sets/tiny.xsb.sok') ?? '';
    expect(tiny.match(/^Solution: /gm)).toHaveLength(TINY_COUNT);
    expect(solved.io.written.get('solved/stuck.xsb.sok')).not.toContain('Solution');
    const verified = await cli('verify', 'solved/sets/tiny.xsb.sok', '--json', { files: { 'solved/sets/tiny.xsb.sok': tiny } });
    const answers = verified.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers).toHaveLength(TINY_COUNT);
    expect(answers.every((answer) => answer.solved === true)).toBe(true);
    expect(verified.code).toBe(0);
  });
});

describe('solve --out on a folder', () => {
  it('writes files that share a base name (first.json, first.txt, first.xsb) to names of their own', async () => {
    const { code, io, stderr } = await cli('solve', 'levels/examples', '--jobs', '2', '--out', 'solved');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const written = [...io.written.keys()].sort();
    expect(written).toEqual([
      'solved/levels/examples/first.json.sok',
      'solved/levels/examples/first.txt.sok',
      'solved/levels/examples/first.xsb.sok',
      'solved/levels/examples/three.sok',
    ]);
  });
});

describe('solve --baseline', () => {
  const baselineOf = (levels: object[]) => JSON.stringify({ format: 'sokoban-solve-summary', version: 1, settings: {}, shards: [], totals: {}, levels });
  const solvedRecord = (name: string, moves: number, optimal: string | null) => ({
    name,
    file: name.split('#')[0],
    index: Number(name.split('#')[1]),
    title: null,
    status: 'solved',
    solution: 'x',
    moves,
    pushes: 2,
    optimal,
  });

  it('exits 1 and names a level that was solved before and is not now', async () => {
    const baseline = baselineOf([solvedRecord('stuck.xsb#1', 4, null)]);
    const { code, stdout } = await cli('solve', 'stuck.xsb', '--baseline', 'base.json', { files: { 'stuck.xsb': STUCK, 'base.json': baseline } });
    expect(stdout).toContain('baseline base.json: 1 regression\n  stuck.xsb#1: solved (4 moves, 2 pushes) before, unsolvable now\n');
    expect(code).toBe(1);
  });

  it('exits 1 when a proven-optimal solution got longer', async () => {
    const baseline = baselineOf([solvedRecord('c.xsb#1', 2, 'moves')]);
    const { code, stdout } = await cli('solve', 'c.xsb', '--optimal', 'moves', '--baseline', 'base.json', {
      files: { 'c.xsb': '#######\n#@ $ .#\n#######\n', 'base.json': baseline },
    });
    expect(stdout).toContain('c.xsb#1: optimal solution grew from 2 to 3 moves');
    expect(code).toBe(1);
  });

  it('reports no regressions and keeps exit 0 when nothing got worse', async () => {
    const baseline = baselineOf([solvedRecord('c.xsb#1', 3, 'moves')]);
    const { code, stdout } = await cli('solve', 'c.xsb', '--optimal', 'moves', '--baseline', 'base.json', {
      files: { 'c.xsb': '#######\n#@ $ .#\n#######\n', 'base.json': baseline },
    });
    expect(stdout).toContain('baseline base.json: no regressions in 1 level');
    expect(code).toBe(0);
  });

  it('reads the baseline from stdin with -, unless the levels come from there', async () => {
    const baseline = baselineOf([solvedRecord('stuck.xsb#1', 4, null)]);
    const { code, stdout } = await cli('solve', 'stuck.xsb', '--baseline', '-', { files: { 'stuck.xsb': STUCK }, stdin: baseline });
    expect(stdout).toContain('baseline -: 1 regression\n');
    expect(code).toBe(1);
    const both = await cli('solve', '-', '--baseline', '-', { stdin: STUCK });
    expect(both.stderr).toBe("sokoban: stdin ('-') is already the levels; it cannot also be the baseline\n");
    expect(both.code).toBe(2);
  });

  it('names the record and the field of a baseline that holds a bad level record', async () => {
    const baseline = baselineOf([solvedRecord('c.xsb#1', 3, null), { ...solvedRecord('c.xsb#2', -5, null) }]);
    const { code, stderr } = await cli('solve', 'c.xsb', '--baseline', 'base.json', { files: { 'c.xsb': STUCK, 'base.json': baseline } });
    expect(stderr).toBe('sokoban: base.json: its "levels" record 2: "moves" is not a count (a whole number, 0 or more)\n');
    expect(code).toBe(2);
  });

  it('rejects a baseline that is not a summary with exit 2, before solving', async () => {
    const { code, stdout, stderr } = await cli('solve', 'c.xsb', '--baseline', 'base.json', { files: { 'c.xsb': STUCK, 'base.json': '[]' } });
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: base.json: not a summary written by sokoban solve --report <file>.json\n');
    expect(code).toBe(2);
  });
});
