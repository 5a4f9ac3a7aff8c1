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
 * Boxes the path leaves on the board come first, as held steps (`held`): forwards, boxes must first
 * stand where the backward search left them; those that no later step moves on first of all.
 * Consecutive moves of one box are one step. Null for an empty path.
 */
export function stepPlanFromPath(goals: ArrayLike<number>, steps: readonly BackwardStep[]): PackingPlan | null {
  if (steps.length === 0) return null;
  // The boxes the path leaves: start on the goals, play its moves.
  const left = new Set<number>(Array.from(goals));
  for (const { from, to } of steps) {
    left.delete(from);
    if (to >= 0) left.add(to);
  }
  // Forwards, a pull from `from` to `to` is a push from `to` to `from`; a box taken off comes from its start (-1).
  const cameFrom: number[] = [];
  const goesTo: number[] = [];
  const held = Array.from(left).sort((a, b) => a - b);
  for (const square of held) {
    cameFrom.push(HELD);
    goesTo.push(square);
  }
  for (let t = steps.length - 1; t >= 0; t--) {
    const origin = steps[t].to;
    const square = steps[t].from;
    const last = goesTo.length - 1;
    if (origin >= 0 && last >= held.length && goesTo[last] === origin) {
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
  const until = nextSteps(cameFrom, goesTo);
  // Held boxes that stay to the end come first (Festival's order): their absence is what the count
  // punishes. The reorder only moves held steps among the first places, and no step's next step is
  // a held one, so every next-step index stays as it was.
  const order = Array.from(goesTo.keys());
  order.sort((a, b) => rankOf(a, held.length, until) - rankOf(b, held.length, until));
  const squares = Int32Array.from(order, (k) => goesTo[k]);
  const sortedUntil = Int32Array.from(order, (k) => until[k]);
  const feeds = new Int32Array(squares.length).fill(-1);
  for (let i = 0; i < squares.length; i++) if (sortedUntil[i] >= 0) feeds[i] = squares[sortedUntil[i]];
  return { squares, feeds, until: sortedUntil, held: held.length };
}

/** cameFrom of a held step: its box is on its square before the plan starts. */
const HELD = -2;

/** Position of step k in the plan's order: held steps that stay, held steps moved on later, the rest as they are. */
function rankOf(k: number, held: number, until: Int32Array): number {
  if (k >= held) return k + 2 * held;
  return until[k] < 0 ? k : k + held;
}

/** Per step, the first later step whose box comes from the square it goes to, or -1. */
function nextSteps(cameFrom: readonly number[], goesTo: readonly number[]): Int32Array {
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
  return until;
}

/**
 * Steps of a step plan done in `boxAt` (Festival's count). With no held steps: the largest k such
 * that each of the first k steps has its box on its square, or has had it moved on by one of those
 * k steps; scanning from the last step down finds it in one pass, a step that is neither lowering k
 * to itself. The first `held` steps are boxes that must stand where the backward search left them:
 * while one that stays there is missing, the count is only the held boxes that stand; otherwise each
 * held step whose box is neither there nor moved on by a done step takes one off.
 */
export function stepsDone(squares: Int32Array, until: Int32Array, boxAt: Uint8Array, held = 0): number {
  let standing = 0;
  let missing = false;
  for (let i = 0; i < held; i++) {
    if (until[i] >= 0) continue;
    if (boxAt[squares[i]] !== 0) standing++;
    else missing = true;
  }
  if (missing) return standing;
  let done = squares.length;
  for (let i = squares.length - 1; i >= held; i--) {
    if (boxAt[squares[i]] !== 0) continue;
    if (until[i] < 0 || until[i] >= done) done = i;
  }
  for (let i = 0; i < held; i++) if (boxAt[squares[i]] === 0 && !(until[i] >= 0 && until[i] < done)) done--;
  return done;
}

/**
 * The step a step plan asks for next in `boxAt`: the first step not done by stepsDone's scan (held
 * steps aside), or -1 when every step is done or a held box that stays is missing (then the plan
 * asks for that box first, which no single square names).
 */
export function nextStep(squares: Int32Array, until: Int32Array, boxAt: Uint8Array, held = 0): number {
  for (let i = 0; i < held; i++) if (until[i] < 0 && boxAt[squares[i]] === 0) return -1;
  let done = squares.length;
  for (let i = squares.length - 1; i >= held; i--) {
    if (boxAt[squares[i]] !== 0) continue;
    if (until[i] < 0 || until[i] >= done) done = i;
  }
  return done < squares.length ? done : -1;
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
