import { type IncomingMessage, STATUS_CODES, type Server, type ServerResponse, createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { ResourceLimits } from 'node:worker_threads';
import { networkInterfaces } from 'node:os';
import { UsageError } from '../errors.js';
import { type ApiContext, type SolveLimits, handleApi } from './api.js';
import type { Catalog } from './catalog.js';
import { HttpError, errorResponse } from './http-error.js';
import { MAX_JSON_NESTING, jsonNesting } from './json-nesting.js';
import { allowedHosts, checkRequestOrigin } from './request-origin.js';
import { InputService } from './input-service.js';
import { SolveService } from './solve-service.js';
import { sendAnswer } from './send-answer.js';
import { type Asset, NOT_BUILT_PAGE, loadAssets } from './static-assets.js';

export interface WebServerOptions {
  readonly catalog: Catalog;
  /** Folder of the built page (index.html, app.js, app.css). */
  readonly assetsFolder: string;
  readonly host: string;
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly limits: SolveLimits;
  /** Searches at once. */
  readonly solveWorkers: number;
  /** Solve requests that may wait for a worker before more are refused with 429; default 8. */
  readonly maxWaitingSolves?: number;
  readonly maxMemoryMiB: number;
  readonly now: () => number;
  /** Under an address-space limit, every worker's code range and heap (runner/address-space.ts). */
  readonly workerLimits?: ResourceLimits;
  /** How long a client may take to send its requests and hold connections; the defaults below unless a test says. */
  readonly connections?: ConnectionLimits;
}

/**
 * Connection limits for a tool on this machine: its page sends small requests at once, so a
 * request that trickles in is a mistake or an attack, and a browser opens about six connections.
 */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this, else 408. */
  readonly headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this, else 408. */
  readonly requestTimeoutMs: number;
  /** Connections open at once; one more is closed as soon as it opens. */
  readonly maxConnections: number;
  /**
   * An answer not taken whole by its client within this is cut off and the connection closed:
   * the answer waits in memory until taken, and a client that never reads must not hold it.
   */
  readonly answerTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 64, answerTimeoutMs: 10_000 };

export interface WebServer {
  /** e.g. http://127.0.0.1:6101/ */
  readonly url: string;
  readonly port: number;
  /** Stops listening, ends open connections and the solver's workers. */
  close(): Promise<void>;
  /** Settles once the server has closed, by close() or otherwise. */
  readonly closed: Promise<void>;
}

/** Request bodies are level texts and move strings; anything bigger is a mistake or an attack. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const DEFAULT_MAX_WAITING_SOLVES = 8;

/**
 * Reading a level text or move string takes milliseconds; one that takes seconds or hundreds of
 * MiB is hostile or a mistake, and is refused (413) rather than allowed to tie up the server. A
 * worker idle for 10 s is ended, so that the heap a large text grew does not stay for good
 * (a fresh one takes a tenth of a second to start).
 */
const INPUT_LIMITS = { workers: 1, maxWaiting: 16, deadlineMs: 5_000, heapMiB: 512, idleMs: 10_000 } as const;

/** Input workers at most: one reads texts, one answers verify requests (see ApiContext.verifier). */
export const INPUT_WORKERS = 2 * INPUT_LIMITS.workers;

function sendJsonText(response: ServerResponse, status: number, json: string, answerTimeoutMs: number): void {
  sendAnswer(response, status, 'application/json; charset=utf-8', json, answerTimeoutMs);
}

/**
 * A request Node refuses before any handler sees it (a malformed request line, headers too large,
 * headers or body too slow) gets the API's error body, one line of JSON as sendJson writes it,
 * instead of Node's empty one; the connection is then closed, as Node closes it.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message]: [number, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'the request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'the request did not arrive in time']
        : [400, 'not a well-formed HTTP request'];
  const body = `${JSON.stringify(errorResponse(new HttpError(status, message)).body)}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function sendJson(response: ServerResponse, status: number, body: unknown, answerTimeoutMs: number): void {
  sendJsonText(response, status, `${JSON.stringify(body)}\n`, answerTimeoutMs);
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `the request body is over ${MAX_BODY_BYTES / (1024 * 1024)} MiB`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  if (jsonNesting(text, MAX_JSON_NESTING) > MAX_JSON_NESTING) {
    throw new HttpError(400, `the request body is nested over ${MAX_JSON_NESTING} deep; no request needs that`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `the request body is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** JSON only: a form or a text/plain body is what a cross-site page can send without asking. */
function checkContentType(request: IncomingMessage): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'the request body must be sent as application/json');
}

