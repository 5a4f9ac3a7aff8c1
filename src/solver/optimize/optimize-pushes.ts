import type { Problem } from '../model/problem.js';
import { zobristKeys } from '../model/zobrist.js';
import { PlayerReach } from '../geometry/reachability.js';
import { type Length, type OptimizeMetric, compareLengths } from './metric.js';
import { PushPermutation } from './push-permutation.js';
import { RestrictedSearch, type RestrictedTask } from './restricted-search.js';
import { lengthOfPushes } from './solution-path.js';
import { type VicinityStage, VicinityBuilder } from './vicinity.js';

export const OPTIMIZE_TECHNIQUES = ['walks', 'permutation', 'vicinity'] as const;
/**
 * walks: keep the pushes, walk the shortest way between them (every result gets this);
 * permutation: reorder independent box moves; vicinity: search the positions near the path.
 */
export type OptimizeTechnique = (typeof OPTIMIZE_TECHNIQUES)[number];

export interface PushOptimizeLimits {
  readonly clock: () => number;
  readonly deadline: number;
  /** Positions the vicinity search may expand in all. */
  readonly maxNodes: number;
  /**
   * A clock reading before which having expanded `maxNodes` does not end the search: until then
   * it goes on at its own pace, so that it takes at least that long unless it runs out of
   * improvements first (or reaches `deadline`).
   */
  readonly runsUntil?: number;
  readonly maxBytes: number;
  /** Pushes of the path one vicinity search covers; default WINDOW_PUSHES. */
  readonly windowPushes?: number;
  /**
   * Wider vicinities in a row that may find nothing before the search stops. The cheapest
   * vicinity always runs until it finds nothing more; after that, each wider one runs in turn,
   * and any improvement goes back to the cheapest. 0: the cheapest alone. Default: every stage
   * (the whole ladder).
   */
  readonly patience?: number;
}

export interface TechniqueStep {
  readonly technique: OptimizeTechnique;
  readonly moves: number;
  readonly pushes: number;
}

export interface PushOptimizeOutcome {
  readonly pushes: Int32Array;
  readonly length: Length;
  /** The length after each technique, in the order they ran. */
  readonly steps: readonly TechniqueStep[];
  /** Positions the vicinity search expanded. */
  readonly nodes: number;
  /** The limit that cut the vicinity search short, or null when it ran out of improvements. */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
}

/**
 * Vicinities from the cheap to the wide. After an improvement the search starts again from the
 * first: the new path has new neighbours.
 */
const STAGES: readonly VicinityStage[] = [
  { boxes: 1, radius: 3, spread: 0 },
  { boxes: 2, radius: 2, spread: 4 },
  { boxes: 1, radius: 8, spread: 0 },
  { boxes: 3, radius: 1, spread: 3 },
  { boxes: 2, radius: 3, spread: 6 },
];

/**
 * Pushes of the path a vicinity search covers at once (windows overlap by half). Long solutions
 * are shortened stretch by stretch: a search over the whole path would have to settle every
 * position cheaper than the solution before it could improve anything.
 */
export const WINDOW_PUSHES = 200;
/** Positions one window's search may expand before the optimizer moves on to the next window. */
const WINDOW_NODES = 400_000;
/** Windows narrowed because they could not be settled within their allowance stop narrowing here. */
const MIN_WINDOW_PUSHES = 16;
/**
 * Positions a window's search expands per configuration of its vicinity set, about: 1.8-2.8 in
 * the cheapest vicinity on XSokoban's and Microban's solutions, 1.3-1.8 in the wider ones.
 */
const EXPANSIONS_PER_CONFIGURATION = 2;

/** Bytes per configuration of a vicinity set, counting the slack of a doubling table. */
const bytesPerConfiguration = (words: number): number => words * 8 + 32;

/**
 * Shortens a solution given as pushes: never longer in the metric (then the other measure), and
 * the pushes returned always make a legal solution from the start.
 */
