import { floorSteps } from '../geometry/floor-steps.js';
import type { LevelAnalysis } from '../planning/analysis.js';
import { BoxMoves } from '../geometry/box-moves.js';
import { BoxPathFinder } from '../geometry/box-path.js';
import { type CorralLimits, DEFAULT_CORRAL_LIMITS } from '../deadlocks/corral-deadlocks.js';
import { cellGrid } from '../geometry/cell-grid.js';
import { doorwaysOf } from '../geometry/doorways.js';
import type { RoomSearchLimits } from '../deadlocks/room-deadlocks.js';
import { MoveQueues } from '../tables/move-queues.js';
import { NodeTable } from '../tables/node-table.js';
import type { DetectorLists } from '../deadlocks/detector-lists.js';
import { type DetectorRegistry, type DetectorSwitches, detectorListsFor } from '../deadlocks/registry.js';
import { PositionHotspots } from '../fess/position-hotspots.js';
import { UndoableExplorer } from '../fess/undoable-explorer.js';
import { PlanOpener } from '../fess/plan-opener.js';
import { RoomConnectivity } from '../fess/room-connectivity.js';
import { PlayerReach } from '../geometry/reachability.js';
import type { SearchEngine, SearchState } from './search-engine.js';
import type { PositionMeeting } from './position-meeting.js';
import { PackedPositions } from '../model/position.js';
import { offGoalsOrder } from '../planning/packing-order.js';
import type { Arrangement } from '../planning/arrangement.js';
import type { PackingPlan } from '../planning/packing-plan.js';
import { holdsDoneStep, nextStep, stepsDone } from '../planning/step-plan.js';
import { type PlanBasins, planBasins } from '../planning/plan-basins.js';
import { areasWithBoxLifted } from '../geometry/lifted-box-areas.js';

/** Its detector switches (`roomDeadlocks: false`, ...) are the registry's row names (DetectorSwitches). */
export interface FeatureSearchConfig extends DetectorSwitches {
  /** Bytes the node table and the move queues may take together. */
  readonly maxBytes?: number;
  /** Look for corrals that can never be opened, by a small search over their fences (default on). */
  readonly corralDeadlocks?: boolean;
  /** How far the corral searches go, and whether a fence that can open its corral must also be able to come home (corral-deadlocks.ts). */
  readonly corralLimits?: CorralLimits;
  /** Look for goals that boxes fixed on other goals leave unfillable (default on). */
  readonly retrogradeDeadlocks?: boolean;
  /**
   * Look for boxes that, with the boxes fixed on goals as walls, cannot each reach a free goal of
   * their own (fixed-goal-matching.ts; default off: on 38 hard XSokoban levels at 20,000
   * positions the same 13 solved, a few positions fewer on 6, for 17% more CPU time).
   */
  readonly fixedGoalMatching?: boolean;
  /** Look for boxes that cannot each reach a goal of their own (a bipartite matching over push distances; default on). */
  readonly matchingDeadlocks?: boolean;
  /** Look for deadlocks among the pushed box and its neighbours alone, by a small cached search (default on). */
  readonly localSearchDeadlocks?: boolean;
  /**
   * FESS's room deadlocks: after a box move into or within a room, whether that room's boxes
   * (with those just outside it), alone on the board, can ever push a box out or all stand on
   * goals, by a small cached search (room-deadlocks.ts). Default on: FESS alone at 20,000
   * positions solves 27 of the 50 Sasquatch levels against 26 (in 9% fewer positions on those both
   * solve, and 21% less CPU on six of them), the same 18 of the 38 hard XSokoban levels in 4% fewer
   * positions and the same 134 of Microban II at 100,000; where it finds nothing it costs about 12%
   * more CPU for the same positions.
   */
  readonly roomDeadlocks?: boolean;
  /** How many boxes a room search takes and how many positions it may store (room-deadlocks.ts). */
  readonly roomLimits?: RoomSearchLimits;
  /** FESS's out-of-plan feature: boxes off the sink basin count first in the feature space and the move order (default on). */
  readonly outOfPlan?: boolean;
  /**
   * Which basin a box must be in not to be out of plan: FESS's sink basin (the default), or every
   * goal's basin together (sink-basin.ts), for levels whose goals are fed by several ways.
   */
  readonly outOfPlanBasin?: 'sink' | 'every-goal';
  /** Out of plan also counts boxes outside the basin of the plan step the position is at (plan-basins.ts; default off: measured neutral). */
  readonly planBasins?: boolean;
  /** FESS's OOP advisor: bring an out-of-plan box into the basin (default on). */
  readonly outOfPlanAdvisor?: boolean;
  /** FESS's hotspots advisor: the best move that leaves fewer hotspots (default on). */
  readonly hotspotAdvisor?: boolean;
  /** Whether a box on a goal can be a hotspot (default on); off: Festival's rule, only boxes off the goals block. */
  readonly goalBoxHotspots?: boolean;
  /**
   * When no out-of-plan box can go into the basin, the OOP advisor makes room: pushes a box near
   * the one nearest the basin into the basin, away from it (draft section 5; default off: on 38
   * hard XSokoban levels at 20,000 positions it changed one level's count by 10 positions).
   */
  readonly outOfPlanClearing?: boolean;
  /**
   * FESS's opener advisor: push the hottest hotspot, or a box near it away from it, without more
   * player areas (default on: with the backward packing plan, FESS alone at 20,000 positions
   * solves 18 of 38 hard XSokoban levels against 16 and 51 of the other 52 against 49; with the
   * greedy plan it had made no difference).
   */
  readonly openerAdvisor?: boolean;
  /**
   * What the opener advisor clears: the hottest hotspot (default, the FESS draft's rule) or the
   * plan's next square ('plan-next', Festival's rule): when no move packs, the box nearest that
   * square by walking (boxes ignored) is pushed where it ends no nearer, farthest first, by a move
   * that packs no fewer, leaves no more player areas nor broken links between Festival's rooms
   * (2×2 blocks), and passes the after-push deadlock tests (planOpenerAdvice).
   */
  readonly openerTarget?: 'hotspot' | 'plan-next';
  /** FESS's explorer advisor: a move that lets the player reach a square from which a new push can be made (default on). */
  readonly explorerAdvisor?: boolean;
  /**
   * Which moves the explorer advisor takes: the best-scoring one whose box borders an area with a
   * new push and opens it, a few walks at most ('new-area', the default); or Festival's rule
   * ('undoable'): the best-scoring move a lone box could undo (pushed back on the empty level) that
   * leaves no fewer plan steps done and after which the player reaches a side of some other box,
   * out of reach before, from which that box can be pushed (explorerUndoableAdvice).
   */
  readonly explorerRule?: 'new-area' | 'undoable';
  /** FESS's mobility, box sides the player can reach, as the tie-break before the box distances (default off; the portfolio's first search has it). */
  readonly mobility?: boolean;
  /**
   * Which packing plan packed boxes follow: FESS's plan from a backward search with a sink room
   * (backward-plan.ts; packing-plan.ts's where it gives none; the default: on the 38 hard
   * XSokoban levels at 20,000 positions it solves 14 to the greedy plan's 11, and no level
   * fewer), the greedy pull order of packing-plan.ts, the order that only takes boxes off the
   * goals (packing-order.ts), or none (packed = boxes on goals).
   */
  readonly packingPlan?: PackingPlanKind;
  /** Room links broken by boxes (room-connectivity.ts) as a feature: in place of the doorway count, beside it, or not (default). */
  readonly roomLinks?: 'instead' | 'beside' | 'off';
  /**
   * Which cell a new position's moves are queued in (draft section 3, "restricting the number of
   * cells"): its own ('own'); its own only when its features are better, in the order of
   * scoreMoves, than those of the cell its parent's moves went to, else that cell, the cell of its
   * best ancestor ('best-ancestor'); or its own unless the parent's cell is at least as good on
   * every feature ('not-dominated'). Default 'best-ancestor', as published: on 38 hard XSokoban
   * levels at 20,000 positions it solves 13 against 11 with 'own', in fewer positions on most.
   */
  readonly cellProjection?: 'own' | 'best-ancestor' | 'not-dominated';
  /** The table of deadlock detectors to take its own from (deadlocks/registry.ts's DETECTORS unless a test adds rows). */
  readonly detectorRegistry?: DetectorRegistry;
  /** A packing plan made elsewhere (strategy A's backward search with bases), in place of packingPlan's. */
  readonly plan?: PackingPlan | null;
  /** Positions joined to the solved position from the other end: reaching one solves the level. */
  readonly meeting?: PositionMeeting;
  /**
   * Every other turn goes to the best feature cell opened so far (the highest featureRank that
   * still has moves) instead of the next cell in the round, as Festival alternates (default off).
   */
  readonly bestCellTurns?: boolean;
  /**
   * Festival's order of the features (its forward score): goals packed in plan order first, then
   * player areas, boxes in doorways and only then boxes out of plan, for the moves' scores and the
   * cells' ranks alike; by default out of plan leads, as the FESS draft orders them.
   */
  readonly packedFirst?: boolean;
  /** Among moves whose features tie, boxes nearer the goals first (default) or farther, as Festival's forward score has it. */
  readonly distanceTieBreak?: 'nearer' | 'farther';
  /**
   * A place for every box to aim at instead of the goals (Festival's hotspot-first forward search):
   * its features (player areas, boxes on its squares) make the cells, its score orders the moves
   * and its one advisor replaces FESS's (planning/arrangement.ts); the packing plan, out of plan,
   * doorways and hotspots of the goals are not used.
   */
  readonly arrangement?: Arrangement;
  /**
   * Every move weighs the same, advised or not, so that in a cell the best-scoring move comes
   * first whichever position it is from: the first pass of Festival's hotspot-first forward
   * search (default off).
   */
  readonly unweighted?: boolean;
}

