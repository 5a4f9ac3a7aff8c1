import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHosts } from '../../src/web/request-origin.js';
import type { WebServer } from '../../src/web/server.js';
import { rawRequest, startTestServer } from './test-server.js';

const VERIFY_BODY = JSON.stringify({ level: '#######\n#@ $ .#\n#######\n', moves: 'rr' });

let server: WebServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('requests another site makes a browser send', () => {
  it('refuses a POST from a foreign origin, even a text/plain one that skips the CORS preflight', async () => {
    for (const contentType of ['text/plain', 'application/json']) {
      const answer = await rawRequest(server, '/api/verify', {
        method: 'POST',
        headers: { host: `127.0.0.1:${server.port}`, origin: 'https://evil.example', 'content-type': contentType },
        body: VERIFY_BODY,
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).error.message).toContain('other sites');
    }
  });

  it('refuses a Host that is not its own (DNS rebinding), for the API and the page alike', async () => {
    for (const path of ['/api/config', '/']) {
      const answer = await rawRequest(server, path, { headers: { host: `evil.example:${server.port}` } });
      expect(answer.status).toBe(403);
    }
    const wrongPort = await rawRequest(server, '/api/config', { headers: { host: `127.0.0.1:${server.port + 1}` } });
    expect(wrongPort.status).toBe(403);
  });

  it('answers its own page, by every loopback name, and tools that send no Origin', async () => {
    for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
      const host = `${name}:${server.port}`;
      const fromPage = await rawRequest(server, '/api/verify', {
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        body: VERIFY_BODY,
      });
      expect(fromPage.status).toBe(200);
    }
    const fromCurl = await rawRequest(server, '/api/config', { headers: { host: `localhost:${server.port}` } });
    expect(fromCurl.status).toBe(200);
  });

  it('takes POST bodies only as JSON', async () => {
    const answer = await rawRequest(server, '/api/verify', {
      method: 'POST',
      headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'text/plain' },
      body: VERIFY_BODY,
    });
    expect(answer.status).toBe(415);
  });
});

describe('allowed hosts', () => {
  it('are the bound address and the loopback names at the server port', () => {
    expect([...allowedHosts('127.0.0.1', 6101)].sort()).toEqual(['127.0.0.1:6101', '[::1]:6101', 'localhost:6101']);
  });

  it('include the interface addresses only when bound to every interface', () => {
    expect(allowedHosts('0.0.0.0', 80, ['192.168.1.5', 'fe80::1']).has('192.168.1.5:80')).toBe(true);
    expect(allowedHosts('0.0.0.0', 80, ['fe80::1']).has('[fe80::1]:80')).toBe(true);
    expect(allowedHosts('127.0.0.1', 80, ['192.168.1.5']).has('192.168.1.5:80')).toBe(false);
  });
});
