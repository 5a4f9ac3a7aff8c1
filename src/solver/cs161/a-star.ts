import { SearchLimitError, UsageError } from '../../errors.js';
import { NodeHeap } from '../tables/node-heap.js';

/**
 * A plain A* over any state type, shaped like the CS161 homework's `a_star(start, goal_test,
 * next_states, heuristic)`: each step costs 1, the goal test runs when a state is taken from the
 * open list (so the first goal taken is a shortest one with an admissible heuristic), and the
 * answer carries the number of states expanded, which is how the homework ranks heuristics.
 *
 * This is the reference search for the students' interface, not one of the solver's engines: it
 * keeps every state it generates, as given. The engines in `engines/` are the fast path.
 */

export interface AStarOptions<State> {
  /**
   * Identity of a state, for duplicate detection. Default: JSON.stringify, which suits states
   * made of arrays and numbers such as the CS161 grids.
   */
  readonly key?: (state: State) => string;
  /** Expansions before giving up with AStarLimitError; unlimited when absent. */
  readonly maxExpanded?: number;
  /**
   * Asked every 1024 expansions; true ends the search with AStarLimitError('time'). The library
   * has no clock of its own, so a caller with a time limit passes one here.
   */
  readonly shouldStop?: () => boolean;
}

export interface AStarResult<State> {
  /** Start to goal inclusive, or null when no goal state can be reached. */
  readonly path: State[] | null;
  /** States whose successors were generated (the goal state found is not counted). */
  readonly expanded: number;
}

/** A search stopped at its node, time or memory limit before an answer, with how far it got. */
export class AStarLimitError extends SearchLimitError {
  constructor(
    limit: 'nodes' | 'time' | 'memory',
    readonly expanded: number,
  ) {
    super(limit, `A* stopped at its ${limit === 'nodes' ? 'node' : limit} limit after expanding ${expanded} states without reaching a goal`);
  }
}

/**
 * Open-list order: lowest f first; among equal f the deeper node (highest g), since it is
 * closer to a goal; then the node generated first, so a run is deterministic.
 */
function openListOrder(f: readonly number[], g: readonly number[]): (a: number, b: number) => boolean {
  return (a, b) => {
    if (f[a] !== f[b]) return f[a] < f[b];
    if (g[a] !== g[b]) return g[a] > g[b];
    return a < b;
  };
}

function checkedEstimate(value: number): number {
  // A NaN or negative estimate would silently break the open list's order, and with it optimality.
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new UsageError(`the heuristic returned ${String(value)}; it must return a number of 0 or more (Infinity for a lost state)`);
  }
  return value;
}

/**
 * Shortest path from start to a state passing goalTest. With an admissible heuristic (never more
 * than the real distance) the path is a shortest one; a heuristic that is admissible but not
 * consistent is handled too, as a state reached again by a shorter path is expanded again.
 * A heuristic may return Infinity for a state from which no goal can be reached: it is never expanded.
 */
export function aStar<State>(
  start: State,
  goalTest: (state: State) => boolean,
  nextStates: (state: State) => readonly State[],
  heuristic: (state: State) => number,
  options: AStarOptions<State> = {},
): AStarResult<State> {
  const keyOf = options.key ?? ((state: State) => JSON.stringify(state));
  const maxExpanded = options.maxExpanded ?? Infinity;
  // Nodes by number; a state reached again by a shorter path gets a new node, and the old one
  // is skipped when it comes off the heap (bestNode no longer names it).
  const states: State[] = [];
  const keys: string[] = [];
  const parent: number[] = [];
  const g: number[] = [];
  const f: number[] = [];
  const bestNode = new Map<string, number>();
  const open = new NodeHeap(openListOrder(f, g));

  const add = (state: State, key: string, from: number, depth: number, estimate: number): number => {
    const node = states.length;
    states.push(state);
    keys.push(key);
    parent.push(from);
    g.push(depth);
    f.push(depth + estimate);
    bestNode.set(key, node);
    return node;
  };

  const startEstimate = checkedEstimate(heuristic(start));
  if (startEstimate === Infinity) return { path: null, expanded: 0 };
  open.push(add(start, keyOf(start), -1, 0, startEstimate));
  let expanded = 0;
  while (open.size > 0) {
    const node = open.pop();
    if (bestNode.get(keys[node]) !== node) continue;
    if (goalTest(states[node])) return { path: pathTo(node, states, parent), expanded };
    if (expanded >= maxExpanded) {
      throw new AStarLimitError('nodes', expanded);
    }
    if ((expanded & 1023) === 1023 && options.shouldStop?.() === true) {
      throw new AStarLimitError('time', expanded);
    }
    expanded++;
    const depth = g[node] + 1;
    for (const next of nextStates(states[node])) {
      const key = keyOf(next);
      const known = bestNode.get(key);
      if (known !== undefined && (g[known] <= depth || f[known] === Infinity)) continue;
      const estimate = known === undefined ? checkedEstimate(heuristic(next)) : f[known] - g[known];
      const child = add(next, key, node, depth, estimate);
      // A lost state is remembered, so it is not judged again, but never put on the open list.
      if (estimate !== Infinity) open.push(child);
    }
  }
  return { path: null, expanded };
}

function pathTo<State>(node: number, states: readonly State[], parent: readonly number[]): State[] {
  const path: State[] = [];
  for (let at = node; at !== -1; at = parent[at]) path.push(states[at]);
  return path.reverse();
}
