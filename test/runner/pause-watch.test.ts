import { describe, expect, it } from 'vitest';
import { PauseWatch, runningClock } from '../../src/runner/pause-watch.js';

/** A clock the test moves by hand. */
function handClock(start = 1_000): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

describe('PauseWatch', () => {
  it('counts a tick that comes seconds late as time the process was stopped, beyond the tick interval', () => {
    const clock = handClock();
    const watch = new PauseWatch({ now: clock.now, tickMs: 250, slackMs: 1_000 });
    for (let i = 0; i < 4; i++) {
      clock.advance(250);
      watch.tick();
    }
    expect(watch.pausedMs).toBe(0);
    // SIGSTOP for 15 s: the tick due at +250 ms comes at +15,250 ms.
    clock.advance(15_250);
    watch.tick();
    expect(watch.pausedMs).toBe(15_000);
  });

  it('does not count a tick late by less than the slack (a garbage collection, a busy moment)', () => {
    const clock = handClock();
    const watch = new PauseWatch({ now: clock.now, tickMs: 250, slackMs: 1_000 });
    clock.advance(1_200);
    watch.tick();
    expect(watch.pausedMs).toBe(0);
  });

  it("gives the pool a clock without the pauses: a level's running time stops while the process is stopped", () => {
    const clock = handClock();
    const watch = new PauseWatch({ now: clock.now, tickMs: 250, slackMs: 1_000 });
    const running = watch.runningClock(clock.now);
    const started = running();
    clock.advance(250);
    watch.tick();
    clock.advance(15_250);
    watch.tick();
    expect(running() - started).toBe(500);
  });
});

describe('runningClock (the worker side)', () => {
  it('reads the pauses the main thread published, and never goes back', () => {
    const clock = handClock();
    const watch = new PauseWatch({ now: clock.now, tickMs: 250, slackMs: 1_000 });
    const worker = runningClock(watch.ledger, { now: clock.now, staleAfterMs: 1_250, waitMs: 1 });
    const started = worker();
    clock.advance(250);
    watch.tick();
    expect(worker() - started).toBe(250);
    clock.advance(15_250);
    // The worker woke first: the main thread has not ticked yet, and after waiting it reads wall time.
    expect(worker() - started).toBe(15_500);
    watch.tick();
    // The pause is now known; the clock holds still until the running time catches up with it.
    expect(worker() - started).toBe(15_500);
    clock.advance(100);
    watch.tick();
    expect(worker() - started).toBe(15_500);
  });

  it('leaves the pause out when the main thread ticks before the worker reads', () => {
    const clock = handClock();
    const watch = new PauseWatch({ now: clock.now, tickMs: 250, slackMs: 1_000 });
    const worker = runningClock(watch.ledger, { now: clock.now, staleAfterMs: 1_250, waitMs: 1 });
    const started = worker();
    clock.advance(250);
    watch.tick();
    clock.advance(15_250);
    watch.tick();
    expect(worker() - started).toBe(500);
  });
});
