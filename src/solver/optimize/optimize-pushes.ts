import type { Problem } from '../model/problem.js';
import { zobristKeys } from '../model/zobrist.js';
import { PlayerReach } from '../geometry/reachability.js';
import { type Length, type OptimizeMetric, compareLengths } from './metric.js';
import { PushPermutation } from './push-permutation.js';
import { RestrictedSearch } from './restricted-search.js';
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
    let stage = 0;
    while (stage < STAGES.length && limit === null) {
      if (outOfTime()) {
        limit = 'time';
        break;
      }
      const { set } = builder.build(current, STAGES[stage], maxEntries);
      const outcome = search.run(set, metric, {
        clock: limits.clock,
        deadline: limits.deadline,
        maxNodes: limits.maxNodes - search.expanded,
        maxBytes: limits.maxBytes - set.bytes,
      });
      nodes = search.expanded;
      if (outcome.kind === 'limit') {
        limit = outcome.limit;
        break;
      }
      if (outcome.kind === 'found' && compareLengths(metric, outcome.length, length) < 0) {
        const found = outcome.pushes;
        const foundLength = lengthOf(found);
        if (compareLengths(metric, foundLength, length) < 0) {
          current = found;
          length = foundLength;
          stage = 0;
          continue;
        }
      }
      stage++;
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
