import { BOX, GOAL, WALL, type Board } from '../../level/board.js';
import type { GoalRule } from '../../game/goal-rule.js';

/** Direction indices used throughout the solver: up, down, left, right; the opposite of d is d ^ 1. */
export const UP = 0;
export const DOWN = 1;
export const LEFT = 2;
export const RIGHT = 3;
export const DIRECTION_LETTERS = 'udlr';

/**
 * The level as the search sees it: only the squares the player can ever stand on or push a box
 * onto ("cells"), numbered densely in row-major order so that the smallest reachable cell is the
 * top-left one and bitsets over cells stay short. Boxes the player can never touch are walls here.
 */
export interface Problem {
  readonly rule: GoalRule;
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** Board square of each cell. */
  readonly squareOfCell: Int32Array;
  /** Cell of each board square, or -1. */
  readonly cellOfSquare: Int32Array;
  /** neighbours[cell * 4 + d]: the adjacent cell in direction d, or -1 behind a wall. */
  readonly neighbours: Int32Array;
  /** Goal cells in increasing order, and for each cell its goal number or -1. */
  readonly goals: Int32Array;
  readonly goalIndexOfCell: Int32Array;
  /** Movable boxes at the start, as cells. */
  readonly initialBoxes: Int32Array;
  readonly initialPlayer: number;
  /** 32-bit words in a box bitset. */
  readonly words: number;
  readonly goalMask: Uint32Array;
  /** True when every box must end on a goal, which is what makes dead squares and freezes deadlocks. */
  readonly everyBoxNeedsGoal: boolean;
  /**
   * True when every goal must end under a box: under all-goals, and under all-boxes when there
   * are as many boxes as goals (the two rules then ask the same). Searches that reason about
   * empty goals (PI-corrals) then know an empty goal is unfinished work whatever the rule's name.
   */
  readonly everyGoalNeedsBox: boolean;
  /** Set when the level is lost before the search starts (e.g. an untouchable box off its goal). */
  readonly hopelessBecause: string | null;
}

export function buildProblem(board: Board, rule: GoalRule): Problem {
  const { width, height, squares } = board;
  const size = width * height;
  const open = (square: number): boolean => (squares[square] & WALL) === 0;

  // Every square the player could reach if boxes were air: boxes outside this can never move.
  const reached = new Uint8Array(size);
  const stack = [board.player];
  reached[board.player] = 1;
  while (stack.length > 0) {
    const square = stack.pop() as number;
    const row = Math.floor(square / width);
    const col = square - row * width;
    const around = [row > 0 ? square - width : -1, row < height - 1 ? square + width : -1, col > 0 ? square - 1 : -1, col < width - 1 ? square + 1 : -1];
    for (const next of around) {
      if (next >= 0 && reached[next] === 0 && open(next)) {
        reached[next] = 1;
        stack.push(next);
      }
    }
  }

  const cellOfSquare = new Int32Array(size).fill(-1);
  const cellSquares: number[] = [];
  for (let square = 0; square < size; square++) {
    if (reached[square] === 1) {
      cellOfSquare[square] = cellSquares.length;
      cellSquares.push(square);
    }
  }
  const cellCount = cellSquares.length;
  const squareOfCell = Int32Array.from(cellSquares);
  const neighbours = new Int32Array(cellCount * 4).fill(-1);
  for (let cell = 0; cell < cellCount; cell++) {
    const square = squareOfCell[cell];
    const row = Math.floor(square / width);
    const col = square - row * width;
    if (row > 0) neighbours[cell * 4 + UP] = cellOfSquare[square - width];
    if (row < height - 1) neighbours[cell * 4 + DOWN] = cellOfSquare[square + width];
    if (col > 0) neighbours[cell * 4 + LEFT] = cellOfSquare[square - 1];
    if (col < width - 1) neighbours[cell * 4 + RIGHT] = cellOfSquare[square + 1];
  }

  const goals: number[] = [];
  const goalIndexOfCell = new Int32Array(cellCount).fill(-1);
  const boxes: number[] = [];
  let hopelessBecause: string | null = null;
  let outsideBoxesOnGoals = 0;
  for (let square = 0; square < size; square++) {
    const flags = squares[square];
    const cell = cellOfSquare[square];
    if (cell >= 0) {
      if ((flags & GOAL) !== 0) {
        goalIndexOfCell[cell] = goals.length;
        goals.push(cell);
      }
      if ((flags & BOX) !== 0) boxes.push(cell);
      continue;
    }
    const outsideBox = (flags & BOX) !== 0;
    const outsideGoal = (flags & GOAL) !== 0;
    if (outsideBox && outsideGoal) outsideBoxesOnGoals++;
    else if (outsideBox && rule !== 'all-goals') hopelessBecause = 'a box the player can never reach stands off a goal';
    else if (outsideGoal && rule === 'all-goals') hopelessBecause = 'a goal the player can never reach holds no box';
  }
  const totalGoals = goals.length + outsideBoxesOnGoals;
  if (hopelessBecause === null && rule === 'all-goals' && totalGoals === 0) hopelessBecause = 'the level has no goals';
  if (hopelessBecause === null && rule === 'all-goals' && boxes.length < goals.length) {
    hopelessBecause = 'there are fewer boxes than goals';
  }
  if (hopelessBecause === null && rule !== 'all-goals' && boxes.length > goals.length) {
    hopelessBecause = 'there are more boxes than goals';
  }
  if (hopelessBecause === null && rule === 'keeper-too' && boxes.length >= goals.length) {
    hopelessBecause = 'no goal is left for the player once every box is on one';
  }

  const words = Math.max(1, Math.ceil(cellCount / 32));
  const goalMask = new Uint32Array(words);
  for (const goal of goals) goalMask[goal >>> 5] |= 1 << (goal & 31);

  return {
    rule,
    width,
    height,
    cellCount,
    squareOfCell,
    cellOfSquare,
    neighbours,
    goals: Int32Array.from(goals),
    goalIndexOfCell,
    initialBoxes: Int32Array.from(boxes),
    initialPlayer: cellOfSquare[board.player],
    words,
    goalMask,
    everyBoxNeedsGoal: rule !== 'all-goals' || boxes.length === goals.length,
    everyGoalNeedsBox: rule === 'all-goals' || (rule === 'all-boxes' && boxes.length === goals.length),
    hopelessBecause,
  };
}

/**
 * Searching backwards starts from the one box configuration that wins, so it needs every goal
 * filled by exactly one box at the end.
 */
export function canSearchBackward(problem: Problem): boolean {
  return problem.rule !== 'keeper-too' && problem.initialBoxes.length === problem.goals.length && problem.goals.length > 0;
}
