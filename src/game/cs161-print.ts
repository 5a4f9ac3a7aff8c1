import type { Cs161State } from './cs161.js';

/**
 * The CS161 homework's printout of a state: one line per row, one character per square, in the
 * XSB letters (space floor, # wall, $ box, @ keeper, . goal, * box on goal, + keeper on goal),
 * rows as long as they are in the state, no frame. A value outside 0-6 prints as `|`, as the
 * homework's printer does, so a broken state is still shown rather than refused.
 */
const LETTER_OF_SQUARE = ' #$@.*+';

/** The text the homework's `printstate` writes for one state, each row ending in a newline. */
export function printState(state: Cs161State): string {
  return state.map((row) => `${row.map((value) => (Number.isInteger(value) && value >= 0 && value <= 6 ? LETTER_OF_SQUARE[value] : '|')).join('')}\n`).join('');
}

/** The text of `printstates`: each state's printout, one after the other (the homework pauses between them instead of separating them). */
export function printStates(states: readonly Cs161State[]): string {
  return states.map(printState).join('');
}
