import { DIRECTION_LETTERS, type Problem } from '../model/problem.js';
import { PlayerReach } from './reachability.js';

export interface SolutionText {
  readonly lurd: string;
  readonly moves: number;
  readonly pushes: number;
}

/**
 * Turns the pushes a search found into LURD: before each push the player takes a shortest walk
 * around the boxes to the square behind the box. Under keeper-too the player finally walks to
 * the nearest free goal.
 */
export function pushesToLurd(problem: Problem, pushes: Int32Array): SolutionText {
  const reach = new PlayerReach(problem);
  const { neighbours } = problem;
  for (const cell of problem.initialBoxes) reach.boxAt[cell] = 1;
  let player = problem.initialPlayer;
  const parts: string[] = [];
  let moves = 0;

  const walkTo = (target: number): void => {
    reach.walk(player, true);
    if (!reach.reached(target)) throw new Error(`internal: solution walks to an unreachable cell ${target}`);
    const path: string[] = [];
    for (let cell = target; cell !== player; cell = reach.cameFrom[cell]) {
      const previous = reach.cameFrom[cell];
      path.push(DIRECTION_LETTERS[directionBetween(neighbours, previous, cell)]);
    }
    path.reverse();
    parts.push(path.join(''));
    moves += path.length;
    player = target;
  };

  for (const push of pushes) {
    const box = push >> 2;
    const direction = push & 3;
    const from = neighbours[box * 4 + (direction ^ 1)];
    const to = neighbours[box * 4 + direction];
    walkTo(from);
    if (reach.boxAt[box] !== 1 || reach.boxAt[to] !== 0) throw new Error('internal: solution pushes a missing or blocked box');
    reach.boxAt[box] = 0;
    reach.boxAt[to] = 1;
    parts.push(DIRECTION_LETTERS[direction].toUpperCase());
    moves++;
    player = box;
  }
  if (problem.rule === 'keeper-too' && problem.goalIndexOfCell[player] < 0) {
    const reachedCount = reach.walk(player);
    const cells = reach.visitedCells(reachedCount);
    let target = -1;
    for (let i = 0; i < reachedCount && target < 0; i++) if (problem.goalIndexOfCell[cells[i]] >= 0) target = cells[i];
    if (target < 0) throw new Error('internal: keeper-too solution leaves the player no free goal');
    walkTo(target);
  }
  return { lurd: parts.join(''), moves, pushes: pushes.length };
}

function directionBetween(neighbours: Int32Array, from: number, to: number): number {
  for (let d = 0; d < 4; d++) if (neighbours[from * 4 + d] === to) return d;
  throw new Error('internal: cells are not adjacent');
}

/** Whether the boxes alone are placed as the rule wants (under keeper-too the player still has to walk to a goal). */
export function boxesPlaced(problem: Problem, boxesOnGoals: number): boolean {
  return boxesOnGoals === (problem.rule === 'all-goals' ? problem.goals.length : problem.initialBoxes.length);
}

/**
 * `pushes` up to the first after which the boxes are placed as the rule wants (boxesPlaced), from
 * the boxes marked in `boxAt` (which it moves along). A solution joined from parts (a forward
 * search's pushes and a backward search's pulls reversed) may cross a won position before its end,
 * and nothing may follow the win.
 */
export function pushesUntilWon(problem: Problem, boxAt: Uint8Array, pushes: ArrayLike<number>): Int32Array {
  const { goalIndexOfCell, neighbours, goals } = problem;
  let onGoals = 0;
  for (const goal of goals) onGoals += boxAt[goal];
  for (let i = 0; i < pushes.length; i++) {
    const from = pushes[i] >> 2;
    const to = neighbours[from * 4 + (pushes[i] & 3)];
    boxAt[from] = 0;
    boxAt[to] = 1;
    onGoals += (goalIndexOfCell[to] >= 0 ? 1 : 0) - (goalIndexOfCell[from] >= 0 ? 1 : 0);
    if (boxesPlaced(problem, onGoals)) return Int32Array.from(pushes).subarray(0, i + 1);
  }
  return Int32Array.from(pushes);
}
