import type { PlayerReach } from '../geometry/reachability.js';
import type { PackedPositions } from '../model/position.js';
import type { Problem } from '../model/problem.js';
import type { NodeTable } from '../tables/node-table.js';
import type { PullSteps } from './pull-steps.js';

/** What a backward search hands to addSolvedRoots: its tables, and what to do with each root. */
export interface BackwardRootTables {
  readonly problem: Problem;
  readonly reach: PlayerReach;
  readonly positions: PackedPositions;
  /** Room for one packed position (its box words, and any words after them left zero). */
  readonly scratch: Uint32Array;
  readonly nodes: NodeTable;
  readonly steps: PullSteps;
}

/**
 * Adds the solved position to a backward search's node table once for each region the player may
 * stand in with the goals blocked: which side of the packed goals a solution's player ends on is
 * not known, so a search that pulls from the solved position starts from every one of them. Each
 * root is recorded with no parent and handed to `settle`; the loop ends early once `running` says
 * no (settle may fill a table). Returns false when the node table is full.
 */
export function addSolvedRoots(tables: BackwardRootTables, settle: (node: number) => void, running: () => boolean): boolean {
  const { problem, reach, positions, scratch, nodes, steps } = tables;
  const { goals, cellCount } = problem;
  const covered = new Uint8Array(cellCount);
  for (let start = 0; start < cellCount && running(); start++) {
    if (covered[start] !== 0 || problem.goalIndexOfCell[start] >= 0) continue;
    scratch.fill(0);
    const boxHash = positions.pack(goals, goals.length, scratch);
    for (const goal of goals) reach.boxAt[goal] = 1;
    const count = reach.walk(start);
    const cells = reach.visitedCells(count);
    for (let i = 0; i < count; i++) covered[cells[i]] = 1;
    const key = reach.topLeft;
    const node = nodes.add(scratch, key, positions.hash(boxHash, key), boxHash);
    if (node < 0) return false;
    steps.recordNode(nodes, node, -1, -1, -1, start);
    settle(node);
  }
  return true;
}
