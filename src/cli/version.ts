import { readFileSync } from 'node:fs';

/** The package version, read from package.json, which sits two folders up from both src/cli and dist/cli. */
export function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const version: unknown = JSON.parse(text).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
