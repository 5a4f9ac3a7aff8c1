import type { Command } from 'commander';
import type { ChalkInstance } from 'chalk';
import { InputError, UsageError } from '../../errors.js';
import { directionOfLetter } from '../../game/direction.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import { MAX_MOVE_TEXT_LENGTH } from '../../game/moves.js';
import { type ReplayResult, replay } from '../../game/replay.js';
import { step } from '../../game/step.js';
import type { Board } from '../../level/board.js';
import type { Level, LevelFormat, LevelIndex } from '../../level/level.js';
import { drawBoard } from '../board-view.js';
import { type CommandContext, styleFor } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { InputReader } from '../input.js';
import type { Io } from '../io.js';
import { levelLabel, loadLevels } from '../levels.js';
import { type MovesText, looksLikeMoves, parseMovesText } from '../moves-input.js';
import { formatOption, goalOption, levelOption, nonNegativeInteger } from '../options/common.js';
import { movesCursor } from '../terminal.js';

export interface ShowRequest {
  readonly levelPath: string;
  /** The moves file given after the level, or `-`. */
  readonly movesPath?: string;
  /** The --moves value: a moves file (or `-`), or the moves themselves when it holds only move characters. */
  readonly movesOption?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly strictCase: boolean;
  /** Milliseconds between frames on a terminal. */
  readonly delay: number;
}

export const DEFAULT_DELAY_MS = 150;

function counts(moves: number, pushes: number): string {
  return `${moves} ${moves === 1 ? 'move' : 'moves'}, ${pushes} ${pushes === 1 ? 'push' : 'pushes'}`;
}

function drawLevels(io: Io, collection: LevelIndex, levels: readonly Level[], chalk: ChalkInstance): ExitCode {
  levels.forEach((level, i) => {
    if (i > 0) io.stdout.write('\n');
    if (levels.length > 1 || level.title !== null) {
      io.stdout.write(`${chalk.bold(levelLabel(level, collection.count))}\n`);
    }
    io.stdout.write(`${drawBoard(level.board, chalk)}\n`);
  });
  return ExitCode.ok;
}

/** The positions a legal replay passes through, start first, one per move. */
function* positions(start: Board, result: ReplayResult): Generator<Board> {
  let board = start;
  yield board;
  for (const letter of result.solution) {
    const moved = step(board, directionOfLetter(letter) ?? 'up');
    // replay() already played these moves, so a blocked one here would be a bug, not bad input.
    if (!moved.ok) throw new Error(`show: replayed move '${letter}' is blocked on the second pass`);
    board = moved.board;
    yield board;
  }
}

function verdict(result: ReplayResult, chalk: ChalkInstance): string {
  if (result.solved) return `${chalk.green('solved')} in ${counts(result.moves, result.pushes)}`;
  if (result.error !== null) return `${chalk.red('illegal move')}: ${result.error.message}`;
  return `${chalk.red('not solved')} after ${counts(result.moves, result.pushes)}`;
}

/**
 * Plays the moves. On a terminal each frame replaces the last, `delay` ms apart; anywhere else
 * (a pipe, a file, CI logs) every position is printed once, one after another, with no waiting:
 * a log is read afterwards, so pausing would only slow it down.
 */
