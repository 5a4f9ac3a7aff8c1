import { GOAL_RULES, type GoalRule, isGoalRule } from '../game/goal-rule.js';
import type { LevelFormat } from '../level/level.js';
import { HttpError } from './http-error.js';

/** Readers for the fields of a JSON request body: each refuses a wrong type with a 400 naming the field. */

export type JsonObject = Readonly<Record<string, unknown>>;

export function asObject(body: unknown): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'the request body must be a JSON object');
  }
  return body as JsonObject;
}

export function requiredString(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw new HttpError(400, `"${field}" must be a string`);
  return value;
}

export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `"${field}" must be a string`);
  return value;
}

const FORMATS: readonly LevelFormat[] = ['xsb', 'json', 'grid'];

export function levelFormat(body: JsonObject, field: string): LevelFormat | undefined {
  const value = optionalString(body, field);
  if (value === undefined || value === 'auto') return undefined;
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new HttpError(400, `"${field}" must be one of ${FORMATS.join(', ')} (or auto)`);
  }
  return value as LevelFormat;
}

export function goalRule(body: JsonObject): GoalRule | undefined {
  const value = optionalString(body, 'goal');
  if (value === undefined || value === 'auto') return undefined;
  if (!isGoalRule(value)) throw new HttpError(400, `"goal" must be one of ${GOAL_RULES.join(', ')}`);
  return value;
}

export function optionalBoolean(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new HttpError(400, `"${field}" must be true or false`);
  return value;
}