/** Aborts when the client hangs up before its answer is sent, so work done for it can stop. */
function hangUpSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function answerApi(request: IncomingMessage, response: ServerResponse, path: string, context: ApiContext, answerTimeoutMs: number): Promise<void> {
  try {
    const method = request.method ?? 'GET';
    if (method === 'POST') checkContentType(request);
    const body = method === 'POST' ? await readJsonBody(request) : undefined;
    const answer = await handleApi(method, path, body, context, hangUpSignal(response));
    if ('json' in answer) sendJsonText(response, answer.status, answer.json, answerTimeoutMs);
    else sendJson(response, answer.status, answer.body, answerTimeoutMs);
  } catch (error) {
    // Nobody is left to answer (the search was cancelled because the client went away).
    if (response.destroyed) return;
    const { status, body } = errorResponse(error);
    sendJson(response, status, body, answerTimeoutMs);
  }
}

function answerAsset(request: IncomingMessage, response: ServerResponse, path: string, assets: ReadonlyMap<string, Asset>, answerTimeoutMs: number): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendAnswer(response, 405, 'text/plain; charset=utf-8', 'only GET here\n', answerTimeoutMs);
    return;
  }
  const asset = assets.get(path);
  if (asset !== undefined) {
    sendAnswer(response, 200, asset.contentType, request.method === 'HEAD' ? '' : asset.body, answerTimeoutMs);
  } else if (path === '/' || path === '/index.html') {
    sendAnswer(response, 503, 'text/html; charset=utf-8', NOT_BUILT_PAGE, answerTimeoutMs);
  } else {
    sendAnswer(response, 404, 'text/plain; charset=utf-8', `not found: ${path}\n`, answerTimeoutMs);
  }
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      const reason =
        error.code === 'EADDRINUSE'
          ? 'the port is already in use (choose another with --port)'
          : error.code === 'EACCES'
            ? 'permission denied (ports below 1024 need privileges)'
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? 'no such address on this machine'
              : error.message;
      reject(new UsageError(`cannot listen on ${host}:${port}: ${reason}`));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function urlOf(host: string, port: number): string {
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}

/** Starts the page and its JSON API; resolves once it is listening. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const assets = await loadAssets(options.assetsFolder);
  const solver = new SolveService({
    workers: options.solveWorkers,
    maxWaiting: options.maxWaitingSolves ?? DEFAULT_MAX_WAITING_SOLVES,
    maxMemoryMiB: options.maxMemoryMiB,
    now: options.now,
    workerLimits: options.workerLimits,
  });
  const inputLimits = {
    ...INPUT_LIMITS,
    heapMiB: options.workerLimits?.maxOldGenerationSizeMb ?? INPUT_LIMITS.heapMiB,
    codeRangeMiB: options.workerLimits?.codeRangeSizeMb,
    now: options.now,
  };
  const inputs = new InputService(inputLimits);
  const verifier = new InputService(inputLimits);
  const context: ApiContext = { catalog: options.catalog, inputs, verifier, solver, limits: options.limits };
  const closeWorkers = () => Promise.all([solver.close(), inputs.close(), verifier.close()]).then(() => {});
  // Known once listening, when the port is; no request is answered before that.
  let hosts: ReadonlySet<string> = new Set();
  const limits = options.connections ?? DEFAULT_CONNECTION_LIMITS;
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the two timeouts this often (30 s by default, longer than they are).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (request, response) => {
      try {
        checkRequestOrigin(request.headers, hosts);
      } catch (error) {
        sendJson(response, 403, errorResponse(error).body, limits.answerTimeoutMs);
        return;
      }
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path === '/api' || path.startsWith('/api/')) {
        void answerApi(request, response, path, context, limits.answerTimeoutMs);
      } else {
        answerAsset(request, response, path, assets, limits.answerTimeoutMs);
      }
    },
  );
  server.on('clientError', answerClientError);
  server.maxConnections = limits.maxConnections;
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  server.on('close', () => {
    void closeWorkers().then(markClosed, markClosed);
  });
  try {
    await listen(server, options.host, options.port);
  } catch (error) {
    await closeWorkers();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const interfaceAddresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
  hosts = allowedHosts(options.host, port, interfaceAddresses);
  return {
    url: urlOf(options.host, port),
    port,
    closed,
    close: async () => {
      if (server.listening) {
        server.close();
        // Browsers keep connections open; without this close() would wait for them to time out.
        server.closeAllConnections();
      }
      await closed;
    },
  };
}
