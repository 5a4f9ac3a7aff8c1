import type { ChalkInstance } from 'chalk';
import type { Command } from 'commander';
import { MoveSyntaxError, SokobanError, UsageError } from '../../errors.js';
import { chooseGoalRule, isSolved } from '../../game/goal-rule.js';
import { nextPush } from '../../game/next-push.js';
import { replay } from '../../game/replay.js';
import { inProcessExecutor } from '../../runner/executor.js';
import { keyOfLevel } from '../../runner/record.js';
import { LossExplainer } from '../../solver/explain/loss-explainer.js';
import { LossSearchStopped } from '../../solver/explain/loss-search-stopped.js';
import { type CommandContext, styleFor } from '../context.js';
import { reportError } from '../error-line.js';
import { type ExitCode, combineExitCodes } from '../exit-codes.js';
import { type HintOutcome, UNSOLVABLE_REASON, hintExitCode } from '../hint-outcome.js';
import { InputReader } from '../input.js';
import type { Io } from '../io.js';
import { entryAt, readLevelIndex, selectNumbers, warnOn } from '../levels.js';
import { parseMovesText } from '../moves-input.js';
import { jsonOption, positiveInteger, positiveSeconds } from '../options/common.js';
import { writeHumanHint, writeJsonHint } from '../reporters/hint.js';
import { defaultMaxMemoryMiB } from '../options/search-limits.js';
import { type VerifyJob, jobFor, jobsForGivenMoves } from '../batch/given-moves.js';
import { type MovesOptions, type MovesRequest, addMovesOptions, movesRequestOf } from '../options/moves.js';

/** A hint is wanted now: a few seconds of search, not the minute `solve` allows. */
export const DEFAULT_HINT_SECONDS = 5;

/** The moves file (or --moves) is absent for the level's start. */
export interface HintRequest extends MovesRequest {
  readonly timeLimitSeconds: number;
  readonly maxNodes?: number;
  readonly json: boolean;
}

/**
 * The hint for one position: the moves played (as verify reads them), then, unless the position
 * is won or provably lost by the cheap proofs, a search from it, whose solution's first push is
 * the hint. The search runs on this thread through the runner, which replays its solution
 * before it is believed.
 */
async function hintFor(io: Io, job: VerifyJob, request: HintRequest): Promise<HintOutcome> {
  if (job.unreadable !== null) {
    reportError(io, job.unreadable);
    return { kind: 'bad-input', ref: job.ref, error: job.unreadable };
  }
  const level = job.ref.level;
  if (level === null) throw new Error('internal: a readable level job without its level');
  try {
    const rule = chooseGoalRule(level, request.goal);
    const file = job.moves?.file;
    const moves = job.moves === null ? '' : parseMovesText(job.moves, request.strictCase);
    const played = replay(level.board, moves, { rule, strictCase: request.strictCase, file });
    if (played.error !== null) {
      // A hint needs a position; moves that cannot be played describe none.
      throw new MoveSyntaxError(played.error.message, { file: file ?? level.source.file, level: job.moves?.level });
    }
    const position = played.board;
    const base = { ref: job.ref, rule, played };
    if (isSolved(position, rule)) return { ...base, kind: 'solved' };
    // The cheap proofs analyse the level first (quadratic in the board): they share the time limit with the search.
    const started = io.now();
    const limitMs = Math.round(request.timeLimitSeconds * 1000);
    const unknown = { ...base, kind: 'unknown', limit: 'time', timeLimitSeconds: request.timeLimitSeconds } as const;
    let lost;
    try {
      lost = new LossExplainer(level.board, rule, () => io.now() - started > limitMs).explain(position);
    } catch (error) {
      if (error instanceof LossSearchStopped) return unknown;
      throw error;
    }
    if (lost !== undefined) return { ...base, kind: 'lost', reason: lost };
    const timeLimitMs = limitMs - Math.round(io.now() - started);
    if (timeLimitMs <= 0) return unknown;
    const executor = inProcessExecutor();
    const record = await executor
      .solve(
        { key: keyOfLevel(level), level: { ...level, board: position }, rule },
        { optimal: null, timeLimitMs, maxMemoryMiB: defaultMaxMemoryMiB(1), maxNodes: request.maxNodes },
      )
      .finally(() => executor.close());
    if (record.status === 'error') throw new Error(record.error ?? 'the search failed');
    if (record.status === 'unsolvable') return { ...base, kind: 'lost', reason: UNSOLVABLE_REASON };
    if (record.status !== 'solved' || record.solution === null) {
      return { ...base, kind: 'unknown', limit: record.limit, timeLimitSeconds: request.timeLimitSeconds };
    }
    const next = nextPush(position, record.solution);
    if (next === null) throw new Error(`internal: the solution ${record.solution} from a position not won pushes nothing`);
    return { ...base, kind: 'hint', next, solutionMoves: record.moves ?? 0, solutionPushes: record.pushes ?? 0 };
  } catch (error) {
    // One level's bad input must not lose the other levels' answers.
    if (!(error instanceof SokobanError)) throw error;
    reportError(io, error);
    return { kind: 'bad-input', ref: job.ref, error };
  }
}

/** `sokoban hint`: the next push from the position the moves reach, or why that position is lost. */
export async function hint(io: Io, request: HintRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const reader = new InputReader(io);
  const input = await reader.read(request.levelPath, 'level file');
  const collection = readLevelIndex(io, input.text, input.name, request.format);
  const selection = selectNumbers(collection, request.level);
  let jobs: VerifyJob[];
  if (request.movesPath !== undefined || request.movesString !== undefined) {
    jobs = await jobsForGivenMoves(io, reader, request, collection, selection, 'hint');
  } else {
    // Without moves the hint is for the start; a collection's Solution lines are not where the player is.
    if (selection.count !== 1) {
      throw new UsageError(`${collection.file} has ${selection.count} levels: choose the one to hint with --level <n|title>`);
    }
    jobs = [jobFor(entryAt(collection, selection.numberAt(0), warnOn(io)), collection, null)];
  }
  const codes: ExitCode[] = [];
  // A level of a solution table without a row of its own gets the hint for its start.
  for (const job of jobs) {
    const outcome = await hintFor(io, job, request);
    if (request.json) writeJsonHint(io.stdout, outcome);
    else writeHumanHint(io.stdout, chalk, outcome);
    codes.push(hintExitCode(outcome));
  }
  return combineExitCodes(codes);
}

interface HintOptions extends MovesOptions {
  readonly timeLimit: number;
  readonly maxNodes?: number;
  readonly json?: boolean;
}

export function registerHint(program: Command, context: CommandContext): void {
  const command = program
    .command('hint')
    .description('the next push (and the walk to it) from the position the moves reach, or why that position is lost')
    .argument('<level>', "level file (XSB/SOK, 6.101 JSON or CS161 grid), or '-' for stdin")
    .argument('[moves]', 'file of the LURD moves played so far or a solution table (Level1 = "..."), or \'-\' for stdin; default: none, the hint is for the start');
  addMovesOptions(command)
    .option('--time-limit <s>', 'seconds the solver may search from the position', positiveSeconds, DEFAULT_HINT_SECONDS)
    .option('--max-nodes <n>', 'positions the solver may expand', positiveInteger)
    .addOption(jsonOption())
    .action(async (levelPath: string, movesPath: string | undefined, options: HintOptions, command: Command) => {
      const request: HintRequest = {
        ...movesRequestOf(levelPath, movesPath, options),
        timeLimitSeconds: options.timeLimit,
        maxNodes: options.maxNodes,
        json: options.json === true,
      };
      context.setExitCode(await hint(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
