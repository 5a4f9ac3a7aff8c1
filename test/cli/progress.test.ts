import { describe, expect, it } from 'vitest';
import type { OutputStream } from '../../src/cli/io.js';
import { progressLine } from '../../src/cli/reporters/progress.js';

function terminal(columns: number | undefined): OutputStream & { text: () => string } {
  let text = '';
  return {
    write: (chunk) => {
      text += chunk;
    },
    isTTY: true,
    columns,
    text: () => text,
  };
}

/** The last frame drawn: what follows the last "carriage return, erase line". */
function lastFrame(text: string): string {
  return text.slice(text.lastIndexOf('\r\x1b[K') + 4);
}

describe('the progress line', () => {
  it('fits a known terminal width', () => {
    const err = terminal(30);
    progressLine(err, 155, () => 0).done('solved');
    expect(lastFrame(err.text())).toHaveLength(29);
  });

  // `script`, `docker run -t` and some CI runners give a pseudo-terminal that reports 0 columns:
  // that means "width unknown", not "cut the line to nothing".
  it('is drawn whole on a terminal that reports 0 columns', () => {
    const err = terminal(0);
    progressLine(err, 155, () => 0).done('solved');
    expect(lastFrame(err.text())).toContain('1 solved, 0 failing');
    expect(lastFrame(err.text())).toContain('ETA');
  });

  it('is drawn at most every 100 ms, and for the last level, however fast levels finish', () => {
    const err = terminal(80);
    let clock = 0;
    const progress = progressLine(err, 10_000, () => clock);
    for (let level = 1; level <= 10_000; level++) {
      // A level every 0.05 ms: 0.5 s in all.
      clock = level * 0.05;
      progress.done('solved');
    }
    const frames = err
      .text()
      .split('\r\x1b[K')
      .filter((frame) => frame !== '');
    expect(frames.length).toBeLessThanOrEqual(7);
    expect(lastFrame(err.text())).toContain('[10000/10000] 10000 solved');
  });
});
