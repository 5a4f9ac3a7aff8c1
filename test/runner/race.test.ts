import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import type { Level } from '../../src/level/level.js';
import { inProcessExecutor } from '../../src/runner/executor.js';
import type { TaskOutcome } from '../../src/runner/pool.js';
import { DEFAULT_RACE_SPLIT, combineRace, raceExecutor, raceOnPool, raceTasks, racesEachLevel } from '../../src/runner/race.js';
import { keyOfLevel } from '../../src/runner/record.js';
import { SolvePool } from '../../src/runner/solve-pool.js';
import { type SearchSettings, runSolveTask, taskOf } from '../../src/runner/solve-task.js';
import { createStopFlag, raiseStopFlag, stoppableClock } from '../../src/runner/stop-flag.js';
import type { SolveResult } from '../../src/solver/solve.js';
import { expectReplaysToSolved, sharedDir } from '../solver/helpers.js';

const level = (text: string): Level => parseLevel(text, { file: 'race.xsb' });
/** Two boxes, two goals: the greedy searches and FESS both solve it at once. */
const TWO_BOXES = level('#######\n#     #\n#@$ $ #\n#   ..#\n#######\n');
/** The box can only be pushed away from its goal: only push-optimal proves it, FESS just runs out of moves. */
const AWAY_FROM_GOAL = level('#####\n#.@$#\n#####\n');
const SETTINGS: SearchSettings = { optimal: null, timeLimitMs: 60_000, maxMemoryMiB: 256 };

function xsokoban(index: number): Level {
  const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
  return parseCollection(text, { file: 'xsokoban90.xsb' }).levels[index - 1];
}

function result(overrides: Partial<SolveResult>): SolveResult {
  return {
    status: 'timeout',
    solution: null,
    moves: null,
    pushes: null,
    optimal: null,
    nodes: 10,
    generated: 20,
    ms: 100,
    peakMemoryMiB: 1.5,
    limit: 'time',
    firstMoves: null,
    firstPushes: null,
    ...overrides,
  } as SolveResult;
}
const done = (value: SolveResult): TaskOutcome<SolveResult> => ({ kind: 'done', value });

describe('splitting a level between racing workers', () => {
  it('gives the feature search (with the final phase hedge) its part of the memory, the other searches theirs, and halves the node limit', () => {
    const task = taskOf({ level: TWO_BOXES, rule: 'all-goals' }, { ...SETTINGS, maxMemoryMiB: 1000, maxNodes: 1001 });
    const [fess, rest] = raceTasks(task, DEFAULT_RACE_SPLIT);
    expect(fess).toMatchObject({ members: ['feature', 'feature-bases-festival', 'feature-spread-matching'], maxNodes: 500 });
    // The plan's memory shares add up to 1.55: the feature search's 0.45 and the hedges' 0.15 and 0.1, the others' 0.85.
    expect(fess.maxMemoryMiB).toBeCloseTo(700 / 1.55);
    expect(rest).toMatchObject({
      members: ['feature-deadlocks', 'feature-every-goal', 'forward-greedy', 'backward-greedy', 'push-optimal', 'feature-bases', 'feature-spread'],
      maxNodes: 500,
    });
    expect(rest.maxMemoryMiB).toBeCloseTo(850 / 1.55);
  });

  it('keeps only the searches the task itself selects, and drops a side left empty', () => {
    const task = taskOf({ level: TWO_BOXES, rule: 'all-goals' }, { ...SETTINGS, members: ['push-optimal'] });
    expect(raceTasks(task, DEFAULT_RACE_SPLIT)).toEqual([{ ...task, members: ['push-optimal'], maxMemoryMiB: 256, maxNodes: undefined }]);
  });
});

describe('when a run races its levels', () => {
  it('races a single level on two workers, but not a batch that fills the workers, and never an optimal search', () => {
    expect(racesEachLevel(1, 2, null)).toBe(true);
    expect(racesEachLevel(2, 4, null)).toBe(true);
    expect(racesEachLevel(2, 2, null)).toBe(false);
    expect(racesEachLevel(3, 4, null)).toBe(false);
    expect(racesEachLevel(1, 1, null)).toBe(false);
    expect(racesEachLevel(0, 2, null)).toBe(false);
    expect(racesEachLevel(1, 2, 'moves')).toBe(false);
    expect(racesEachLevel(1, 2, 'pushes')).toBe(false);
  });
});

