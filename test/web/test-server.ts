import { readServedCollections } from '../../src/cli/served-collections.js';
import { catalogOf } from '../../src/web/catalog.js';
import { type WebServer, startWebServer } from '../../src/web/server.js';
import { fakeIo } from '../helpers/fake-io.js';

export interface TestServerOptions {
  /** Level files, folders or globs, relative to the repository root. */
  readonly levels?: readonly string[];
  /** The built page; default: a folder that does not exist (API only). */
  readonly assetsFolder?: string;
  readonly maxSeconds?: number;
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
