import { describe, expect, it } from 'vitest';
import { PauseWatch, runningClock } from '../../src/runner/pause-watch.js';

/**
 * A watch ticking every 250 ms with 1 s of slack, on a clock the test moves by hand: `tickAfter`
 * moves the clock and ticks, as the main thread's timer does (late when the process was stopped).
 */
function handWatch(): { now: () => number; advance: (ms: number) => void; tickAfter: (ms: number) => void; watch: PauseWatch } {
  let time = 1_000;
  const now = () => time;
  const watch = new PauseWatch({ now, tickMs: 250, slackMs: 1_000 });
  const advance = (ms: number) => {
    time += ms;
  };
  const tickAfter = (ms: number) => {
    advance(ms);
    watch.tick();
  };
  return { now, advance, watch, tickAfter };
}

describe('PauseWatch', () => {
  it('counts a tick that comes seconds late as time the process was stopped, beyond the tick interval', () => {
    const { watch, tickAfter } = handWatch();
    for (let i = 0; i < 4; i++) tickAfter(250);
    expect(watch.pausedMs).toBe(0);
    // SIGSTOP for 15 s: the tick due at +250 ms comes at +15,250 ms.
    tickAfter(15_250);
    expect(watch.pausedMs).toBe(15_000);
  });

  it('does not count a tick late by less than the slack (a garbage collection, a busy moment)', () => {
    const { watch, tickAfter } = handWatch();
    tickAfter(1_200);
    expect(watch.pausedMs).toBe(0);
  });

  it("gives the pool a clock without the pauses: a level's running time stops while the process is stopped", () => {
    const { now, watch, tickAfter } = handWatch();
    const running = watch.runningClock(now);
    const started = running();
    tickAfter(250);
    tickAfter(15_250);
    expect(running() - started).toBe(500);
  });
});

describe('runningClock (the worker side)', () => {
  it('reads the pauses the main thread published, and never goes back', () => {
    const { now, advance, watch, tickAfter } = handWatch();
    const worker = runningClock(watch.ledger, { now, staleAfterMs: 1_250, waitMs: 1 });
    const started = worker();
    tickAfter(250);
    expect(worker() - started).toBe(250);
    advance(15_250);
    // The worker woke first: the main thread has not ticked yet, and after waiting it reads wall time.
    expect(worker() - started).toBe(15_500);
    watch.tick();
    // The pause is now known; the clock holds still until the running time catches up with it.
    expect(worker() - started).toBe(15_500);
    tickAfter(100);
    expect(worker() - started).toBe(15_500);
  });

  it('leaves the pause out when the main thread ticks before the worker reads', () => {
    const { now, watch, tickAfter } = handWatch();
    const worker = runningClock(watch.ledger, { now, staleAfterMs: 1_250, waitMs: 1 });
    const started = worker();
    tickAfter(250);
    tickAfter(15_250);
    expect(worker() - started).toBe(500);
  });
});
