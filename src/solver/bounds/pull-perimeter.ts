import type { PushDistances, StopCheck } from '../geometry/push-distances.js';
import { PlayerReach } from '../geometry/reachability.js';
import { PackedPositions } from '../model/position.js';
import { canSearchBackward, type Problem } from '../model/problem.js';
import { DistanceTable } from '../tables/distance-table.js';
import { INFEASIBLE, MatchingBound } from './matching-bound.js';

/** Distances are bytes; a layer this deep ends the build (so depth + 1 still fits). */
const DEEPEST_LAYER = 254;

/**
 * The build is given up when its layers' growth says it cannot reach this part of the start's
 * matching bound within its limits: then the perimeter would raise only the last few pushes of
 * a long search (Microban 153: a million positions, depth 81 against a bound of 306, cost 2.5 s
 * to build and spared 7% of the search's positions). A guess, on the side of building: growth
 * slows on most levels (123: from about 1.9 a layer at depth 15 to none at depth 40), so the
 * geometric estimate below is low; a third of the bound gave 123 up at depth 15, a quarter keeps it.
 */
const AIM_PART_OF_START_BOUND = 1 / 4;

/** The growth a layer is judged by: the mean factor over this many layers. */
const GROWTH_LAYERS = 4;

/**
 * The build stops once its depth passes the start's bound by this much. Deeper layers raise ever
 * fewer of the positions a forward search expands, each at ever more cost: on Microban 93 (bound
 * 20, 34 pushes) depth 22 took a million positions and 2 s and left 37,131 positions to expand,
 * depth 25 took 2.8 million and 5.4 s to leave 957.
 */
const DEPTH_PAST_START_BOUND = 2;

/** Layers before this depth are too few and too uneven to judge the growth by (at least GROWTH_LAYERS). */
const FIRST_GROWTH_CHECK = 8;

/** How large the perimeter may grow. */
/**
 * What the perimeter reads of the level's analysis (planning/analysis.ts's LevelAnalysis has it):
 * forward push distances for the matching bound at its edge, and the dead cells of pulling.
 */
export interface PerimeterAnalysis {
  readonly problem: Problem;
  readonly distances: PushDistances;
  backward(): { readonly dead: Uint8Array };
}

export interface PerimeterLimits {
  /**
   * Positions stored at most: the build stops at the last layer it could store whole, and does
   * not begin one that its growth so far says would not fit.
   */
  readonly maxPositions: number;
  /** Bytes the table may take at most (checked before each doubling). */
  readonly maxBytes: number;
  /** Throws when the level's time is up (the analysis's stop check). */
  readonly stopCheck?: StopCheck;
  /** The caller's lower bound on the start's pushes, if stronger than the plain matching. */
  readonly startBound?: number;
}

/**
 * The perimeter of perimeter search (Dillenburg and Nelson): every position within `depth`
 * pushes of a solved one, with its exact fewest pushes to finish, found by a breadth-first search
 * of pulls from the solved positions (every box on a goal, the player in any area beside a box:
 * a last push leaves it beside the box it moved). Positions are normalized as the push searches'
 * (box set, least cell of the player's area) and hashed with the same Zobrist keys.
 *
 * As a lower bound for a forward search over pushes: a position found here costs exactly its
 * distance; a position not found costs more than `depth`, since every position within `depth`
 * pushes of a solved one was stored (the layers up to `depth` are complete). The bound is
 * admissible, not consistent (it jumps from the matching's value to `depth + 1` at the edge).
 *
 * The pulls skip cells where the backward tables say no box from the start can ever stand
 * (`analysis.backward().dead`): a position with a box there is never reached forwards, so the
 * table is complete for every position a forward search meets, not for every position. Forward
 * dead cells are not used (no position that pulls reach from the goals has a box on one).
 *
 * The layers grow until the limits, or until the one holding the start is done (then the start's
 * shortest solutions run through stored positions only), or a little past the start's bound;
 * the build is given up when their growth says they cannot reach a good part of that bound.
 */
