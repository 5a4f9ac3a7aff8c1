import { GOAL_RULES, type GoalRule, isGoalRule } from '../game/goal-rule.js';
import type { LevelFormat } from '../level/level.js';
import { HttpError } from './http-error.js';
import type { LevelTextRequest, Unchecked } from './protocol.js';

/**
 * Readers for the fields of a JSON request body: each refuses a wrong type with a 400 naming the
 * field, and takes only field names the request's type in protocol.ts declares.
 */

export type JsonObject = Readonly<Record<string, unknown>>;

export function asObject(body: unknown): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'the request body must be a JSON object');
  }
  return body as JsonObject;
}

export function requiredString<Request>(body: Unchecked<Request>, field: keyof Request & string): string {
  const value = body[field];
  if (typeof value !== 'string') throw new HttpError(400, `"${field}" must be a string`);
  return value;
}

export function optionalString<Request>(body: Unchecked<Request>, field: keyof Request & string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `"${field}" must be a string`);
  return value;
}

const FORMATS: readonly LevelFormat[] = ['xsb', 'json', 'grid'];

export function levelFormat<Request>(body: Unchecked<Request>, field: keyof Request & string): LevelFormat | undefined {
  const value = optionalString(body, field);
  if (value === undefined || value === 'auto') return undefined;
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new HttpError(400, `"${field}" must be one of ${FORMATS.join(', ')} (or auto)`);
  }
  return value as LevelFormat;
}

export function goalRule(body: Unchecked<LevelTextRequest>): GoalRule | undefined {
  const value = optionalString<LevelTextRequest>(body, 'goal');
  if (value === undefined || value === 'auto') return undefined;
  if (!isGoalRule(value)) throw new HttpError(400, `"goal" must be one of ${GOAL_RULES.join(', ')}`);
  return value;
}

export function optionalBoolean<Request>(body: Unchecked<Request>, field: keyof Request & string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new HttpError(400, `"${field}" must be true or false`);
  return value;
}
