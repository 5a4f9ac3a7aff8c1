import { SokobanError } from '../errors.js';
import type { ApiErrorBody } from './protocol.js';

/** A request the API refuses, with the HTTP status that says why. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
  if (error instanceof HttpError) return { status: error.status, body: { error: { kind: 'request', message: error.message } } };
  if (error instanceof SokobanError) return { status: 422, body: { error: { kind: error.kind, message: oneLine(error.message) } } };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { error: { kind: 'internal', message: `internal error: ${oneLine(detail)} (this is a bug)` } } };
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
