import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BOARD_SQUARES } from '../../src/level/board.js';
import { HttpError } from '../../src/web/http-error.js';
import { MAX_ANSWER_BYTES, MAX_ANSWER_LEVELS, jsonText } from '../../src/web/input-handlers.js';
import { MAX_LEVEL_TEXT_BYTES } from '../../src/web/level-input.js';
import type { WebServer } from '../../src/web/server.js';
import { getJson, postJson, startTestServer } from './test-server.js';

/** A few KB of run-length code for a board of `width` x (rows + 1) squares. */
function runLengthBoard(width: number, rows: number): string {
  return `${[`#@$.${width - 4}#`, ...Array.from({ length: rows }, () => `${width}#`)].join('\n')}\n`;
}

let server: WebServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('level texts beyond the server limits', () => {
  it('are refused (413) when the text itself is too long', async () => {
    const text = `${'#'.repeat(MAX_LEVEL_TEXT_BYTES)}\n#@$.#\n#####\n`;
    const { status, body } = await postJson(server, '/api/parse', { level: text });
    expect(status).toBe(413);
    expect(body.error.kind).toBe('limit');
    expect(body.error.message).toContain(String(MAX_LEVEL_TEXT_BYTES));
  });

  it('are refused as malformed (422) by the reader, naming the size and the limit, when a board has too many squares', async () => {
    const { status, body } = await postJson(server, '/api/parse', { level: runLengthBoard(1001, 999) });
    expect(status).toBe(422);
    expect(body.error.message).toContain(`at most ${MAX_BOARD_SQUARES} squares are read`);
  });

  it('do not hold up other requests while a 60 KB text of 100 million squares is read', async () => {
    const text = runLengthBoard(9999, 10_000);
    let parsed: { status: number } | null = null;
    const parse = postJson(server, '/api/parse', { level: text }).then((answer) => (parsed = answer));
    // Let the server take the text in and start on it.
    await new Promise((done) => setTimeout(done, 300));
    const config = await getJson(server, '/api/config');
    expect(config.status).toBe(200);
    // Either the config came back while the text was still being read, or the text had
    // already been refused: never a text read to the end on the event loop first.
    if (parsed !== null) expect([413, 422]).toContain((parsed as { status: number }).status);
    expect([413, 422]).toContain((await parse).status);
  });

  it('/api/parse refuses (413, with the reason) a text of more levels than one answer describes, instead of a 40 MB answer (issue 46)', async () => {
    const { status, body } = await postJson(server, '/api/parse', { level: '@$.\n\n'.repeat(MAX_ANSWER_LEVELS + 1) });
    expect(status).toBe(413);
    expect(body.error.kind).toBe('limit');
    expect(body.error.message).toBe(`the text holds ${MAX_ANSWER_LEVELS + 1} levels; one answer describes at most ${MAX_ANSWER_LEVELS}: send them in parts`);
  });

  it('/api/parse still answers a text of as many levels as one answer describes', async () => {
    const { status, body } = await postJson(server, '/api/parse', { level: '#####\n#@$.#\n#####\n\n'.repeat(MAX_ANSWER_LEVELS) });
    expect(status).toBe(200);
    expect(body.levels).toHaveLength(MAX_ANSWER_LEVELS);
  });

  it('an answer over the bytes one answer may hold is refused (413), naming its size, in the worker that made it', () => {
    // /api/convert of 40,000 tiny levels to 6.101 JSON is 8.8 MB; building one here is quicker than asking a busy test machine's worker to.
    const answer = { format: 'json', text: 'x'.repeat(MAX_ANSWER_BYTES) };
    expect(() => jsonText(answer)).toThrow(
      new HttpError(413, `the answer would be ${MAX_ANSWER_BYTES + 28} bytes; one answer holds at most ${MAX_ANSWER_BYTES}: send fewer levels`, 'limit'),
    );
    expect(jsonText({ format: 'json', text: 'x' }).json).toBe('{"format":"json","text":"x"}\n');
  });

  it('are refused by convert too, not answered with a 500', async () => {
    const { status } = await postJson(server, '/api/convert', { level: runLengthBoard(9999, 10_000), to: 'json' });
    expect([413, 422]).toContain(status);
  });

  it('refuses a body nested 5,000 deep (400), twice, and answers the next request: nothing escapes to the process', async () => {
    const deep = `{"level":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (let i = 0; i < 2; i++) {
      const { status, body } = await postJson(server, '/api/parse', deep);
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/nested over \d+ deep/);
    }
    const { status } = await postJson(server, '/api/parse', { level: '#####\n#@$.#\n#####\n' });
    expect(status).toBe(200);
  });
});
