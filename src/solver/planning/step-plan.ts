import type { PackingPlan } from './packing-plan.js';
import type { BackwardStep } from './pull-steps.js';

/**
 * The packing plan as every box move of a backward path, read forwards (after Festival's plan of
 * strategy A, bench/festival-strategies.md): each step is a square a box goes to, and `until` says
 * which later step moves that box on (-1: it stays there). A box that the backward search pulled
 * off a goal, left waiting, and later took off the board on a base becomes, forwards, a box brought
 * from where it starts to that waiting square and later on to its goal: two steps. The same square
 * may appear twice (a box waits on a goal that another box fills later), which the goals-and-parking
 * plan of planFromPath cannot say.
 *
 * Consecutive moves of one box are one step. Null when the path does not empty the board: the boxes
 * it leaves would have to be where the path left them, which this form has no step for.
 */
export function stepPlanFromPath(goalCount: number, steps: readonly BackwardStep[]): PackingPlan | null {
  let taken = 0;
  for (const step of steps) if (step.to < 0) taken++;
  if (steps.length === 0 || taken !== goalCount) return null;
  // Forwards, a pull from `from` to `to` is a push from `to` to `from`; a box taken off comes from its start (-1).
  const cameFrom: number[] = [];
  const goesTo: number[] = [];
  for (let t = steps.length - 1; t >= 0; t--) {
    const origin = steps[t].to;
    const square = steps[t].from;
    const last = goesTo.length - 1;
    if (origin >= 0 && last >= 0 && goesTo[last] === origin) {
      // The same box again: one step, dropped if it ends where it began.
      goesTo[last] = square;
      if (cameFrom[last] === square) {
        cameFrom.pop();
        goesTo.pop();
      }
      continue;
    }
    cameFrom.push(origin);
    goesTo.push(square);
  }
  const count = goesTo.length;
  const until = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      if (cameFrom[j] === goesTo[i]) {
        until[i] = j;
        break;
      }
    }
  }
  const squares = Int32Array.from(goesTo);
  const feeds = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) if (until[i] >= 0) feeds[i] = squares[until[i]];
  return { squares, feeds, until };
}

/**
 * Steps of a step plan done in `boxAt`: the largest k such that each of the first k steps has its
 * box on its square, or has had it moved on by one of those k steps (Festival's count). Scanning
 * from the last step down finds it in one pass: a step that is neither lowers k to itself.
 */
export function stepsDone(squares: Int32Array, until: Int32Array, boxAt: Uint8Array): number {
  let done = squares.length;
  for (let i = squares.length - 1; i >= 0; i--) {
    if (boxAt[squares[i]] !== 0) continue;
    if (until[i] < 0 || until[i] >= done) done = i;
  }
  return done;
}

/**
 * Whether, with the first `done` steps done, the box on `from` must stay: it fills a done step that
 * no done step moves on, unless this move to `to` is that step's own next move.
 */
export function holdsDoneStep(squares: Int32Array, until: Int32Array, done: number, from: number, to: number): boolean {
  for (let k = 0; k < done; k++) {
    if (squares[k] !== from) continue;
    const next = until[k];
    if (next >= 0 && next < done) continue;
    return next < 0 || squares[next] !== to;
  }
  return false;
}