export class PullPerimeter {
  private constructor(
    /** Every position that a forward search meets within this many pushes of solved is stored. */
    readonly depth: number,
    /** True when the pulls ran out: every such position that can be solved at all is stored. */
    readonly complete: boolean,
    /** Positions stored at each distance, 0 first (the last may be a partial layer beyond depth). */
    readonly layerSizes: readonly number[],
    private readonly table: DistanceTable,
    private readonly playerKeys: Uint32Array,
  ) {}

  /** Positions stored. */
  get size(): number {
    return this.table.count;
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.table.bytes;
  }

  /**
   * The perimeter of a level, or null where no single goal placement ends it (as many boxes as
   * goals is needed, and not keeper-too: see canSearchBackward) or the level is lost at once.
   */
  static build(analysis: PerimeterAnalysis, limits: PerimeterLimits): PullPerimeter | null {
    const { problem } = analysis;
    if (!canSearchBackward(problem) || problem.hopelessBecause !== null) return null;
    const stopCheck = limits.stopCheck ?? (() => {});
    const { neighbours, goals, words } = problem;
    const dead = analysis.backward().dead;
    const positions = new PackedPositions(problem);
    const { boxKeys, playerKeys } = positions;
    const table = new DistanceTable(words);
    const reach = new PlayerReach(problem);
    const childReach = new PlayerReach(problem);
    const boxAt = reach.boxAt;
    const childBoxAt = childReach.boxAt;
    const boxCount = goals.length;
    const boxList = new Int32Array(boxCount);
    const scratch = new Uint32Array(words);

    // Layer 0: the goals filled, one position per player area that touches a box.
    const goalHash = positions.pack(goals, boxCount, scratch);
    for (let i = 0; i < boxCount; i++) boxAt[goals[i]] = 1;
    for (let i = 0; i < boxCount; i++) {
      for (let d = 0; d < 4; d++) {
        const side = neighbours[goals[i] * 4 + d];
        if (side < 0 || boxAt[side] !== 0) continue;
        reach.flood(side);
        const key = reach.topLeft;
        const hash = (goalHash ^ playerKeys[key]) >>> 0;
        if (table.find(scratch, 0, key, hash) < 0) table.add(scratch, 0, key, goalHash, hash, 0);
      }
    }
    boxAt.fill(0);

    // The start, to stop once its layer is stored: every position on a shortest solution from it
    // is then stored too, with its exact distance, and deeper layers would serve no position the
    // forward search needs.
    const startBoxes = new Uint32Array(words);
    const startHash = positions.pack(problem.initialBoxes, boxCount, startBoxes);
    for (let i = 0; i < boxCount; i++) boxAt[problem.initialBoxes[i]] = 1;
    reach.flood(problem.initialPlayer);
    const startKey = reach.topLeft;
    boxAt.fill(0);
    const startFullHash = (startHash ^ playerKeys[startKey]) >>> 0;
    const startCells = Int32Array.from(problem.initialBoxes);
    const matching = new MatchingBound(analysis.distances, boxCount, problem.everyBoxNeedsGoal, null).evaluate(startCells, boxCount, problem.initialPlayer);
    if (matching === INFEASIBLE || limits.startBound === INFEASIBLE) return null;
    const startBound = Math.max(matching, limits.startBound ?? 0);
    const aim = startBound * AIM_PART_OF_START_BOUND;

    const layerSizes = [table.count];
    let layerStart = 0;
    let layerEnd = table.count;
    let depth = 0;
    let full = false;
    let startFound = table.find(startBoxes, 0, startKey, startFullHash) >= 0;
    while (layerStart < layerEnd && !full && !startFound && depth < DEEPEST_LAYER && depth < startBound + DEPTH_PAST_START_BOUND) {
      // A layer that would not fit is not begun: it would be cut off, its work spent for nothing
      // (its positions would say depth + 1, as their absence does). Layers grow by a similar
      // factor from one to the next, so the next is guessed from the last two.
      const last = layerEnd - layerStart;
      const before = layerSizes.length > 1 ? layerSizes[layerSizes.length - 2] : last;
      if (table.count + (last * last) / before > limits.maxPositions) {
        full = true;
        break;
      }
      if (depth >= FIRST_GROWTH_CHECK) {
        const growth = (last / layerSizes[layerSizes.length - 1 - GROWTH_LAYERS]) ** (1 / GROWTH_LAYERS);
        if (depth + layersAffordable(limits.maxPositions - table.count, last, growth) < aim) return null;
      }
      for (let entry = layerStart; entry < layerEnd && !full; entry++) {
        if ((entry & 1023) === 0) stopCheck();
        const base = entry * words;
        const count = positions.unpack(table.boxes, base, boxList);
        for (let i = 0; i < count; i++) {
          boxAt[boxList[i]] = 1;
          childBoxAt[boxList[i]] = 1;
        }
        reach.flood(table.keyPlayer[entry]);
        const parentHash = table.boxHash[entry];
        for (let i = 0; i < count && !full; i++) {
          const box = boxList[i];
          for (let d = 0; d < 4; d++) {
            // The player stands on `to`, beside the box, and steps on to `from`, pulling the box onto `to`.
            const to = neighbours[box * 4 + d];
            if (to < 0 || !reach.reached(to) || dead[to] !== 0) continue;
            const from = neighbours[to * 4 + d];
            if (from < 0 || boxAt[from] !== 0) continue;
            for (let w = 0; w < words; w++) scratch[w] = table.boxes[base + w];
            scratch[box >>> 5] &= ~(1 << (box & 31));
            scratch[to >>> 5] |= 1 << (to & 31);
            const boxHash = (parentHash ^ boxKeys[box] ^ boxKeys[to]) >>> 0;
            childBoxAt[box] = 0;
            childBoxAt[to] = 1;
            childReach.flood(from);
            childBoxAt[to] = 0;
            childBoxAt[box] = 1;
            const key = childReach.topLeft;
            const hash = (boxHash ^ playerKeys[key]) >>> 0;
            if (table.find(scratch, 0, key, hash) >= 0) continue;
            if (table.count >= limits.maxPositions || table.bytesAfterGrowth > limits.maxBytes) {
              full = true;
              break;
            }
            table.add(scratch, 0, key, boxHash, hash, depth + 1);
          }
        }
        for (let i = 0; i < count; i++) {
          boxAt[boxList[i]] = 0;
          childBoxAt[boxList[i]] = 0;
        }
      }
      const reached = table.count - layerEnd;
      if (reached > 0) layerSizes.push(reached);
      layerStart = layerEnd;
      layerEnd = table.count;
      // Layer depth + 1 is whole unless the table filled up (or the build stops at the deepest layer).
      if (!full && reached > 0) depth++;
      startFound = table.find(startBoxes, 0, startKey, startFullHash) >= 0;
    }
    const complete = !full && layerStart === layerEnd;
    return new PullPerimeter(depth, complete, layerSizes, table, playerKeys);
  }

