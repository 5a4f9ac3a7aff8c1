import { InvalidArgumentError, Option } from 'commander';
import { GOAL_RULES, type GoalRule } from '../../game/goal-rule.js';
import type { LevelFormat } from '../../level/level.js';

/** Options several commands share, so they read and behave the same everywhere. */

export const LEVEL_FORMATS: readonly LevelFormat[] = ['xsb', 'json', 'grid'];
export const NOTATIONS = ['lurd', 'squares'] as const;
export type Notation = (typeof NOTATIONS)[number];

export function formatOption(): Option {
  return new Option('--format <format>', 'read the level as this format instead of detecting it').choices(LEVEL_FORMATS);
}

export function levelOption(): Option {
  return new Option('--level <n|title>', 'work on one level of a collection: its 1-based number or its title');
}

export function goalOption(): Option {
  return new Option('--goal <rule>', "victory rule: every goal filled, every box on a goal, or boxes and keeper on goals (default: the format's own rule)").choices(GOAL_RULES);
}

export function notationOption(): Option {
  return new Option('--notation <notation>', 'print moves as LURD or as the squares the player visits (e.g. "Li Lh Kh")').choices(NOTATIONS).default('lurd');
}

export function jsonOption(): Option {
  return new Option('--json', 'print one JSON object per level (JSON Lines) instead of text');
}

/** Parses a whole non-negative number of milliseconds (or other unit) for options like --delay. */
export function nonNegativeInteger(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return Number(value);
}

/** Option values shared by the level-reading commands, after commander has checked the choices. */
export interface LevelReadingOptions {
  readonly format?: LevelFormat;
  readonly level?: string;
  readonly goal?: GoalRule;
}

/** Parses a whole number of 1 or more, for counts such as --jobs and --max-nodes. */
export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new InvalidArgumentError('expected a whole number, 1 or more');
  return Number(value);
}

/** Parses a number of seconds above zero, fractions allowed (--time-limit 0.5). */
export function positiveSeconds(value: string): number {
  const seconds = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new InvalidArgumentError('expected a number of seconds above 0, e.g. 60 or 0.5');
  }
  return seconds;
}

/** For options that may be given several times: each value is added to the list. */
export function collect(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
