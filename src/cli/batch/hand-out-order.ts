import { playingArea } from '../../level/area.js';
import { BOX, GOAL } from '../../level/board.js';
import type { Job } from './jobs.js';
import type { BatchItems } from './run-batch.js';

/**
 * Levels that look hardest, per worker, handed out early. A batch's wall time ends with its last
 * level: a hard level handed out last runs alone while the other workers idle (Microban 153, the
 * 153rd of 155 levels, ran its last 1.5-2 s on one worker of two after the other had finished).
 */
const HARDEST_EARLY_PER_WORKER = 4;
/**
 * Levels per worker handed out in input order before the hardest: the first results come at
 * once, and the hard levels run on code the easy ones have warmed up. Solved first in a fresh
 * thread, Microban's hardest levels took 0.7-1.1 s more CPU in all (7.8-9.2 s against 6.9-8.1 s
 * over the collection), and most of that went away after 20 levels.
 */
const WARM_UP_PER_WORKER = 8;
/**
 * Batches larger than this keep input order: weighing reads every level once before the first
 * starts (a few milliseconds for a thousand small ones), and a batch of thousands is not held up
 * by one level left to run alone at its end, whereas a million levels must not all be read first.
 */
export const WEIGHED_AT_MOST = 2_000;

/**
 * How hard a level looks before any search: its boxes off the goals (at least one) times its
 * playing area, the squares the player could walk to with the boxes out of the way (level/area.ts).
 * Crude (a level is hard by its layout, not its size), but the hard levels of a collection are
 * mostly among its larger ones, and it costs one pass over the board. Counted as all boxes times
 * every square that is not a wall, the floor outside the walls and the boxes at home made
 * Microban 155 (one box to move) look the hardest and 153 (the hardest) only the fifth, handed
 * out 21st of 155: it then ran alone for seconds at the end of the batch. Now 153 is the second
 * (the four hardest-looking are those of the solver's own problem, boxes fixed at home as walls,
 * which costs a problem built per level to weigh).
 */
export function looksHard(job: Job): number {
  if (job.kind !== 'level') return 0;
  const { board } = job.level;
  const area = playingArea(board);
  let squares = 0;
  let boxesOff = 0;
  for (let square = 0; square < area.length; square++) {
    if (area[square] === 0) continue;
    squares++;
    if ((board.squares[square] & (BOX | GOAL)) === BOX) boxesOff++;
  }
  return Math.max(1, boxesOff) * squares;
}

/**
 * The positions of `jobs` in the order to hand them to `workers` workers: a few in input order,
 * then the hardest-looking few of the others (hardest first, ties in input order), then the rest
 * in input order. Undefined for input order: with one worker there is nothing to balance and
 * input order gives the first results soonest, and past WEIGHED_AT_MOST levels none is weighed.
 * Each level is read here to be weighed (`jobs.at`), and again when it starts.
 */
export function handOutOrder(jobs: BatchItems<Job>, workers: number): number[] | undefined {
  if (workers <= 1 || jobs.count > WEIGHED_AT_MOST) return undefined;
  const positions = Array.from({ length: jobs.count }, (_, position) => position);
  const warmUp = positions.slice(0, WARM_UP_PER_WORKER * workers);
  const others = positions.slice(warmUp.length);
  const weights = positions.map((position) => (position < warmUp.length ? 0 : looksHard(jobs.at(position))));
  const hardest = [...others]
    .sort((a, b) => weights[b] - weights[a] || a - b)
    .slice(0, HARDEST_EARLY_PER_WORKER * workers)
    .filter((position) => weights[position] > 0);
  const early = new Set(hardest);
  return [...warmUp, ...hardest, ...others.filter((position) => !early.has(position))];
}
