import type { Command } from 'commander';
import type { ChalkInstance } from 'chalk';
import { InputError, LevelError, MoveSyntaxError, SokobanError, UsageError } from '../../errors.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import { formatSquarePath } from '../../game/notation.js';
import { MAX_MOVE_TEXT_LENGTH } from '../../game/moves.js';
import { replay } from '../../game/replay.js';
import { firstLostMove } from '../../solver/explain/first-lost-move.js';
import type { LevelFormat, PartialCollection } from '../../level/level.js';
import { type CommandContext, styleFor } from '../context.js';
import { reportError, reportWarning } from '../error-line.js';
import { ExitCode, combineExitCodes } from '../exit-codes.js';
import { InputReader, STDIN_ARGUMENT } from '../input.js';
import { type Io, STDIN_NAME } from '../io.js';
import { type LevelEntry, entryLabel, readEachLevel, selectEntries } from '../levels.js';
import { type MovesText, parseMovesText, rejectFileNameAsMoves } from '../moves-input.js';
import { type Notation, formatOption, goalOption, jsonOption, levelOption, notationOption } from '../options.js';
import { humanVerifyReporter } from '../reporters/human.js';
import { jsonVerifyReporter, unreadableJson, writeJsonLine } from '../reporters/json.js';
import type { Reporter } from '../reporters/reporter.js';
import { annotating, verifyAnnotation } from '../reporters/github.js';
import { solutionsForLevels } from '../solution-collection.js';
import { parseSolutionTable } from '../solution-table.js';
import type { LevelRef, VerifyOutcome } from '../verify-outcome.js';
import { verifyExitCode } from '../verify-outcome.js';

/** What a command that plays moves on a level is told: the level, the moves, and how to read them. */
export interface MovesRequest {
  readonly levelPath: string;
  /** A moves file or `-`; absent when the moves come from --moves or from the level file itself. */
  readonly movesPath?: string;
  /** The --moves string. */
  readonly movesString?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly strictCase: boolean;
}

/** The options behind a MovesRequest, as commander hands them over. */
export interface MovesOptions {
  readonly moves?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly strictCase?: boolean;
}

/** Registers the options of a MovesRequest: --moves, --level, --goal, --format, --strict-case. */
export function addMovesOptions(command: Command): Command {
  return command
    .option('--moves <lurd>', 'the moves as a string instead of a file')
    .addOption(levelOption())
    .addOption(goalOption())
    .addOption(formatOption())
    .option('--strict-case', 'treat a walk written as a push (or the reverse) as an error instead of correcting it');
}

export function movesRequestOf(levelPath: string, movesPath: string | undefined, options: MovesOptions): MovesRequest {
  return {
    levelPath,
    movesPath,
    movesString: options.moves,
    level: options.level,
    format: options.format,
    goal: options.goal,
    strictCase: options.strictCase === true,
  };
}

export interface VerifyRequest extends MovesRequest {
  readonly notation: Notation;
  readonly json: boolean;
  /** Only the levels not solved, and the count line. */
  readonly quiet?: boolean;
}

/** One level with the move string to check on it, or null when the collection stores none. */
export interface VerifyJob {
  readonly ref: LevelRef;
  readonly moves: MovesText | null;
  /** Why the level itself could not be read (a malformed level of a collection); then there is nothing to replay. */
  readonly unreadable: LevelError | null;
}

export function jobFor(entry: LevelEntry, collection: PartialCollection, moves: MovesText | null, suffix = ''): VerifyJob {
  const count = collection.levels.length + collection.failures.length;
  const ref: LevelRef = {
    file: collection.file,
    index: entry.index,
    title: entry.title,
    label: entryLabel(collection.file, entry.index, entry.title, count) + suffix,
    level: entry.kind === 'level' ? entry.level : null,
  };
  return { ref, moves, unreadable: entry.kind === 'failure' ? entry.failure.error : null };
}

/**
 * Jobs for moves the user gave: one string for one level, or for many a solution table or a
 * collection of boards with Solution lines (matched by board, title or number).
 */
