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
  readonly maxBytes: number;
  /** Pushes of the path one vicinity search covers; default WINDOW_PUSHES. */
  readonly windowPushes?: number;
  /**
   * Wider vicinities in a row that may find nothing before the search stops. The cheapest
   * vicinity always runs until it finds nothing more; after that, each wider one runs in turn,
   * and any improvement goes back to the cheapest. Default: every stage (the whole ladder).
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
    const boxKeys = zobristKeys(problem.words * 32, 0x5eed1);
    const playerKeys = zobristKeys(problem.cellCount, 0x5eed2);
    const builder = new VicinityBuilder(problem, dead, boxKeys);
    const search = new RestrictedSearch(problem, dead, boxKeys, playerKeys);
    const maxEntries = Math.max(1024, Math.floor(limits.maxBytes / 2 / bytesPerConfiguration(problem.words)));
    const startBoxes = new Uint32Array(problem.words);
    const target = new Uint32Array(problem.words);
    const window = Math.max(2, limits.windowPushes ?? WINDOW_PUSHES);
    const patience = Math.max(1, limits.patience ?? STAGES.length);
    let stage = 0;
    let idleWideStages = 0;
    while (stage < STAGES.length && idleWideStages < patience && limit === null) {
      // One sweep of windows over the path; any improvement starts the vicinities over.
      let improved = false;
      const step = current.length <= window ? current.length + 1 : Math.floor(window / 2);
      for (let from = 0; from === 0 || from < current.length; from += step) {
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
        const remaining = limits.maxNodes - search.expanded;
        const outcome = search.run(set, task, metric, {
          clock: limits.clock,
          deadline: limits.deadline,
          maxNodes: Math.min(remaining, WINDOW_NODES),
          maxBytes: limits.maxBytes - set.bytes,
        });
        nodes = search.expanded;
        if (outcome.kind === 'limit') {
          // A window too wide for its share gives up alone; the optimizer's own limits end it all.
          if (outcome.limit === 'time' || (outcome.limit === 'nodes' && remaining <= WINDOW_NODES)) {
            limit = outcome.limit;
            break;
          }
          if (toEnd) break;
          continue;
        }
        if (outcome.kind !== 'found') {
          if (toEnd) break;
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
