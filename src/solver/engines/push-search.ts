import type { LevelAnalysis } from '../planning/analysis.js';
import { BucketQueue } from '../tables/bucket-queue.js';
import { LexBucketQueue } from '../tables/lex-bucket-queue.js';
import { INFEASIBLE, MatchingBound } from '../bounds/matching-bound.js';
import { PatternBound } from '../bounds/pattern-bound.js';
import { PairCosts } from '../bounds/pair-costs.js';
import { TripleCosts } from '../bounds/triple-costs.js';
import { WalkBound } from '../bounds/walk-bound.js';
import type { MovePerimeter } from '../bounds/move-perimeter.js';
import { PullPerimeter } from '../bounds/pull-perimeter.js';
import { NodeTable } from '../tables/node-table.js';
import type { DetectorLists } from '../deadlocks/detector-lists.js';
import { type DetectorRegistry, type DetectorSwitches, detectorListsFor } from '../deadlocks/registry.js';
import { PlayerReach } from '../geometry/reachability.js';
import { opensOnlyOntoArea, staysJoinedWithout } from '../geometry/push-area.js';
import { lastPushOf, type OneWaySquares, pushCode, runOf } from '../geometry/one-way-squares.js';
import type { SearchEngine, SearchState } from './search-engine.js';
import { PackedPositions } from '../model/position.js';
import { BoardSymmetry, boxHashesUnderImages } from '../geometry/board-symmetry.js';

/**
 * pushes: A* over pushes, cost 1 per push (player normalized to its region).
 * moves: A* over pushes with cost = walking steps + 1 per push (exact player square).
 * greedy: best-first on the lower bound alone; the first solution found ends the search.
 */
export type SearchMode = 'pushes' | 'moves' | 'greedy';

/** Its detector switches (`corralPruning`, ...) are the registry's row names (DetectorSwitches). */
export interface SearchConfig extends DetectorSwitches {
  readonly mode: SearchMode;
  /**
   * forward pushes boxes from the start; backward pulls them from the goals towards their
   * starting cells (only when canSearchBackward), and its solution is read in reverse.
   */
  readonly direction?: 'forward' | 'backward';
  /** PI-corral pruning: keeps push counts, so not for move-optimal search nor a proven second measure. */
  readonly corralPruning: boolean;
  /**
   * pushes or moves only: among the solutions optimal in the mode's measure, prove the fewest of
   * the other one too (pushes, then moves; moves, then pushes). Costs are compared as pairs, the
   * queue orders by both, and positions keep the exact player square: a push's walk depends on
   * where the player stands, not only on the area it can reach.
   */
  readonly lexicographic?: boolean;
  /**
   * pushes-first only: the fewest pushes, when another search has proven it. Positions whose
   * pushes plus bound exceed it lie on no solution that short and are not stored.
   */
  readonly pushLimit?: number;
  /** Bytes this search's node table may take. */
  readonly maxBytes?: number;
  /** The table of deadlock detectors to take its own from (deadlocks/registry.ts's DETECTORS unless a test adds rows). */
  readonly detectorRegistry?: DetectorRegistry;
  /** Pair patterns in the optimal modes' bound (default on; off to measure without them). */
  readonly pairPatterns?: boolean;
  /**
   * Triple patterns beside the pairs (off by default): their table takes up to a second or two
   * to build on the larger boards it allows, which the optimal modes (solve.ts) afford and the
   * any-solution portfolio's push-optimal member is spared.
   */
  readonly triplePatterns?: boolean;
  /**
   * One-way square macros (geometry/one-way-squares.ts): a push onto a square the box must leave
   * forwards at once carries on as one step. They keep the fewest pushes, not the moves, so they
   * serve the pushes mode without a second measure (on unless false) and the forward greedy
   * mode (only when true); elsewhere asking for them is an error.
   */
  readonly oneWayMacros?: boolean;
  /**
   * Board symmetries (pushes and moves modes, forward only; default on there): a position and
   * its mirror or rotation images, when the level's cells and goals are symmetric, have the same
   * costs to go, so the table stores them as one node under a canonical key. Each node keeps the
   * position it was actually reached as, so paths need no mapping. Off to measure without.
   * Sound with the prunings here: each (dead squares, freezes, retrograde, PI-corrals) keeps an
   * optimal continuation of the very position it is applied to, and a node's children are always
   * made from its stored position; the bound of a merged image is admissible for it too, since
   * the two cost the same to finish.
   */
  readonly boardSymmetry?: boolean;
  /**
   * Moves mode, forwards: add a bound on the walking steps (bounds/walk-bound.ts) to the push
   * bound in the queue's first key (default on; off to measure without). The second key, and the
   * stored bound, stay the push bound's.
   */
  readonly walkBound?: boolean;
  /**
   * Moves mode, forwards: the move perimeter (bounds/move-perimeter.ts) in the queue's first key
   * (off unless true). A child stored in it has its exact fewest moves home as its bound, one not
   * stored at least the perimeter's depth + 1. The second key stays pushes + push bound. The pair
   * order stays admissible for the lexicographic proof: on the optimal solution (fewest moves,
   * then fewest pushes) a position's first key is at most the solution's moves, as each bound is
   * at most any finish's moves; where it equals them, its second key is at most the solution's
   * pushes, as the push bound is at most any finish's pushes. So the pair is at most the
   * solution's, whichever bound gave the first key. Built once the search has expanded
   * `afterExpanded` positions (0: before it starts), so that levels it ends sooner do not pay
   * for the table; positions queued before keep their keys, which are lower bounds still.
   */
  readonly movePerimeter?: MovePerimeterPlan;
  /**
   * pushes mode without a second measure: whether a position reached again with as many pushes
   * but fewer moves is stored and expanded again (default true), so the solution found walks
   * less. The fewest pushes need only positions reached with fewer pushes: false spares those
   * re-expansions where the walks are proven by a later search (the optimal pushes mode's
   * search for the fewest moves) or do not matter. See bench/optimal-levers.md: on Microban 153
   * 4.75 of the 5 million positions stored again were such ties.
   */
  readonly moveTies?: boolean;
  /**
   * pushes mode, forwards, without a second measure: a pull perimeter (bounds/pull-perimeter.ts)
   * of at most `maxPositions` positions, whose exact distances, and depth + 1 beyond it, raise
   * the bound of the children generated once it is built: before the search when `afterExpanded`
   * is 0 (the start's bound is raised too), else once that many positions are expanded, so the
   * levels a search ends quickly do not pay for it. Not under keeper-too, nor where the goals
   * are not one box placement (canSearchBackward).
   */
  readonly pullPerimeter?: PullPerimeterPlan;
}

