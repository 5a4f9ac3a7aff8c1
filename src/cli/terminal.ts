import type { Io, OutputStream } from './io.js';

/**
 * Whether a stream's terminal takes cursor movement (erasing a line, moving up to redraw): a
 * terminal that is not `TERM=dumb`, which prints escape sequences as they come. Colour is decided
 * apart (color.ts), since a dumb terminal may still be one a person reads.
 */
export function movesCursor(io: Pick<Io, 'env'>, stream: OutputStream): boolean {
  return stream.isTTY && io.env.TERM !== 'dumb';
}
