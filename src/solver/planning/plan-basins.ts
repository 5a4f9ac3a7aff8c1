import { BoxPathFinder } from '../geometry/box-path.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';
import type { PackingPlan } from './packing-plan.js';

/** Plans longer than this, or over more cells than this in all, get no basins: the table would be too large for what it adds. */
const MAX_TABLE_CELLS = 8_000_000;

/**
 * FESS's basins followed along the packing plan (Shoham and Schaeffer, draft section 6: "for a
 * given step in the packing plan, the OOP boxes are the ones that are not in the basin and not
 * already packed or parked"). The square a plan step fills can only be reached while the
 * squares of the steps before it hold their boxes; so the basin of step k is the set of squares
 * from which a box can be pushed onto the square of some step j >= k, with the squares of steps
 * 0..j-1 taken as walls. A box standing outside the basin of the step the position is at, and
 * not on a square already packed, is out of plan: unless it is brought in first, filling the
 * plan shuts it out (XSokoban 41 packs 14 of its 15 goals, then finds its last box on the wrong
 * side of the corridor it must come down).
 *
 * The player is taken to stand anywhere, and boxes of later steps are not walls: the basins are
 * generous, so a box they leave out is surely in the way of the plan as it stands.
 */
export class PlanBasins {
  /** Steps of the plan; the basin of step `steps` (all done) holds every square. */
  readonly steps: number;
  private readonly inside: Uint8Array;

  constructor(
    private readonly cellCount: number,
    steps: number,
    inside: Uint8Array,
  ) {
    this.steps = steps;
    this.inside = inside;
  }

  /** Whether a box on `cell` can still reach the square of step `step` or a later one. */
  contains(step: number, cell: number): boolean {
    return this.inside[Math.min(step, this.steps) * this.cellCount + cell] !== 0;
  }
}

/** The basins of every step of `plan`, or null when the plan is too long for the table. */
export function planBasins(problem: Problem, plan: PackingPlan): PlanBasins | null {
  const { cellCount } = problem;
  const steps = plan.squares.length;
  if ((steps + 1) * cellCount > MAX_TABLE_CELLS) return null;
  const inside = new Uint8Array((steps + 1) * cellCount);
  inside.fill(1, steps * cellCount);
  const walker = new PlayerReach(problem);
  const finder = new BoxPathFinder(problem);
  const anywhere = new Uint8Array(cellCount).fill(1);
  const reached = new Uint8Array(cellCount);
  // Basins shrink as steps are done, so each is the basin of its own step joined to the next one's.
  for (let step = steps - 1; step >= 0; step--) {
    walker.boxAt.fill(0);
    for (let done = 0; done < step; done++) walker.boxAt[plan.squares[done]] = 1;
    reached.fill(0);
    finder.pullReach(walker, plan.squares[step], anywhere, reached);
    const row = step * cellCount;
    const next = step + 1 < steps ? (step + 1) * cellCount : -1;
    for (let cell = 0; cell < cellCount; cell++) inside[row + cell] = reached[cell] | (next >= 0 ? inside[next + cell] : 0);
  }
  return new PlanBasins(cellCount, steps, inside);
}