/** Areas beyond this many count as this many: the feature only needs to tell few from many. */
const MAX_AREAS = 15;
/** Likewise for boxes standing in doorways. */
const MAX_DOORWAYS = 7;
/** Levels with this many floor cells or more are not searched over features (see start()). */
const MAX_CELLS = 23_170;
/** Hotspots beyond this many count as this many when moves are ordered. */
const MAX_HOTSPOTS = 31;
/** Boxes this many steps from the hottest hotspot, or nearer, are the ones the opener advisor pushes away from it. */
const OPENER_REACH = 2;
/** Walks over candidate positions the explorer advisor makes per position, at most. */
const MAX_EXPLORER_WALKS = 4;
/** Out-of-plan boxes beyond this many count as this many. */
const MAX_OUT_OF_PLAN = 7;
/** Plan steps beyond this many count as this many in a move's score. */
const MAX_PACKED = 63;
/** Reachable box sides beyond this many count as this many in a move's score. */
const MAX_MOBILITY = 63;
/** Sums of box distances to goals beyond this count as this in a move's score (which then fits the queue's 40 bits). */
const MAX_DISTANCE_SUM = 0x1fff;

/** The cells where `marks` is 0, in cell order: the sources of a walk to the nearest of them. */
function zeroCells(marks: Uint8Array): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < marks.length; cell++) if (marks[cell] === 0) cells.push(cell);
  return cells;
}

/** Cell keys (see settle) hold, from the most significant: out of plan, packed, areas, and the third feature. */
const THIRDS = (MAX_DOORWAYS + 1) * (MAX_DOORWAYS + 1);
const thirdOf = (key: number): number => key % THIRDS;
const areasOf = (key: number): number => Math.floor(key / THIRDS) % (MAX_AREAS + 1);
const packedOf = (key: number): number => Math.floor(key / (THIRDS * (MAX_AREAS + 1))) % (MAX_PACKED + 1);
const outOfPlanOf = (key: number): number => Math.floor(key / (THIRDS * (MAX_AREAS + 1) * (MAX_PACKED + 1)));

/** The key of the feature cell with these features (see settle); thirdOf, areasOf, packedOf and outOfPlanOf read it back. */
export function cellKey(outOfPlan: number, packed: number, areas: number, third: number): number {
  return ((outOfPlan * (MAX_PACKED + 1) + packed) * (MAX_AREAS + 1) + areas) * THIRDS + third;
}

/** A cell key's features as one number, larger better: fewer out of plan, then more packed, fewer areas, a smaller third feature. */
export function featureRank(key: number): number {
  return (((MAX_OUT_OF_PLAN - outOfPlanOf(key)) * (MAX_PACKED + 1) + packedOf(key)) * (MAX_AREAS + 1) + (MAX_AREAS - areasOf(key))) * THIRDS + (THIRDS - 1 - thirdOf(key));
}

/** As featureRank, in Festival's order: more packed, fewer areas, a smaller third feature, then fewer out of plan. */
export function packedFirstRank(key: number): number {
  return ((packedOf(key) * (MAX_AREAS + 1) + (MAX_AREAS - areasOf(key))) * THIRDS + (THIRDS - 1 - thirdOf(key))) * (MAX_OUT_OF_PLAN + 1) + (MAX_OUT_OF_PLAN - outOfPlanOf(key));
}

/** As featureRank, in the order of a search that aims at an arrangement (its `packed` counts boxes on the arrangement's squares): fewer areas, then more such boxes. */
export function arrangementRank(key: number): number {
  return (MAX_AREAS - areasOf(key)) * (MAX_PACKED + 1) + packedOf(key);
}

/** Whether the features of key `a` are at least as good as those of `b`, each one. */
function dominates(a: number, b: number): boolean {
  return outOfPlanOf(a) <= outOfPlanOf(b) && packedOf(a) >= packedOf(b) && areasOf(a) <= areasOf(b) && thirdOf(a) <= thirdOf(b);
}

/** The packing plans the feature search can follow (see FeatureSearchConfig.packingPlan). */
export type PackingPlanKind = 'plan' | 'backward' | 'off-goals' | 'none';

/**
 * Whether the final position may mislead the search here: more boxes start outside every goal's
 * basin than the out-of-plan feature can count (MAX_OUT_OF_PLAN).
 *
 * The packing plan and the out-of-plan basins are both read back from the final position: which
 * goal is filled last, and from which squares a box can still come home once the other goals hold
 * theirs. A box outside every goal's basin can come home only while goals about it are still
 * empty, so the final position says nothing of its way. Where more boxes start so than the
 * feature counts, the out-of-plan count starts at its cap whichever basin it is read from (every
 * box outside every goal's basin is outside the sink basin too), so it tells no position of the
 * opening from another, and the plan orders goals for boxes most of whose ways it does not know.
 * That guidance may still serve (on most such levels measured it does), so this calls for a
 * search without it (packingPlan 'none', outOfPlan false) beside the guided one, not instead.
 */
export function finalPositionMayMislead(analysis: LevelAnalysis): boolean {
  const basin = analysis.everyGoalBasin();
  return basin !== null && basin.outsideAtStart > MAX_OUT_OF_PLAN;
}

function planOf(analysis: LevelAnalysis, kind: PackingPlanKind): PackingPlan | null {
  if (kind === 'plan') return analysis.packingPlan();
  if (kind === 'backward') return analysis.backwardPlan() ?? analysis.packingPlan();
  if (kind === 'none') return null;
  const order = offGoalsOrder(analysis.problem, analysis.dead);
  return order === null ? null : { squares: order, feeds: new Int32Array(order.length).fill(-1) };
}

/**
 * A search over features in the manner of FESS (Shoham and Schaeffer, 2020). Positions are
 * projected onto a small space of features (boxes out of plan, boxes packed in packing order,
 * player areas, boxes in doorways); the search takes turns over the cells of that space, and in
 * each takes the lightest pending move of the positions there, the best-scoring among equally
 * light ones. A move takes one box anywhere it can go with the others standing still. Moves that
 * advisors recommend (packing the next goal, joining areas, bringing an out-of-plan box into the
 * sink basin, leaving fewer hotspots) weigh nothing; others weigh one, so chains of good moves
 * run deep while every cell keeps getting its turn.
 *
 * It looks for any solution and proves nothing: when it runs out of moves it says 'exhausted'.
 */
export class FeatureSearch implements SearchEngine {
  state: SearchState = 'running';
  expanded = 0;
  generated = 0;

