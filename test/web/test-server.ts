import { request as httpRequest } from 'node:http';
import { readServedCollections } from '../../src/cli/served-collections.js';
import { catalogOf } from '../../src/web/catalog.js';
import { type ConnectionLimits, type WebServer, startWebServer } from '../../src/web/server.js';
import { fakeIo } from '../helpers/fake-io.js';

export interface TestServerOptions {
  /** Level files, folders or globs, relative to the repository root. */
  readonly levels?: readonly string[];
  /** The built page; default: a folder that does not exist (API only). */
  readonly assetsFolder?: string;
  readonly maxSeconds?: number;
  readonly connections?: ConnectionLimits;
}

/** A server on 127.0.0.1 and a free port, in this process, as `sokoban serve` starts it. */
export async function startTestServer(options: TestServerOptions = {}): Promise<WebServer> {
  const read = await readServedCollections(fakeIo(), options.levels ?? ['levels/examples']);
  const catalog = catalogOf(read.collections);
  return startWebServer({
    catalog,
    assetsFolder: options.assetsFolder ?? '/nonexistent/sokoban-assets',
    host: '127.0.0.1',
    port: 0,
    limits: { defaultSeconds: 5, maxSeconds: options.maxSeconds ?? 20 },
    solveWorkers: 1,
    maxMemoryMiB: 256,
    now: () => performance.now(),
    connections: options.connections,
  });
}

export async function getJson(server: WebServer, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(new URL(path, server.url));
  return { status: response.status, body: await response.json() };
}

export async function postJson(server: WebServer, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A POST the test can hang up on, as a closed browser tab does. */
export async function postJsonAbortable(server: WebServer, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return response.json();
}

export interface RawAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * A request with exactly the headers given (fetch would set its own Host and Origin), and an
 * optional signal to hang up early, as a browser tab that is closed does.
 */
export function rawRequest(
  server: WebServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.headers, signal: options.signal }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