export function optimizePushes(
  problem: Problem,
  dead: Uint8Array,
  pushes: Int32Array,
  metric: OptimizeMetric,
  techniques: readonly OptimizeTechnique[],
  limits: PushOptimizeLimits,
): PushOptimizeOutcome {
  const reach = new PlayerReach(problem);
  const lengthOf = (candidate: Int32Array): Length => {
    const length = lengthOfPushes(problem, reach, candidate);
    if (length === null) throw new Error('internal: optimizer produced an illegal push sequence');
    return length;
  };
  const outOfTime = () => limits.clock() > limits.deadline;
  let current = pushes;
  let length = lengthOf(current);
  const steps: TechniqueStep[] = [{ technique: 'walks', ...length }];
  let nodes = 0;
  let limit: PushOptimizeOutcome['limit'] = null;

  const permutation = new PushPermutation(problem, reach);
  const permute = (): void => {
    const reordered = permutation.improve(current, outOfTime);
    const reorderedLength = lengthOf(reordered);
    if (compareLengths(metric, reorderedLength, length) < 0) {
      current = reordered;
      length = reorderedLength;
    }
  };

  if (techniques.includes('permutation')) {
    permute();
    steps.push({ technique: 'permutation', ...length });
  }

  if (techniques.includes('vicinity')) {
    const vicinityStarted = limits.clock();
    const boxKeys = zobristKeys(problem.words * 32, 0x5eed1);
    const playerKeys = zobristKeys(problem.cellCount, 0x5eed2);
    const builder = new VicinityBuilder(problem, dead, boxKeys);
    const search = new RestrictedSearch(problem, dead, boxKeys, playerKeys);
    const maxEntries = Math.max(1024, Math.floor(limits.maxBytes / 2 / bytesPerConfiguration(problem.words)));
    const startBoxes = new Uint32Array(problem.words);
    const target = new Uint32Array(problem.words);
    // Positions still to spend: those of maxNodes, or before runsUntil as many as the search's
    // pace so far fits into the time until then, whichever is more.
    const nodesLeft = (): number => {
      const left = limits.maxNodes - search.expanded;
      if (limits.runsUntil === undefined) return left;
      const now = limits.clock();
      if (now >= limits.runsUntil) return left;
      const pace = search.expanded / Math.max(1, now - vicinityStarted);
      return Math.max(left, Math.ceil(pace * (limits.runsUntil - now)), 1);
    };
    let window = Math.max(2, limits.windowPushes ?? WINDOW_PUSHES);
    const patience = Math.max(0, limits.patience ?? STAGES.length);
    let stage = 0;
    let idleWideStages = 0;
    while (stage < STAGES.length && (stage === 0 || idleWideStages < patience) && limit === null) {
      // One sweep of windows over the path; any improvement starts the vicinities over.
      let improved = false;
      let from = 0;
      while (from === 0 || from < current.length) {
        if (outOfTime()) {
          limit = 'time';
          break;
        }
        const until = Math.min(current.length, from + window);
        const startPlayer = positionAfter(problem, current, from, startBoxes);
        const toEnd = until === current.length;
        if (!toEnd) positionAfter(problem, current, until, target);
        const next = toEnd ? -1 : current[until];
        const task: RestrictedTask = {
          startBoxes,
          startPlayer,
          target: toEnd ? null : target,
          exitCell: toEnd ? -1 : problem.neighbours[(next >> 2) * 4 + ((next & 3) ^ 1)],
        };
        const { set } = builder.build(current, STAGES[stage], maxEntries, from, until);
        const remaining = nodesLeft();
        // A search over a window settles every position cheaper than the window's own path before
        // it can end, so one too wide for what is left gives up with nothing. Where other windows
        // share the sweep and this one can still be narrowed, it may take half of what is left, and
        // it is narrowed first, when its vicinity set says it will not fit, or after, when it did
        // not: narrower windows settle far sooner.
        const narrowable = current.length > window && window > MIN_WINDOW_PUSHES;
        const allowance = Math.min(WINDOW_NODES, narrowable ? Math.ceil(remaining / 2) : remaining);
        if (narrowable && set.count * EXPANSIONS_PER_CONFIGURATION > allowance) {
          window = Math.max(MIN_WINDOW_PUSHES, Math.floor(window / 2));
          continue;
        }
        const outcome = search.run(set, task, metric, {
          clock: limits.clock,
          deadline: limits.deadline,
          maxNodes: allowance,
          maxBytes: limits.maxBytes - set.bytes,
        });
        nodes = search.expanded;
        const step = current.length <= window ? current.length + 1 : Math.floor(window / 2);
        if (outcome.kind === 'limit') {
          // The optimizer's own limits end it all; a window too wide for its allowance is narrowed, or given up alone.
          if (outcome.limit === 'time' || (outcome.limit === 'nodes' && nodesLeft() <= 0)) {
            limit = outcome.limit;
            break;
          }
          if (outcome.limit === 'nodes' && narrowable) {
            window = Math.max(MIN_WINDOW_PUSHES, Math.floor(window / 2));
            continue;
          }
          if (toEnd) break;
          from += step;
          continue;
        }
        if (outcome.kind !== 'found') {
          if (toEnd) break;
          from += step;
          continue;
        }
        const spliced = new Int32Array(from + outcome.pushes.length + current.length - until);
        spliced.set(current.subarray(0, from));
        spliced.set(outcome.pushes, from);
        spliced.set(current.subarray(until), from + outcome.pushes.length);
        const splicedLength = lengthOf(spliced);
        if (compareLengths(metric, splicedLength, length) < 0) {
          current = spliced;
          length = splicedLength;
          improved = true;
        }
        if (toEnd) break;
        from += step;
      }
      if (improved) {
        stage = 0;
        idleWideStages = 0;
      } else {
        // A wider vicinity that found nothing counts towards convergence; the cheapest one only hands on.
        if (stage > 0) idleWideStages++;
        stage++;
      }
    }
    steps.push({ technique: 'vicinity', ...length });
    // A new path may have box moves to reorder again.
    if (techniques.includes('permutation') && !outOfTime()) {
      permute();
      steps.push({ technique: 'permutation', ...length });
    }
  }
  return { pushes: current, length, steps, nodes, limit };
}

/** Box bitset (into `boxes`) and player cell after the first `count` pushes. */
function positionAfter(problem: Problem, pushes: Int32Array, count: number, boxes: Uint32Array): number {
  boxes.fill(0);
  for (const cell of problem.initialBoxes) boxes[cell >>> 5] |= 1 << (cell & 31);
  let player = problem.initialPlayer;
  for (let i = 0; i < count; i++) {
    const box = pushes[i] >> 2;
    const to = problem.neighbours[pushes[i]];
    boxes[box >>> 5] &= ~(1 << (box & 31));
    boxes[to >>> 5] |= 1 << (to & 31);
    player = box;
  }
  return player;
}