  private readonly nodes: NodeTable;
  private readonly queues = new MoveQueues();
  private readonly maxBytes: number;
  /** Per node: the cell its box came from in the move that made it (-1 at the root). */
  private movedFrom: Int32Array;
  /** Per node: the feature cell its moves were queued in (see FeatureSearchConfig.cellProjection). */
  private cellOfNode: Int32Array;
  /** Per feature cell: its key (see settle). */
  private readonly keyOfCell: number[] = [];
  private readonly cellOfKey = new Map<number, number>();
  private solvedNode = -1;
  /** Where the search reached the meeting's positions (see FeatureSearchConfig.meeting), or -1. */
  private meetPoint = -1;
  private readonly meeting: PositionMeeting | null;
  /** The cell with the best features opened so far, for bestCellTurns, and its rank; turns taken. */
  private bestCell = -1;
  private bestRank = -1;
  private turns = 0;
  private readonly bestCellTurns: boolean;
  /** The order of the features in cell ranks and move scores (see FeatureSearchConfig.packedFirst). */
  private readonly packedFirst: boolean;
  private readonly rankOf: (key: number) => number;
  private readonly fartherFirst: boolean;
  /** The arrangement aimed at instead of the goals (FeatureSearchConfig.arrangement), or null. */
  private readonly arrangement: Arrangement | null;
  private readonly unweighted: boolean;

  private readonly reach: PlayerReach;
  private readonly moves: BoxMoves;
  /** The deadlock detectors and pruners of the registry this search uses, one list per call shape. */
  private readonly detectors: DetectorLists;
  private readonly positions: PackedPositions;
  private readonly scratch: Uint32Array;
  private readonly boxList: Int32Array;
  /** Squares of the packing plan in filling order: goals, and parking squares (see packing-plan.ts). */
  private readonly packing: Int32Array | null;
  /** Per step of the plan, the goal a parking square's box goes on to, or -1. */
  private readonly feeds: Int32Array | null;
  /** A step plan's next steps (PackingPlan.until), or null for a plan of goals and parking squares. */
  private readonly until: Int32Array | null;
  /** A step plan's held steps (PackingPlan.held). */
  private readonly held: number;
  // Candidate moves of the position being expanded.
  private readonly candidateFrom: Int32Array;
  private readonly candidateTarget: Int32Array;
  private readonly candidatePushes: Int32Array;
  /** Hotspots each candidate's move leaves (see scoreMoves). */
  private readonly candidateHotspots: Int32Array;
  /** Player areas each candidate's move leaves, at most MAX_AREAS (see scoreMoves). */
  private readonly candidateAreas: Int32Array;
  /** Plan steps done after each candidate's move (see scoreMoves), for the plan's opener. */
  private readonly candidatePacked: Int32Array;
  /** Festival's opener, when it clears the plan's next square (FeatureSearchConfig.openerTarget); else null. */
  private readonly planOpener: PlanOpener | null;
  /** Scores of the candidates: the features their moves leave (see scoreMoves). */
  private readonly candidateKey: Float64Array;
  /** The candidates as queued: their moves (from * moveStride + target, one queue entry each) and weights. */
  private readonly candidateMove: Int32Array;
  private readonly candidateWeight: Int32Array;
  /** The candidates the explorer advisor may choose from, in candidate order (see explorerAdvice). */
  private readonly explorerCandidates: Int32Array;
  /** Hotspots of the position being expanded; null where the level is too large for the pair table. */
  private readonly hotspots: PositionHotspots | null;
  /** Player areas of the position being expanded, uncapped (counted by settle's walk of the position). */
  private areaTotal = 0;
  /** Boxes out of plan in the position being expanded, uncapped (counted by outOfPlanCount). */
  private outOfPlanTotal = 0;
  /** 1 on squares off the goals and off the sink basin: a box there is out of plan (see sink-basin.ts). */
  private readonly outOfPlan: Uint8Array;
  /** Per cell, steps to the nearest square in the sink basin or on a goal, walls only; empty without a basin. */
  private readonly basinDistance: Int32Array;
  /** Basins of the packing plan's steps, or null (see plan-basins.ts). */
  private readonly stepBasins: PlanBasins | null;
  /** Whether any box can be out of plan on this level. */
  private readonly hasOutOfPlan: boolean;
  private readonly options: Required<
    Pick<FeatureSearchConfig, 'outOfPlanAdvisor' | 'outOfPlanClearing' | 'hotspotAdvisor' | 'openerAdvisor' | 'explorerAdvisor' | 'mobility' | 'roomLinks' | 'cellProjection'>
  >;
  /** Per area label, the epoch of the last position in which a push can be made from that area but not from the player's. */
  private readonly pushFromArea: Uint32Array;
  private pushFromAreaEpoch = 0;
  /** A second walk for the explorer advisor, over the position after a candidate move. */
  private readonly explorerReach: PlayerReach;
  /** The squares an explorer walk looks for (see explorerAdvice), four at most. */
  private readonly explorerTargets = new Int32Array(4);
  /** Where the player stands after the move an explorer walk tries (the walk's start). */
  private readonly explorerPlayer = new Int32Array(1);
  /** Rooms and their links, for the room-connectivity feature; null when not used. */
  private readonly roomLinks: RoomConnectivity | null;
  /** The explorer's 'undoable' rule (fess/undoable-explorer.ts), when chosen; else null. */
  private readonly undoableExplorer: UndoableExplorer | null;
  /** 1 on doorway cells. */
  private readonly isDoorway: Uint8Array;
  /** Per goal cell, its place in the packing order; -1 elsewhere. */
  private readonly packedRank: Int32Array;
  /** Boxes that stand between two player areas, marked for the connectivity advisor. */
  private readonly separatingMark: Uint32Array;
  private separatingEpoch = 0;
  /** Cells of the empty level that split it in two when blocked, goals left out: the doorways between rooms. */
  private readonly doorways: Int32Array;
  /** Targets (cell * 4 + side) per box cell, in the encoding of queued moves. */
  private readonly moveStride: number;
  /** Per cell, mobilityArriving's count for a box arriving there, valid where arrivalStamp is arrivalEpoch (the position being expanded). */
  private readonly arrivalSides: Int32Array;
  private readonly arrivalStamp: Uint32Array;
  private arrivalEpoch = 0;
  /** Each cell's row and column on the board, for stepsBetween (asked for many moves of every position). */
  private readonly rowOfCell: Int32Array;
  private readonly columnOfCell: Int32Array;

