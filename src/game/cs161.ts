import { LevelError } from '../errors.js';
import { BOX, GOAL, WALL, type Board } from '../level/board.js';
import { DIRECTIONS } from './direction.js';
import { isSolved } from './goal-rule.js';
import { step } from './step.js';

/**
 * The UCLA CS161 homework's interface over our rules: a state is a grid of numbers
 * (0 floor, 1 wall, 2 box, 3 keeper, 4 goal, 5 box on goal, 6 keeper on goal), and every
 * square outside the grid is a wall.
 */

export type Cs161State = readonly (readonly number[])[];

const FLOOR = 0;
const SQUARE_WALL = 1;
const SQUARE_BOX = 2;
const KEEPER = 3;
const SQUARE_GOAL = 4;
const BOX_ON_GOAL = 5;
const KEEPER_ON_GOAL = 6;

const FLAGS_OF: readonly number[] = [0, WALL, BOX, 0, GOAL, BOX | GOAL, GOAL];

function invalid(reason: string): never {
  throw new LevelError(reason, { file: '<input>' });
}

function checkSquares(state: Cs161State): void {
  // States usually come from JSON or hand-written arrays, so the shape is checked rather than trusted.
  if (!Array.isArray(state) || state.length === 0) invalid('a CS161 state is a non-empty list of rows');
  state.forEach((row, r) => {
    if (!Array.isArray(row)) invalid(`row ${r} is not a list of numbers`);
    row.forEach((value, c) => {
      if (!Number.isInteger(value) || value < FLOOR || value > KEEPER_ON_GOAL) {
        invalid(`square (${r}, ${c}) is ${JSON.stringify(value)}, expected an integer from 0 to 6`);
      }
    });
  });
}

/** The state as a board: short rows are padded with wall, as off-grid squares are walls anyway. */
export function stateToBoard(state: Cs161State): Board {
  checkSquares(state);
  const height = state.length;
  const width = Math.max(...state.map((row) => row.length));
  if (width === 0) invalid('a CS161 state needs at least one square');
  const squares = new Uint8Array(width * height).fill(WALL);
  let player = -1;
  state.forEach((row, r) => {
    row.forEach((value, c) => {
      const index = r * width + c;
      squares[index] = FLAGS_OF[value];
      if (value === KEEPER || value === KEEPER_ON_GOAL) {
        if (player !== -1) invalid(`square (${r}, ${c}) is a second keeper`);
        player = index;
      }
    });
  });
  if (player === -1) invalid('the state has no keeper');
  return { width, height, squares, player };
}

function squareValue(board: Board, index: number): number {
  const flags = board.squares[index];
  if (flags & WALL) return SQUARE_WALL;
  const onGoal = (flags & GOAL) !== 0;
  if (index === board.player) return onGoal ? KEEPER_ON_GOAL : KEEPER;
  if (flags & BOX) return onGoal ? BOX_ON_GOAL : SQUARE_BOX;
  return onGoal ? SQUARE_GOAL : FLOOR;
}

/** The board as a state with the given row lengths (those of the state it came from). */
export function boardToState(board: Board, rowLengths: readonly number[]): number[][] {
  return rowLengths.map((length, r) => {
    const row: number[] = [];
    for (let c = 0; c < length; c++) row.push(squareValue(board, r * board.width + c));
    return row;
  });
}

/**
 * Won when no box stands off a goal (all-boxes, extra goals allowed), or under keeper-too
 * when the keeper stands on a goal as well (the homework's older version).
 */
export function goalTest(state: Cs161State, rule: 'all-boxes' | 'keeper-too' = 'all-boxes'): boolean {
  return isSolved(stateToBoard(state), rule);
}

/** Every state one keeper step away, in the order up, down, left, right; blocked steps are left out. */
export function nextStates(state: Cs161State): number[][][] {
  const board = stateToBoard(state);
  const rowLengths = state.map((row) => row.length);
  const successors: number[][][] = [];
  for (const direction of DIRECTIONS) {
    const result = step(board, direction);
    if (result.ok) successors.push(boardToState(result.board, rowLengths));
  }
  return successors;
}

/** The trivial heuristic. The state is still checked, so a bad state fails here as everywhere else. */
export function h0(state: Cs161State): number {
  checkSquares(state);
  return 0;
}

/** Boxes not on goals: admissible, as each needs at least one push. */
export function h1(state: Cs161State): number {
  checkSquares(state);
  let count = 0;
  for (const row of state) for (const value of row) if (value === SQUARE_BOX) count++;
  return count;
}
