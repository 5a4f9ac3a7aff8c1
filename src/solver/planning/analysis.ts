import { backwardPlan } from './backward-plan.js';
import { PairCosts } from '../bounds/pair-costs.js';
import { TripleCosts } from '../bounds/triple-costs.js';
import { MovePerimeter } from '../bounds/move-perimeter.js';
import { packingOrder } from './packing-order.js';
import { packingPlan, type PackingPlan } from './packing-plan.js';
import type { Problem } from '../model/problem.js';
import { everyGoalBasin, type LevelBasins, levelBasins, sinkBasin, type SinkBasin } from './sink-basin.js';
import { sinkRoom } from './sink-room.js';
import { OneWaySquares } from '../geometry/one-way-squares.js';
import { HotspotTable } from '../fess/hotspots.js';
import { computePullDistances, computePushDistances, deadCells, sideRegions, type PushDistances, type StopCheck } from '../geometry/push-distances.js';

/** Thrown by a stop check when the level's time ran out during its analysis. */
export class AnalysisStopped extends Error {
  constructor() {
    super('the time limit was reached during the analysis of the level');
    this.name = 'AnalysisStopped';
  }
}

/** A stop check that throws AnalysisStopped once `isOver` says the time is up. */
export function stopWhen(isOver: () => boolean): StopCheck {
  return () => {
    if (isOver()) throw new AnalysisStopped();
  };
}

/** Distances and dead cells for one direction of search. */
export interface DirectionTables {
  readonly distances: PushDistances;
  /** 1 where a box can never reach a target; all zero when spare boxes may stay anywhere. */
  readonly dead: Uint8Array;
}

/** What every search of a level shares: computed once per level, read-only afterwards. */
export interface LevelAnalysis extends DirectionTables {
  readonly problem: Problem;
  readonly regions: Int32Array;
  /** Throws AnalysisStopped once the level's time is up: for tables a search builds itself. */
  readonly stopCheck: StopCheck;
  /** Tables for pulling boxes from the goals back to their starting cells, made on first use. */
  backward(): DirectionTables;
  /** Goals in an order that fills them without blocking, or null; made on first use. */
  packingOrder(): Int32Array | null;
  /** The packing order with parking squares where it needs them (see packing-plan.ts), or null; made on first use. */
  packingPlan(): PackingPlan | null;
  /** FESS's packing plan from a backward search with a sink room (see backward-plan.ts), or null; made on first use. */
  backwardPlan(): PackingPlan | null;
  /** FESS's sink basin (see sink-basin.ts), or null where no box starts outside it; made on first use. */
  sinkBasin(): SinkBasin | null;
  /** Every goal's basin together (see sink-basin.ts), or null where no box starts outside it; made on first use. */
  everyGoalBasin(): SinkBasin | null;
  /** Exact pushes of every box pair alone (see pair-costs.ts), or null on large boards; made on first use. */
  pairCosts(): PairCosts | null;
  /** Exact pushes of every box triple alone (see triple-costs.ts), or null on large boards; made on first use. */
  tripleCosts(): TripleCosts | null;
  /**
   * Exact fewest moves home of the positions near the solved ones (see move-perimeter.ts), or
   * null; made on first use, within `maxBytes` (the caller's share of its memory limit).
   */
  movePerimeter(maxBytes?: number): MovePerimeter | null;
  /** Squares a box pushed in must leave forwards at once (see one-way-squares.ts), or null where there are none; made on first use. */
  oneWaySquares(): OneWaySquares | null;
  /**
   * FESS's hotspot pairs (see hotspots.ts), with boxes on goals blocking or not (`goalBoxesBlock`),
   * or null on boards too large to keep them; made on first use and shared by every search of the
   * level. A pair is worked out when a search first asks about it, and its answer depends on the
   * level alone, so each search of a portfolio reads what the others learned instead of learning it
   * again.
   */
  hotspotTable(goalBoxesBlock: boolean): HotspotTable | null;
}

/** Softer limits than the stop check, for tables that can stop early and still serve. */
export interface AnalysisLimits {
  /** Whether the move perimeter's share of the time is over (see MovePerimeterOptions.timeIsUp). */
  readonly perimeterTimeIsUp?: () => boolean;
  /** At most this many positions in the move perimeter (a search counts them as its work; default 2,000,000). */
  readonly perimeterMaxPositions?: number;
}

