import { type Board, WALL } from '../../level/board.js';
import { FixedBoxes } from '../deadlocks/fixed-boxes.js';
import type { GoalRule } from '../../game/goal-rule.js';
import { buildProblem, type Problem } from '../model/problem.js';

/**
 * The board with the boxes that start on a goal and can never move turned into walls, their goals
 * with them: boxes held on both axes by walls or by other such boxes (a box in a corner, a 2x2
 * block). Returns the board itself when there are none, when every box or every goal is one
 * (nothing is left to solve), or when such a box stands off a goal (the level is lost, or the box
 * is a spare one: the searches take the board as it is).
 *
 * Every solution leaves those boxes where they are, so the two boards have the same solutions,
 * move for move: a player can no more walk into a box than into a wall, and the goal under the
 * box is filled from first to last. The searches gain from it: fewer boxes to match, and the
 * perimeters' backward searches (bounds/*-perimeter.ts) no longer pull the fixed boxes away,
 * into positions the forward search never meets. Microban 144 starts with such a 2x2 block.
 *
 * Fixed is judged by walls and boxes only (no dead cells): that needs no analysis of the level.
 */
export function fixedHomeBoxesAsWalls(board: Board, problem: Problem): Board {
  const boxes = Int32Array.from(problem.initialBoxes);
  if (boxes.length === 0) return board;
  const fixedBoxes = new FixedBoxes(problem, new Uint8Array(problem.cellCount));
  fixedBoxes.mark(boxes, boxes.length);
  let fixed = 0;
  let offGoal = false;
  for (const cell of boxes) {
    if (fixedBoxes.fixed[cell] === 0) continue;
    fixed++;
    if (problem.goalIndexOfCell[cell] < 0) offGoal = true;
  }
  // With every goal held (spare boxes under all-goals), the level is won already: no board without goals.
  if (fixed === 0 || fixed === boxes.length || fixed === problem.goals.length || offGoal) return board;
  const squares = board.squares.slice();
  for (const cell of boxes) if (fixedBoxes.fixed[cell] !== 0) squares[problem.squareOfCell[cell]] = WALL;
  return { width: board.width, height: board.height, squares, player: board.player };
}

/** The problem the solver searches for `board`: built from it, and once more only when fixedHomeBoxesAsWalls turns boxes into walls. */
export function problemWithFixedHomeBoxesAsWalls(board: Board, rule: GoalRule): Problem {
  const given = buildProblem(board, rule);
  const simpler = fixedHomeBoxesAsWalls(board, given);
  return simpler === board ? given : buildProblem(simpler, rule);
}
