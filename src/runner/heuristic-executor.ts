import { boardToState, h0, h1 } from '../game/cs161.js';
import { movesOfStates } from '../game/cs161-moves.js';
import { BOX, GOAL, countSquares } from '../level/board.js';
import { AStarLimitError } from '../solver/cs161/a-star.js';
import type { Cs161Rule } from '../solver/cs161/bound.js';
import { type Cs161Heuristic, sokoban } from '../solver/cs161/search.js';
import { h2 } from '../solver/cs161/seed-api.js';
import type { SolveResult } from '../solver/solve.js';
import { type Executor, SolveCancelledError } from './executor.js';
import { internalFailure } from './outcome-record.js';
import { errorRecord, recordFromResult } from './record.js';
import type { SolveJob } from './solve-task.js';

/** The CS161 homework's heuristics, by the names `solve --heuristic` takes. */
export const CS161_HEURISTICS: Readonly<Record<'h0' | 'h1' | 'h2', Cs161Heuristic>> = { h0, h1, h2 };
export type Cs161HeuristicName = keyof typeof CS161_HEURISTICS;

/**
 * The homework's rules for a job's rule: all-goals with as many boxes as goals is the same game
 * as all-boxes; with more boxes than goals it is not one the homework's goal test can play.
 */
function cs161Rule(job: SolveJob): Cs161Rule | null {
  if (job.rule !== 'all-goals') return job.rule;
  const board = job.level.board;
  return countSquares(board, BOX) === countSquares(board, GOAL) ? 'all-boxes' : null;
}

/**
 * Solves each level on the main thread with the CS161 homework's A* (solver/cs161/search.ts) and
 * the chosen heuristic, one level after another. The record says how many states A* expanded;
 * its solution is replayed like any other. Admissible heuristics make every solution move-optimal.
 */
export function heuristicExecutor(name: Cs161HeuristicName, now: () => number): Executor {
  const heuristic = CS161_HEURISTICS[name];
  return {
    async solve(job, settings, signal) {
      if (signal?.aborted === true) throw new SolveCancelledError(job.key.name);
      const rule = cs161Rule(job);
      if (rule === null) {
        return errorRecord(job.key, `${job.key.name}: --heuristic plays the CS161 goal tests; with more boxes than goals choose --goal all-boxes or keeper-too`, 'input');
      }
      const started = now();
      const board = job.level.board;
      const state = boardToState(board, new Array<number>(board.height).fill(board.width));
      const base = {
        generated: 0,
        tableNodes: 0,
        peakMemoryMiB: 0,
        firstMoves: null,
        firstPushes: null,
        solution: null,
        moves: null,
        pushes: null,
        optimal: null,
        thenFewest: null,
      };
      let result: SolveResult;
      try {
        const found = sokoban(state, heuristic, {
          rule,
          maxExpanded: settings.maxNodes,
          shouldStop: () => now() - started >= settings.timeLimitMs,
          // --max-memory bounds the compact state table that h0, h1 and h2 search in.
          maxBytes: settings.maxMemoryMiB * 1024 * 1024,
        });
        const ms = Math.round(now() - started);
        if (found.path === null) {
          result = { ...base, status: 'unsolvable', nodes: found.expanded, ms, limit: null };
        } else {
          const solution = movesOfStates(found.path);
          const pushes = solution.replace(/[a-z]/g, '').length;
          result = {
            ...base,
            status: 'solved',
            solution,
            moves: solution.length,
            pushes,
            optimal: 'moves',
            firstMoves: solution.length,
            firstPushes: pushes,
            nodes: found.expanded,
            ms,
            limit: null,
          };
        }
      } catch (error) {
        if (!(error instanceof AStarLimitError)) return internalFailure(job, error);
        result = { ...base, status: 'timeout', nodes: error.expanded, ms: Math.round(now() - started), limit: error.limit };
      }
      return recordFromResult(job.level, job.rule, result);
    },
    close: async () => {},
    // On this thread: no worker to start.
    startWorkers: () => {},
  };
}