  constructor(
    private readonly analysis: LevelAnalysis,
    config: FeatureSearchConfig = {},
  ) {
    const { problem } = analysis;
    const { cellCount, words } = problem;
    this.maxBytes = config.maxBytes ?? Number.POSITIVE_INFINITY;
    this.nodes = new NodeTable(words, this.maxBytes);
    this.movedFrom = new Int32Array(this.nodes.capacity);
    this.cellOfNode = new Int32Array(this.nodes.capacity);
    this.reach = new PlayerReach(problem);
    this.moves = new BoxMoves(problem);
    const corralLimits = config.corralLimits ?? DEFAULT_CORRAL_LIMITS;
    const context = {
      problem,
      dead: analysis.dead,
      distances: analysis.distances,
      boxAt: this.reach.boxAt,
      backward: false,
      exactPlayer: false,
      corralLimits,
      roomLimits: config.roomLimits,
    };
    // The config's detector switches are named as the registry's rows.
    this.detectors = detectorListsFor('feature-search', context, config, config.detectorRegistry);
    this.positions = new PackedPositions(problem);
    this.scratch = new Uint32Array(words);
    this.boxList = new Int32Array(problem.initialBoxes.length);
    const plan = config.plan !== undefined ? config.plan : planOf(analysis, config.packingPlan ?? 'backward');
    this.meeting = config.meeting ?? null;
    this.bestCellTurns = config.bestCellTurns === true;
    this.packedFirst = config.packedFirst === true;
    this.arrangement = config.arrangement ?? null;
    this.unweighted = config.unweighted === true;
    this.rankOf = this.arrangement !== null ? arrangementRank : this.packedFirst ? packedFirstRank : featureRank;
    this.fartherFirst = config.distanceTieBreak === 'farther';
    this.packing = plan === null ? null : plan.squares;
    this.feeds = plan === null ? null : plan.feeds;
    this.until = plan?.until ?? null;
    this.held = plan?.held ?? 0;
    const most = problem.initialBoxes.length * cellCount * 4;
    this.candidateFrom = new Int32Array(most);
    this.candidateTarget = new Int32Array(most);
    this.candidatePushes = new Int32Array(most);
    this.candidateKey = new Float64Array(most);
    this.candidateMove = new Int32Array(most);
    this.candidateWeight = new Int32Array(most);
    this.candidateHotspots = new Int32Array(most);
    this.candidateAreas = new Int32Array(most);
    this.candidatePacked = new Int32Array(most);
    this.planOpener = config.openerTarget === 'plan-next' && plan !== null ? new PlanOpener(problem, this.detectors, most) : null;
    this.explorerCandidates = new Int32Array(most);
    // Aiming at an arrangement, hotspots are its own (arrangement.ts).
    const hotspotTable = problem.everyBoxNeedsGoal && config.arrangement === undefined ? analysis.hotspotTable(config.goalBoxHotspots !== false) : null;
    this.hotspots = hotspotTable === null ? null : new PositionHotspots(hotspotTable, problem);
    this.packedRank = new Int32Array(cellCount).fill(-1);
    // A square a step plan names twice ranks by its first step.
    if (this.packing !== null) for (let rank = this.packing.length - 1; rank >= 0; rank--) this.packedRank[this.packing[rank]] = rank;
    this.separatingMark = new Uint32Array(cellCount);
    this.doorways = doorwaysOf(problem);
    this.isDoorway = new Uint8Array(cellCount);
    for (const doorway of this.doorways) this.isDoorway[doorway] = 1;
    this.moveStride = cellCount * 4;
    const grid = cellGrid(problem);
    this.arrivalSides = new Int32Array(cellCount);
    this.arrivalStamp = new Uint32Array(cellCount);
    this.rowOfCell = grid.rows;
    this.columnOfCell = grid.columns;
    this.options = {
      outOfPlanAdvisor: config.outOfPlanAdvisor !== false,
      outOfPlanClearing: config.outOfPlanClearing === true,
      hotspotAdvisor: config.hotspotAdvisor !== false,
      openerAdvisor: config.openerAdvisor !== false,
      explorerAdvisor: config.explorerAdvisor !== false,
      mobility: config.mobility === true,
      roomLinks: config.roomLinks ?? 'off',
      cellProjection: config.cellProjection ?? 'best-ancestor',
    };
    this.pushFromArea = new Uint32Array(cellCount + 1);
    this.explorerReach = new PlayerReach(problem);
    this.undoableExplorer = config.explorerRule === 'undoable' ? new UndoableExplorer(problem, analysis.dead) : null;
    this.roomLinks = this.options.roomLinks !== 'off' ? new RoomConnectivity(problem) : null;
    this.outOfPlan = new Uint8Array(cellCount);
    const basin = config.outOfPlan === false ? null : config.outOfPlanBasin === 'every-goal' ? analysis.everyGoalBasin() : analysis.sinkBasin();
    this.stepBasins = config.outOfPlan !== false && config.planBasins === true && plan !== null ? planBasins(problem, plan) : null;
    this.hasOutOfPlan = basin !== null || this.stepBasins !== null;
    if (basin !== null) for (let cell = 0; cell < cellCount; cell++) this.outOfPlan[cell] = basin.cells[cell] === 0 && problem.goalIndexOfCell[cell] < 0 ? 1 : 0;
    this.basinDistance = basin === null ? new Int32Array(0) : floorSteps(problem.neighbours, this.outOfPlan.length, zeroCells(this.outOfPlan));
    this.start();
  }

  /** The keys of the feature cells opened so far, in the order they were opened (the root's first). */
  cellKeys(): readonly number[] {
    return this.keyOfCell;
  }

  get bytes(): number {
    return this.nodes.bytes + this.queues.bytes + this.movedFrom.length * 8;
  }

  /** The pushes of the solution from the start, each (box cell before the push) * 4 + direction. */
  solution(): Int32Array {
    if (this.state !== 'solved') throw new Error('internal: no solution to read');
    const { nodes } = this;
    const { problem } = this.analysis;
    const steps: number[][] = [];
    const walker = new PlayerReach(problem);
    const finder = new BoxPathFinder(problem);
    for (let node = this.solvedNode; nodes.parent[node] >= 0; node = nodes.parent[node]) {
      const parent = nodes.parent[node];
      const from = this.movedFrom[node];
      const to = nodes.lastPush[node] >> 2;
      walker.boxAt.fill(0);
      this.decode(parent, walker.boxAt);
      walker.boxAt[from] = 0;
      if (finder.search(walker, from, nodes.player[parent], to, nodes.player[node]) < 0) {
        throw new Error('internal: a box move of the solution cannot be spelled out');
      }
      steps.push(finder.pushes());
    }
    steps.reverse();
    if (this.meetPoint >= 0 && this.meeting !== null) steps.push(Array.from(this.meeting.pushesHome(this.meetPoint, nodes.player[this.solvedNode])));
    return Int32Array.from(steps.flat());
  }

  /** Plays moves until `budget` more positions have been expanded (moves that lead to known or lost positions cost little and do not count). */
  run(budget: number): void {
    const { queues } = this;
    const target = this.expanded + budget;
    while (this.expanded < target && this.state === 'running') {
      if (queues.size === 0) {
        this.state = 'exhausted';
        return;
      }
      const best = this.bestCell;
      const cell = this.bestCellTurns && (++this.turns & 1) === 0 && best >= 0 && queues.cellSize(best) > 0 ? best : queues.nextTurn();
      const record = queues.pop(cell);
      const move = queues.moveOf(record);
      this.visit(queues.parentOf(record), Math.floor(move / this.moveStride), move % this.moveStride, queues.poppedWeight);
    }
  }

  private start(): void {
    const { problem } = this.analysis;
    // Moves are queued as from * 4 * cellCount + target in 31 bits, which holds any level of
    // fewer than 23,170 floor cells; larger ones are left to the other searches.
    if (problem.hopelessBecause !== null || problem.rule === 'keeper-too' || problem.cellCount >= MAX_CELLS) {
      this.state = 'exhausted';
      return;
    }
    const { scratch, reach } = this;
    const boxHash = this.positions.pack(problem.initialBoxes, problem.initialBoxes.length, scratch);
    this.decode(-1, reach.boxAt);
    // Children skip the matching when their push keeps every goal in reach of the box, which
    // holds only if their parent passed it: so the start must pass it too.
    if (this.detectors.atStart(reach.boxAt)) {
      this.clear(reach.boxAt);
      this.state = 'exhausted';
      return;
    }
    reach.flood(problem.initialPlayer);
    const key = reach.topLeft;
    const root = this.nodes.add(scratch, key, this.positions.hash(boxHash, key), boxHash);
    this.initNode(root, -1, -1, -1, problem.initialPlayer);
    if (this.met(root, key, this.positions.hash(boxHash, key))) return;
    this.settle(root, 0);
  }

  /** Plays a pending move: the box at `from` goes to target >> 2, the player ends on side target & 3. */
  private visit(parent: number, from: number, target: number, weight: number): void {
    const { nodes, reach, scratch, positions } = this;
    const { neighbours } = this.analysis.problem;
    const to = target >> 2;
    const player = neighbours[target];
    this.decode(parent, reach.boxAt);
    const boxAt = reach.boxAt;
    boxAt[from] = 0;
    boxAt[to] = 1;
    if (this.detectors.afterPush(boxAt, from, to)) {
      this.clear(boxAt);
      return;
    }
    reach.flood(player);
    const key = reach.topLeft;
    positions.packMove(nodes.boxes, parent * positions.words, from, to, scratch);
    const boxHash = positions.movedHash(nodes.boxHash[parent], from, to);
    const hash = positions.hash(boxHash, key);
    if (nodes.find(scratch, key, hash) >= 0 || this.detectors.onBoard(boxAt) || this.detectors.afterWalk(boxAt, reach, from, to)) {
      this.clear(boxAt);
      return;
    }
    // The table may grow into what the move queues and movedFrom (which follows its size) leave.
    nodes.maxBytes = this.maxBytes - this.queues.bytes - 8 * nodes.capacity;
    const node = nodes.add(scratch, key, hash, boxHash);
    if (node < 0) {
      this.clear(boxAt);
      this.state = 'memory';
      return;
    }
    this.initNode(node, parent, from, target, player);
    if (this.met(node, key, hash)) return;
    this.settle(node, weight);
  }

  /** Whether `node` (its box words in scratch) is one of the meeting's positions; then the search is solved there. Clears reach.boxAt when so. */
  private met(node: number, keyPlayer: number, hash: number): boolean {
    if (this.meeting === null) return false;
    const point = this.meeting.meet(this.scratch, keyPlayer, hash);
    if (point < 0) return false;
    this.meetPoint = point;
    this.solvedNode = node;
    this.state = 'solved';
    this.clear(this.reach.boxAt);
    return true;
  }