/** When the moves mode builds its move perimeter (SearchConfig.movePerimeter; its size is the analysis's). */
export interface MovePerimeterPlan {
  readonly afterExpanded: number;
}

/** When and how large a pull perimeter the pushes mode builds (SearchConfig.pullPerimeter). */
export interface PullPerimeterPlan {
  readonly maxPositions: number;
  readonly afterExpanded: number;
}

/**
 * One best-first search over pushes, resumable: `run` expands a bounded number of nodes and
 * returns, so a driver can enforce limits and interleave several searches of one level.
 */
export class PushSearch implements SearchEngine {
  state: SearchState = 'running';
  expanded = 0;
  generated = 0;

  private readonly nodes: NodeTable;
  private readonly queue: BucketQueue;
  /** The open list when the second measure is proven too (else null, and `queue` serves). */
  private readonly lexQueue: LexBucketQueue | null;
  private readonly bound: MatchingBound;
  /** The walking bound of move-optimal search, or null (other modes, or off). */
  private readonly walk: WalkBound | null;
  /** The move perimeter of move-optimal search, or null (other modes, or off). */
  private movePerimeter: MovePerimeter | null = null;
  /** The move perimeter still to build, at its expansion count; null once built, or when none is. */
  private movePerimeterDue: MovePerimeterPlan | null;
  /** Exact distances near the goals that raise the bound (config.pullPerimeter), or null. */
  private pullPerimeter: PullPerimeter | null = null;
  /** Bytes of the pattern tables the bound reads (pairs, triples), counted against the memory limit. */
  private readonly patternBytes: number;
  /** The perimeter still to build, at its expansion count; null once built, or when none is. */
  private perimeterDue: PullPerimeterPlan | null;
  private readonly reach: PlayerReach;
  private readonly childReach: PlayerReach;
  /** The deadlock detectors and pruners of the registry this search uses, one list per call shape. */
  private readonly detectors: DetectorLists;
  /**
   * Retrograde deadlocks, tested on a position when it is expanded, in the optimal modes (null:
   * off). Corral deadlocks (a sub-search per corral) were measured there too: they cut the
   * positions expanded by a fifth on move-optimal Microban 117 and 122 but cost as much time.
   */
  private readonly positions: PackedPositions;
  private readonly scratch: Uint32Array;
  private readonly boxList: Int32Array;
  private readonly exactPlayer: boolean;
  private readonly greedy: boolean;
  /** Moves are the first measure (move-optimal search); otherwise pushes are. */
  private readonly movesFirst: boolean;
  /** A position reached with as many pushes but fewer moves is stored again (see SearchConfig.moveTies). */
  private readonly moveTies: boolean;
  private readonly pushLimit: number;
  private readonly keeperToo: boolean;
  private readonly backward: boolean;
  private readonly dead: Uint8Array;
  /** The one-way squares when pushes onto them carry on (config.oneWayMacros), else null. */
  private readonly oneWay: OneWaySquares | null;
  /** The level's symmetries when this search merges images (null: none, or off). */
  private readonly symmetry: BoardSymmetry | null;
  /** Box hash of the position being expanded under each symmetry. */
  private readonly parentSymmetryHashes: Uint32Array;
  /** Least image of the child's player area under each symmetry (pushes mode). */
  private readonly areaLeast: Int32Array;
  /** The same for the position being expanded, and the cells whose images they are. */
  private readonly parentLeast: Int32Array;
  private readonly parentLeastAt: Int32Array;
  /** What `canonicalize` found: the least image hash, which symmetry gives it, its player key. */
  private canonicalHash = 0;
  private canonicalOrientation = 0;
  private canonicalPlayer = 0;
  private bestNode = -1;
  private partner: PushSearch | null = null;
  /** Where this search met its partner: a node of the partner's table, or -1. */
  private meetNode = -1;
  /** The best solution's first measure, and its other measure. */
  private bestCost = Infinity;
  private bestSecond = Infinity;