  /**
   * The exact fewest pushes from the position (box set packed in `boxes`, its box hash, the least
   * cell of the player's area) to a solved one, or -1 when it is not stored: then, for a position
   * a forward search reached, more than `depth` (or, when `complete`, none at all).
   */
  distanceOf(boxes: Uint32Array, keyPlayer: number, boxHash: number): number {
    const entry = this.table.find(boxes, 0, keyPlayer, (boxHash ^ this.playerKeys[keyPlayer]) >>> 0);
    return entry < 0 ? -1 : this.table.distance[entry];
  }

  /**
   * A lower bound `lower` on the position's pushes to finish, raised by the perimeter: to the
   * exact distance inside it, to at least depth + 1 outside it; INFEASIBLE outside a complete one.
   */
  raise(lower: number, boxes: Uint32Array, keyPlayer: number, boxHash: number): number {
    const distance = this.distanceOf(boxes, keyPlayer, boxHash);
    return distance >= 0 ? Math.max(distance, lower) : this.outside(lower);
  }

  /** `raise` for a position known not to be stored (distanceOf said -1). */
  outside(lower: number): number {
    return this.complete ? INFEASIBLE : Math.max(lower, this.depth + 1);
  }
}

/**
 * How many more layers fit in `room` positions when each is `growth` times the one before, the
 * last being `last` (a geometric series; growth at most 1 counts as no growth).
 */
function layersAffordable(room: number, last: number, growth: number): number {
  if (growth <= 1.001) return room / last;
  return Math.log(1 + (room * (growth - 1)) / last) / Math.log(growth);
}
