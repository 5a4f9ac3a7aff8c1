import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { startWebServer } from '../../src/web/server.js';
import { fakeIo } from '../helpers/fake-io.js';

/** A fake Io whose Ctrl-C the test presses itself. */
function interruptibleIo() {
  const listeners: (() => void)[] = [];
  const io = {
    ...fakeIo(),
    onInterrupt: (listener: () => void) => {
      listeners.push(listener);
      return () => void listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  return {
    io,
    interrupt: () => {
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

async function addressPrinted(out: () => string): Promise<string> {
  for (;;) {
    const found = /at (http:\/\/\S+)/.exec(out());
    if (found !== null) return found[1];
    await new Promise((done) => setTimeout(done, 10));
  }
}

describe('sokoban serve', () => {
  it('prints its address, serves the levels it was given, and returns 0 once interrupted', async () => {
    const { io, interrupt, listeners } = interruptibleIo();
    const exit = run(['serve', 'levels/examples/three.sok', '--port', '0'], io);
    const url = await addressPrinted(io.out);
    expect(io.out()).toMatch(/^sokoban: serving 1 collection \(3 levels\) at http:\/\/127\.0\.0\.1:\d+\/\n/);
    const response = await fetch(new URL('/api/collections', url));
    const body = (await response.json()) as { collections: { id: string }[] };
    expect(body.collections.map((entry) => entry.id)).toEqual(['three']);
    interrupt();
    expect(await exit).toBe(0);
    expect(listeners).toEqual([]);
  });

  it('shows collection files relative to where it was started, also the bundled ones found by absolute path', async () => {
    for (const argv of [['serve'], ['serve', `${process.cwd()}/levels/examples/three.sok`]]) {
      const { io, interrupt } = interruptibleIo();
      const exit = run([...argv, '--port', '0'], io);
      const url = await addressPrinted(io.out);
      const body = (await (await fetch(new URL('/api/collections', url))).json()) as { collections: { file: string }[] };
      const files = body.collections.map((entry) => entry.file);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(file).toMatch(/^levels\//);
      const detail = (await (await fetch(new URL(`/api/collections/${files.length === 1 ? 'three' : 'microban'}`, url))).json()) as { file: string };
      expect(detail.file).toMatch(/^levels\//);
      interrupt();
      expect(await exit).toBe(0);
    }
  });

  it('names files outside where it was started relative to what was served, never ../../ (issue 46)', async () => {
    const repository = process.cwd();
    const served: [string[], string[]][] = [
      [['serve'], ['levels/microban.xsb', 'examples/first.json', 'examples/three.sok']],
      [
        ['serve', `${repository}/levels/examples`],
        ['examples/first.json', 'examples/first.txt', 'examples/first.xsb', 'examples/three.sok'],
      ],
      [['serve', `${repository}/levels/examples/three.sok`], ['examples/three.sok']],
      [
        ['serve', `${repository}/levels/micro*.xsb`],
        ['levels/microban.xsb', 'levels/microban2.xsb'],
      ],
    ];
    for (const [argv, expected] of served) {
      const { io, interrupt } = interruptibleIo();
      // Started in a folder beside the levels: their paths from it climb out of it.
      const exit = run([...argv, '--port', '0'], { ...io, cwd: `${repository}/test/data` });
      const url = await addressPrinted(io.out);
      const body = (await (await fetch(new URL('/api/collections', url))).json()) as { collections: { file: string }[] };
      const files = body.collections.map((entry) => entry.file);
      for (const file of expected) expect(files).toContain(file);
      expect(files.filter((file) => file.startsWith('..') || file.startsWith('/'))).toEqual([]);
      interrupt();
      expect(await exit).toBe(0);
    }
  });

  it('reports a file it cannot read, serves the rest, and exits 2 at the end', async () => {
    const { io, interrupt } = interruptibleIo();
    const exit = run(['serve', 'levels/examples/three.sok', 'missing.xsb', '--port', '0'], io);
    await addressPrinted(io.out);
    expect(io.err()).toBe('sokoban: missing.xsb: no such file or folder\n');
    interrupt();
    expect(await exit).toBe(2);
  });

  it('serves the good levels of a file with one malformed level, and names the level it left out', async () => {
    const listeners: (() => void)[] = [];
    const mixed = ['; good', '#####', '#@$.#', '#####', '', '; broken', '######', '#@$.@#', '######', '', '; also good', '#####', '#.$@#', '#####', ''].join('\n');
    const io = {
      ...fakeIo({ files: { 'mixed.xsb': mixed } }),
      onInterrupt: (listener: () => void) => {
        listeners.push(listener);
        return () => void listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    const exit = run(['serve', 'mixed.xsb', '--port', '0'], io);
    const url = await addressPrinted(io.out);
    expect(io.out()).toContain('serving 1 collection (2 levels)');
    expect(io.err()).toMatch(/^sokoban: mixed\.xsb:8:5: more than one player.*\(level 2 left out, the others are served\)$/m);
    const detail = (await (await fetch(new URL('/api/collections/mixed', url))).json()) as { levels: { title: string }[] };
    expect(detail.levels.map((level) => level.title)).toEqual(['good', 'also good']);
    for (const listener of [...listeners]) listener();
    expect(await exit).toBe(2);
  });

  it('refuses to start with nothing to serve', async () => {
    const io = fakeIo();
    expect(await run(['serve', 'missing.xsb', '--port', '0'], io)).toBe(2);
    expect(io.err()).toContain('nothing to serve');
  });

  it('says in one line that a port is taken', async () => {
    const other = await startWebServer({
      catalog: { entries: [] },
      assetsFolder: '/nonexistent',
      host: '127.0.0.1',
      port: 0,
      limits: { defaultSeconds: 1, maxSeconds: 1 },
      solveWorkers: 1,
      maxMemoryMiB: 64,
      now: () => 0,
    });
    try {
      const io = fakeIo();
      expect(await run(['serve', 'levels/examples/three.sok', '--port', String(other.port)], io)).toBe(2);
      expect(io.err()).toBe(`sokoban: cannot listen on 127.0.0.1:${other.port}: the port is already in use (choose another with --port)\n`);
    } finally {
      await other.close();
    }
  });

  it('refuses a port number out of range as a usage error', async () => {
    const io = fakeIo();
    expect(await run(['serve', '--port', '70000'], io)).toBe(2);
    expect(io.err()).toContain('expected a port number');
  });
});