  constructor(
    private readonly analysis: LevelAnalysis,
    config: SearchConfig,
  ) {
    const { problem } = analysis;
    const { words } = problem;
    const boxCount = problem.initialBoxes.length;
    const lexicographic = config.lexicographic === true;
    if (lexicographic && (config.mode === 'greedy' || config.corralPruning || config.direction === 'backward')) {
      throw new Error('internal: a proven second measure needs a forward optimal search without corral pruning');
    }
    this.exactPlayer = config.mode === 'moves' || lexicographic;
    this.greedy = config.mode === 'greedy';
    this.movesFirst = config.mode === 'moves';
    if (config.moveTies === false && (config.mode !== 'pushes' || lexicographic)) throw new Error('internal: dropping move ties is for the pushes mode without a second measure');
    this.moveTies = config.moveTies !== false;
    this.pushLimit = config.pushLimit ?? Number.MAX_SAFE_INTEGER;
    if (config.pushLimit !== undefined && config.mode !== 'pushes') throw new Error('internal: a push limit is for a pushes-first search');
    this.keeperToo = problem.rule === 'keeper-too';
    this.backward = config.direction === 'backward';
    const tables = this.backward ? analysis.backward() : analysis;
    this.dead = tables.dead;
    const macrosAllowed = !this.backward && !lexicographic && (config.mode === 'pushes' || config.mode === 'greedy');
    if (config.oneWayMacros === true && !macrosAllowed) throw new Error('internal: one-way macros keep push counts only, forwards and without a second measure');
    const macros = config.mode === 'pushes' ? config.oneWayMacros !== false : config.oneWayMacros === true;
    this.oneWay = macrosAllowed && macros ? analysis.oneWaySquares() : null;
    // Pair patterns serve the optimal modes forwards, where every position below the optimum is
    // expanded and a stronger bound spares whole layers; the table is for pushes, not pulls.
    // They count against the memory limit: a table over a quarter of it is not built.
    const patternRoom = (config.maxBytes ?? Number.POSITIVE_INFINITY) / 4;
    const pairsWanted = config.mode !== 'greedy' && !this.backward && problem.everyBoxNeedsGoal && config.pairPatterns !== false;
    const pairs = pairsWanted && PairCosts.bytesFor(problem.cellCount) <= patternRoom ? analysis.pairCosts() : null;
    const triplesWanted = pairs !== null && config.triplePatterns === true;
    const triples = triplesWanted && pairs.bytes + TripleCosts.bytesFor(problem.cellCount) <= patternRoom ? analysis.tripleCosts() : null;
    this.patternBytes = (pairs?.bytes ?? 0) + (triples?.bytes ?? 0);
    const patterns = pairs === null ? null : new PatternBound(pairs, boxCount, tables.distances.goalCount, triples);
    this.bound = new MatchingBound(tables.distances, boxCount, this.backward || problem.everyBoxNeedsGoal, patterns);
    const walking = this.movesFirst && !this.backward && problem.everyBoxNeedsGoal && config.walkBound !== false;
    this.walk = walking ? WalkBound.build(problem, analysis.dead, analysis.backward().dead) : null;
    if (config.movePerimeter !== undefined && (config.mode !== 'moves' || this.backward)) throw new Error('internal: the move perimeter is for the moves mode forwards');
    this.movePerimeterDue = config.movePerimeter ?? null;
    this.reach = new PlayerReach(problem);
    this.childReach = new PlayerReach(problem);
    const context = { problem, dead: analysis.dead, distances: analysis.distances, boxAt: this.reach.boxAt, backward: this.backward, exactPlayer: this.exactPlayer };
    // The optimal modes expand every position below the optimum, so one proven lost spares its
    // whole subtree; greedy search, which expands few of them, is left as it was.
    this.detectors = detectorListsFor(
      'push-search',
      context,
      { ...config, retrogradeDeadlocks: config.mode !== 'greedy' && config.retrogradeDeadlocks !== false },
      config.detectorRegistry,
    );
    this.positions = new PackedPositions(problem);
    const symmetric = config.boardSymmetry !== false && !this.greedy && !this.backward;
    this.symmetry = symmetric ? BoardSymmetry.of(problem, this.positions) : null;
    const symmetryCount = this.symmetry === null ? 0 : this.symmetry.count;
    this.parentSymmetryHashes = new Uint32Array(symmetryCount);
    this.areaLeast = new Int32Array(symmetryCount);
    this.parentLeast = new Int32Array(symmetryCount);
    this.parentLeastAt = new Int32Array(symmetryCount);
    if (config.pullPerimeter !== undefined && (config.mode !== 'pushes' || this.backward || lexicographic))
      throw new Error('internal: the pull perimeter is for the pushes mode forwards, one measure');
    this.perimeterDue = config.pullPerimeter !== undefined && config.pullPerimeter.maxPositions > 0 && !this.keeperToo ? config.pullPerimeter : null;
    this.nodes = new NodeTable(words, config.maxBytes === undefined ? undefined : config.maxBytes - this.patternBytes);
    if (this.movePerimeterDue?.afterExpanded === 0) this.buildMovePerimeter();
    if (this.perimeterDue?.afterExpanded === 0) this.buildPerimeter(this.bound.evaluate(Int32Array.from(problem.initialBoxes), boxCount, problem.initialPlayer));
    this.queue = new BucketQueue(this.nodes);
    this.lexQueue = lexicographic ? new LexBucketQueue(this.nodes) : null;
    this.scratch = new Uint32Array(words);
    this.boxList = new Int32Array(boxCount);
    if (this.backward) this.startAtGoals();
    else this.start();
  }

  /** The least f on the open list (first measure), for measurements; Infinity when it is empty. */
  get openFloor(): number {
    const size = this.lexQueue === null ? this.queue.size : this.lexQueue.size;
    if (size === 0) return Infinity;
    return this.lexQueue === null ? this.queue.peekPriority() : this.lexQueue.peekFirst();
  }

  /** Bytes held by the search's tables. */
  get bytes(): number {
    return this.nodes.bytes + this.patternBytes + (this.pullPerimeter?.bytes ?? 0) + (this.movePerimeter?.bytes ?? 0);
  }

  /** The pull perimeter once built (config.pullPerimeter), for measurements; null before, or when none is. */
  get builtPullPerimeter(): PullPerimeter | null {
    return this.pullPerimeter;
  }

  /** The pushes of the solution from the start, each (box cell before the push) * 4 + direction. */
  solution(): Int32Array {
    if (this.state !== 'solved') throw new Error('internal: no solution to read');
    const own = this.pushesAlongPath(this.bestNode);
    const partner = this.partner;
    if (this.meetNode < 0 || partner === null) return own;
    const theirs = partner.pushesAlongPath(this.meetNode);
    const joined = new Int32Array(own.length + theirs.length);
    // The forward half comes first, then the pushes the backward search found from there on.
    const [first, second] = this.backward ? [theirs, own] : [own, theirs];
    joined.set(first, 0);
    joined.set(second, first.length);
    return joined;
  }

