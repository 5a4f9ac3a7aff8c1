import type { MovePerimeterPlan, PullPerimeterPlan, SearchConfig } from '../engines/push-search.js';

/** What an optimal solve proves its solution shortest in. */
export type Optimality = 'moves' | 'pushes';

/**
 * The pull perimeter of the push-optimal first search (bounds/pull-perimeter.ts): built once the
 * search has expanded 10,000 positions (most Microban levels end before, and pay nothing), of at
 * most 3 million positions (about 130 MiB, 2-5 s). Microban 144 needs about that many: with 2
 * million its proof expanded 583,000 positions, with 3 million 306,000. See bench/optimal-levers.md.
 */
export const PUSH_PERIMETER: PullPerimeterPlan = { maxPositions: 3_000_000, afterExpanded: 10_000 };

/**
 * The move perimeter of the move-optimal search (bounds/move-perimeter.ts; its size is the
 * analysis's), likewise built once the search has expanded 10,000 positions: built before the
 * search, it cost the 180 small levels of ../shared/random, which end within a few hundred
 * positions, most of the 55 s their test took.
 */
export const MOVE_PERIMETER: MovePerimeterPlan = { afterExpanded: 10_000 };

/**
 * The optimal modes. Moves first is one search over exact player squares with pair costs and the
 * move perimeter, so the fewest pushes among the fewest-move solutions come with it. Pushes first
 * proves the push count with the fast search over player areas, corral pruning and the pull
 * perimeter, then the fewest moves among the solutions that short with a second search (solve.ts's
 * fewestMovesAmongPushOptimal).
 */
export const OPTIMAL_SEARCH: Readonly<Record<Optimality, SearchConfig>> = {
  // The move perimeter (bounds/move-perimeter.ts) takes up to about 2 CPU s to build on Microban's
  // larger levels; the positions to proof of the 149 Microban levels other than 93, 139, 144-146
  // and 153 fell from 3,762,125 to 587,528 (built before the search), and 145's from 1,369,717
  // to 11,684 (built after 10,000, as here; optimal-levers.md).
  moves: { mode: 'moves', corralPruning: false, lexicographic: true, triplePatterns: true, movePerimeter: MOVE_PERIMETER },
  // The fewest moves among the push-optimal solutions are the second search's to prove, so the
  // first does not store a position again for fewer moves alone (moveTies).
  pushes: { mode: 'pushes', corralPruning: true, triplePatterns: true, moveTies: false, pullPerimeter: PUSH_PERIMETER },
};
