import type { ChalkInstance } from 'chalk';
import { type Command, Option } from 'commander';
import { SokobanError } from '../../errors.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import { formatSquarePath } from '../../game/notation.js';
import { replay } from '../../game/replay.js';
import type { Level, LevelFormat } from '../../level/level.js';
import type { OptimizeMetric } from '../../solver/optimize/metric.js';
import { compareLengths } from '../../solver/optimize/metric.js';
import { type OptimizeResult, UnsolvedMovesError, optimizeSolution } from '../../solver/optimize/optimize.js';
import { type SolveResult, solve } from '../../solver/solve.js';
import { type CommandContext, styleFor } from '../context.js';
import { reportError } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import { InputReader, STDIN_ARGUMENT } from '../input.js';
import { writeSolvedCollections } from '../batch/out-dir.js';
import type { Io, OutputStream } from '../io.js';
import { type LevelEntry, readEachLevel, selectEntries } from '../levels.js';
import { type MovesText, parseMovesText } from '../moves-input.js';
import { type Notation, formatOption, goalOption, jsonOption, levelOption, notationOption, positiveInteger, positiveSeconds } from '../options.js';
import { writeJsonLine } from '../reporters/json.js';
import { formatDuration, plural } from '../reporters/solve-text.js';
import type { LevelRef } from '../verify-outcome.js';
import { type VerifyJob, jobFor, jobsForGivenMoves } from './verify.js';

export const DEFAULT_OPTIMIZE_SECONDS = 10;

export interface OptimizeRequest {
  readonly levelPath: string;
  readonly movesPath?: string;
  readonly movesString?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly metric: OptimizeMetric;
  readonly timeLimitSeconds: number;
  readonly maxNodes?: number;
  readonly notation: Notation;
  readonly json: boolean;
  /** Write the collection back under this folder as a SOK file with the optimized Solution lines. */
  readonly out?: string;
}

/** What `optimize` says about one level. */
type OptimizeOutcome =
  | {
      readonly kind: 'optimized';
      readonly ref: LevelRef;
      readonly result: OptimizeResult;
      /** Where the solution optimized came from: the user, or the solver when none was given. */
      readonly source: 'given' | 'solver';
    }
  /** No moves were given and the solver did not find a solution. */
  | { readonly kind: 'unsolved'; readonly ref: LevelRef; readonly solved: SolveResult }
  | { readonly kind: 'bad-input'; readonly ref: LevelRef; readonly error: SokobanError };

function exitCodeOf(outcome: OptimizeOutcome): ExitCode {
  switch (outcome.kind) {
    case 'optimized':
      return ExitCode.ok;
    case 'unsolved':
      return outcome.solved.status === 'unsolvable' ? ExitCode.notSolved : ExitCode.limit;
    case 'bad-input':
      // Moves that do not solve the level answer the question "is this a solution?" with no.
      return outcome.error instanceof UnsolvedMovesError ? ExitCode.notSolved : ExitCode.badInput;
  }
}

/**
 * Jobs for the Solution lines of a SOK file: for each level the shortest stored solution in the
 * metric (the others could only do worse as a start), or none, and then the solver finds one.
 */
function jobsForStoredSolutions(collection: Parameters<typeof jobFor>[1], entries: readonly LevelEntry[], request: OptimizeRequest): VerifyJob[] {
  return entries.map((entry) => {
    if (entry.kind === 'failure' || entry.level.solutions.length === 0) return jobFor(entry, collection, null);
    const { level } = entry;
    const rule = chooseGoalRule(level, request.goal);
    let best: { text: string; moves: number; pushes: number } | null = null;
    for (const text of level.solutions) {
      try {
        const replayed = replay(level.board, text, { rule });
        if (!replayed.valid || !replayed.solved) continue;
        if (best === null || compareLengths(request.metric, replayed, best) < 0) best = { text, moves: replayed.moves, pushes: replayed.pushes };
      } catch {
        // A Solution line that cannot be read is left for verify to explain; another may do.
      }
    }
    const chosen = best?.text ?? level.solutions[0];
    const moves: MovesText = { text: chosen, file: level.source.file, level: level.source.index, context: 'its Solution line' };
    return jobFor(entry, collection, moves);
  });
}