  /**
   * A search running the other way over the same positions. When either search generates a
   * position the other has stored, the two paths join into a solution.
   */
  pairWith(partner: PushSearch): void {
    if (partner.exactPlayer || this.exactPlayer || partner.backward === this.backward || this.symmetry !== null || partner.symmetry !== null) {
      throw new Error('internal: only a forward and a backward search over normalized positions can meet');
    }
    this.partner = partner;
    partner.partner = this;
  }

  /** How many symmetries this search merges positions under (1: none). */
  get symmetries(): number {
    return this.symmetry === null ? 1 : this.symmetry.count;
  }

  /** Node number of a stored position, or -1. */
  lookup(boxes: Uint32Array, keyPlayer: number, hash: number): number {
    return this.nodes.find(boxes, keyPlayer, hash);
  }

  /** The pushes along the path to `node`, in the order they are made from the start. */
  private pushesAlongPath(target: number): Int32Array {
    const { nodes } = this;
    const { cellCount, neighbours } = this.analysis.problem;
    let length = 0;
    for (let node = target; nodes.parent[node] >= 0; node = nodes.parent[node]) length += runOf(nodes.lastPush[node], cellCount);
    const pushes = new Int32Array(length);
    // Backwards, the last pull found is the first push to make. A one-way run is stored as its
    // last push; the ones before it are the same direction, one cell further back each.
    let i = 0;
    for (let node = target; nodes.parent[node] >= 0; node = nodes.parent[node]) {
      const code = nodes.lastPush[node];
      let push = lastPushOf(code, cellCount);
      for (let k = runOf(code, cellCount); k > 0; k--, i++) {
        pushes[this.backward ? i : length - 1 - i] = push;
        push = neighbours[(push >> 2) * 4 + ((push & 3) ^ 1)] * 4 + (push & 3);
      }
    }
    return pushes;
  }

  /** Expands up to `budget` nodes, or fewer when the search ends. */
  run(budget: number): void {
    const { nodes, queue, lexQueue } = this;
    for (let done = 0; done < budget && this.state === 'running'; ) {
      if ((lexQueue === null ? queue.size : lexQueue.size) === 0) {
        this.state = this.bestNode >= 0 ? 'solved' : 'unsolvable';
        return;
      }
      if (!this.greedy && this.bestNode >= 0 && this.nothingQueuedBeatsBest()) {
        this.state = 'solved';
        return;
      }
      if (this.perimeterDue !== null && this.expanded >= this.perimeterDue.afterExpanded) this.buildPerimeter(nodes.bound[0]);
      if (this.movePerimeterDue !== null && this.expanded >= this.movePerimeterDue.afterExpanded) this.buildMovePerimeter();
      const node = lexQueue === null ? queue.pop() : lexQueue.pop();
      if (nodes.state[node] !== 0) continue;
      nodes.state[node] = 1;
      this.expanded++;
      done++;
      if (this.expand(node)) this.state = 'solved';
    }
  }

  /**
   * Takes the analysis's move perimeter (built now, if not yet, in half of the room the node table
   * has left), whose bytes come out of the node table's share.
   */
  private buildMovePerimeter(): void {
    this.movePerimeterDue = null;
    this.movePerimeter = this.analysis.movePerimeter(Math.max(0, this.nodes.maxBytes - this.nodes.bytes) / 2);
    if (this.movePerimeter === null) return;
    this.nodes.maxBytes -= this.movePerimeter.bytes;
    if (this.nodes.count > 0) this.requeueWithMovePerimeter(this.movePerimeter);
  }

  /**
   * The positions queued before the move perimeter was built, queued again with the first key a
   * child made now would have, in the order they were stored (ties still break towards the
   * newest). Left with their old keys, they are all expanded before the search reaches the keys
   * the perimeter gives: Microban 145's proof expanded 54,624 positions with the perimeter built
   * after 10,000, against 4,368 with it built before the search.
   */
  private requeueWithMovePerimeter(perimeter: MovePerimeter): void {
    const { nodes, reach, scratch, positions, boxList, walk } = this;
    const { words } = positions;
    const queue = this.lexQueue ?? this.queue;
    queue.clear();
    for (let node = 0; node < nodes.count; node++) {
      // Expanded positions are done with; a bound of 0 is a solved position, which is never queued.
      if (nodes.state[node] !== 0 || nodes.bound[node] === 0) continue;
      const base = node * words;
      for (let w = 0; w < words; w++) scratch[w] = nodes.boxes[base + w];
      let walking = 0;
      if (walk !== null) {
        const count = positions.unpack(nodes.boxes, base, boxList);
        for (let i = 0; i < count; i++) reach.boxAt[boxList[i]] = 1;
        walking = walk.evaluate(boxList, count, nodes.player[node], reach.boxAt);
        for (let i = 0; i < count; i++) reach.boxAt[boxList[i]] = 0;
      }
      // Nodes keep the position as reached (not its canonical image), as the perimeter does.
      const lower = nodes.bound[node];
      walking = perimeter.movesToGo(scratch, nodes.boxHash[node], nodes.player[node], lower + walking) - lower;
      this.enqueue(node, walking);
    }
  }

  /** Positions the perimeters this search built stored: work beside its expansions, which node limits count too. */
  get tablePositions(): number {
    return (this.pullPerimeter?.size ?? 0) + (this.movePerimeter?.size ?? 0);
  }

  /** The move perimeter once built (config.movePerimeter), for measurements; null before, or when none is. */
  get builtMovePerimeter(): MovePerimeter | null {
    return this.movePerimeter;
  }

  /**
   * Builds the perimeter in a quarter of the node table's byte limit at most, and takes its bytes
   * from that limit. `startBound` (the start's bound) tells the build how deep to go. Children
   * made from then on get the raised bound; positions stored before keep theirs, admissible still.
   */
  private buildPerimeter(startBound: number): void {
    const plan = this.perimeterDue as PullPerimeterPlan;
    this.perimeterDue = null;
    const { nodes, analysis } = this;
    const room = nodes.maxBytes - nodes.bytes;
    this.pullPerimeter = PullPerimeter.build(analysis, { maxPositions: plan.maxPositions, maxBytes: room / 4, stopCheck: analysis.stopCheck, startBound });
    if (this.pullPerimeter !== null) nodes.maxBytes -= this.pullPerimeter.bytes;
  }