/**
 * Positions the move perimeter's backward search may store (about 30 bytes each while it runs);
 * it stops at the end of the layer that passes this (see move-perimeter.ts).
 */
const MOVE_PERIMETER_POSITIONS = 2_000_000;

/** `stopCheck` throws AnalysisStopped when the time is up; the tables take time quadratic in the board. */
export function analyzeLevel(problem: Problem, stopCheck: StopCheck = () => {}, limits: AnalysisLimits = {}): LevelAnalysis {
  const regions = sideRegions(problem, stopCheck);
  const distances = computePushDistances(problem, regions, stopCheck);
  const dead = problem.everyBoxNeedsGoal ? deadCells(distances) : new Uint8Array(problem.cellCount);
  let backward: DirectionTables | undefined;
  let packing: Int32Array | null | undefined;
  let plan: PackingPlan | null | undefined;
  let pulledPlan: PackingPlan | null | undefined;
  let basins: LevelBasins | null | undefined;
  // One pass over the goals serves the sink room, the sink basin and every goal's basin.
  const goalBasins = (): LevelBasins | null => {
    if (basins === undefined) basins = levelBasins(problem);
    return basins;
  };
  let pairs: PairCosts | null | undefined;
  let triples: TripleCosts | null | undefined;
  let oneWay: OneWaySquares | null | undefined;
  let perimeter: MovePerimeter | null | undefined;
  const hotspotTables = new Map<boolean, HotspotTable | null>();
  return {
    problem,
    regions,
    stopCheck,
    distances,
    dead,
    backward() {
      if (backward === undefined) {
        const pulls = computePullDistances(problem, problem.initialBoxes, regions, stopCheck);
        backward = { distances: pulls, dead: deadCells(pulls) };
      }
      return backward;
    },
    packingOrder() {
      if (packing === undefined) packing = packingOrder(problem, dead);
      return packing;
    },
    packingPlan() {
      if (plan === undefined) {
        // A box may park where it can be pushed to from the start and still reach a goal.
        const reachable = this.backward().dead;
        const parkable = new Uint8Array(problem.cellCount);
        for (let cell = 0; cell < problem.cellCount; cell++) {
          parkable[cell] = problem.goalIndexOfCell[cell] < 0 && dead[cell] === 0 && reachable[cell] === 0 ? 1 : 0;
        }
        plan = packingPlan(problem, dead, parkable, distances.nearest);
      }
      return plan;
    },
    backwardPlan() {
      if (pulledPlan === undefined) {
        const fromStart = this.backward();
        const pushable = new Uint8Array(problem.cellCount);
        for (let cell = 0; cell < problem.cellCount; cell++) pushable[cell] = fromStart.dead[cell] === 0 ? 1 : 0;
        const sink = sinkRoom(problem, pushable, goalBasins()?.largest ?? null);
        pulledPlan = backwardPlan(problem, { dead, pushable, sink, nearest: distances.nearest, fromStart: fromStart.distances.nearest, stopCheck });
      }
      return pulledPlan;
    },
    sinkBasin() {
      return sinkBasin(problem, goalBasins());
    },
    everyGoalBasin() {
      return everyGoalBasin(problem, goalBasins());
    },
    pairCosts() {
      if (pairs === undefined) pairs = PairCosts.build(problem, distances, stopCheck);
      return pairs;
    },
    tripleCosts() {
      if (triples === undefined) triples = TripleCosts.build(problem, distances, stopCheck);
      return triples;
    },
    movePerimeter(maxBytes) {
      if (perimeter === undefined) {
        perimeter = MovePerimeter.build(problem, this.backward().dead, {
          maxPositions: Math.min(MOVE_PERIMETER_POSITIONS, limits.perimeterMaxPositions ?? MOVE_PERIMETER_POSITIONS),
          maxBytes,
          afterPushOnly: true,
          stopCheck,
          timeIsUp: limits.perimeterTimeIsUp,
        });
      }
      return perimeter;
    },
    oneWaySquares() {
      if (oneWay === undefined) oneWay = OneWaySquares.build(problem);
      return oneWay;
    },
    hotspotTable(goalBoxesBlock) {
      let table = hotspotTables.get(goalBoxesBlock);
      if (table === undefined) {
        table = HotspotTable.of(problem, dead, goalBoxesBlock);
        hotspotTables.set(goalBoxesBlock, table);
      }
      return table;
    },
  };
}