function runJob(io: Io, job: VerifyJob, request: OptimizeRequest): OptimizeOutcome {
  if (job.unreadable !== null) {
    reportError(io, job.unreadable);
    return { kind: 'bad-input', ref: job.ref, error: job.unreadable };
  }
  const level = job.ref.level as Level;
  const timeLimitMs = Math.round(request.timeLimitSeconds * 1000);
  try {
    const rule = chooseGoalRule(level, request.goal);
    let moves: string;
    let source: 'given' | 'solver' = 'given';
    if (job.moves === null) {
      // Nothing to start from: the solver's first solution is the start, and the optimizer improves it.
      const solved = solve(level, { rule, timeLimitMs, maxNodes: request.maxNodes, improve: false });
      if (solved.status !== 'solved' || solved.solution === null) return { kind: 'unsolved', ref: job.ref, solved };
      moves = solved.solution;
      source = 'solver';
    } else {
      moves = parseMovesText(job.moves, false)
        .moves.map((move) => (move.push === true ? move.direction[0].toUpperCase() : move.direction[0]))
        .join('');
    }
    const result = optimizeSolution(level, moves, { rule, metric: request.metric, timeLimitMs, maxNodes: request.maxNodes });
    return { kind: 'optimized', ref: job.ref, result, source };
  } catch (error) {
    if (!(error instanceof SokobanError)) throw error;
    reportError(io, error);
    return { kind: 'bad-input', ref: job.ref, error };
  }
}

function techniqueTrail(result: OptimizeResult): string {
  return result.steps.map((step) => `${step.technique} ${step.moves}/${step.pushes}`).join(', ');
}

function writeHuman(out: OutputStream, chalk: ChalkInstance, outcome: OptimizeOutcome, request: OptimizeRequest): void {
  const { label } = outcome.ref;
  switch (outcome.kind) {
    case 'optimized': {
      const { result } = outcome;
      const from = outcome.source === 'solver' ? "the solver's" : 'was';
      out.write(
        `${label}: ${chalk.green('optimized')} to ${plural(result.moves, 'move')}, ${plural(result.pushes, 'push', 'pushes')} (${from} ${plural(result.before.moves, 'move')}, ${plural(result.before.pushes, 'push', 'pushes')})\n`,
      );
      const text = request.notation === 'squares' && outcome.ref.level !== null ? formatSquarePath(outcome.ref.level.board, result.solution) : result.solution;
      out.write(`  ${request.notation === 'squares' ? 'squares' : 'solution'}: ${text}\n`);
      const stopped = result.limit === null ? '' : `; stopped at the ${result.limit} limit`;
      out.write(`  metric: ${request.metric}; moves/pushes after ${techniqueTrail(result)}; ${plural(result.nodes, 'node')} in ${formatDuration(result.ms)}${stopped}\n`);
      return;
    }
    case 'unsolved': {
      const { solved } = outcome;
      if (solved.status === 'unsolvable') out.write(`${label}: ${chalk.red('unsolvable')}: proven, nothing to optimize\n`);
      else out.write(`${label}: ${chalk.yellow('not solved')}: no moves given and the solver stopped at the ${solved.limit ?? 'time'} limit\n`);
      return;
    }
    case 'bad-input':
      out.write(`${label}: ${chalk.red('error')} (see stderr)\n`);
      return;
  }
}

/** The JSON fields of a level that has no optimized solution to show. */
const NO_SOLUTION = { source: null, solution: null, moves: null, pushes: null, before: null, steps: [] } as const;

