import { BoxPathFinder } from '../geometry/box-path.js';
import { PlayerReach } from '../geometry/reachability.js';
import { pushesUntilWon } from '../geometry/solution.js';
import type { PackedPositions } from '../model/position.js';
import type { Problem } from '../model/problem.js';
import type { NodeTable } from '../tables/node-table.js';
import type { PullSteps } from './pull-steps.js';

/**
 * The pushes that take a position of a backward search (node `node` of `nodes`, a position with
 * every box) back to the solved position, the player starting on `player`: the pulls that made it,
 * reversed, and none after the level is won. Each push is (box cell before the push) * 4 +
 * direction. The searches that pull from the solved position (base-search.ts, spread-search.ts)
 * keep their pulls in `steps` and their boxes in `nodes` as `positions` packs them.
 */
export function pushesHome(problem: Problem, positions: PackedPositions, nodes: NodeTable, steps: PullSteps, node: number, player: number): Int32Array {
  const walker = new PlayerReach(problem);
  const finder = new BoxPathFinder(problem);
  const parentReach = new PlayerReach(problem);
  const { neighbours } = problem;
  const pushes: number[] = [];
  let at = player;
  for (let child = node; nodes.parent[child] >= 0; child = nodes.parent[child]) {
    const parent = nodes.parent[child];
    const box = steps.to[child];
    const home = steps.from[child];
    if (box < 0) throw new Error('internal: a position with every box descends from one without');
    // The player must end the pushes in the parent's area (where its pull began), so the next
    // pull back can start: on a side of the box's home square that area reaches, the side with the
    // fewest pushes. The last box home wins the level wherever the player stands.
    const last = nodes.parent[parent] < 0;
    parentReach.boxAt.fill(0);
    positions.mark(nodes.boxes, parent * nodes.words, parentReach.boxAt);
    parentReach.flood(nodes.player[parent]);
    walker.boxAt.fill(0);
    positions.mark(nodes.boxes, child * nodes.words, walker.boxAt);
    walker.boxAt[box] = 0;
    let end = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (let d = 0; d < 4 && !last; d++) {
      const side = neighbours[home * 4 + d];
      if (side < 0 || parentReach.boxAt[side] !== 0 || !parentReach.reached(side)) continue;
      const count = finder.search(walker, box, at, home, side);
      if (count >= 0 && count < fewest) {
        fewest = count;
        end = side;
      }
    }
    const found = finder.search(walker, box, at, home, last ? -1 : end);
    if (found < 0 || (end < 0 && !last)) throw new Error('internal: a pull of the backward search cannot be pushed back');
    for (const push of finder.pushes()) pushes.push(push);
    at = end;
  }
  // A box pushed back to where it was pulled from may cross the one goal left empty while every
  // other box stands on one: the level is won there.
  const boxAt = new Uint8Array(problem.cellCount);
  positions.mark(nodes.boxes, node * nodes.words, boxAt);
  return pushesUntilWon(problem, boxAt, pushes);
}
