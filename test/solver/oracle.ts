import { BOX, GOAL, WALL, type Board } from '../../src/level/board.js';
import type { GoalRule } from '../../src/game/goal-rule.js';

/**
 * An independent, deliberately naive judge for tiny boards: an exhaustive search over every
 * (player square, box squares) position, one single step at a time, with no pruning at all.
 * It shares nothing with the solver but the board model, so agreeing with it means something.
 */
export interface OracleAnswer {
  /** Fewest moves to a won position, or null when no won position is reachable. */
  readonly fewestMoves: number | null;
  /** Fewest pushes to a won position, or null. */
  readonly fewestPushes: number | null;
  /** Positions visited by the move search. */
  readonly positions: number;
}

interface Position {
  readonly player: number;
  /** Box squares in increasing order. */
  readonly boxes: readonly number[];
}

const keyOf = (position: Position): string => `${position.player}:${position.boxes.join(',')}`;

function isWon(board: Board, position: Position, rule: GoalRule, goals: readonly number[]): boolean {
  const onGoal = (square: number): boolean => (board.squares[square] & GOAL) !== 0;
  if (rule === 'all-goals') return goals.length > 0 && goals.every((goal) => position.boxes.includes(goal));
  if (!position.boxes.every(onGoal)) return false;
  return rule === 'all-boxes' || onGoal(position.player);
}

/** Every position one step away, with whether the step pushed a box. */
function successors(board: Board, position: Position): { next: Position; pushed: boolean }[] {
  const { width, height } = board;
  const open = (row: number, col: number): boolean => row >= 0 && row < height && col >= 0 && col < width && (board.squares[row * width + col] & WALL) === 0;
  const row = Math.floor(position.player / width);
  const col = position.player % width;
  const result: { next: Position; pushed: boolean }[] = [];
  for (const [dr, dc] of [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const) {
    if (!open(row + dr, col + dc)) continue;
    const into = (row + dr) * width + col + dc;
    if (!position.boxes.includes(into)) {
      result.push({ next: { player: into, boxes: position.boxes }, pushed: false });
      continue;
    }
    if (!open(row + 2 * dr, col + 2 * dc)) continue;
    const beyond = (row + 2 * dr) * width + col + 2 * dc;
    if (position.boxes.includes(beyond)) continue;
    const boxes = position.boxes.map((box) => (box === into ? beyond : box)).sort((a, b) => a - b);
    result.push({ next: { player: into, boxes }, pushed: true });
  }
  return result;
}

export function solveByExhaustion(board: Board, rule: GoalRule): OracleAnswer {
  const goals: number[] = [];
  const boxes: number[] = [];
  board.squares.forEach((flags, square) => {
    if ((flags & GOAL) !== 0) goals.push(square);
    if ((flags & BOX) !== 0) boxes.push(square);
  });
  const start: Position = { player: board.player, boxes };

  // Fewest moves: breadth-first over single steps.
  let fewestMoves: number | null = null;
  const seen = new Set([keyOf(start)]);
  let layer = [start];
  for (let depth = 0; layer.length > 0 && fewestMoves === null; depth++) {
    if (layer.some((position) => isWon(board, position, rule, goals))) {
      fewestMoves = depth;
      break;
    }
    const next: Position[] = [];
    for (const position of layer) {
      for (const { next: child } of successors(board, position)) {
        const key = keyOf(child);
        if (!seen.has(key)) {
          seen.add(key);
          next.push(child);
        }
      }
    }
    layer = next;
  }

  // Fewest pushes: breadth-first over pushes, each layer closed under walking first.
  let fewestPushes: number | null = null;
  // A position found by a push joins the next layer only if walking has not reached it first.
  const reached = new Set<string>();
  let candidates = [start];
  for (let pushes = 0; candidates.length > 0 && fewestPushes === null; pushes++) {
    const frontier: Position[] = [];
    for (const candidate of candidates) {
      const key = keyOf(candidate);
      if (reached.has(key)) continue;
      reached.add(key);
      frontier.push(candidate);
    }
    const pushedInto: Position[] = [];
    for (let i = 0; i < frontier.length; i++) {
      const position = frontier[i];
      if (isWon(board, position, rule, goals)) {
        fewestPushes = pushes;
        break;
      }
      for (const { next: child, pushed } of successors(board, position)) {
        if (pushed) {
          pushedInto.push(child);
          continue;
        }
        const key = keyOf(child);
        if (reached.has(key)) continue;
        reached.add(key);
        frontier.push(child);
      }
    }
    candidates = pushedInto;
  }

  return { fewestMoves, fewestPushes, positions: seen.size };
}