  private initNode(node: number, parent: number, from: number, target: number, player: number): void {
    const { nodes } = this;
    if (this.movedFrom.length < nodes.capacity) {
      const bigger = new Int32Array(nodes.capacity);
      bigger.set(this.movedFrom);
      this.movedFrom = bigger;
      const cells = new Int32Array(nodes.capacity);
      cells.set(this.cellOfNode);
      this.cellOfNode = cells;
    }
    this.movedFrom[node] = from;
    nodes.parent[node] = parent;
    nodes.lastPush[node] = target;
    nodes.player[node] = player;
    this.generated++;
  }

  /**
   * A new position (boxes in reach.boxAt, the player's walk done): checks for the end, works out
   * its feature cell and queues its moves there. Clears reach.boxAt.
   */
  private settle(node: number, weight: number): void {
    const boxAt = this.reach.boxAt;
    // Aiming at an arrangement, "packed" counts the boxes on its squares.
    const packed = this.arrangement === null ? this.packedCount(boxAt) : this.arrangement.boxesOn(boxAt);
    if (this.isSolved(boxAt)) {
      this.solvedNode = node;
      this.state = 'solved';
      this.clear(boxAt);
      return;
    }
    // One walk of the position gives its areas here and its boxes' moves in queueMoves.
    this.areaTotal = this.moves.walkPosition(boxAt);
    const areas = Math.min(this.areaTotal, MAX_AREAS);
    let blocked = 0;
    const { doorways } = this;
    if (this.arrangement === null) for (let i = 0; i < doorways.length; i++) blocked += boxAt[doorways[i]];
    // The boxes, listed once for the features here and the moves in queueMoves.
    const boxCount = this.listBoxes(boxAt);
    const outOfPlan = this.outOfPlanCount(boxCount, packed);
    const broken = this.roomLinks === null ? 0 : Math.min(this.roomLinks.brokenLinks(boxAt), MAX_DOORWAYS);
    const { roomLinks } = this.options;
    const third = roomLinks === 'instead' ? broken : roomLinks === 'beside' ? broken * (MAX_DOORWAYS + 1) + Math.min(blocked, MAX_DOORWAYS) : Math.min(blocked, MAX_DOORWAYS);
    // A plan of more steps than the key holds (a step plan of many boxes) shares its top cell.
    const cell = this.projectedCell(node, cellKey(outOfPlan, Math.min(packed, MAX_PACKED), areas, third));
    this.cellOfNode[node] = cell;
    if (this.bestCellTurns) {
      const rank = this.rankOf(this.keyOfCell[cell]);
      if (rank > this.bestRank) {
        this.bestRank = rank;
        this.bestCell = cell;
      }
    }
    this.expanded++;
    this.queueMoves(node, cell, weight, packed, areas, blocked, outOfPlan, boxCount);
    this.clear(boxAt);
    if (this.bytes > this.maxBytes) this.state = 'memory';
  }

  private cellFor(key: number): number {
    let cell = this.cellOfKey.get(key);
    if (cell === undefined) {
      cell = this.queues.addCell();
      this.cellOfKey.set(key, cell);
      this.keyOfCell[cell] = key;
    }
    return cell;
  }

  /**
   * The cell a new position with features `key` goes to: its own, or under a restricting
   * projection, where its features are no progress on those of the cell its parent went to, that
   * cell. A step back then competes, one move heavier, with the positions it came from instead of
   * opening a new cell that takes turns with the good ones.
   */
  private projectedCell(node: number, key: number): number {
    const parent = this.nodes.parent[node];
    const projection = this.options.cellProjection;
    if (parent < 0 || projection === 'own') return this.cellFor(key);
    const parentCell = this.cellOfNode[parent];
    const parentKey = this.keyOfCell[parentCell];
    if (key === parentKey) return parentCell;
    const better = projection === 'best-ancestor' ? this.rankOf(key) > this.rankOf(parentKey) : !dominates(parentKey, key);
    return better ? this.cellFor(key) : parentCell;
  }

  /**
   * Every move of the position, queued in its cell: advised ones at the position's own weight,
   * the rest one heavier. Among moves of equal weight in a cell, the queue gives first the one
   * whose position scores best on FESS's features (see scoreMoves), whichever position it is from.
   */
  private queueMoves(node: number, cell: number, weight: number, packed: number, areas: number, blocked: number, outOfPlan: number, boxCount: number): void {
    const { dead, distances } = this.analysis;
    const { moves, reach, boxList, candidateFrom, candidateTarget, candidatePushes, candidateKey, candidateAreas, candidateMove, moveStride } = this;
    const boxAt = reach.boxAt;

    // PI-corral pruning: when a corral's fence can only be pushed into it, and the player can make
    // each of those pushes already, one of them comes first in some solution.
    const { detectors } = this;
    const restricted = detectors.restrict(reach, boxAt, boxList, boxCount);
    let count = 0;
    // settle() walked this position for its areas: the box moves read that walk.
    for (let i = 0; i < boxCount; i++) {
      const box = boxList[i];
      if (restricted && !detectors.isAllowed(box)) continue;
      const found = moves.searchInWalkedPosition(box, boxAt, dead, this.nodes.player[node]);
      // The areas each move leaves, from the box moves' own walk over the position without this box.
      const lifted = found > 0 ? this.areasWithout(box, boxAt) : 0;
      const { states } = moves;
      for (let k = 0; k < found; k++) {
        const target = states[k];
        candidateFrom[count] = box;
        candidateTarget[count] = target;
        // As queued: one entry for the box and where it goes.
        candidateMove[count] = box * moveStride + target;
        candidatePushes[count] = moves.pushes[k];
        candidateAreas[count] = Math.min(moves.areasWithBoxOn(target >> 2, lifted), MAX_AREAS);
        count++;
      }
    }
    if (count === 0) return;
    if (!this.queues.reserve(count, this.maxBytes - this.nodes.bytes - this.movedFrom.length * 8)) {
      this.state = 'memory';
      return;
    }
    const heavier = this.unweighted ? weight : weight + 1;
    if (this.arrangement !== null) {
      const advised = this.arrangement.scoreMoves(boxList, boxCount, boxAt, areas, count, candidateFrom, candidateTarget, candidateAreas, candidateKey);
      this.candidateWeight.fill(heavier, 0, count);
      if (advised >= 0) this.candidateWeight[advised] = weight;
      this.queueCandidates(cell, node, count);
      return;
    }

    let distanceSum = 0;
    const nearest = distances.nearest;
    for (let i = 0; i < boxCount; i++) distanceSum += nearest[boxList[i]];
    if (this.hotspots !== null) this.hotspots.analyze(boxList, boxCount);
    const mobility = this.options.mobility ? this.mobilityOf(boxCount, boxAt) : 0;
    if (++this.arrivalEpoch === 0xffffffff) {
      this.arrivalStamp.fill(0);
      this.arrivalEpoch = 1;
    }
    this.scoreMoves(count, packed, blocked, outOfPlan, distanceSum, mobility, boxAt);

    const packAdvice = this.packingAdvice(count, packed, boxAt);
    const joinAdvice = this.connectivityAdvice(count, areas, boxAt);
    const basinAdvice = outOfPlan > 0 && this.options.outOfPlanAdvisor ? this.outOfPlanAdvice(count, packed, areas, boxCount) : -1;
    const coolAdvice = this.hotspots !== null && this.options.hotspotAdvisor ? this.hotspotAdvice(count, this.hotspots.count) : -1;
    const exploreAdvice =
      areas <= 1 || !this.options.explorerAdvisor
        ? -1
        : this.undoableExplorer !== null
          ? this.undoableExplorerAdvice(count, node, packed, boxCount, boxAt, this.undoableExplorer)
          : this.explorerAdvice(count, node, boxCount, boxAt);
    const openAdvice = !this.options.openerAdvisor
      ? -1
      : this.planOpener !== null
        ? this.planOpenerAdvice(count, packed, areas, boxAt)
        : this.hotspots !== null
          ? this.openerAdvice(count, areas, this.hotspots.hottest)
          : -1;
    // Every move one heavier, then the advised ones (-1 for an advisor without advice) at the position's weight.
    const { candidateWeight } = this;
    candidateWeight.fill(heavier, 0, count);
    if (packAdvice >= 0) candidateWeight[packAdvice] = weight;
    if (joinAdvice >= 0) candidateWeight[joinAdvice] = weight;
    if (basinAdvice >= 0) candidateWeight[basinAdvice] = weight;
    if (coolAdvice >= 0) candidateWeight[coolAdvice] = weight;
    if (exploreAdvice >= 0) candidateWeight[exploreAdvice] = weight;
    if (openAdvice >= 0) candidateWeight[openAdvice] = weight;
    this.queueCandidates(cell, node, count);
  }

