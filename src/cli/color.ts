import { Chalk, type ChalkInstance, type ColorSupportLevel } from 'chalk';
import type { OutputStream } from './io.js';

export interface ColorRequest {
  /** false when the user passed --no-color. */
  readonly color: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stream: OutputStream;
}

function forcedLevel(value: string): ColorSupportLevel | undefined {
  if (value === '' || value === 'true' || value === '1') return 1;
  if (value === 'false' || value === '0') return 0;
  if (value === '2') return 2;
  if (value === '3') return 3;
  return undefined;
}

/**
 * How many colours to use on a stream. Precedence, strongest first: --no-color, FORCE_COLOR,
 * NO_COLOR (any non-empty value), then colour only on a TTY that is not TERM=dumb.
 * FORCE_COLOR beats NO_COLOR as it does in Node itself; chalk alone ignores NO_COLOR, hence this.
 */
export function colorLevel({ color, env, stream }: ColorRequest): ColorSupportLevel {
  if (!color) return 0;
  const forced = env.FORCE_COLOR;
  if (forced !== undefined) {
    const level = forcedLevel(forced);
    if (level !== undefined) return level;
  }
  if (env.NO_COLOR) return 0;
  if (!stream.isTTY || env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

export function chalkFor(request: ColorRequest): ChalkInstance {
  return new Chalk({ level: colorLevel(request) });
}
