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
}

/**
 * A live line on a terminal's stderr: done/total, solved, failing, elapsed, ETA. When stderr is
 * not a terminal (a CI log, a file), progress writes nothing: such logs keep only results.
 */
export function progressLine(err: OutputStream, total: number, now: () => number): Progress {
  if (!err.isTTY) return { done: () => {}, tick: () => {}, clear: () => {} };
  const started = now();
  let finished = 0;
  let solved = 0;
  let shown = false;
  const draw = () => {
    const elapsed = now() - started;
    const eta = finished === 0 ? '?' : formatDuration((elapsed / finished) * (total - finished));
    const failing = finished - solved;
    const line = `[${finished}/${total}] ${solved} solved, ${failing} failing, ${formatDuration(elapsed)} elapsed, ETA ${eta}`;
    // A pseudo-terminal may report 0 columns (`script`, `docker run -t`): width unknown, not zero.
    const columns = err.columns !== undefined && err.columns > 0 ? err.columns : 80;
    err.write(`\r\x1b[K${line.slice(0, Math.max(20, columns - 1))}`);
    shown = true;
  };
  return {
    done(status) {
      finished++;
      if (status === 'solved') solved++;
      draw();
    },
    tick: draw,
    clear() {
      if (shown) err.write('\r\x1b[K');
      shown = false;
    },
  };
}