async function play(io: Io, level: Level, moves: MovesText, request: ShowRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const rule = chooseGoalRule(level, request.goal);
  const parsed = parseMovesText(moves, request.strictCase);
  const result = replay(level.board, parsed, { rule, strictCase: request.strictCase, file: moves.file });
  const animate = movesCursor(io, io.stdout);
  const total = parsed.moves.length;
  let previousHeight = 0;
  let played = 0;
  let pushes = 0;
  for (const board of positions(level.board, result)) {
    const letter = played === 0 ? '' : result.solution[played - 1];
    if (letter !== '' && letter !== letter.toLowerCase()) pushes++;
    const status = played === 0 ? `start (${total} moves to play)` : `move ${played}/${total} '${letter}': ${counts(played, pushes)}`;
    const frame = `${drawBoard(board, chalk)}\n${status}\n`;
    if (animate) {
      if (played > 0 && request.delay > 0) await io.sleep(request.delay);
      // Move the cursor back over the last frame and clear below it, so the board redraws in place.
      if (previousHeight > 0) io.stdout.write(`\x1b[${previousHeight}A\x1b[0J`);
      previousHeight = frame.split('\n').length - 1;
    } else if (played > 0) {
      io.stdout.write('\n');
    }
    io.stdout.write(frame);
    played++;
  }
  if (result.error !== null) {
    io.stdout.write(`\n${verdict(result, chalk)}\nboard before move ${result.error.index}:\n${drawBoard(result.error.board, chalk)}\n`);
  } else {
    io.stdout.write(`${verdict(result, chalk)}\n`);
  }
  return result.solved ? ExitCode.ok : ExitCode.notSolved;
}

/** `sokoban show`: draws levels, and with moves plays them. */
export async function show(io: Io, request: ShowRequest, chalk: ChalkInstance): Promise<ExitCode> {
  const reader = new InputReader(io);
  const { collection, levels } = await loadLevels(io, reader, request.levelPath, request.format, request.level);
  if (request.movesPath !== undefined && request.movesOption !== undefined) {
    throw new UsageError('give the moves either as a file argument or with --moves, not both');
  }
  // `--moves <file>` names a moves file, like the argument after the level; a value made only of
  // move characters is the moves themselves. Its spelling alone decides, so that no file on disk
  // changes what a command line means (a moves file with such a name is given as `./rRR`).
  const option = request.movesOption;
  const literal = option !== undefined && looksLikeMoves(option) ? option : undefined;
  let moves: MovesText;
  if (literal !== undefined) {
    moves = { text: literal, file: '--moves', line: 1, column: 1 };
  } else if (option !== undefined || request.movesPath !== undefined) {
    const path = option ?? (request.movesPath as string);
    const input = await reader.read(path, 'moves file', MAX_MOVE_TEXT_LENGTH).catch((error: unknown) => {
      if (option === undefined || !(error instanceof InputError)) throw error;
      const hint = '--moves takes a moves file, or the moves themselves (only l u r d L U R D, digits and parentheses)';
      throw new InputError(`${error.reason}; ${hint}`, error.file);
    });
    moves = { text: input.text, file: input.name, line: 1, column: 1 };
  } else {
    return drawLevels(io, collection, levels, chalk);
  }
  if (levels.length !== 1) {
    throw new UsageError(`${collection.file} has ${levels.length} levels: choose the one these moves are for with --level <n|title>`);
  }
  return play(io, levels[0], moves, request, chalk);
}

interface ShowOptions {
  readonly moves?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly goal?: GoalRule;
  readonly strictCase?: boolean;
  readonly delay: number;
}

export function registerShow(program: Command, context: CommandContext): void {
  program
    .command('show')
    .description('draw a level (in colour on a terminal) and, given moves, play them step by step')
    .argument('<level>', "level file, or '-' for stdin")
    .argument('[moves]', "file of LURD moves to play, or '-' for stdin (the same as --moves <file>)")
    .option('--moves <file|lurd>', "file of LURD moves to play, or '-' for stdin; a value of move characters only (lurdLURD, digits, parentheses) is the moves themselves")
    .option('--delay <ms>', 'pause between moves on a terminal', nonNegativeInteger, DEFAULT_DELAY_MS)
    .addOption(levelOption())
    .addOption(goalOption())
    .addOption(formatOption())
    .option('--strict-case', 'treat a walk written as a push (or the reverse) as an error')
    .action(async (levelPath: string, movesPath: string | undefined, options: ShowOptions, command: Command) => {
      const request: ShowRequest = {
        levelPath,
        movesPath,
        movesOption: options.moves,
        level: options.level,
        format: options.format,
        goal: options.goal,
        strictCase: options.strictCase === true,
        delay: options.delay,
      };
      context.setExitCode(await show(context.io, request, styleFor(command, context.io, context.io.stdout)));
    });
}