describe('combining the sides of a race', () => {
  it('takes the winner answer and counts the work and memory of both sides', () => {
    const solved = result({ status: 'solved', solution: 'R', moves: 1, pushes: 1, limit: null, nodes: 7, generated: 9, peakMemoryMiB: 2.25, ms: 40 });
    const stopped = result({ nodes: 5, generated: 6, peakMemoryMiB: 1.5, ms: 45 });
    expect(combineRace([done(stopped), done(solved)], 1)).toEqual(done({ ...solved, nodes: 12, generated: 15, peakMemoryMiB: 3.8 }));
  });

  it('without an answer, a side still searching at the time limit outweighs one out of memory', () => {
    const outOfMemory = result({ status: 'memory', limit: 'memory', ms: 3000 });
    const timedOut = result({ ms: 10_000 });
    expect(combineRace([done(outOfMemory), done(timedOut)], null)).toMatchObject({ kind: 'done', value: { status: 'timeout', limit: 'time', nodes: 20, ms: 10_000 } });
  });

  it('reports memory when every side ran out of it', () => {
    const outOfMemory = result({ status: 'memory', limit: 'memory' });
    expect(combineRace([done(outOfMemory), { kind: 'out-of-memory', message: 'heap', afterMs: 50 }], null)).toMatchObject({ kind: 'done', value: { status: 'memory' } });
  });

  it('a side that gave up early leaves the level to the side that reached the limit', () => {
    const gaveUp = result({ limit: null, ms: 3 });
    expect(combineRace([done(gaveUp), done(result({ limit: 'nodes' }))], null)).toMatchObject({ kind: 'done', value: { status: 'timeout', limit: 'nodes' } });
  });

  it('a side that failed is reported unless the other settled the level', () => {
    const failed: TaskOutcome<SolveResult> = { kind: 'failed', message: 'boom' };
    expect(combineRace([failed, done(result({}))], null)).toEqual(failed);
    const unsolvable = result({ status: 'unsolvable', limit: null });
    expect(combineRace([failed, done(unsolvable)], 1)).toMatchObject({ kind: 'done', value: { status: 'unsolvable' } });
  });
});

describe('stopping a search from outside', () => {
  it('the stoppable clock reads the real time first, then infinity once the flag is up', () => {
    const flag = createStopFlag();
    raiseStopFlag(flag);
    const clock = stoppableClock(flag, () => 5);
    expect([clock(), clock()]).toEqual([5, Number.POSITIVE_INFINITY]);
  });

  it('a search told to stop before it began ends after its first turns, at the time limit, in real time', () => {
    const flag = createStopFlag();
    raiseStopFlag(flag);
    const answer = runSolveTask({ ...taskOf({ level: xsokoban(29), rule: 'all-goals' }, SETTINGS), stopFlag: flag });
    expect(answer).toMatchObject({ status: 'timeout', limit: 'time' });
    expect(answer.nodes).toBeLessThan(100);
    expect(Number.isFinite(answer.ms)).toBe(true);
  });
});

describe('racing on worker threads', () => {
  const pool = new SolvePool({ workers: 2, maxMemoryMiB: 256, now: () => performance.now() });
  afterAll(() => pool.close());

  it('solves a level as the single thread does, and the answer replays', async () => {
    const raced = await raceOnPool(pool, taskOf({ level: TWO_BOXES, rule: 'all-goals' }, SETTINGS));
    if (raced.kind !== 'done') throw new Error(`the race did not answer: ${raced.kind}`);
    expectReplaysToSolved(TWO_BOXES.board, raced.value, 'all-goals');
    const single = await inProcessExecutor().solve({ key: keyOfLevel(TWO_BOXES), level: TWO_BOXES, rule: 'all-goals' }, SETTINGS);
    expect(single.status).toBe('solved');
  }, 30_000);

  it('takes a proof of unsolvability from the side that can give one', async () => {
    const raced = await raceOnPool(pool, taskOf({ level: AWAY_FROM_GOAL, rule: 'all-goals' }, SETTINGS));
    expect(raced).toMatchObject({ kind: 'done', value: { status: 'unsolvable', solution: null } });
    const alone = await raceOnPool(pool, taskOf({ level: AWAY_FROM_GOAL, rule: 'all-goals' }, { ...SETTINGS, members: ['feature'] }));
    expect(alone).toMatchObject({ kind: 'done', value: { status: 'timeout', limit: null } });
  }, 30_000);

  it('stops the loser: a side that cannot answer ends as soon as the other wins, long before its time limit', async () => {
    // Level 29 is far beyond FESS in a minute; the push-optimal side proves the tiny level instead.
    const hard = taskOf({ level: xsokoban(29), rule: 'all-goals' }, SETTINGS);
    const easy = taskOf({ level: AWAY_FROM_GOAL, rule: 'all-goals' }, SETTINGS);
    const flag = createStopFlag();
    const loser = pool.run({ ...hard, members: ['feature'], stopFlag: flag });
    const winner = await pool.run({ ...easy, members: ['push-optimal'], stopFlag: flag });
    expect(winner).toMatchObject({ kind: 'done', value: { status: 'unsolvable' } });
    raiseStopFlag(flag);
    const stopped = await loser;
    expect(stopped).toMatchObject({ kind: 'done', value: { status: 'timeout', limit: 'time' } });
    if (stopped.kind === 'done') expect(stopped.value.ms).toBeLessThan(SETTINGS.timeLimitMs);
  }, 30_000);
});

describe('the race executor', () => {
  it('returns replayed records, and runs an optimal search on one worker', async () => {
    const executor = raceExecutor({ workers: 2, maxMemoryMiB: 256, now: () => performance.now() });
    try {
      const job = { key: keyOfLevel(TWO_BOXES), level: TWO_BOXES, rule: 'all-goals' as const };
      const raced = await executor.solve(job, SETTINGS);
      const optimal = await executor.solve(job, { ...SETTINGS, optimal: 'moves' });
      const single = await inProcessExecutor().solve(job, { ...SETTINGS, optimal: 'moves' });
      expect(raced).toMatchObject({ status: 'solved', error: null });
      expect(optimal).toMatchObject({ status: 'solved', optimal: 'moves', moves: single.moves });
    } finally {
      await executor.close();
    }
  }, 30_000);
});
