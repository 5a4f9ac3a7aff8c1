import type { Direction } from '../../game/direction.js';
import { DOWN, LEFT, RIGHT, UP, type Problem } from '../model/problem.js';
import type { PlayerReach } from '../geometry/reachability.js';
import { boxesPlaced } from '../geometry/solution.js';
import type { Length } from './metric.js';

const DIRECTION_INDEX: Readonly<Record<Direction, number>> = { up: UP, down: DOWN, left: LEFT, right: RIGHT };

/** Whether the boxes (as a count on goals) and the player win under the problem's rule. */
export function isWon(problem: Problem, boxesOnGoals: number, playerOnGoal: boolean): boolean {
  return boxesPlaced(problem, boxesOnGoals) && (problem.rule !== 'keeper-too' || playerOnGoal);
}

/**
 * The pushes of a legal move sequence, in the solver's encoding ((box cell before the push) * 4 +
 * direction), up to the first position that wins: walking on after the win, or pushing on and
 * winning again, only makes a solution longer. Null when the moves never win or make an illegal step.
 */
export function pushesOfMoves(problem: Problem, moves: readonly Direction[]): Int32Array | null {
  const { neighbours, goalIndexOfCell } = problem;
  const boxAt = new Uint8Array(problem.cellCount);
  let onGoals = 0;
  for (const cell of problem.initialBoxes) {
    boxAt[cell] = 1;
    if (goalIndexOfCell[cell] >= 0) onGoals++;
  }
  let player = problem.initialPlayer;
  const pushes: number[] = [];
  if (isWon(problem, onGoals, goalIndexOfCell[player] >= 0)) return new Int32Array(0);
  for (const move of moves) {
    const d = DIRECTION_INDEX[move];
    const to = neighbours[player * 4 + d];
    if (to < 0) return null;
    if (boxAt[to] === 1) {
      const beyond = neighbours[to * 4 + d];
      if (beyond < 0 || boxAt[beyond] === 1) return null;
      boxAt[to] = 0;
      boxAt[beyond] = 1;
      if (goalIndexOfCell[to] >= 0) onGoals--;
      if (goalIndexOfCell[beyond] >= 0) onGoals++;
      pushes.push(to * 4 + d);
    }
    player = to;
    if (isWon(problem, onGoals, goalIndexOfCell[player] >= 0)) return Int32Array.from(pushes);
  }
  return null;
}

/**
 * The length of the solution made of these pushes with a shortest walk before each (and, under
 * keeper-too, a shortest walk to a free goal at the end), as pushesToLurd writes it; null when a
 * push is impossible. `reach.boxAt` must be all zero and is left so.
 */
export function lengthOfPushes(problem: Problem, reach: PlayerReach, pushes: Int32Array): Length | null {
  const { neighbours } = problem;
  const boxAt = reach.boxAt;
  for (const cell of problem.initialBoxes) boxAt[cell] = 1;
  let player = problem.initialPlayer;
  let moves = 0;
  let legal = true;
  for (let i = 0; i < pushes.length && legal; i++) {
    const box = pushes[i] >> 2;
    const d = pushes[i] & 3;
    const side = neighbours[box * 4 + (d ^ 1)];
    const to = neighbours[box * 4 + d];
    const steps = side < 0 || to < 0 || boxAt[box] !== 1 || boxAt[to] !== 0 ? -1 : reach.stepsTo(player, side);
    if (steps < 0) {
      legal = false;
      break;
    }
    moves += steps + 1;
    boxAt[box] = 0;
    boxAt[to] = 1;
    player = box;
  }
  if (legal && problem.rule === 'keeper-too') {
    const walk = walkToFreeGoal(problem, reach, player);
    if (walk < 0) legal = false;
    else moves += walk;
  }
  boxAt.fill(0);
  return legal ? { moves, pushes: pushes.length } : null;
}

/** Steps from `player` to the nearest goal without a box (0 when it stands on one), or -1; boxAt as given. */
export function walkToFreeGoal(problem: Problem, reach: PlayerReach, player: number): number {
  const reached = reach.walk(player);
  const cells = reach.visitedCells(reached);
  for (let i = 0; i < reached; i++) if (problem.goalIndexOfCell[cells[i]] >= 0) return reach.distance[cells[i]];
  return -1;
}
