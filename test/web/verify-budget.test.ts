import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMoves } from '../../src/web/input-handlers.js';
import type { WebServer } from '../../src/web/server.js';
import { postJson, startTestServer } from './test-server.js';

/** An open room of `side` by `side` squares, walls included, with two boxes and two goals: its analysis takes tens of seconds at 250. */
function openRoom(side: number): string {
  const rows = Array.from({ length: side }, (_, y) => (y === 0 || y === side - 1 ? '#'.repeat(side) : `#${' '.repeat(side - 2)}#`).split(''));
  rows[1][1] = '@';
  rows[5][5] = '$';
  rows[20][7] = '$';
  rows[10][10] = '.';
  rows[30][40] = '.';
  return `${rows.map((row) => row.join('')).join('\n')}\n`;
}

let server: WebServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('/api/verify on a board whose analysis is slow', () => {
  it('answers the replay within its budget (200, no loss named) instead of timing out the input worker (413)', async () => {
    const { status, body } = await postJson(server, '/api/verify', { level: openRoom(250), moves: 'rrrr' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ valid: true, solved: false, moves: 4, lostAt: null, lostKind: null });
  });

  // Since the per-level analysis grows with the board, not its square, the loss search on the
  // largest board we read takes about half a second, so the order of answers is no longer fixed:
  // what holds is that verifies in flight, on input workers of their own, never block a solve.
  it('answers a solve while three verifies of the largest boards are in flight', async () => {
    const small = { level: '#######\n#@ $ .#\n#######\n' };
    // Workers boot once (seconds from sources under load): boot them before the race.
    expect((await postJson(server, '/api/solve', small)).status).toBe(200);
    const order: string[] = [];
    const verifies = [1, 2, 3].map((n) =>
      postJson(server, '/api/verify', { level: openRoom(250), moves: 'rrrr' }).then((answer) => {
        order.push(`verify ${n}`);
        return answer;
      }),
    );
    // Let the verifies reach the server first.
    await new Promise((done) => setTimeout(done, 300));
    const solved = await postJson(server, '/api/solve', small);
    order.push('solve');
    expect(solved.status).toBe(200);
    expect(solved.body.status).toBe('solved');
    for (const answer of await Promise.all(verifies)) expect(answer.status).toBe(200);
    expect(order.sort()).toEqual(['solve', 'verify 1', 'verify 2', 'verify 3']);
  });
});

describe('a verify answer whose loss search ran out of its budget', () => {
  const room = '#######\n#@ $ .#\n#     #\n#######\n';

  it('says so (lossSearchStopped), since its null lostAt then proves nothing', () => {
    expect(verifyMoves({ level: room, moves: 'r' }, 0)).toMatchObject({ solved: false, lostAt: null, lossSearchStopped: true });
  });

  it('says the search finished when it had the time, lost or not', () => {
    expect(verifyMoves({ level: room, moves: 'r' })).toMatchObject({ solved: false, lostAt: null, lossSearchStopped: false });
    expect(verifyMoves({ level: '#######\n#  $@.#\n#     #\n#######\n', moves: 'LL' })).toMatchObject({
      solved: false,
      lostAt: 2,
      lostKind: 'dead-square',
      lossSearchStopped: false,
    });
  });
});
