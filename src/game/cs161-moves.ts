import type { Cs161State } from './cs161.js';

const BOX = 2;
const BOX_ON_GOAL = 5;
const KEEPER = 3;
const KEEPER_ON_GOAL = 6;

function keeperOf(state: Cs161State): readonly [number, number] {
  for (let r = 0; r < state.length; r++) {
    for (let c = 0; c < state[r].length; c++) if (state[r][c] === KEEPER || state[r][c] === KEEPER_ON_GOAL) return [r, c];
  }
  throw new Error('internal: a CS161 state without a keeper in a path');
}

/**
 * The LURD moves of a path of CS161 states (each one keeper step after the one before, as A*
 * returns them): the letter of the keeper's step, upper case when the square it stepped onto
 * held a box. The path is trusted to be made of steps; replaying the moves is what checks it.
 */
export function movesOfStates(states: readonly Cs161State[]): string {
  let moves = '';
  for (let i = 1; i < states.length; i++) {
    const [fromRow, fromCol] = keeperOf(states[i - 1]);
    const [toRow, toCol] = keeperOf(states[i]);
    const letter = toRow < fromRow ? 'u' : toRow > fromRow ? 'd' : toCol < fromCol ? 'l' : 'r';
    const pushed = states[i - 1][toRow][toCol] === BOX || states[i - 1][toRow][toCol] === BOX_ON_GOAL;
    moves += pushed ? letter.toUpperCase() : letter;
  }
  return moves;
}
