import { type Server, createServer } from 'node:http';
import { type Socket, connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendAnswer } from '../../src/web/send-answer.js';
import { tempFolder } from '../cli/temp-folder.js';

const ANSWER = `${'x'.repeat(4 * 1024 * 1024)}\n`;

let server: Server | null = null;

afterEach(async () => {
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = null;
});

/**
 * A server that answers every request with 4 MB, on a Unix socket: its buffers hold a few hundred
 * KB and do not grow as TCP's on loopback do (tens of MB), so a client that does not read leaves
 * most of the answer waiting in the server, as a client across a network does.
 */
async function answering(answerTimeoutMs: number): Promise<string> {
  const path = join(tempFolder({}), 'server.sock');
  server = createServer((_request, response) => sendAnswer(response, 200, 'text/plain', ANSWER, answerTimeoutMs));
  await new Promise<void>((done) => server?.listen(path, done));
  return path;
}

interface Client {
  readonly socket: Socket;
  received: number;
  closed: boolean;
}

function request(path: string): Client {
  const socket = connect(path);
  const client: Client = { socket, received: 0, closed: false };
  socket.on('data', (chunk: Buffer) => (client.received += chunk.length));
  socket.on('close', () => (client.closed = true));
  socket.on('error', () => {});
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  return client;
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms && !condition(); waited += 50) await new Promise((done) => setTimeout(done, 50));
  return condition();
}

describe('sending an answer (issue 46)', () => {
  it('cuts off a client that has not taken its answer within the answer time, so the server does not keep it', async () => {
    const client = request(await answering(300));
    client.socket.pause();
    // A paused socket sees nothing, its end included: read again once the answer time is past.
    await new Promise((done) => setTimeout(done, 1_000));
    client.socket.resume();
    expect(await until(() => client.closed, 5_000)).toBe(true);
    expect(client.received).toBeLessThan(ANSWER.length);
  });

  it('gives the whole answer to a client that reads it, and keeps the connection for the next request', async () => {
    const client = request(await answering(300));
    expect(await until(() => client.received > ANSWER.length, 5_000)).toBe(true);
    await new Promise((done) => setTimeout(done, 600));
    expect(client.closed).toBe(false);
    client.socket.destroy();
  });
});
