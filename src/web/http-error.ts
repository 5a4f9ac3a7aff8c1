import { SokobanError } from '../errors.js';
import type { ApiErrorBody } from './protocol.js';

/** A request the API refuses, with the HTTP status that says why. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the error body's `kind` says: 'request' for a malformed call, else what was wrong with the input. */
    readonly kind: string = 'request',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Status and body for anything a handler threw. Bad levels and move strings are the user's
 * input, well-formed but not acceptable (422); our own bugs are 500 and say so, without a stack.
 */
export function errorResponse(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof HttpError) return { status: error.status, body: { error: { kind: error.kind, message: oneLine(error.message) } } };
  if (error instanceof SokobanError) return { status: 422, body: { error: { kind: error.kind, message: oneLine(error.message) } } };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { error: { kind: 'internal', message: `internal error: ${oneLine(detail)} (this is a bug)` } } };
}

/**
 * Runs a reader over the user's text. Whatever it throws is about that text, so it is a 422
 * like any other bad level or move string, never a 500: a reader that gives up in an unplanned
 * way (a stack overflow on deep nesting, a string too long to build) still failed on the input.
 */
export function readingInput<T>(kind: 'level' | 'moves', what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SokobanError || error instanceof HttpError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new HttpError(422, `${what} could not be read (${detail})`, kind);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
