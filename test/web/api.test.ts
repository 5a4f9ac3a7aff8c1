import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { boardsEqual } from '../../src/level/board.js';
import { parseLevel } from '../../src/level/parse.js';
import { formatCollection } from '../../src/level/write.js';
import { parseCollection } from '../../src/level/parse.js';
import type { WebServer } from '../../src/web/server.js';
import { errorResponse, readingInput } from '../../src/web/http-error.js';
import { cli } from '../helpers/fake-io.js';
import { OPEN_ROOM } from '../cli/open-room.js';
import { getJson, postJson, postJsonAbortable, rawRequest, startTestServer } from './test-server.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';
const STUCK = '#####\n#$ .#\n# @ #\n#####\n';
const FIRST_XSB = readFileSync('levels/examples/first.xsb', 'utf8');

let server: WebServer;

beforeAll(async () => {
  server = await startTestServer({ maxSeconds: 20 });
});

afterAll(async () => {
  await server.close();
});

describe('collections', () => {
  it('lists every level file it was given, with its level count', async () => {
    const { status, body } = await getJson(server, '/api/collections');
    expect(status).toBe(200);
    const counts = Object.fromEntries(body.collections.map((entry: any) => [entry.id, entry.levels]));
    expect(counts).toEqual({ 'first-json': 1, 'first-txt': 1, 'first-xsb': 1, three: 3 });
  });

  it('lists the levels of one collection by number and title', async () => {
    const { body } = await getJson(server, '/api/collections/three');
    expect(body.levels.map((level: any) => level.index)).toEqual([1, 2, 3]);
    expect(body.levels[0].title).toBe('Corridor');
  });

  it('gives a level as text in its own format, which reads back as the same board', async () => {
    const { body } = await getJson(server, '/api/collections/first-json/levels/1');
    expect(body.format).toBe('json');
    expect(body.rule).toBe('all-goals');
    const original = parseLevel(readFileSync('levels/examples/first.json', 'utf8'));
    expect(boardsEqual(parseLevel(body.text, { format: 'json' }).board, original.board)).toBe(true);
  });

  it('answers 404 with a message for an unknown collection or level number', async () => {
    const missing = await getJson(server, '/api/collections/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('no collection "nope"');
    const beyond = await getJson(server, '/api/collections/three/levels/4');
    expect(beyond.status).toBe(404);
    expect(beyond.body.error.message).toContain('has 3 levels');
  });
});

describe('parse', () => {
  it('describes each level: size, boxes, goals and the rule it is played under', async () => {
    const { status, body } = await postJson(server, '/api/parse', { level: CORRIDOR });
    expect(status).toBe(200);
    expect(body.format).toBe('xsb');
    expect(body.levels).toEqual([{ index: 1, title: null, width: 7, height: 3, boxes: 1, goals: 1, rule: 'all-boxes', problem: null }]);
  });

  it('refuses a malformed level with the very line the CLI prints', async () => {
    const text = '#######\n#@ $ .#\n#  @  #\n#######\n';
    const { status, body } = await postJson(server, '/api/parse', { level: text, name: '<stdin>' });
    expect(status).toBe(422);
    expect(body.error.kind).toBe('level');
    const run = await cli('verify', '-', '--moves', 'r', { stdin: text });
    expect(run.stderr).toBe(`sokoban: ${body.error.message}\n`);
  });

  it('says which rule is missing when an XSB level has more goals than boxes', async () => {
    const { body } = await postJson(server, '/api/parse', { level: '#######\n#@ $..#\n#######\n' });
    expect(body.levels[0].rule).toBeNull();
    expect(body.levels[0].problem).toContain('choose a rule with --goal');
    const chosen = await postJson(server, '/api/parse', { level: '#######\n#@ $..#\n#######\n', goal: 'all-boxes' });
    expect(chosen.body.levels[0].rule).toBe('all-boxes');
  });
});

describe('convert', () => {
  it('writes the levels in the format asked for, as `sokoban convert` does', async () => {
    const { status, body } = await postJson(server, '/api/convert', { level: FIRST_XSB, to: 'grid' });
    expect(status).toBe(200);
    expect(body.text).toBe(formatCollection(parseCollection(FIRST_XSB), 'grid'));
  });

  it('refuses an unknown target format with 400', async () => {
    const { status, body } = await postJson(server, '/api/convert', { level: FIRST_XSB, to: 'png' });
    expect(status).toBe(400);
    expect(body.error.message).toContain('"to" must be one of');
  });
});

describe('verify', () => {
  it('says a solution solves the level, with its counts', async () => {
    const moves = readFileSync('levels/examples/first.lurd', 'utf8');
    const { body } = await postJson(server, '/api/verify', { level: FIRST_XSB, moves });
    expect(body).toMatchObject({ valid: true, solved: true, moves: 11, pushes: 4, error: null });
  });

  it('names the failing move, its square and the reason', async () => {
    const moves = readFileSync('levels/examples/first-blocked.lurd', 'utf8');
    const { body } = await postJson(server, '/api/verify', { level: FIRST_XSB, moves });
    expect(body.valid).toBe(false);
    expect(body.error).toMatchObject({ index: 7, move: 'D', reason: 'box-blocked-by-wall' });
  });

  it('says after which move the position became lost, as verify --json does', async () => {
    // Pushing the box against the left wall leaves it on a dead square: it can only reach corners.
    const room = '#####\n#@  #\n# $ #\n#  .#\n#####\n';
    const { body } = await postJson(server, '/api/verify', { level: room, moves: 'rrdL' });
    expect(body).toMatchObject({ solved: false, lostAt: 4, lostKind: 'dead-square', squares: ['Bc'] });
    expect(body.reason).toContain('dead square');
  });

  it('gives no loss for a solution', async () => {
    const moves = readFileSync('levels/examples/first.lurd', 'utf8');
    const { body } = await postJson(server, '/api/verify', { level: FIRST_XSB, moves });
    expect(body).toMatchObject({ lostAt: null, reason: null, lostKind: null, squares: [] });
  });

  it('refuses a stray character in the moves as a moves error (422)', async () => {
    const { status, body } = await postJson(server, '/api/verify', { level: CORRIDOR, moves: 'rrx' });
    expect(status).toBe(422);
    expect(body.error.kind).toBe('moves');
    expect(body.error.message).toContain("'x'");
  });

  it('refuses a move string nested 5,000 and 100,000 deep as a moves error (422), like any bad move string', async () => {
    // How deep overflows a recursive reader depends on the thread's stack size; the deeper one
    // does anywhere. The empty innermost group makes the string bad for a reader that copes.
    for (const depth of [5_000, 100_000]) {
      const moves = `${'('.repeat(depth)}${')'.repeat(depth)}`;
      const { status, body } = await postJson(server, '/api/verify', { level: CORRIDOR, moves });
      expect(status).toBe(422);
      expect(body.error.kind).toBe('moves');
    }
  });
});

describe('readers that give up in an unplanned way', () => {
  it('are refused as the input their text is (422), never as our bug (500)', () => {
    const overflow = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    const refusal = (() => {
      try {
        readingInput('moves', 'the move string', overflow);
      } catch (error) {
        return errorResponse(error);
      }
      return null;
    })();
    expect(refusal).toEqual({
      status: 422,
      body: { error: { kind: 'moves', message: 'the move string could not be read (Maximum call stack size exceeded)' } },
    });
  });
});

describe('solve', () => {
  it('stops the search of a client that hung up, so the next request gets the worker', async () => {
    // One worker, which a move-optimal search of the open room holds unless the hang-up ends it.
    const lone = await startTestServer({ maxSeconds: 3600 });
    try {
      const caller = new AbortController();
      const abandoned = postJsonAbortable(lone, '/api/solve', { level: OPEN_ROOM, optimal: 'moves', timeLimit: 3600 }, caller.signal);
      await new Promise((done) => setTimeout(done, 300));
      caller.abort();
      await expect(abandoned).rejects.toThrow();
      // Left alone, the abandoned search holds the worker until its tables fill (over 15 s here);
      // a stopped one frees it at once. The bound only has to tell these apart.
      const next = postJson(lone, '/api/solve', { level: CORRIDOR });
      const first = await Promise.race([next.then(() => 'the next request'), new Promise((done) => setTimeout(() => done('the abandoned search'), 10_000))]);
      expect(first).toBe('the next request');
      expect((await next).body.status).toBe('solved');
    } finally {
      await lone.close();
    }
  });

  it('solves in a worker and returns a solution that replays to a win', async () => {
    const { status, body } = await postJson(server, '/api/solve', { level: FIRST_XSB, optimal: 'moves' });
    expect(status).toBe(200);
    expect(body.status).toBe('solved');
    expect(body.optimal).toBe('moves');
    expect(body.thenFewest).toBe('pushes');
    const level = parseLevel(FIRST_XSB);
    expect(replay(level.board, body.solution, { rule: body.rule, strictCase: true }).solved).toBe(true);
  });

  it('accepts a board given as a 6.101 JSON array', async () => {
    const board = JSON.parse(readFileSync('levels/examples/first.json', 'utf8'));
    const { body } = await postJson(server, '/api/solve', { level: board });
    expect(body.rule).toBe('all-goals');
    expect(body.status).toBe('solved');
  });

  it('reports a level with no solution as proven unsolvable', async () => {
    const { body } = await postJson(server, '/api/solve', { level: STUCK });
    expect(body.status).toBe('unsolvable');
    expect(body.solution).toBeNull();
  });

  it('holds a requested time limit to the server cap', async () => {
    const { body } = await postJson(server, '/api/solve', { level: CORRIDOR, timeLimit: 3600 });
    expect(body.timeLimit).toBe(20);
  });

  it('refuses a time limit that is not a positive number', async () => {
    const { status } = await postJson(server, '/api/solve', { level: CORRIDOR, timeLimit: -1 });
    expect(status).toBe(400);
  });
});

describe('requests the API does not take', () => {
  it('answers 400 to a body that is not JSON', async () => {
    const { status, body } = await postJson(server, '/api/parse', '{not json');
    expect(status).toBe(400);
    expect(body.error.message).toContain('not JSON');
  });

  it('answers 400, not 500, to a path whose percent-encoding is malformed (issue 46)', async () => {
    for (const path of ['/api/collections/%', '/api/collections/%E0%A4%A', '/api/collections/three/levels/%zz']) {
      const { status, body } = await getJson(server, path);
      expect(status).toBe(400);
      expect(body.error.message).toBe(`the path ${path} is not valid percent-encoding`);
    }
  });

  it('answers HEAD on the API as GET, without the body (issue 46: it was 405)', async () => {
    for (const path of ['/api/config', '/api/collections', '/api/collections/three', '/api/collections/three/levels/2']) {
      const get = await fetch(new URL(path, server.url));
      const head = await fetch(new URL(path, server.url), { method: 'HEAD' });
      expect([head.status, head.headers.get('content-type')]).toEqual([get.status, get.headers.get('content-type')]);
      expect(await head.text()).toBe('');
    }
    expect((await fetch(new URL('/api/collections/nothing', server.url), { method: 'HEAD' })).status).toBe(404);
    const wrong = await rawRequest(server, '/api/solve', { method: 'HEAD', headers: { host: `127.0.0.1:${server.port}` } });
    expect(wrong.status).toBe(405);
  });

  it('answers 405 to GET on a POST endpoint and 404 to an unknown one', async () => {
    expect((await getJson(server, '/api/solve')).status).toBe(405);
    expect((await getJson(server, '/api/nothing')).status).toBe(404);
  });

  it('says how to build the page when it has not been built', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});

describe('the icon', () => {
  it('answers /favicon.ico, which browsers ask for on their own, with an SVG image instead of a 404', async () => {
    const response = await fetch(new URL('/favicon.ico', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('serves the same image at /favicon.svg, the icon the page links', async () => {
    const ico = await (await fetch(new URL('/favicon.ico', server.url))).text();
    const response = await fetch(new URL('/favicon.svg', server.url));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(ico);
  });

  it('is linked from the page, so the browser asks this server for it', () => {
    const page = readFileSync('src/web/client/index.html', 'utf8');
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it("keeps the page's Content-Security-Policy on the icon", async () => {
    const response = await fetch(new URL('/favicon.ico', server.url));
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('loads nothing: no script, link or reference to another address in the image', async () => {
    const svg = await (await fetch(new URL('/favicon.svg', server.url))).text();
    expect(svg).not.toMatch(/<script|href=|url\(/i);
  });
});
