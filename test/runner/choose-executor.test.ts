import { describe, expect, it } from 'vitest';
import { canInterrupt, planExecutor } from '../../src/runner/choose-executor.js';

describe('the choice of how levels are run', () => {
  it('runs the homework A* on this thread, whatever the batch', () => {
    expect(planExecutor({ levels: 30, workers: 8, optimal: 'moves', heuristic: 'h2' })).toEqual({ kind: 'heuristic', workers: 0 });
  });

  it('races the portfolio over two workers for each level when every level has them', () => {
    expect(planExecutor({ levels: 1, workers: 2, optimal: null })).toEqual({ kind: 'race', workers: 2 });
    expect(planExecutor({ levels: 2, workers: 4, optimal: null })).toEqual({ kind: 'race', workers: 4 });
  });

  it('solves a single level on this thread when it cannot race (one core, or an optimal search)', () => {
    expect(planExecutor({ levels: 1, workers: 1, optimal: null })).toEqual({ kind: 'in-process', workers: 0 });
    expect(planExecutor({ levels: 1, workers: 8, optimal: 'pushes' })).toEqual({ kind: 'in-process', workers: 0 });
  });

  it('uses the pool for a batch that fills the workers, with no more workers than levels', () => {
    expect(planExecutor({ levels: 3, workers: 4, optimal: null })).toEqual({ kind: 'pool', workers: 3 });
    expect(planExecutor({ levels: 100, workers: 4, optimal: 'moves' })).toEqual({ kind: 'pool', workers: 4 });
  });

  it('never searches on the server thread: it races each request with two workers or more, else uses the pool', () => {
    expect(planExecutor({ levels: null, workers: 4, optimal: null })).toEqual({ kind: 'race', workers: 4 });
    expect(planExecutor({ levels: null, workers: 1, optimal: null })).toEqual({ kind: 'pool', workers: 1 });
  });

  it('runs a single level with reports on a worker, so that Ctrl-C can stop it and the report be written', () => {
    const plan = planExecutor({ levels: 1, workers: 1, optimal: 'pushes', hasReports: true });
    expect(plan).toEqual({ kind: 'pool', workers: 1 });
    expect(canInterrupt(plan, 1)).toBe(true);
    expect(canInterrupt(planExecutor({ levels: 1, workers: 1, optimal: 'pushes' }), 1)).toBe(false);
  });

  it('starts no worker for a batch with no level to search (every input unreadable), even with reports', () => {
    expect(planExecutor({ levels: 0, workers: 2, optimal: null, hasReports: true })).toEqual({ kind: 'in-process', workers: 0 });
    expect(planExecutor({ levels: 0, workers: 2, optimal: null })).toEqual({ kind: 'in-process', workers: 0 });
  });

  it('never races a run that must repeat (a node budget, --repeatable, check)', () => {
    expect(planExecutor({ levels: 1, workers: 2, optimal: null, repeatable: true })).toEqual({ kind: 'in-process', workers: 0 });
    expect(planExecutor({ levels: 2, workers: 4, optimal: null, repeatable: true })).toEqual({ kind: 'pool', workers: 2 });
  });

  it('solves a batch on this thread, between levels stoppable, when an address-space limit leaves room for no worker', () => {
    const plan = planExecutor({ levels: 5, workers: 0, optimal: null });
    expect(plan).toEqual({ kind: 'in-process', workers: 0 });
    expect(canInterrupt(plan, 5)).toBe(true);
  });
});
