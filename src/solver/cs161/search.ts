import { type Cs161State, h0, h1, stateToBoard } from '../../game/cs161.js';
import { type AStarResult, aStar } from './a-star.js';
import { Cs161Bound, type Cs161Rule } from './bound.js';
import { type Cs161HeuristicName, cs161RankSearch } from './rank-search.js';
import { h2 } from './seed-api.js';

/**
 * The CS161 homework's `sokoban(start_state, heuristic)`: A* from the start state with the
 * homework's goal test and successor function, every keeper step costing 1, so with an admissible
 * heuristic the path is move-optimal. It runs `aStar` exactly as the students' code would, but
 * over a compact copy of each state (one character per square, with a ring of wall for the
 * off-grid squares) so that problems with millions of states fit in memory: the states, their
 * order of generation and the heuristic's values are the same, hence the same path and node count.
 */

export type Cs161Heuristic = (state: Cs161State) => number;

export interface Cs161SearchOptions {
  /** The homework version's goal test: every box on a goal (default), or the keeper on a goal too. */
  readonly rule?: Cs161Rule;
  /** Expansions before giving up with AStarLimitError. */
  readonly maxExpanded?: number;
  /** See AStarOptions.shouldStop. */
  readonly shouldStop?: () => boolean;
  /** Bytes the states of h0, h1 and h2 searches may take (see rank-search.ts); AStarLimitError('memory') past it. */
  readonly maxBytes?: number;
}

// Square values as characters of the compact state.
const FLOOR = 48; // '0'
const WALL = 49; // '1'
const BOX = 50; // '2'
const GOAL = 52; // '4'
const BOX_ON_GOAL = 53; // '5'
const KEEPER = 51; // '3'
const KEEPER_ON_GOAL = 54; // '6'

/** How states of one problem map to and from their compact text. */
class CompactLayout {
  /** Grid width plus the wall ring on both sides. */
  readonly stride: number;
  readonly rowLengths: readonly number[];
  readonly width: number;
  private readonly buffer: number[];

  constructor(state: Cs161State) {
    const board = stateToBoard(state);
    this.width = board.width;
    this.stride = board.width + 2;
    this.rowLengths = state.map((row) => row.length);
    this.buffer = new Array((board.height + 2) * this.stride).fill(WALL);
  }

  encode(state: Cs161State): string {
    const codes = this.buffer.fill(WALL);
    state.forEach((row, r) => {
      row.forEach((value, c) => {
        codes[(r + 1) * this.stride + c + 1] = FLOOR + value;
      });
    });
    return String.fromCharCode(...codes);
  }

  decode(text: string): number[][] {
    return this.rowLengths.map((length, r) => {
      const row: number[] = [];
      for (let c = 0; c < length; c++) row.push(text.charCodeAt((r + 1) * this.stride + c + 1) - FLOOR);
      return row;
    });
  }

  /** The square of the (unringed) board that a compact index stands for. */
  squareOf(index: number): number {
    const row = Math.floor(index / this.stride) - 1;
    return row * this.width + (index % this.stride) - 1;
  }

  indexOf(square: number): number {
    const row = Math.floor(square / this.width);
    return (row + 1) * this.stride + (square - row * this.width) + 1;
  }

  /** Successors in the homework's order: up, down, left, right; blocked steps are left out. */
  nextStates(text: string): string[] {
    let keeper = text.indexOf('3');
    if (keeper === -1) keeper = text.indexOf('6');
    const successors: string[] = [];
    for (const offset of [-this.stride, this.stride, -1, 1]) {
      const target = keeper + offset;
      const onTarget = text.charCodeAt(target);
      if (onTarget === WALL) continue;
      const pushes = onTarget === BOX || onTarget === BOX_ON_GOAL;
      const beyond = target + offset;
      if (pushes) {
        const onBeyond = text.charCodeAt(beyond);
        if (onBeyond !== FLOOR && onBeyond !== GOAL) continue;
      }
      const codes = this.buffer;
      for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
      codes[keeper] = codes[keeper] === KEEPER_ON_GOAL ? GOAL : FLOOR;
      const targetIsGoal = onTarget === GOAL || onTarget === BOX_ON_GOAL;
      codes[target] = targetIsGoal ? KEEPER_ON_GOAL : KEEPER;
      if (pushes) codes[beyond] = codes[beyond] === GOAL ? BOX_ON_GOAL : BOX;
      successors.push(String.fromCharCode(...codes));
    }
    return successors;
  }
}

function countBoxesOffGoals(text: string): number {
  let count = 0;
  for (let at = text.indexOf('2'); at !== -1; at = text.indexOf('2', at + 1)) count++;
  return count;
}

/** The heuristic over compact states: h0, h1 and h2 computed on the text, any other one on the decoded grid. */
function compactHeuristic(heuristic: Cs161Heuristic, layout: CompactLayout, start: Cs161State, rule: Cs161Rule): (text: string) => number {
  if (heuristic === h0) return () => 0;
  if (heuristic === h1) return countBoxesOffGoals;
  if (heuristic === h2) {
    const bound = new Cs161Bound(stateToBoard(start), rule);
    const boxes: number[] = [];
    return (text) => {
      boxes.length = 0;
      for (let at = 0; at < text.length; at++) {
        const code = text.charCodeAt(at);
        if (code === BOX || code === BOX_ON_GOAL) boxes.push(layout.squareOf(at));
      }
      return bound.evaluateSquares(boxes, (square) => text.charCodeAt(layout.indexOf(square)) === BOX_ON_GOAL);
    };
  }
  return (text) => heuristic(layout.decode(text));
}

/** The homework's own heuristics, which the rank search computes on its compact states. */
function heuristicName(heuristic: Cs161Heuristic): Cs161HeuristicName | null {
  if (heuristic === h0) return 'h0';
  if (heuristic === h1) return 'h1';
  if (heuristic === h2) return 'h2';
  return null;
}

/**
 * Shortest solution of a CS161 problem as the list of states from start to goal (null when there
 * is none), with the number of states A* expanded. h2 is evaluated under the search's rule.
 */
export function sokoban(start: Cs161State, heuristic: Cs161Heuristic = h0, options: Cs161SearchOptions = {}): AStarResult<number[][]> {
  const rule = options.rule ?? 'all-boxes';
  const name = heuristicName(heuristic);
  if (name !== null) {
    const ranked = cs161RankSearch(start, name, options);
    if (ranked !== null) return { path: ranked.path, expanded: ranked.expanded };
  }
  const layout = new CompactLayout(start);
  const keeperToo = rule === 'keeper-too';
  const result = aStar(
    layout.encode(start),
    (text) => text.indexOf('2') === -1 && (!keeperToo || text.indexOf('3') === -1),
    (text) => layout.nextStates(text),
    compactHeuristic(heuristic, layout, start, rule),
    { key: (text) => text, maxExpanded: options.maxExpanded, shouldStop: options.shouldStop },
  );
  return { path: result.path === null ? null : result.path.map((text) => layout.decode(text)), expanded: result.expanded };
}
