/**
 * What solve()'s improvement pass may spend on a first solution: the cheapest vicinity until it
 * finds nothing more, within an allowance of positions sized to the level and to the search that
 * found the solution, and never more than a quarter of the time (and nodes) left.
 */

/** What the search left behind, and the limits of the solve. */
export interface ImprovementStart {
  /** Moves of the first solution: what there is to shorten. */
  readonly firstMoves: number;
  /** Positions the search expanded. */
  readonly searchNodes: number;
  /** Milliseconds the search took, on the solve's clock. */
  readonly searchMs: number;
  /** The solve's clock now, and its deadline. */
  readonly now: number;
  readonly deadline: number;
  /**
   * The run must be the same on every machine (a node limit, or --repeatable): the allowance is
   * then counted in positions alone, and only the solve's own deadline reads the clock.
   */
  readonly byWork: boolean;
  /** Positions left of the solve's node limit, or undefined without one. */
  readonly nodesLeft?: number;
  /** The solve's memory limit, in bytes. */
  readonly maxBytes: number;
}

export interface ImprovementBudget {
  readonly deadline: number;
  readonly maxNodes: number;
  /** Where the clock decides: the pass goes on past maxNodes until then (optimizePushes). */
  readonly runsUntil?: number;
  readonly maxBytes: number;
  /** Wider vicinities in a row that may find nothing (optimizePushes): 0, the cheapest alone. */
  readonly patience: number;
}

/** Share of the time (and nodes) left after the first solution that the pass may use at most. */
const IMPROVE_SHARE = 0.25;
/**
 * Positions per move of the first solution: the allowance of a level solved at once. The
 * cheapest vicinity alone, run until it finds nothing more, keeps what the next wider one added
 * for far less: on Microban's first solutions (26,054 moves) 100 a move gives 17,766 moves for
 * 0.87 million positions, where 50 a move and one wider vicinity after it gave 17,793 for 1.20
 * million (the wider one spent 29% of them for 53 moves).
 */
const IMPROVE_NODES_PER_MOVE = 100;
/** Positions per position the search expanded: a hard level gets a pass sized to its search. */
const IMPROVE_NODES_PER_SEARCH_NODE = 4;
/**
 * Where the clock decides, the pass may also take as long as the search did, whatever its
 * positions: the searches' positions cost ever more as they learn more about each (XSokoban 1-9
 * are solved in a few hundred to ten thousand positions, in 0.1-0.9 s of analysis and search), and
 * a pass sized by them alone shrank beside the search.
 */
const IMPROVE_TIME_AT_LEAST_PER_SEARCH_TIME = 1;
/**
 * Time: 4 times the search's, or enough for the positions at a twentieth of the pass's pace on
 * one core (50 a millisecond against 650-700), whichever is more, within the share of what is
 * left. The floor follows the level's size: a fixed 200 ms was more than a small level ever needs,
 * and on a loaded machine it cut the pass of a larger one short (Microban 83: 1,888 of its 31,200
 * positions, 242 moves instead of 164, under a load of 13 on two cores).
 */
const IMPROVE_MS_PER_POSITION = 1 / 50;
const IMPROVE_TIME_PER_SEARCH_TIME = 4;
/** The pass's tables never take more than this, nor more than a quarter of the limit. */
const IMPROVE_MAX_MIB = 512;

export function improvementBudget(start: ImprovementStart): ImprovementBudget {
  const { firstMoves, searchNodes, searchMs, now, deadline, byWork, nodesLeft, maxBytes } = start;
  const sizedNodes = Math.max(IMPROVE_NODES_PER_MOVE * firstMoves, IMPROVE_NODES_PER_SEARCH_NODE * searchNodes);
  const sharedNodes = nodesLeft === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(Math.max(0, nodesLeft) * IMPROVE_SHARE);
  const maxNodes = Math.min(sizedNodes, sharedNodes);
  const base = { maxBytes: Math.min(IMPROVE_MAX_MIB * 1024 * 1024, maxBytes / 4), patience: 0 };
  if (byWork) return { ...base, deadline, maxNodes };
  const sizedMs = Math.max(IMPROVE_MS_PER_POSITION * maxNodes, IMPROVE_TIME_PER_SEARCH_TIME * searchMs);
  const passDeadline = now + Math.min(sizedMs, Math.max(0, deadline - now) * IMPROVE_SHARE);
  return {
    ...base,
    deadline: passDeadline,
    maxNodes,
    runsUntil: Math.min(passDeadline, now + IMPROVE_TIME_AT_LEAST_PER_SEARCH_TIME * searchMs),
  };
}