  /** Queues the `count` candidates of `node` in `cell` (their moves in candidateMove), at their weights (candidateWeight) and scores. */
  private queueCandidates(cell: number, node: number, count: number): void {
    this.queues.pushAll(cell, node, count, this.candidateMove, this.candidateWeight, this.candidateKey);
  }

  /**
   * Scores of the candidates, larger better: FESS's features of the position each move leaves,
   * compared in its order (section 7): fewer boxes out of plan, goals packed in plan order, then fewer player areas, then
   * fewer boxes in doorways (our stand-in for room connectivity), then fewer hotspots, and last
   * boxes nearer the goals in all (where FESS has mobility). The scores are absolute, not
   * relative to the position moved from, so that moves of different positions in a cell compare.
   * Mobility, FESS's last key, comes before the distances.
   */
  private scoreMoves(count: number, packed: number, blocked: number, outOfPlan: number, distanceSum: number, mobility: number, boxAt: Uint8Array): void {
    const { candidateFrom, candidateTarget, candidateKey, candidateAreas, candidateHotspots, packing, packedRank, isDoorway, hotspots, until, packedFirst, fartherFirst } = this;
    const hasOutOfPlan = this.hasOutOfPlan;
    const nearest = this.analysis.distances.nearest;
    const next = packing !== null && packed < packing.length ? packing[packed] : -1;
    const withMobility = this.options.mobility;
    // A box's moves are listed together: what depends on its cell alone is worked out once.
    let lastFrom = -1;
    let mobilityLeft = 0;
    let outOfPlanLeft = 0;
    for (let c = 0; c < count; c++) {
      const from = candidateFrom[c];
      const to = candidateTarget[c] >> 2;
      if (from !== lastFrom) {
        lastFrom = from;
        if (withMobility) mobilityLeft = this.mobilityLeaving(mobility, from, boxAt);
        if (hasOutOfPlan) outOfPlanLeft = outOfPlan - this.outOfPlanAt(packed, from);
      }
      const rank = packedRank[from];
      const packedAfter = Math.min(MAX_PACKED, until !== null ? this.packedAfterMove(from, to, boxAt) : to === next ? packed + 1 : rank >= 0 && rank < packed ? rank : packed);
      const areasAfter = candidateAreas[c];
      const blockedAfter = Math.max(0, Math.min(MAX_DOORWAYS, blocked + isDoorway[to] - isDoorway[from]));
      const hotspotsAfter = hotspots === null ? 0 : Math.min(hotspots.countAfterMove(from, to), MAX_HOTSPOTS);
      candidateHotspots[c] = hotspotsAfter;
      this.candidatePacked[c] = packedAfter;
      const distanceAfter = Math.max(0, Math.min(MAX_DISTANCE_SUM, distanceSum - nearest[from] + nearest[to]));
      const outOfPlanAfter = !hasOutOfPlan
        ? 0
        : packedAfter === packed
          ? Math.max(0, Math.min(MAX_OUT_OF_PLAN, outOfPlanLeft + this.outOfPlanAt(packed, to)))
          : this.outOfPlanAfterPacking(packedAfter, from, to);
      // The same factors in either order, so the score keeps its 40 bits.
      const areaTerm = MAX_AREAS - areasAfter;
      const doorTerm = MAX_DOORWAYS - blockedAfter;
      const planTerm = MAX_OUT_OF_PLAN - outOfPlanAfter;
      const leading = packedFirst
        ? ((packedAfter * (MAX_AREAS + 1) + areaTerm) * (MAX_DOORWAYS + 1) + doorTerm) * (MAX_OUT_OF_PLAN + 1) + planTerm
        : ((planTerm * (MAX_PACKED + 1) + packedAfter) * (MAX_AREAS + 1) + areaTerm) * (MAX_DOORWAYS + 1) + doorTerm;
      const features = leading * (MAX_HOTSPOTS + 1) + (MAX_HOTSPOTS - hotspotsAfter);
      const mobilityAfter = withMobility ? Math.max(0, Math.min(MAX_MOBILITY, this.mobilityArriving(mobilityLeft, from, to, boxAt))) : 0;
      candidateKey[c] = (features * (MAX_MOBILITY + 1) + mobilityAfter) * (MAX_DISTANCE_SUM + 1) + (fartherFirst ? distanceAfter : MAX_DISTANCE_SUM - distanceAfter);
    }
  }

  /** Mobility of the position: box sides the player can reach (FESS's cheap stand-in for the number of moves). */
  private mobilityOf(boxCount: number, boxAt: Uint8Array): number {
    const { neighbours } = this.analysis.problem;
    const { boxList, reach } = this;
    let sides = 0;
    for (let i = 0; i < boxCount; i++) {
      const box = boxList[i];
      for (let d = 0; d < 4; d++) {
        const side = neighbours[box * 4 + d];
        if (side >= 0 && boxAt[side] === 0 && reach.reached(side)) sides++;
      }
    }
    return sides;
  }

  /**
   * Mobility after the box at `from` goes to `to`, from the mobility now, without a walk: the
   * squares around both ends change, and the player is taken to reach what it reaches now and
   * the square the box left. A move that changes the areas is misjudged, but the areas feature,
   * which comes before, already tells those moves apart. This first half is what the box's
   * leaving `from` changes, the same for all its moves (mobilityArriving adds the rest).
   */
  private mobilityLeaving(now: number, from: number, boxAt: Uint8Array): number {
    const { neighbours } = this.analysis.problem;
    const { reach } = this;
    let sides = now;
    for (let d = 0; d < 4; d++) {
      const next = neighbours[from * 4 + d];
      if (next < 0) continue;
      // The box's own reachable sides go; a neighbouring box gains the square it leaves.
      if (boxAt[next] === 0) sides -= reach.reached(next) ? 1 : 0;
      else sides++;
    }
    return sides;
  }

  /** The second half of the mobility after a move (see mobilityLeaving): what the box's arrival on `to` adds and takes. */
  private mobilityArriving(leaving: number, from: number, to: number, boxAt: Uint8Array): number {
    const { arrivalStamp, arrivalSides } = this;
    const { neighbours } = this.analysis.problem;
    const toReached = this.reach.reached(to);
    if (arrivalStamp[to] !== this.arrivalEpoch) {
      // What arriving on `to` does to the sides around it, the box's own cell counted as a box:
      // the same for the moves of every box that end there.
      let sides = 0;
      for (let d = 0; d < 4; d++) {
        const next = neighbours[to * 4 + d];
        if (next < 0) continue;
        if (boxAt[next] === 0) sides += this.reach.reached(next) ? 1 : 0;
        // A neighbouring box loses the square the box arrives on, if the player could stand there.
        else if (toReached) sides--;
      }
      arrivalStamp[to] = this.arrivalEpoch;
      arrivalSides[to] = sides;
    }
    // The box's own cell, when beside `to`, is a free square the player reaches (it stood there to push).
    const at = to * 4;
    const besideFrom = neighbours[at] === from || neighbours[at + 1] === from || neighbours[at + 2] === from || neighbours[at + 3] === from;
    return leaving + arrivalSides[to] + (besideFrom ? (toReached ? 2 : 1) : 0);
  }

  /** The best-scoring candidate that fills the next goal of the packing order, or -1: FESS's packing advisor. */
  private packingAdvice(count: number, packed: number, boxAt: Uint8Array): number {
    const { candidateFrom, candidateTarget, candidateKey, packedRank, feeds } = this;
    const { goalIndexOfCell } = this.analysis.problem;
    const next = this.packing !== null && packed < this.packing.length ? this.packing[packed] : -1;
    let best = -1;
    for (let c = 0; c < count; c++) {
      const to = candidateTarget[c] >> 2;
      const from = candidateFrom[c];
      const fits = next >= 0 ? to === next : goalIndexOfCell[to] >= 0 && goalIndexOfCell[from] < 0;
      if (!fits || boxAt[to] !== 0) continue;
      // A box of a step already done stays, unless it is a parked box going on to the goal it feeds.
      if (this.until !== null) {
        if (holdsDoneStep(this.packing as Int32Array, this.until, packed, from, to)) continue;
      } else {
        const rank = packedRank[from];
        if (rank >= 0 && rank < packed && (feeds === null || feeds[rank] !== to)) continue;
      }
      if (best < 0 || candidateKey[c] > candidateKey[best]) best = c;
    }
    return best;
  }

