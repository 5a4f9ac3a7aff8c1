import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parse.js';
import { SolveCancelledError } from '../../src/runner/executor.js';
import { HttpError } from '../../src/web/http-error.js';
import { SolveService } from '../../src/web/solve-service.js';
import { OPEN_ROOM } from '../cli/open-room.js';

const ROOM = parseLevel(OPEN_ROOM);
const CORRIDOR = parseLevel('#######\n#@ $ .#\n#######\n');
const LONG = { optimal: 'moves', timeLimitMs: 3_600_000 } as const;

describe('SolveService', () => {
  it('refuses a solve with 429 once every worker is busy and the waiting line is full', async () => {
    const service = new SolveService({ workers: 1, maxWaiting: 1, maxMemoryMiB: 256, now: () => performance.now() });
    const callers = [new AbortController(), new AbortController()];
    const held = callers.map((caller) => service.solve(ROOM, 'all-boxes', LONG, caller.signal).catch((error: unknown) => error));
    const refused = await service.solve(CORRIDOR, 'all-boxes', LONG).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    for (const caller of callers) caller.abort();
    for (const outcome of await Promise.all(held)) expect(outcome).toBeInstanceOf(SolveCancelledError);
    // The line is free again once the callers have gone.
    expect((await service.solve(CORRIDOR, 'all-boxes', LONG)).status).toBe('solved');
    await service.close();
  });
});
