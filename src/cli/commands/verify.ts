import type { Command } from 'commander';
import type { ChalkInstance } from 'chalk';
import { InputError, LevelError, MoveSyntaxError, SokobanError, UsageError } from '../../errors.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import { formatSquarePath } from '../../game/notation.js';
import { replay } from '../../game/replay.js';
import { type LostMoveSearch, NOT_SEARCHED } from '../../solver/explain/loss-fields.js';
import type { Board } from '../../level/board.js';
import type { LevelIndex } from '../../level/level.js';
import { printable } from '../printable.js';
import { type CommandContext, styleFor } from '../context.js';
import { reportError, reportWarning } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import { InputReader, STDIN_ARGUMENT } from '../input.js';
import { type Io, STDIN_NAME } from '../io.js';
import { type VerifyJob, jobFor, jobsForGivenMoves } from '../batch/given-moves.js';
import { type MovesOptions, type MovesRequest, addMovesOptions, movesRequestOf } from '../options/moves.js';
import { type LevelEntry, type LevelSelection, entryAt, readLevelIndex, selectNumbers, warnOn } from '../levels.js';
import { parseMovesText } from '../moves-input.js';
import { type Notation, jsonOption, notationOption, positiveSeconds } from '../options/common.js';
import { humanVerifyReporter } from '../reporters/human.js';
import { jsonVerifyReporter, unreadableJson, writeJsonLine } from '../reporters/json.js';
import type { Reporter } from '../reporters/reporter.js';
import { annotating, verifyAnnotation } from '../reporters/github.js';
import type { LevelRef, VerifyOutcome } from '../verify-outcome.js';
import { verifyExitCode } from '../verify-outcome.js';

export interface VerifyRequest extends MovesRequest {
  readonly notation: Notation;
  readonly json: boolean;
  /** Only the levels not solved, and the count line. */
  readonly quiet?: boolean;
  /** Seconds per move string for the search of the move that lost the game; DEFAULT_LOSS_SECONDS when absent. */
  readonly timeLimitSeconds?: number;
}

/**
 * The search for the move that lost the game analyses the level first, which takes time
 * quadratic in the board (45 s on an open 250 by 250 board): verify answers within this.
 */
export const DEFAULT_LOSS_SECONDS = 10;

/** The jobs of one level for its Solution lines: one per solution, or one saying it has none (or could not be read). */
function storedSolutionJobs(collection: LevelIndex, entry: LevelEntry): VerifyJob[] {
  if (entry.kind === 'failure' || entry.level.solutions.length === 0) return [jobFor(entry, collection, null)];
  const { level } = entry;
  return level.solutions.map((text, i) =>
    jobFor(entry, collection, { text, file: level.source.file, level: level.source.index, context: 'its Solution line' }, level.solutions.length > 1 ? ` solution ${i + 1}` : ''),
  );
}

/**
 * The jobs for the Solution lines stored in a SOK file: every solution of every selected level,
 * and one job for each level that could not be read, so that it is reported in its place. Each
 * level is read when its turn comes, so a large collection is never held whole. Says too whether
 * there is more than one job (the report is then a list).
 */
function jobsForStoredSolutions(io: Io, collection: LevelIndex, selection: LevelSelection): { jobs: Iterable<VerifyJob>; several: boolean } {
  // A .sok file is where solutions are kept: one without any has levels without a solution (exit 1,
  // as for a level of it missing its line); any other level file came without moves to verify.
  const solutionFile = /\.sok$/i.test(collection.file);
  const quiet = () => {};
  if (!solutionFile) {
    let found = false;
    for (let position = 0; position < selection.count && !found; position++) {
      const entry = entryAt(collection, selection.numberAt(position), quiet);
      found = entry.kind === 'level' && entry.level.solutions.length > 0;
    }
    if (!found) throw new UsageError("no moves to verify: give a moves file ('-' for stdin) or --moves, or a SOK file whose levels have Solution lines");
  }
  const warn = warnOn(io);
  const several = selection.count > 1 || storedSolutionJobs(collection, entryAt(collection, selection.numberAt(0), quiet)).length > 1;
  function* jobs(): Generator<VerifyJob> {
    for (let position = 0; position < selection.count; position++) yield* storedSolutionJobs(collection, entryAt(collection, selection.numberAt(position), warn));
  }
  return { jobs: jobs(), several };
}

/**
 * The move after which the game was lost (null when none is proved), and whether the search for it
 * stopped at the time limit (then a warning says so). Its proofs (the level's analysis, the
 * deadlock detectors) are loaded only here: moves that solve their level never need them.
 */
async function lostWithin(io: Io, ref: LevelRef, board: Board, rule: GoalRule, solution: string, seconds: number): Promise<LostMoveSearch> {
  const { firstLostMoveWithin } = await import('../../solver/explain/first-lost-move.js');
  const deadline = io.now() + seconds * 1000;
  const search = firstLostMoveWithin(board, rule, solution, () => io.now() > deadline);
  if (search.stopped) reportWarning(io, `${printable(ref.label)}: the search for the move that lost the game stopped at the time limit (${seconds} s; --time-limit gives it more)`);
  return search;
}

