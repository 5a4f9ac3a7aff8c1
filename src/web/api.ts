import { formatLevel } from '../level/write.js';
import type { Optimality } from '../solver/solve.js';
import type { Catalog, CatalogEntry } from './catalog.js';
import { HttpError } from './http-error.js';
import { type JsonText, ruleOrProblem } from './input-handlers.js';
import type { InputService } from './input-service.js';
import type { ApiAnswer, CollectionAnswer, CollectionsAnswer, ConfigAnswer, LevelAnswer, SolveAnswer, SolveRequest, Unchecked } from './protocol.js';
import { asObject, optionalString } from './request-fields.js';
import type { SolveService } from './solve-service.js';

export interface SolveLimits {
  /** Used when a request names no time limit. */
  readonly defaultSeconds: number;
  /** The most a request may ask for: the server has few workers to share. */
  readonly maxSeconds: number;
}

export interface ApiContext {
  readonly catalog: Catalog;
  /** Reads level texts and moves off the event loop. */
  readonly inputs: InputService;
  /**
   * Answers /api/verify on workers of its own: its search for the losing move may take its whole
   * budget, and a flood of such requests must not hold up the texts other requests need read.
   */
  readonly verifier: InputService;
  readonly solver: SolveService;
  readonly limits: SolveLimits;
}

/** An answer as an object, or as the JSON text an input worker wrote (ParseAnswer, ConvertAnswer, VerifyAnswer). */
export type ApiResponse = { readonly status: number; readonly body: ApiAnswer } | { readonly status: number; readonly json: string };

const ok = (body: ApiAnswer): ApiResponse => ({ status: 200, body });
const okText = ({ json }: JsonText): ApiResponse => ({ status: 200, json });

function entryOf(context: ApiContext, id: string): CatalogEntry {
  const entry = context.catalog.entries.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new HttpError(404, `no collection "${id}"`);
  return entry;
}

/** What the page needs to play a level: its own text in its own format, so the client reads it losslessly. */
function levelView(entry: CatalogEntry, index: string): LevelAnswer {
  const number = /^\d+$/.test(index) ? Number(index) : NaN;
  const level = entry.collection.levels[number - 1];
  if (level === undefined) {
    throw new HttpError(404, `collection "${entry.id}" has ${entry.collection.levels.length} levels; there is no level ${index}`);
  }
  return {
    collection: entry.id,
    index: number,
    count: entry.collection.levels.length,
    title: level.title,
    author: level.author,
    comments: level.comments,
    format: level.format,
    text: formatLevel(level, level.format),
    ...ruleOrProblem(level),
    solutions: level.solutions,
  };
}

function optimality(body: Unchecked<SolveRequest>): Optimality | null {
  const value = optionalString(body, 'optimal');
  if (value === undefined || value === 'none' || value === '') return null;
  if (value !== 'moves' && value !== 'pushes') throw new HttpError(400, '"optimal" must be moves, pushes or none');
  return value;
}

/** Seconds asked for, held to the server's cap; the answer says which limit was used. */
function timeLimitSeconds(body: Unchecked<SolveRequest>, limits: SolveLimits): number {
  const value = body.timeLimit;
  if (value === undefined || value === null) return limits.defaultSeconds;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new HttpError(400, '"timeLimit" must be a number of seconds above 0');
  }
  return Math.min(value, limits.maxSeconds);
}

async function solveLevel(body: Unchecked<SolveRequest>, context: ApiContext, signal?: AbortSignal): Promise<SolveAnswer> {
  const optimal = optimality(body);
  const { level, rule } = await context.inputs.read('level', body, signal);
  const seconds = timeLimitSeconds(body, context.limits);
  const record = await context.solver.solve(level, rule, { optimal, timeLimitMs: seconds * 1000 }, signal);
  return {
    rule,
    timeLimit: seconds,
    status: record.status,
    solution: record.solution,
    moves: record.moves,
    pushes: record.pushes,
    firstMoves: record.firstMoves,
    firstPushes: record.firstPushes,
    optimal: record.optimal,
    thenFewest: record.thenFewest,
    nodes: record.nodes,
    ms: record.ms,
    limit: record.limit,
    error: record.error,
  };
}

/** A part of the path with its percent-escapes decoded; a malformed one (`%`, `%E0%A4%A`) is the client's mistake, 400. */
function decodedPart(part: string, path: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, `the path ${path} is not valid percent-encoding`);
  }
}

/**
 * Answers one API call. Handlers throw HttpError for malformed calls and the library's own
 * errors for bad levels or moves; the server turns both into JSON error bodies.
 */
export async function handleApi(
  method: string,
  path: string,
  body: unknown,
  context: ApiContext,
  /** Aborts when the client has gone: a search for it is stopped. */
  signal?: AbortSignal,
): Promise<ApiResponse> {
  const parts = path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodedPart(part, path));
  // parts[0] is "api".
  const route = parts.slice(1);
  // HEAD is GET without the body, which Node leaves out of the answer to a HEAD request.
  if (method === 'GET' || method === 'HEAD') {
    if (route.length === 1 && route[0] === 'config') {
      const config: ConfigAnswer = { defaultTimeLimit: context.limits.defaultSeconds, maxTimeLimit: context.limits.maxSeconds };
      return ok(config);
    }
    if (route[0] === 'collections') {
      if (route.length === 1) {
        const list: CollectionsAnswer = {
          collections: context.catalog.entries.map((entry) => ({
            id: entry.id,
            name: entry.name,
            file: entry.file,
            format: entry.collection.format,
            levels: entry.collection.levels.length,
          })),
        };
        return ok(list);
      }
      const entry = entryOf(context, route[1]);
      if (route.length === 2) {
        const detail: CollectionAnswer = {
          id: entry.id,
          name: entry.name,
          file: entry.file,
          format: entry.collection.format,
          header: entry.collection.header,
          levels: entry.collection.levels.map((level) => ({ index: level.source.index, title: level.title })),
        };
        return ok(detail);
      }
      if (route.length === 4 && route[2] === 'levels') return ok(levelView(entry, route[3]));
    }
  }
  if (method === 'POST' && route.length === 1) {
    const request = asObject(body);
    switch (route[0]) {
      case 'parse':
      case 'convert':
        return okText(await context.inputs.read(route[0], request, signal));
      case 'verify':
        return okText(await context.verifier.read('verify', request, signal));
      case 'solve':
        return ok(await solveLevel(request, context, signal));
    }
  }
  const postOnly = ['parse', 'convert', 'verify', 'solve'];
  const getOnly = ['collections', 'config'];
  const wrongMethod =
    (method !== 'POST' && route.length === 1 && postOnly.includes(route[0])) || (method !== 'GET' && method !== 'HEAD' && route.length >= 1 && getOnly.includes(route[0]));
  if (wrongMethod) throw new HttpError(405, `${method} is not allowed on ${path}`);
  throw new HttpError(404, `no API endpoint ${path}`);
}
