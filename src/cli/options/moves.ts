import type { Command } from 'commander';
import type { GoalRule } from '../../game/goal-rule.js';
import type { LevelFormat } from '../../level/level.js';
import { formatOption, goalOption, levelOption } from './common.js';

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