export async function jobsForGivenMoves(
  io: Io,
  reader: InputReader,
  request: Pick<VerifyRequest, 'movesPath' | 'movesString'>,
  collection: PartialCollection,
  entries: readonly LevelEntry[],
  command = 'verify',
): Promise<VerifyJob[]> {
  if (request.movesPath !== undefined && request.movesString !== undefined) {
    throw new UsageError('give the moves either as a file argument or with --moves, not both');
  }
  let moves: MovesText;
  if (request.movesString !== undefined) {
    await rejectFileNameAsMoves(io, request.movesString, command);
    moves = { text: request.movesString, file: '--moves', line: 1, column: 1 };
  } else {
    // A moves file (or a solution table) is refused by its size before it is read.
    const input = await reader.read(request.movesPath as string, 'moves file', MAX_MOVE_TEXT_LENGTH);
    const table = parseSolutionTable(input.text, input.name);
    if (table !== null) {
      const count = collection.levels.length + collection.failures.length;
      for (const number of table.keys()) {
        if (number < 1 || number > count) {
          reportWarning(io, `${input.name}: a solution for level ${number}, but ${collection.file} has ${count}`);
        }
      }
      return entries.map((entry) => {
        const row = table.get(entry.index);
        const text: MovesText | null = row === undefined ? null : { text: row.moves, file: input.name, line: row.line, column: row.column };
        return jobFor(entry, collection, text);
      });
    }
    const collected = solutionsForLevels(input.text, input.name, entries);
    if (collected !== null) {
      return entries.flatMap((entry): VerifyJob[] => {
        const found = collected.get(entry.index) ?? [];
        if (found.length === 0) return [jobFor(entry, collection, null)];
        return found.map((text, i) => jobFor(entry, collection, text, found.length > 1 ? ` solution ${i + 1}` : ''));
      });
    }
    moves = { text: input.text, file: input.name, line: 1, column: 1 };
  }
  if (entries.length !== 1) {
    throw new UsageError(`${collection.file} has ${entries.length} levels: choose the one these moves are for with --level <n|title>`);
  }
  return [jobFor(entries[0], collection, moves)];
}

/**
 * Jobs for the Solution lines stored in a SOK file: every solution of every selected level, and
 * one job for each level that could not be read, so that it is reported in its place.
 */
function jobsForStoredSolutions(collection: PartialCollection, entries: readonly LevelEntry[]): VerifyJob[] {
  if (!entries.some((entry) => entry.kind === 'level' && entry.level.solutions.length > 0)) {
    throw new UsageError("no moves to verify: give a moves file ('-' for stdin) or --moves, or a SOK file whose levels have Solution lines");
  }
  return entries.flatMap((entry): VerifyJob[] => {
    if (entry.kind === 'failure' || entry.level.solutions.length === 0) return [jobFor(entry, collection, null)];
    const { level } = entry;
    return level.solutions.map((text, i) =>
      jobFor(entry, collection, { text, file: level.source.file, level: level.source.index, context: 'its Solution line' }, level.solutions.length > 1 ? ` solution ${i + 1}` : ''),
    );
  });
}

function runJob(io: Io, job: VerifyJob, request: VerifyRequest): VerifyOutcome {
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
    const lost = result.solved ? null : (firstLostMove(level.board, rule, result.solution) ?? null);
    return { kind: 'replayed', ref: job.ref, rule, replay: result, solutionText, lost };
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
  const collection = readEachLevel(io, input.text, input.name, request.format);
  const entries = selectEntries(collection, request.level);
  const explicitMoves = request.movesPath !== undefined || request.movesString !== undefined;
  const jobs = explicitMoves ? await jobsForGivenMoves(io, reader, request, collection, entries) : jobsForStoredSolutions(collection, entries);
  const reporter: Reporter<VerifyOutcome> = request.json
    ? jsonVerifyReporter(io.stdout)
    : humanVerifyReporter(io.stdout, chalk, { notation: request.notation, compact: jobs.length > 1, quiet: request.quiet });
  const codes: ExitCode[] = [];
  // Annotations stay off stdout with --json, which must stay pure JSON Lines.
  const annotations = annotating(io.env) ? (request.json ? io.stderr : io.stdout) : null;
  for (const job of jobs) {
    const outcome = runJob(io, job, request);
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
    .action(async (levelPath: string, movesPath: string | undefined, options: VerifyOptions, command: Command) => {
      const request: VerifyRequest = {
        ...movesRequestOf(levelPath, movesPath, options),
        notation: options.notation,
        json: options.json === true,
        quiet: options.quiet === true,
      };
      context.setExitCode(await verify(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