async function runJob(io: Io, job: VerifyJob, request: VerifyRequest): Promise<VerifyOutcome> {
  if (job.unreadable !== null) {
    reportError(io, job.unreadable);
    return { kind: 'bad-input', ref: job.ref, error: job.unreadable };
  }
  const { level } = job.ref;
  if (level === null || job.moves === null) return { kind: 'no-moves', ref: job.ref };
  try {
    const rule = chooseGoalRule(level, request.goal);
    const parsed = parseMovesText(job.moves, request.strictCase);
    const result = replay(level.board, parsed, { rule, strictCase: request.strictCase, file: job.moves.file });
    const solutionText = request.notation === 'squares' ? formatSquarePath(level.board, result.solution) : result.solution;
    // Only moves that fail are worth the analysis: say when, within the legal ones, the game was lost.
    const loss = result.solved ? NOT_SEARCHED : await lostWithin(io, job.ref, level.board, rule, result.solution, request.timeLimitSeconds ?? DEFAULT_LOSS_SECONDS);
    return { kind: 'replayed', ref: job.ref, rule, replay: result, solutionText, lost: loss.lost, lossSearchStopped: loss.stopped };
  } catch (error) {
    // One level's bad input must not lose the other levels' answers.
    if (!(error instanceof SokobanError)) throw error;
    reportError(io, error);
    return { kind: 'bad-input', ref: job.ref, error };
  }
}

/**
 * `sokoban verify`: replays move strings and says whether they solve their levels. With --json,
 * an input that cannot be read at all is still one JSON object on stdout (as with solve --json),
 * besides the error line on stderr.
 */
export async function verify(io: Io, request: VerifyRequest, chalk: ChalkInstance): Promise<ExitCode> {
  if (request.quiet === true && request.json) throw new UsageError('--quiet trims the text report; with --json filter the lines by "solved" instead');
  try {
    return await verifyLevels(io, request, chalk);
  } catch (error) {
    if (request.json && (error instanceof InputError || error instanceof LevelError || error instanceof MoveSyntaxError)) {
      const file = request.levelPath === STDIN_ARGUMENT ? STDIN_NAME : request.levelPath;
      writeJsonLine(io.stdout, unreadableJson(file, error));
    }
    throw error;
  }
}

async function verifyLevels(io: Io, request: VerifyRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const reader = new InputReader(io);
  const input = await reader.read(request.levelPath, 'level file');
  const collection = readLevelIndex(io, input.text, input.name, request.format);
  const selection = selectNumbers(collection, request.level);
  const explicitMoves = request.movesPath !== undefined || request.movesString !== undefined;
  let jobs: Iterable<VerifyJob>;
  let several: boolean;
  if (explicitMoves) {
    const given = await jobsForGivenMoves(io, reader, request, collection, selection);
    jobs = given;
    several = given.length > 1;
  } else ({ jobs, several } = jobsForStoredSolutions(io, collection, selection));
  const reporter: Reporter<VerifyOutcome> = request.json
    ? jsonVerifyReporter(io.stdout)
    : humanVerifyReporter(io.stdout, chalk, { notation: request.notation, compact: several, quiet: request.quiet });
  const codes: ExitCode[] = [];
  // Annotations stay off stdout with --json, which must stay pure JSON Lines.
  const annotations = annotating(io.env) ? (request.json ? io.stderr : io.stdout) : null;
  for (const job of jobs) {
    const outcome = await runJob(io, job, request);
    reporter.result(outcome);
    const annotation = annotations === null ? null : verifyAnnotation(outcome);
    if (annotation !== null) annotations?.write(annotation);
    codes.push(verifyExitCode(outcome));
  }
  reporter.end();
  return codes.length === 0 ? ExitCode.ok : combineExitCodes(codes);
}

interface VerifyOptions extends MovesOptions {
  readonly notation: Notation;
  readonly timeLimit: number;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

export function registerVerify(program: Command, context: CommandContext): void {
  const command = program
    .command('verify')
    .description('replay a move string on a level and say whether it solves it, or exactly which move fails')
    .argument('<level>', "level file (XSB/SOK, 6.101 JSON or CS161 grid), or '-' for stdin")
    .argument('[moves]', "file of LURD moves or a solution table (Level1 = \"...\"), or '-' for stdin; default: the level file's Solution lines");
  addMovesOptions(command)
    .addOption(notationOption())
    .addOption(jsonOption())
    .option('-q, --quiet', 'print only the levels not solved, and the count of levels')
    .option('--time-limit <s>', 'seconds per move string to find the move that lost the game', positiveSeconds, DEFAULT_LOSS_SECONDS)
    .action(async (levelPath: string, movesPath: string | undefined, options: VerifyOptions, command: Command) => {
      const request: VerifyRequest = {
        ...movesRequestOf(levelPath, movesPath, options),
        notation: options.notation,
        json: options.json === true,
        quiet: options.quiet === true,
        timeLimitSeconds: options.timeLimit,
      };
      context.setExitCode(await verify(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
