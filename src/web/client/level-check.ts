import { SokobanError } from '../../errors.js';
import { type GoalRule, chooseGoalRule, isGoalRule } from '../../game/goal-rule.js';
import type { Level, LevelFormat } from '../../level/level.js';
import { parseCollection } from '../../level/parse.js';
import { formatPosition } from '../../errors.js';

export interface CheckMessage {
  readonly text: string;
  readonly tone: 'error' | 'warning';
}

export interface CheckedLevels {
  readonly levels: readonly Level[];
  readonly messages: readonly CheckMessage[];
}

/**
 * Reads level text with the library's reader, turning its errors and warnings into the lines the
 * CLI would print (without the program name), so the page and `sokoban` never disagree.
 */
export function readLevels(text: string, file: string, format: LevelFormat | 'auto'): CheckedLevels {
  try {
    const collection = parseCollection(text, { file, format });
    const messages = collection.warnings.map(
      (warning): CheckMessage => ({
        text: `warning: ${formatPosition(warning)}: ${warning.message}`,
        tone: 'warning',
      }),
    );
    return { levels: collection.levels, messages };
  } catch (error) {
    if (!(error instanceof SokobanError)) throw error;
    return { levels: [], messages: [{ text: error.message, tone: 'error' }] };
  }
}

/** The rule for a level: the one chosen on the page, or the format's home rule; a message when neither applies. */
export function ruleFor(level: Level, choice: string): { rule: GoalRule | null; message: string | null } {
  try {
    return { rule: chooseGoalRule(level, isGoalRule(choice) ? choice : undefined), message: null };
  } catch (error) {
    if (!(error instanceof SokobanError)) throw error;
    return { rule: null, message: error.message };
  }
}