  /**
   * The candidate that leaves the fewest player areas, when that is fewer than now, or -1. Only a
   * box standing between two areas can join them, so only those boxes' moves are measured.
   */
  private connectivityAdvice(count: number, areas: number, boxAt: Uint8Array): number {
    if (areas <= 1) return -1;
    const { candidateFrom, candidatePushes, candidateAreas } = this;
    const { neighbours } = this.analysis.problem;
    // settle() labelled this position's areas just before, which spots the boxes between areas.
    const label = this.moves.areaOf;
    let separating = 0;
    const epoch = ++this.separatingEpoch;
    for (let c = 0; c < count; c++) {
      const from = candidateFrom[c];
      if (c > 0 && candidateFrom[c - 1] === from) continue;
      let first = 0;
      let joins = false;
      for (let d = 0; d < 4; d++) {
        const side = neighbours[from * 4 + d];
        if (side < 0 || boxAt[side] !== 0) continue;
        if (first === 0) first = label[side];
        else if (label[side] !== first) joins = true;
      }
      if (joins) {
        separating++;
        this.separatingMark[from] = epoch;
      }
    }
    if (separating === 0) return -1;
    let best = -1;
    let bestAreas = areas;
    for (let c = 0; c < count; c++) {
      if (this.separatingMark[candidateFrom[c]] !== epoch) continue;
      const after = candidateAreas[c];
      const better = after < bestAreas || (after === bestAreas && best >= 0 && candidatePushes[c] < candidatePushes[best]);
      if (better) {
        best = c;
        bestAreas = after;
      }
    }
    return best;
  }

  /**
   * FESS's explorer advisor: the best-scoring candidate after which the player reaches an area it
   * cannot reach now, from which a push can be made that cannot be made now; or -1. It finds what
   * the connectivity advisor misses: doors, where opening one area closes another, so the count
   * of areas does not fall. Only the boxes bordering such an area are tried, best score first,
   * each with a walk over the position after its move; a few walks at most per position.
   */
  private explorerAdvice(count: number, node: number, boxCount: number, boxAt: Uint8Array): number {
    const { neighbours } = this.analysis.problem;
    const { dead } = this.analysis;
    const { candidateFrom, candidateTarget, candidateKey, boxList, pushFromArea, explorerReach, explorerTargets, explorerPlayer } = this;
    // settle() labelled this position's areas just before.
    const label = this.moves.areaOf;
    const own = label[this.nodes.player[node]];
    const epoch = ++this.pushFromAreaEpoch;
    let anyArea = false;
    for (let i = 0; i < boxCount; i++) {
      const box = boxList[i];
      for (let d = 0; d < 4; d++) {
        const side = neighbours[box * 4 + d];
        if (side < 0 || boxAt[side] !== 0 || label[side] === own) continue;
        const ahead = neighbours[box * 4 + (d ^ 1)];
        if (ahead < 0 || boxAt[ahead] !== 0 || dead[ahead] !== 0) continue;
        pushFromArea[label[side]] = epoch;
        anyArea = true;
      }
    }
    if (!anyArea) return -1;
    // The candidates whose box borders such an area, in candidate order; a box's moves are listed
    // together, so each box is asked once.
    const { explorerCandidates } = this;
    let eligible = 0;
    let borders = false;
    for (let c = 0; c < count; c++) {
      if (c === 0 || candidateFrom[c] !== candidateFrom[c - 1]) borders = this.bordersPushArea(candidateFrom[c], boxAt, label, epoch);
      if (borders) explorerCandidates[eligible++] = c;
    }
    let tried = 0;
    let lastKey = Number.POSITIVE_INFINITY;
    let lastChosen = -1;
    // The walks see this position with one box moved, which each undoes after it.
    const walkBoxes = explorerReach.boxAt;
    walkBoxes.set(boxAt);
    while (tried < MAX_EXPLORER_WALKS) {
      // The next best-scoring candidate, below the one tried last (ties by candidate order).
      let best = -1;
      for (let k = 0; k < eligible; k++) {
        const c = explorerCandidates[k];
        const key = candidateKey[c];
        if (key > lastKey || (key === lastKey && c <= lastChosen)) continue;
        if (best >= 0 && key <= candidateKey[best]) continue;
        best = c;
      }
      if (best < 0) return -1;
      tried++;
      lastKey = candidateKey[best];
      lastChosen = best;
      const from = candidateFrom[best];
      const to = candidateTarget[best] >> 2;
      // The squares beside the box's old cell from which a new push can be made: the walk after
      // the move needs to reach one of them, and stops there.
      let targetCount = 0;
      for (let d = 0; d < 4; d++) {
        const side = neighbours[from * 4 + d];
        if (side >= 0 && side !== to && boxAt[side] === 0 && label[side] !== own && pushFromArea[label[side]] === epoch) explorerTargets[targetCount++] = side;
      }
      if (targetCount === 0) continue;
      walkBoxes[from] = 0;
      walkBoxes[to] = 1;
      explorerPlayer[0] = neighbours[candidateTarget[best]];
      const opens = explorerReach.anyReaches(explorerPlayer, 1, explorerTargets, targetCount);
      walkBoxes[from] = 1;
      walkBoxes[to] = 0;
      if (opens) return best;
    }
    return -1;
  }

  /** The explorer's 'undoable' rule's choice (fess/undoable-explorer.ts), over the areas settle() labelled. */
  private undoableExplorerAdvice(count: number, node: number, packed: number, boxCount: number, boxAt: Uint8Array, explorer: UndoableExplorer): number {
    const label = this.moves.areaOf;
    const own = label[this.nodes.player[node]];
    return explorer.choose(boxAt, this.boxList, boxCount, label, own, packed, count, this.candidateFrom, this.candidateTarget, this.candidateKey, this.candidatePacked);
  }