function jsonOf(outcome: OptimizeOutcome, request: OptimizeRequest): unknown {
  const { file, index, title } = outcome.ref;
  const head = { file, index, title, metric: request.metric };
  switch (outcome.kind) {
    case 'optimized': {
      const { result } = outcome;
      return {
        ...head,
        status: 'optimized',
        source: outcome.source,
        solution: request.notation === 'squares' && outcome.ref.level !== null ? formatSquarePath(outcome.ref.level.board, result.solution) : result.solution,
        moves: result.moves,
        pushes: result.pushes,
        before: result.before,
        steps: result.steps,
        nodes: result.nodes,
        ms: result.ms,
        limit: result.limit,
        error: null,
      };
    }
    case 'unsolved':
      return {
        ...head,
        status: outcome.solved.status,
        ...NO_SOLUTION,
        nodes: outcome.solved.nodes,
        ms: outcome.solved.ms,
        limit: outcome.solved.limit,
        error: null,
      };
    case 'bad-input':
      return {
        ...head,
        status: 'error',
        ...NO_SOLUTION,
        nodes: null,
        ms: null,
        limit: null,
        error: outcome.error.message,
      };
  }
}

/** `sokoban optimize`: shortens solutions (given, stored in the file, or found first) and prints them replayed. */
export async function optimizeLevels(io: Io, request: OptimizeRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const reader = new InputReader(io);
  const input = await reader.read(request.levelPath, 'level file');
  const collection = readEachLevel(io, input.text, input.name, request.format);
  const entries = selectEntries(collection, request.level);
  const explicitMoves = request.movesPath !== undefined || request.movesString !== undefined;
  const jobs = explicitMoves ? await jobsForGivenMoves(io, reader, request, collection, entries, 'optimize') : jobsForStoredSolutions(collection, entries, request);
  const codes: ExitCode[] = [];
  const optimized: { name: string; solution: string }[] = [];
  for (const job of jobs) {
    const outcome = runJob(io, job, request);
    if (request.json) writeJsonLine(io.stdout, jsonOf(outcome, request));
    else writeHuman(io.stdout, chalk, outcome, request);
    codes.push(exitCodeOf(outcome));
    if (outcome.kind === 'optimized' && outcome.ref.level !== null) {
      const { source } = outcome.ref.level;
      optimized.push({ name: `${source.file}#${source.index}`, solution: outcome.result.solution });
    }
  }
  if (request.out !== undefined) {
    const path = request.levelPath === STDIN_ARGUMENT ? null : request.levelPath;
    await writeSolvedCollections(io, request.out, [{ collection, path }], optimized);
  }
  return combineExitCodes(codes);
}

interface OptimizeOptions {
  readonly moves?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly metric: OptimizeMetric;
  readonly timeLimit: number;
  readonly maxNodes?: number;
  readonly notation: Notation;
  readonly json?: boolean;
  readonly out?: string;
}

export function registerOptimize(program: Command, context: CommandContext): void {
  program
    .command('optimize')
    .description('shorten a solution in moves or pushes, never making it worse; without moves, solve first')
    .argument('<level>', "level file (XSB/SOK, 6.101 JSON or CS161 grid), or '-' for stdin")
    .argument('[moves]', "file of LURD moves or a solution table (Level1 = \"...\"), or '-' for stdin; default: the level file's Solution lines, else the solver's solution")
    .option('--moves <lurd>', 'the moves as a string instead of a file')
    .addOption(new Option('--metric <measure>', 'what to shorten first; the other breaks ties').choices(['moves', 'pushes']).default('moves'))
    .addOption(levelOption())
    .addOption(goalOption())
    .addOption(formatOption())
    .option('--time-limit <s>', 'seconds per level for the optimizer (and as much again for the solver when there are no moves)', positiveSeconds, DEFAULT_OPTIMIZE_SECONDS)
    .option('--max-nodes <n>', 'positions the optimizer (and the solver) may expand per level', positiveInteger)
    .addOption(notationOption())
    .addOption(jsonOption())
    .option('--out <dir>', 'write the collection back as a SOK file with the optimized Solution lines, for sokoban verify')
    .action(async (levelPath: string, movesPath: string | undefined, options: OptimizeOptions, command: Command) => {
      const request: OptimizeRequest = {
        levelPath,
        movesPath,
        movesString: options.moves,
        level: options.level,
        format: options.format,
        goal: options.goal,
        metric: options.metric,
        timeLimitSeconds: options.timeLimit,
        maxNodes: options.maxNodes,
        notation: options.notation,
        json: options.json === true,
        out: options.out,
      };
      context.setExitCode(await optimizeLevels(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