  private start(): void {
    const { problem } = this.analysis;
    const { reach, boxList, scratch } = this;
    if (problem.hopelessBecause !== null) {
      this.state = 'unsolvable';
      return;
    }
    const boxCount = boxList.length;
    const boxHash = this.positions.pack(problem.initialBoxes, boxCount, scratch);
    for (let i = 0; i < boxCount; i++) {
      const cell = problem.initialBoxes[i];
      reach.boxAt[cell] = 1;
      boxList[i] = cell;
    }
    const reached = reach.walk(problem.initialPlayer);
    let key = this.exactPlayer ? problem.initialPlayer : reach.topLeft;
    let hash = this.positions.hash(boxHash, key);
    let orientation = 0;
    if (this.symmetry !== null) {
      this.hashUnderEachSymmetry(boxList, boxCount);
      if (!this.exactPlayer) this.symmetry.leastImages(reach, this.areaLeast);
      this.canonicalize(-1, -1, this.exactPlayer ? problem.initialPlayer : -1);
      key = this.canonicalPlayer;
      hash = this.canonicalHash;
      orientation = this.canonicalOrientation;
    }
    let lower = this.bound.evaluate(boxList, boxCount, problem.initialPlayer);
    if (this.pullPerimeter !== null && lower !== INFEASIBLE) lower = this.pullPerimeter.raise(lower, scratch, reach.topLeft, boxHash);
    reach.boxAt.fill(0);
    if (lower === INFEASIBLE) {
      this.state = 'unsolvable';
      return;
    }
    const root = this.addRoot(key, problem.initialPlayer, boxHash, hash, lower);
    this.nodes.orientation[root] = orientation;
    if (lower === 0) {
      if (!this.keeperToo) {
        this.bestNode = root;
        this.state = 'solved';
        return;
      }
      const walk = this.walkToFreeGoal(reach, reached);
      if (walk >= 0) this.offerSolution(root, walk);
    }
    let walking = 0;
    if (this.walk !== null) {
      for (let i = 0; i < boxCount; i++) reach.boxAt[boxList[i]] = 1;
      walking = this.walk.evaluate(boxList, boxCount, problem.initialPlayer, reach.boxAt);
      reach.boxAt.fill(0);
    }
    this.enqueue(root, walking);
  }

  /** Adds a start position (box set in scratch) with nothing done yet. */
  private addRoot(key: number, player: number, boxHash: number, hash: number, lower: number): number {
    const { nodes } = this;
    const root = nodes.add(this.scratch, key, hash, boxHash);
    nodes.player[root] = player;
    nodes.pushes[root] = 0;
    nodes.moves[root] = 0;
    nodes.bound[root] = lower;
    nodes.parent[root] = -1;
    nodes.lastPush[root] = -1;
    nodes.matchSlot[root] = -1;
    this.generated++;
    return root;
  }

  /**
   * Roots of the backward search: every box on a goal, the player in any area next to a box
   * (the last push leaves the player beside the box it moved).
   */
  private startAtGoals(): void {
    const { problem } = this.analysis;
    const { reach, boxList, scratch, childReach } = this;
    const { neighbours, goals, cellCount } = problem;
    if (problem.hopelessBecause !== null) {
      this.state = 'unsolvable';
      return;
    }
    const boxHash = this.positions.pack(goals, goals.length, scratch);
    for (let i = 0; i < goals.length; i++) {
      const cell = goals[i];
      reach.boxAt[cell] = 1;
      childReach.boxAt[cell] = 1;
      boxList[i] = cell;
    }
    const lower = this.bound.evaluate(boxList, boxList.length);
    const seen = new Uint8Array(cellCount);
    for (let i = 0; i < goals.length && lower !== INFEASIBLE; i++) {
      for (let d = 0; d < 4; d++) {
        const side = neighbours[goals[i] * 4 + d];
        if (side < 0 || reach.boxAt[side] !== 0 || seen[side] !== 0) continue;
        const count = reach.walk(side);
        const cells = reach.visitedCells(count);
        for (let k = 0; k < count; k++) seen[cells[k]] = 1;
        const key = reach.topLeft;
        const root = this.addRoot(key, key, boxHash, this.positions.hash(boxHash, key), lower);
        if (lower === 0 && reach.reached(problem.initialPlayer)) {
          this.bestNode = root;
          this.state = 'solved';
        }
        this.enqueue(root);
      }
    }
    reach.boxAt.fill(0);
    childReach.boxAt.fill(0);
    if (this.generated === 0 && this.state === 'running') this.state = 'unsolvable';
  }