  /** Whether the box at `cell` borders an area, other than the player's, from which a new push can be made. */
  private bordersPushArea(cell: number, boxAt: Uint8Array, label: Int32Array, epoch: number): boolean {
    const { neighbours } = this.analysis.problem;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side >= 0 && boxAt[side] === 0 && this.pushFromArea[label[side]] === epoch) return true;
    }
    return false;
  }

  /**
   * Boxes out of plan (FESS's OOP feature), at most MAX_OUT_OF_PLAN: off the goals and off the
   * sink basin, or off the basin of the plan step `packed` and not on a square already packed.
   */
  private outOfPlanCount(boxCount: number, packed: number): number {
    this.outOfPlanTotal = 0;
    if (!this.hasOutOfPlan) return 0;
    const { boxList } = this;
    let count = 0;
    for (let i = 0; i < boxCount; i++) count += this.outOfPlanAt(packed, boxList[i]);
    this.outOfPlanTotal = count;
    return Math.min(count, MAX_OUT_OF_PLAN);
  }

  /** 1 when a box on `cell` is out of plan at plan step `packed`, else 0. */
  private outOfPlanAt(packed: number, cell: number): number {
    if (this.outOfPlan[cell] !== 0) return 1;
    const basins = this.stepBasins;
    if (basins === null) return 0;
    const rank = this.packedRank[cell];
    if (rank >= 0 && rank < packed) return 0;
    return basins.contains(packed, cell) ? 0 : 1;
  }

  /** Boxes out of plan after a move that changes the plan step to `packedAfter`: every box counted again, as the basin changes. */
  private outOfPlanAfterPacking(packedAfter: number, from: number, to: number): number {
    // Without step basins a square is out of plan or not whatever the step: the count moves with the box alone.
    if (this.stepBasins === null) return Math.min(this.outOfPlanTotal - this.outOfPlan[from] + this.outOfPlan[to], MAX_OUT_OF_PLAN);
    const { boxList } = this;
    let count = 0;
    for (let i = 0; i < boxList.length; i++) count += this.outOfPlanAt(packedAfter, boxList[i] === from ? to : boxList[i]);
    return Math.min(count, MAX_OUT_OF_PLAN);
  }

  /** The candidate that brings an out-of-plan box into the basin (or onto a goal) with fewest pushes, or -1: FESS's OOP advisor. */
  private outOfPlanAdvice(count: number, packed: number, areas: number, boxCount: number): number {
    const { candidateFrom, candidateTarget, candidatePushes } = this;
    let best = -1;
    for (let c = 0; c < count; c++) {
      if (this.outOfPlanAt(packed, candidateFrom[c]) === 0 || this.outOfPlanAt(packed, candidateTarget[c] >> 2) !== 0) continue;
      if (best < 0 || candidatePushes[c] < candidatePushes[best]) best = c;
    }
    if (best >= 0 || !this.options.outOfPlanClearing || this.basinDistance.length === 0) return best;
    return this.roomForOutOfPlan(count, packed, areas, boxCount);
  }

  /**
   * The second half of FESS's OOP advisor: no out-of-plan box can go into the basin, so make room
   * for the one nearest it, by the best-scoring move that takes a box near it (within
   * OPENER_REACH steps) into the basin and farther from it, leaving no more player areas; or -1.
   */
  private roomForOutOfPlan(count: number, packed: number, areas: number, boxCount: number): number {
    const { boxList, basinDistance, candidateFrom, candidateTarget, candidateKey, candidateAreas } = this;
    let stuck = -1;
    for (let i = 0; i < boxCount; i++) {
      const box = boxList[i];
      if (this.outOfPlanAt(packed, box) !== 0 && (stuck < 0 || basinDistance[box] < basinDistance[stuck])) stuck = box;
    }
    if (stuck < 0) return -1;
    const limit = Math.min(areas, MAX_AREAS);
    let best = -1;
    for (let c = 0; c < count; c++) {
      const from = candidateFrom[c];
      const to = candidateTarget[c] >> 2;
      if (from === stuck || candidateAreas[c] > limit || this.outOfPlanAt(packed, to) !== 0 || !this.takesAwayFrom(c, stuck)) continue;
      if (best < 0 || candidateKey[c] > candidateKey[best]) best = c;
    }
    return best;
  }

  /** The best-scoring candidate that leaves fewer hotspots than `now`, or -1: FESS's hotspots advisor. */
  private hotspotAdvice(count: number, now: number): number {
    const { candidateHotspots, candidateKey } = this;
    let best = -1;
    for (let c = 0; c < count; c++) {
      if (candidateHotspots[c] >= Math.min(now, MAX_HOTSPOTS)) continue;
      if (best < 0 || candidateKey[c] > candidateKey[best]) best = c;
    }
    return best;
  }

  /**
   * FESS's opener advisor (draft section 5): the box that cuts most others off their goals should
   * go, but it is often hemmed in, so the best-scoring move of that box, or else of a box near it
   * (within OPENER_REACH steps) that takes it farther away, clears the way; -1 when there is none.
   * Moves that leave more player areas are not considered.
   */
  private openerAdvice(count: number, areas: number, hottest: number): number {
    if (hottest < 0) return -1;
    const { candidateFrom, candidateKey, candidateAreas } = this;
    const limit = Math.min(areas, MAX_AREAS);
    const { candidateTarget } = this;
    let own = -1;
    let near = -1;
    // A box's moves are listed together: its steps from the hotspot are counted once (as takesAwayFrom counts them).
    let lastFrom = -1;
    let before = 0;
    for (let c = 0; c < count; c++) {
      if (candidateAreas[c] > limit) continue;
      const from = candidateFrom[c];
      if (from === hottest) {
        if (own < 0 || candidateKey[c] > candidateKey[own]) own = c;
        continue;
      }
      if (from !== lastFrom) {
        lastFrom = from;
        before = this.stepsBetween(from, hottest);
      }
      if (before > OPENER_REACH || this.stepsBetween(candidateTarget[c] >> 2, hottest) <= before) continue;
      if (near < 0 || candidateKey[c] > candidateKey[near]) near = c;
    }
    return own >= 0 ? own : near;
  }

  /** Festival's opener (FeatureSearchConfig.openerTarget 'plan-next', fess/plan-opener.ts) at the plan's next square, or -1. */
  private planOpenerAdvice(count: number, packed: number, areas: number, boxAt: Uint8Array): number {
    const { packing, until, planOpener } = this;
    if (packing === null || planOpener === null) return -1;
    const step = until !== null ? nextStep(packing, until, boxAt, this.held) : packed < packing.length ? packed : -1;
    if (step < 0 || boxAt[packing[step]] !== 0) return -1;
    return planOpener.choose(packing[step], boxAt, packed, Math.min(areas, MAX_AREAS), count, this.candidateFrom, this.candidateTarget, this.candidatePacked, this.candidateAreas);
  }

  /** Whether candidate `c` moves a box within OPENER_REACH steps of `center` farther from it: the opener's and the OOP clearing's moves. */
  private takesAwayFrom(c: number, center: number): boolean {
    const before = this.stepsBetween(this.candidateFrom[c], center);
    return before <= OPENER_REACH && this.stepsBetween(this.candidateTarget[c] >> 2, center) > before;
  }

  /** Steps between two cells across the board, walls ignored (Manhattan distance). */
  private stepsBetween(a: number, b: number): number {
    const { rowOfCell, columnOfCell } = this;
    return Math.abs(columnOfCell[a] - columnOfCell[b]) + Math.abs(rowOfCell[a] - rowOfCell[b]);
  }

  /**
   * Player areas of the position being expanded with the box on `box` taken off: the areas
   * beside it, labelled by settle(), become one with its cell.
   */
  private areasWithout(box: number, boxAt: Uint8Array): number {
    return areasWithBoxLifted(this.analysis.problem.neighbours, this.moves.areaOf, this.areaTotal, box, boxAt);
  }

  /** Fills boxList with the boxes of boxAt in cell order; returns how many. */
  private listBoxes(boxAt: Uint8Array): number {
    const { cellCount } = this.analysis.problem;
    let count = 0;
    for (let cell = 0; cell < cellCount; cell++) if (boxAt[cell] !== 0) this.boxList[count++] = cell;
    return count;
  }

  /**
   * A step plan's steps done after the box on `from` goes to `to`: counted again on the board
   * after the move, since one move can finish or undo several steps at once.
   */
  private packedAfterMove(from: number, to: number, boxAt: Uint8Array): number {
    boxAt[from] = 0;
    boxAt[to] = 1;
    const done = stepsDone(this.packing as Int32Array, this.until as Int32Array, boxAt, this.held);
    boxAt[to] = 0;
    boxAt[from] = 1;
    return done;
  }

  /**
   * Steps done from the start of the packing plan; without one, boxes on goals. A parking step
   * is done while its box waits there or has gone on to the goal it feeds; a step plan's steps
   * count by stepsDone.
   */
  private packedCount(boxAt: Uint8Array): number {
    const order = this.packing;
    const feeds = this.feeds;
    if (order !== null && this.until !== null) return stepsDone(order, this.until, boxAt, this.held);
    if (order !== null && feeds !== null) {
      let k = 0;
      while (k < order.length && (boxAt[order[k]] !== 0 || (feeds[k] >= 0 && boxAt[feeds[k]] !== 0))) k++;
      return k;
    }
    let onGoals = 0;
    const { goals } = this.analysis.problem;
    for (let i = 0; i < goals.length; i++) if (boxAt[goals[i]] !== 0) onGoals++;
    return onGoals;
  }

  private isSolved(boxAt: Uint8Array): boolean {
    const { problem } = this.analysis;
    if (problem.rule === 'all-goals') {
      const { goals } = problem;
      for (let i = 0; i < goals.length; i++) if (boxAt[goals[i]] === 0) return false;
      return true;
    }
    for (let cell = 0; cell < problem.cellCount; cell++) if (boxAt[cell] !== 0 && problem.goalIndexOfCell[cell] < 0) return false;
    return true;
  }

  /** Marks the boxes of `node` (or the start when -1) in `boxAt`. */
  private decode(node: number, boxAt: Uint8Array): void {
    if (node < 0) {
      for (const cell of this.analysis.problem.initialBoxes) boxAt[cell] = 1;
      return;
    }
    this.positions.mark(this.nodes.boxes, node * this.positions.words, boxAt);
  }

  private clear(boxAt: Uint8Array): void {
    boxAt.fill(0);
  }
}
