import type { BoxMoves } from '../geometry/box-moves.js';
import { PlayerReach } from '../geometry/reachability.js';
import type { Problem } from '../model/problem.js';

/**
 * The squares one way of a lone box to each goal it reaches takes: the cells the box stands on,
 * and those the player stands on to push it and walks over between pushes. A square off all of
 * them, turned into a wall, leaves every one of those ways as it was, so the box still reaches
 * every one of those goals: the hotspot table (hotspots.ts) then knows a pair is cold without
 * the search with that wall, which most pairs it is asked about needed.
 *
 * The ways are read from a BoxMoves search with the player free to start anywhere (its states'
 * cameFrom), each walk between pushes as a shortest walk round the box, so that the squares stay few.
 */
export class LoneBoxWays {
  private readonly walker: PlayerReach;
  /** States already followed back to the start during the current mark(). */
  private readonly followed: Uint32Array;
  private readonly goalSeen: Uint32Array;
  private stamp = 0;

  constructor(private readonly problem: Problem) {
    this.walker = new PlayerReach(problem);
    this.followed = new Uint32Array(problem.cellCount * 4);
    this.goalSeen = new Uint32Array(problem.cellCount);
  }

  /**
   * After `moves` searched the pushes of a lone box from `start` (`found` places, the player free
   * to stand on any side at the start), sets in `cells` (a set of cells, problem.words words from
   * `base`) the squares of one way to each goal the box reaches.
   */
  mark(moves: BoxMoves, found: number, start: number, cells: Uint32Array, base: number): void {
    const { goalIndexOfCell, neighbours } = this.problem;
    const { cameFrom } = moves;
    const { walker, followed, goalSeen } = this;
    if (++this.stamp === 0xffffffff) {
      followed.fill(0);
      goalSeen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    cells[base + (start >>> 5)] |= 1 << (start & 31);
    for (let k = 0; k < found; k++) {
      const goal = moves.states[k] >> 2;
      if (goalIndexOfCell[goal] < 0 || goalSeen[goal] === stamp) continue;
      goalSeen[goal] = stamp;
      // Back from the goal: each state was reached by a push from the side it names, made from
      // the cell the box left, to which the player walked from where the push before left it.
      for (let state = moves.states[k]; state >= 0 && followed[state] !== stamp; state = cameFrom[state]) {
        followed[state] = stamp;
        const before = cameFrom[state];
        if (before < 0) break;
        const boxCell = state >> 2;
        const left = before >> 2;
        const pushedFrom = neighbours[left * 4 + (state & 3)];
        cells[base + (boxCell >>> 5)] |= 1 << (boxCell & 31);
        cells[base + (pushedFrom >>> 5)] |= 1 << (pushedFrom & 31);
        // A starting state's player may stand anywhere, so on the pushing side at once.
        if (cameFrom[before] < 0) continue;
        const arrived = neighbours[left * 4 + (before & 3)];
        walker.boxAt[left] = 1;
        const walked = walker.walkTo(arrived, pushedFrom);
        walker.boxAt[left] = 0;
        if (!walked) throw new Error('internal: a lone box move whose sides are not joined');
        for (let cell = walker.cameFrom[pushedFrom]; cell >= 0; cell = walker.cameFrom[cell]) cells[base + (cell >>> 5)] |= 1 << (cell & 31);
      }
    }
  }
}