  /** Generates the children of `node`; returns true when the search may stop with a solution. */
  private expand(node: number): boolean {
    const { problem } = this.analysis;
    const { dead } = this;
    const { neighbours } = problem;
    const backward = this.backward;
    const { nodes, reach, childReach, boxList, scratch, positions, detectors, oneWay, symmetry } = this;
    const boxAt = reach.boxAt;
    const childBoxAt = childReach.boxAt;

    const { words, boxKeys, playerKeys } = positions;
    const base = node * words;
    const count = positions.unpack(nodes.boxes, base, boxList);
    for (let i = 0; i < count; i++) {
      boxAt[boxList[i]] = 1;
      childBoxAt[boxList[i]] = 1;
    }
    reach.walk(nodes.player[node]);
    if (detectors.onBoardTests.length > 0 && this.provenLost(node)) {
      for (let i = 0; i < count; i++) {
        boxAt[boxList[i]] = 0;
        childBoxAt[boxList[i]] = 0;
      }
      return false;
    }
    if (symmetry !== null) {
      this.hashUnderEachSymmetry(boxList, count);
      if (!this.exactPlayer) this.noteParentArea();
    }
    this.bound.beginParent(boxList, count, node, nodes.matchSlot[node]);
    const walk = this.walk;
    if (walk !== null) walk.noteBoxes(boxList, count);
    const restricted = detectors.restrict(reach, boxAt, boxList, count);
    const parentPushes = nodes.pushes[node];
    const parentMoves = nodes.moves[node];
    const parentBoxHash = nodes.boxHash[node];
    let stop = false;

    for (let i = 0; i < count && !stop && this.state === 'running'; i++) {
      const box = boxList[i];
      if (restricted && !detectors.isAllowed(box)) continue;
      for (let d = 0; d < 4; d++) {
        // Forwards the player at `from` pushes the box to `to`; backwards the player stands at
        // `to` and steps back to `from`, pulling the box after it.
        let to: number;
        let from: number;
        if (backward) {
          to = neighbours[box * 4 + d];
          if (to < 0 || !reach.reached(to) || dead[to] !== 0) continue;
          from = neighbours[to * 4 + d];
          if (from < 0 || boxAt[from] !== 0) continue;
        } else {
          to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !reach.reached(from)) continue;
        }
        // Where the player stands after the push; a one-way run moves the box on and it follows.
        let pusher = box;
        let run = 1;
        if (oneWay?.isOneWay(to, d)) {
          const end = oneWay.forcedEnd(to, d, nodes.boxes, base, boxAt, dead);
          if (end < 0) continue;
          run = oneWay.lastRun;
          if (run > 1) {
            to = end;
            pusher = neighbours[to * 4 + (d ^ 1)];
          }
        }

        boxAt[box] = 0;
        boxAt[to] = 1;
        const frozen = detectors.afterPush(boxAt, box, to);
        boxAt[to] = 0;
        boxAt[box] = 1;
        if (frozen) continue;

        // PackedPositions.packMove and movedHash, written out: in this loop the calls measured
        // about 5% slower (they crowd out inlining of the table and bound calls).
        for (let w = 0; w < words; w++) scratch[w] = nodes.boxes[base + w];
        scratch[box >>> 5] &= ~(1 << (box & 31));
        scratch[to >>> 5] |= 1 << (to & 31);
        const boxHash = (parentBoxHash ^ boxKeys[box] ^ boxKeys[to]) >>> 0;
        childBoxAt[box] = 0;
        childBoxAt[to] = 1;
        // Distances matter only for keeper-too, where a solved child still walks to a goal.
        let childReached = 0;
        let keyPlayer = pusher;
        if (backward) {
          childReach.flood(from);
          keyPlayer = childReach.topLeft;
        } else if (this.keeperToo) {
          childReached = childReach.walk(pusher);
          if (!this.exactPlayer) keyPlayer = childReach.topLeft;
          if (!this.exactPlayer && symmetry !== null) symmetry.leastImages(childReach, this.areaLeast);
        } else if (!this.exactPlayer) {
          // The local rule knows a single push only; after a run, one whole fill. With symmetries
          // each image's least cell is needed: from the parent's when the area only gains the box
          // cell, else from a walk of the whole area.
          if (symmetry === null) keyPlayer = run === 1 ? this.topLeftAfterPush(box, to, d) : childReach.floodTopLeft(pusher, -1);
          else if (run === 1 && this.areaKeptAfterPush(box, to, d)) this.leastWithBoxCell(box);
          else {
            // Only the area's cells are needed, not their distances.
            childReach.flood(pusher);
            symmetry.leastImages(childReach, this.areaLeast);
          }
        }
        childBoxAt[to] = 0;
        childBoxAt[box] = 1;
        // The perimeter holds positions as they are, not their canonical images.
        const plainPlayer = symmetry === null || this.exactPlayer ? keyPlayer : this.areaLeast[0];
        let hash = (boxHash ^ playerKeys[keyPlayer]) >>> 0;
        let orientation = 0;
        if (symmetry !== null) {
          this.canonicalize(box, to, this.exactPlayer ? pusher : -1);
          hash = this.canonicalHash;
          keyPlayer = this.canonicalPlayer;
          orientation = this.canonicalOrientation;
        }
        const pushes = parentPushes + run;
        const moves = parentMoves + reach.distance[from] + run;

        const existing = symmetry === null ? nodes.find(scratch, keyPlayer, hash) : nodes.findUpToSymmetry(scratch, keyPlayer, hash, orientation, symmetry);
        let child: number;
        if (existing >= 0) {
          if (this.greedy || !this.improves(existing, pushes, moves) || pushes + nodes.bound[existing] > this.pushLimit) continue;
          child = nodes.addCopy(scratch, keyPlayer, hash, boxHash, existing);
          if (child < 0) {
            this.state = 'memory';
            break;
          }
          nodes.bound[child] = nodes.bound[existing];
          nodes.matchSlot[child] = -1;
        } else {
          boxList[i] = to;
          // With patterns the bound is admissible but not consistent (a pair's penalty can vanish
          // in one push, so f can fall along a path); a position reached again with fewer pushes
          // is stored again and expanded again (improves, below), which keeps A* optimal.
          // Pathmax (the parent's bound less one) was measured: no fewer positions.
          // A position in the pull perimeter has its exact distance, and needs no matching.
          const perimeter = this.pullPerimeter;
          const exact = perimeter === null ? -1 : perimeter.distanceOf(scratch, plainPlayer, boxHash);
          let lower = exact;
          let slot = -1;
          if (exact < 0) {
            lower = this.bound.evaluateChild(boxList, count, i, backward ? -1 : pusher);
            slot = this.bound.lastSlot;
            if (perimeter !== null && lower !== INFEASIBLE) lower = perimeter.outside(lower);
          }
          boxList[i] = box;
          if (lower === INFEASIBLE || pushes + lower > this.pushLimit) continue;
          child = nodes.add(scratch, keyPlayer, hash, boxHash);
          if (child < 0) {
            this.state = 'memory';
            break;
          }
          nodes.bound[child] = lower;
          nodes.matchSlot[child] = slot;
          if (slot >= 0) this.bound.claimSlot(slot, child);
        }
        this.generated++;
        nodes.orientation[child] = orientation;
        nodes.player[child] = backward ? from : pusher;
        nodes.pushes[child] = pushes;
        nodes.moves[child] = moves;
        nodes.parent[child] = node;
        // Stored as the forward push either way: backwards, the box goes from `to` back to `box`.
        nodes.lastPush[child] = backward ? to * 4 + (d ^ 1) : pushCode(pusher * 4 + d, run, problem.cellCount);
        if (this.partner !== null && existing < 0) {
          const met = this.partner.lookup(scratch, keyPlayer, hash);
          if (met >= 0) {
            this.bestNode = child;
            this.meetNode = met;
            stop = true;
            break;
          }
        }
        if (nodes.bound[child] === 0) {
          const extra = this.stepsToFinish(childReach, childReached);
          if (extra >= 0 && this.offerSolution(child, extra)) {
            stop = true;
            break;
          }
          // Forwards under the standard rules a position with every box home is an end.
          if (!backward && !this.keeperToo) continue;
        }
        let walking = 0;
        if (walk !== null) walking = walk.afterPush(box, to, pusher, boxAt);
        // The perimeter knows the child as reached (scratch, not its canonical image): an image costs the same.
        if (this.movePerimeter !== null) walking = this.movePerimeter.movesToGo(scratch, boxHash, pusher, nodes.bound[child] + walking) - nodes.bound[child];
        this.enqueue(child, walking);
      }
    }
    for (let i = 0; i < count; i++) {
      boxAt[boxList[i]] = 0;
      childBoxAt[boxList[i]] = 0;
    }
    return stop;
  }

  /** The least image of the expanded position's area under each symmetry, and the cell it images. */
  private noteParentArea(): void {
    const symmetry = this.symmetry as BoardSymmetry;
    const { inverse, count, cellCount } = symmetry;
    symmetry.leastImages(this.reach, this.parentLeast);
    for (let s = 0; s < count; s++) this.parentLeastAt[s] = inverse[s * cellCount + this.parentLeast[s]];
  }

  /** areaLeast for a child whose area is the parent's with the box cell (see areaKeptAfterPush). */
  private leastWithBoxCell(box: number): void {
    const { image, count, cellCount } = this.symmetry as BoardSymmetry;
    const { parentLeast, areaLeast } = this;
    for (let s = 0; s < count; s++) {
      const boxImage = image[s * cellCount + box];
      areaLeast[s] = parentLeast[s];
      if (boxImage < areaLeast[s]) areaLeast[s] = boxImage;
    }
  }

  /** The box hash of the boxes in `cells` under each symmetry, into parentSymmetryHashes. */
  private hashUnderEachSymmetry(cells: Int32Array, count: number): void {
    const { count: symmetries, cellCount, boxKeys } = this.symmetry as BoardSymmetry;
    boxHashesUnderImages(boxKeys, symmetries, cellCount, cells, count, this.parentSymmetryHashes);
  }

  /**
   * The canonical key of a position: the box set hashed by hashUnderEachSymmetry, with the box on
   * `from` moved to `to` (from -1: none moved), and the player on `player` (exact squares) or, for
   * -1, in the area whose least images are in areaLeast. Each symmetry's image hashes as the plain
   * hash of the mirrored position would; the least wins, the first symmetry on a tie.
   */
  private canonicalize(from: number, to: number, player: number): void {
    const { count, cellCount, boxKeys, image } = this.symmetry as BoardSymmetry;
    const { playerKeys } = this.positions;
    const hashes = this.parentSymmetryHashes;
    for (let s = 0, base = 0; s < count; s++, base += cellCount) {
      let boxHash = hashes[s];
      if (from >= 0) boxHash ^= boxKeys[base + from] ^ boxKeys[base + to];
      const keyCell = player >= 0 ? image[base + player] : this.areaLeast[s];
      const hash = (boxHash ^ playerKeys[keyCell]) >>> 0;
      if (s === 0 || hash < this.canonicalHash) {
        this.canonicalHash = hash;
        this.canonicalOrientation = s;
        this.canonicalPlayer = keyCell;
      }
    }
  }

  /**
   * The child's normalized player cell (the smallest it can reach), from local facts where they
   * settle it. The child's region is the parent's, less `to`, plus the box cell, plus any area
   * the freed box cell opens beside it (an area that touched the parent's region would have been
   * in it, so it joins through the box cell alone: a fill of just that area finds its least
   * cell). If the parent's region stays connected without `to` (it was unreachable, or its free
   * neighbours stay joined around it), the least of those is the answer; if not, it is still a
   * floor for a fill from the box cell, which stops there. Only `to` being the parent's least
   * cell needs a whole fill.
   */
  private topLeftAfterPush(box: number, to: number, d: number): number {
    const { neighbours } = this.analysis.problem;
    const { reach, childReach } = this;
    const boxAt = reach.boxAt;
    const topLeft = reach.topLeft;
    let floor = Math.min(box, topLeft);
    let connected = true;
    if (reach.reached(to)) {
      if (to === topLeft) return childReach.floodTopLeft(box, -1);
      connected = staysJoinedWithout(neighbours, boxAt, to, box);
    }
    // The two cells beside the push (perpendicular to it) that were free and out of reach.
    const sideA = d < 2 ? 2 : 0;
    let opened = -1;
    let openedToo = -1;
    for (let side = sideA; side < sideA + 2; side++) {
      const beside = neighbours[box * 4 + side];
      if (beside < 0 || boxAt[beside] !== 0 || reach.reached(beside)) continue;
      if (opened < 0) opened = beside;
      else openedToo = beside;
    }
    if (opened >= 0) {
      // The fill of the opened area must not go back through the box cell into the old region.
      const childBoxAt = childReach.boxAt;
      childBoxAt[box] = 1;
      const areaLeast = childReach.floodTopLeft(opened, -1, openedToo);
      childBoxAt[box] = 0;
      if (areaLeast < floor) floor = areaLeast;
    }
    // `to` may cut the region; the player's side of it holds no cell below the floor.
    return connected ? floor : childReach.floodTopLeft(box, floor);
  }

  /**
   * With symmetries, pushes mode: whether the child's player area is the parent's less `to` plus
   * the box cell, with no least image of the parent's area at `to` (so each image's least cell is
   * the parent's or the box cell's image, and no walk is needed). Not so when the push splits the
   * area, or the freed box cell opens an area beside it that the parent could not reach.
   */
  private areaKeptAfterPush(box: number, to: number, d: number): boolean {
    const { neighbours } = this.analysis.problem;
    const { reach, parentLeastAt } = this;
    if (reach.reached(to)) {
      for (let s = 0; s < parentLeastAt.length; s++) if (parentLeastAt[s] === to) return false;
      if (!staysJoinedWithout(neighbours, reach.boxAt, to, box)) return false;
    }
    return opensOnlyOntoArea(neighbours, reach.boxAt, reach, box, d);
  }

  /**
   * Whether the retrograde test proves `node` lost (its boxes on reach.boxAt): then it has no
   * children to make. Such a loss mostly comes with a box pushed onto a goal that shuts others
   * out, so only positions whose last push did that are tested, and the root: on Microban 122,
   * move-optimal, that pruned as many positions as testing every one, in less time than either
   * testing every one or none.
   */
  private provenLost(node: number): boolean {
    const last = this.nodes.lastPush[node];
    if (last >= 0) {
      const { neighbours, goalIndexOfCell, cellCount } = this.analysis.problem;
      const push = lastPushOf(last, cellCount);
      if (goalIndexOfCell[neighbours[(push >> 2) * 4 + (push & 3)]] < 0) return false;
    }
    return this.detectors.onBoard(this.reach.boxAt);
  }

  private improves(existing: number, pushes: number, moves: number): boolean {
    const { nodes } = this;
    if (this.movesFirst) {
      return moves < nodes.moves[existing] || (moves === nodes.moves[existing] && pushes < nodes.pushes[existing]);
    }
    return pushes < nodes.pushes[existing] || (this.moveTies && pushes === nodes.pushes[existing] && moves < nodes.moves[existing]);
  }

  /** The first key: g + bound in the first measure; moves first, `walking` adds the walks' bound. */
  private priorityOf(node: number, walking: number): number {
    const { nodes } = this;
    if (this.greedy) return nodes.bound[node];
    return this.movesFirst ? nodes.moves[node] + nodes.bound[node] + walking : nodes.pushes[node] + nodes.bound[node];
  }

  /**
   * The second key of a node in the two-measure queue, among nodes of equal first key (f = g +
   * bound in the first measure): pushes first, the moves walked beyond one per push, which orders
   * as moves + bound does; moves first, pushes + bound. The bound serves both measures, since
   * every push is also a move. Either way it is the pair order of (g + bound) in both measures.
   */
  private secondKeyOf(node: number): number {
    const { nodes } = this;
    return this.movesFirst ? nodes.pushes[node] + nodes.bound[node] : nodes.moves[node] - nodes.pushes[node];
  }

  private enqueue(node: number, walking = 0): void {
    if (this.lexQueue === null) this.queue.push(node, this.priorityOf(node, walking));
    else this.lexQueue.push(node, this.priorityOf(node, walking), this.secondKeyOf(node));
  }

  /**
   * Whether the open list holds nothing that could end cheaper than the best solution: its least
   * f is not below the best cost, or with a proven second measure, the least pair is not below it.
   */
  private nothingQueuedBeatsBest(): boolean {
    const { lexQueue } = this;
    if (lexQueue === null) return this.queue.peekPriority() >= this.bestCost;
    const first = lexQueue.peekFirst();
    if (first !== this.bestCost) return first > this.bestCost;
    const bestKey = this.movesFirst ? this.bestSecond : this.bestSecond - this.bestCost;
    return lexQueue.peekSecond() >= bestKey;
  }

  /** Records a solved position; returns true when the search can stop at once. */
  private offerSolution(node: number, extraMoves: number): boolean {
    const { nodes } = this;
    const moves = nodes.moves[node] + extraMoves;
    const pushes = nodes.pushes[node];
    const cost = this.movesFirst ? moves : pushes;
    const second = this.movesFirst ? pushes : moves;
    if (cost < this.bestCost || (cost === this.bestCost && second < this.bestSecond)) {
      this.bestCost = cost;
      this.bestSecond = second;
      this.bestNode = node;
    }
    return this.greedy;
  }

  /**
   * For a child whose boxes are all home (the walk of `walker` describes it): the walking steps
   * still needed to finish, or -1 when it does not finish yet. Backwards, home is the start and
   * the player must be able to walk to its starting square; under keeper-too the player walks
   * on to a free goal.
   */
  private stepsToFinish(walker: PlayerReach, reachedCount: number): number {
    if (this.backward) return walker.reached(this.analysis.problem.initialPlayer) ? 0 : -1;
    if (this.keeperToo) return this.walkToFreeGoal(walker, reachedCount);
    return 0;
  }

  /** Walking steps from the walk's start to the nearest goal without a box, or -1. */
  private walkToFreeGoal(walker: PlayerReach, reachedCount: number): number {
    const { goalIndexOfCell } = this.analysis.problem;
    const cells = walker.visitedCells(reachedCount);
    for (let i = 0; i < reachedCount; i++) {
      if (goalIndexOfCell[cells[i]] >= 0) return walker.distance[cells[i]];
    }
    return -1;
  }
}
