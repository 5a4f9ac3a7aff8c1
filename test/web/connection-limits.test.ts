import { type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { getJson, startTestServer } from './test-server.js';

let server: WebServer;

beforeAll(async () => {
  server = await startTestServer({ connections: { headersTimeoutMs: 500, requestTimeoutMs: 1_000, maxConnections: 3, answerTimeoutMs: 1_000 } });
});

afterAll(async () => {
  await server.close();
});

/** A raw connection to the test server on loopback, with what it received and whether the server closed it. */
interface RawConnection {
  readonly socket: Socket;
  received: string;
  closed: boolean;
}

function open(): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const connection: RawConnection = { socket, received: '', closed: false };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (connection.received += chunk));
    socket.on('close', () => (connection.closed = true));
    socket.on('error', () => {});
    socket.once('connect', () => resolve(connection));
    socket.once('error', reject);
  });
}

/** Waits, in steps of 50 ms and at most `ms`, until the server has closed the connection; says whether it did. */
async function closedWithin(connection: RawConnection, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms && !connection.closed; waited += 50) await new Promise((done) => setTimeout(done, 50));
  return connection.closed;
}

describe('the server against slow and many connections', () => {
  it('answers 408 and closes a connection whose body does not arrive in time', async () => {
    const connection = await open();
    connection.socket.write(`POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"le`);
    expect(await closedWithin(connection, 5_000)).toBe(true);
    expect(connection.received).toMatch(/^HTTP\/1\.1 408/);
    expect(connection.received).toMatch(/\r\n\r\n\{"error":\{"kind":"request","message":"the request did not arrive in time"\}\}\n$/);
  });

  it('answers a request Node cannot parse with the API error body, not an empty one', async () => {
    const garbled = await open();
    garbled.socket.write('BREW /api/config HTCPCP/1.0\r\n\r\n');
    expect(await closedWithin(garbled, 5_000)).toBe(true);
    expect(garbled.received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(garbled.received).toMatch(/\{"error":\{"kind":"request","message":"not a well-formed HTTP request"\}\}\n$/);
    const crowded = await open();
    crowded.socket.write(`GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Padding: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(await closedWithin(crowded, 5_000)).toBe(true);
    expect(crowded.received).toMatch(/^HTTP\/1\.1 431 /);
    expect(crowded.received).toContain('"message":"the request headers are too large"');
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const connection = await open();
    connection.socket.write(`GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    expect(await closedWithin(connection, 5_000)).toBe(true);
  });

  it('closes connections beyond its limit at once, and answers again once they are gone', async () => {
    const held = [await open(), await open(), await open()];
    const extra = await open();
    expect(await closedWithin(extra, 2_000)).toBe(true);
    expect(held.some((connection) => connection.closed)).toBe(false);
    for (const connection of held) connection.socket.destroy();
    await new Promise((done) => setTimeout(done, 100));
    expect((await getJson(server, '/api/config')).status).toBe(200);
  });
});
