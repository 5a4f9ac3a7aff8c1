import { LevelError } from '../errors.js';

/** JSON.parse with its failure turned into a LevelError that points at the line and column. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = /position (\d+)/.exec(message);
    if (match === null) throw new LevelError(`invalid JSON: ${message}`, { file });
    const offset = Number(match[1]);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new LevelError(`invalid JSON: ${reason}`, { file, line, column });
  }
}

export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}...` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
