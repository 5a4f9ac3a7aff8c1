import { firstLostMoveWithin } from '../solver/explain/first-lost-move.js';
import { NOT_SEARCHED, lossFields } from '../solver/explain/loss-fields.js';
import { type GoalRule, chooseGoalRule } from '../game/goal-rule.js';
import { replay } from '../game/replay.js';
import { BOX, GOAL, countSquares } from '../level/board.js';
import type { Level, LevelFormat } from '../level/level.js';
import { formatCollection } from '../level/write.js';
import { SokobanError, formatPosition } from '../errors.js';
import { HttpError, readingInput } from './http-error.js';
import { type LevelWithRule, collectionOfRequest, levelOfRequest } from './level-input.js';
import type { ConvertAnswer, ConvertRequest, ParseAnswer, ParseRequest, RuleOrProblem, Unchecked, VerifyAnswer, VerifyRequest } from './protocol.js';
import { type JsonObject, goalRule, levelFormat, optionalBoolean, requiredString } from './request-fields.js';

/**
 * The handlers that read the user's level text and moves. They run in a worker thread (see
 * input-service.ts), so a text that is slow or huge to read never holds up other requests.
 */

/** The rule a level is played under by default, or the CLI's message when it needs one chosen. */
export function ruleOrProblem(level: Level, requested?: GoalRule): RuleOrProblem {
  try {
    return { rule: chooseGoalRule(level, requested), problem: null };
  } catch (error) {
    if (!(error instanceof SokobanError)) throw error;
    return { rule: null, problem: error.message };
  }
}

/**
 * The most levels one /api/parse answer describes. A megabyte of tiny levels is 200,000 of them,
 * whose answer was 43.6 MB (issue 46); the largest public collections hold a few thousand.
 */
export const MAX_ANSWER_LEVELS = 10_000;

/**
 * The most bytes one answer holds. Each answer waits whole in the server's memory until its
 * client has taken it, so this bounds what a client that never reads can cost; Sven's 1,623
 * levels as 6.101 JSON are 2.5 MB.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** An answer already written as JSON, by the worker that made it, so the server holds only its text. */
export interface JsonText {
  readonly json: string;
}

/** The answer as JSON text, or 413 when it is more than one answer may hold. */
export function jsonText(answer: unknown): JsonText {
  const json = `${JSON.stringify(answer)}\n`;
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_ANSWER_BYTES) throw new HttpError(413, `the answer would be ${bytes} bytes; one answer holds at most ${MAX_ANSWER_BYTES}: send fewer levels`, 'limit');
  return { json };
}

export function parseLevels(body: Unchecked<ParseRequest>): ParseAnswer {
  const collection = collectionOfRequest(body);
  if (collection.levels.length > MAX_ANSWER_LEVELS) {
    throw new HttpError(413, `the text holds ${collection.levels.length} levels; one answer describes at most ${MAX_ANSWER_LEVELS}: send them in parts`, 'limit');
  }
  const requested = goalRule(body);
  return {
    format: collection.format,
    title: collection.title,
    warnings: collection.warnings.map((warning) => `${formatPosition(warning)}: ${warning.message}`),
    levels: collection.levels.map((level) => ({
      index: level.source.index,
      title: level.title,
      width: level.board.width,
      height: level.board.height,
      boxes: countSquares(level.board, BOX),
      goals: countSquares(level.board, GOAL),
      ...ruleOrProblem(level, requested),
    })),
  };
}

export function convertLevels(body: Unchecked<ConvertRequest>): ConvertAnswer {
  const to = levelFormat(body, 'to');
  if (to === undefined) throw new HttpError(400, '"to" must be one of xsb, json, grid');
  const collection = collectionOfRequest(body);
  return { format: to, text: formatCollection(collection, to as LevelFormat) };
}

/**
 * The time one verify request may spend looking for the move that lost the game (the level's
 * analysis is quadratic in the board: 45 s on an open 250 by 250 board), well inside the input
 * worker's deadline; past it the answer says nothing about the loss.
 */
export const VERIFY_LOSS_BUDGET_MS = 2_000;

/** Replays a move string with the CLI's replay: the same answer as `sokoban verify --json`. */
export function verifyMoves(body: Unchecked<VerifyRequest>, lossBudgetMs = VERIFY_LOSS_BUDGET_MS): VerifyAnswer {
  const { level, rule } = levelOfRequest(body);
  const moves = requiredString(body, 'moves');
  const strictCase = optionalBoolean(body, 'strictCase');
  const result = readingInput('moves', 'the move string', () => replay(level.board, moves, { rule, strictCase, file: 'moves' }));
  const error: VerifyAnswer['error'] =
    result.error === null
      ? null
      : {
          index: result.error.index,
          move: result.error.move,
          row: result.error.row,
          col: result.error.col,
          square: result.error.square,
          reason: result.error.reason,
          message: result.error.message,
        };
  const deadline = performance.now() + lossBudgetMs;
  const search = result.solved ? NOT_SEARCHED : firstLostMoveWithin(level.board, rule, result.solution, () => performance.now() > deadline);
  return { rule, valid: result.valid, solved: result.solved, moves: result.moves, pushes: result.pushes, solution: result.solution, error, ...lossFields(level.board, search) };
}

/** What a worker is asked to read: one of the handlers above, or the level a solve is about. */
export type InputTaskKind = 'parse' | 'convert' | 'verify' | 'level';

export interface InputTask {
  readonly kind: InputTaskKind;
  readonly body: JsonObject;
}

/** What a worker answers: the API's answers as their JSON text (ParseAnswer, ConvertAnswer, VerifyAnswer), and a solve's level as it is. */
export interface InputAnswers {
  readonly parse: JsonText;
  readonly convert: JsonText;
  readonly verify: JsonText;
  readonly level: LevelWithRule;
}

export function answerInputTask(task: InputTask): InputAnswers[InputTaskKind] {
  switch (task.kind) {
    case 'parse':
      return jsonText(parseLevels(task.body));
    case 'convert':
      return jsonText(convertLevels(task.body));
    case 'verify':
      return jsonText(verifyMoves(task.body));
    case 'level':
      return levelOfRequest(task.body);
  }
}
