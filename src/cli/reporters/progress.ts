import type { RecordStatus } from '../../runner/record.js';
import type { OutputStream } from '../io.js';
import { formatDuration } from './solve-text.js';

export interface Progress {
  /** A job finished (in any order). */
  done(status: RecordStatus): void;
  /** Redraws the line, e.g. on a timer, so elapsed time moves while a long level runs. */
  tick(): void;
  /** Removes the line before the summary is written. */
  clear(): void;
  /**
   * `stream` with the line kept out of the way: erased before each write and drawn again after
   * one that ends a line. Every write to the terminal while the line is shown must go through one
   * (issue 13: results were printed after the line, on the same line).
   */
  guard(stream: OutputStream): OutputStream;
}

const ERASE_LINE = '\r\x1b[K';

/** The shortest time between two drawings of the line, except the one for the last level. */
const REDRAW_MS = 100;

/** No progress line: for logs and pipes, and for a single level, which is over before a line would say anything. */
export const NO_PROGRESS: Progress = { done: () => {}, tick: () => {}, clear: () => {}, guard: (stream) => stream };

/**
 * A live line on a terminal's stderr: done/total, solved, failing, elapsed, ETA. When stderr is
 * not a terminal (a CI log, a file) or cannot redraw a line (`redraws`: TERM=dumb), progress
 * writes nothing: such logs keep only results.
 */
export function progressLine(err: OutputStream, total: number, now: () => number, redraws = err.isTTY): Progress {
  if (!redraws) return NO_PROGRESS;
  const started = now();
  let finished = 0;
  let solved = 0;
  let shown = false;
  let drawnAt = Number.NEGATIVE_INFINITY;
  // The line is drawn only at the start of a line, never after part of one.
  let atLineStart = true;
  const draw = () => {
    if (!atLineStart) return;
    drawnAt = now();
    const elapsed = now() - started;
    const eta = finished === 0 ? '?' : formatDuration((elapsed / finished) * (total - finished));
    const failing = finished - solved;
    const line = `[${finished}/${total}] ${solved} solved, ${failing} failing, ${formatDuration(elapsed)} elapsed, ETA ${eta}`;
    // A pseudo-terminal may report 0 columns (`script`, `docker run -t`): width unknown, not zero.
    const columns = err.columns !== undefined && err.columns > 0 ? err.columns : 80;
    err.write(`${ERASE_LINE}${line.slice(0, Math.max(20, columns - 1))}`);
    shown = true;
  };
  const erase = () => {
    if (shown) err.write(ERASE_LINE);
    shown = false;
  };
  // A batch of small levels finishes thousands a second: the line is redrawn at most every
  // REDRAW_MS (and for the last level), not once per level and again after each result printed.
  const drawSoon = () => {
    if (finished === total || now() - drawnAt >= REDRAW_MS) draw();
  };
  return {
    done(status) {
      finished++;
      if (status === 'solved') solved++;
      drawSoon();
    },
    tick: draw,
    clear: erase,
    guard(stream) {
      // Writes to a stream that is not the terminal (stdout redirected to a file) leave the line alone.
      if (!stream.isTTY && stream !== err) return stream;
      return {
        get isTTY() {
          return stream.isTTY;
        },
        get columns() {
          return stream.columns;
        },
        write(text) {
          if (text === '') return;
          const redraw = shown;
          erase();
          stream.write(text);
          atLineStart = text.endsWith('\n');
          if (redraw) drawSoon();
        },
      };
    },
  };
}
