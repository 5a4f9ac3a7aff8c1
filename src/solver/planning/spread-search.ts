import { INFEASIBLE, MatchingBound } from '../bounds/matching-bound.js';
import { BoxMoves } from '../geometry/box-moves.js';
import { UNREACHABLE } from '../geometry/push-distances.js';
import { PlayerReach } from '../geometry/reachability.js';
import { RoomConnectivity } from '../fess/room-connectivity.js';
import { PackedPositions } from '../model/position.js';
import type { Problem } from '../model/problem.js';
import { MoveQueues } from '../tables/move-queues.js';
import { NodeTable } from '../tables/node-table.js';
import type { LevelAnalysis } from './analysis.js';
import { BaseMatching } from './base-matching.js';
import { PullSteps } from './pull-steps.js';
import { pushesHome } from './pushes-home.js';
import { addSolvedRoots } from './solved-roots.js';
import { StuckBoxes } from './stuck-boxes.js';

/** Moves queued, at most, before the search stops queueing (a few big levels have hundreds per position). */
const MAX_QUEUED = 2_000_000;
/** Levels whose moves do not fit the queue's 31 bits (box cell and target state) are not searched. */
const MAX_CELLS = 23_170;
/** Player areas and broken room links beyond these count as these: the features tell few from many. */
const MAX_AREAS = 15;
const MAX_ROOM_LINKS = 15;
/** Boxes that cannot be pulled any way, beyond this many, count as this many. */
const MAX_STUCK = 63;
/** Spread (see spreadOf) beyond this counts as this; with the other features the score keeps within the queue's 40 bits. */
const MAX_SPREAD = (1 << 22) - 1;

/**
 * How far from the goals the boxes stand, the last of the features: each box's push distances to
 * every goal added up (Festival's strategy D), or the minimum-cost matching of boxes to goals
 * (its strategies B and F), which counts each box against the one goal it would take.
 */
export type SpreadMeasure = 'goal-sum' | 'goal-matching';

/** What a finished or stopped spread search says: `running` while it has moves and no answer. */
export type SpreadSearchState = 'running' | 'met-start' | 'exhausted' | 'memory';

/**
 * The backward search of Festival's hotspot-first strategy (its strategy D; our reading in
 * bench/festival-strategies.md): from the solved position it only pulls, every box staying on
 * the board, and looks for a position where the boxes stand spread out and out of each other's
 * way. A position is better, in this order, with fewer player areas, fewer broken links between
 * rooms (room-connectivity.ts), where the player reaches everything fewer boxes that cannot be
 * pulled in any direction, and boxes farther from the goals in all (the sum over boxes and goals
 * of the push distances). The search takes turns over feature cells (areas and broken links), every
 * other turn to the best position's cell; in a cell the lightest move first, the move to the best
 * child among equals; the child that beats its parent weighs nothing, the others one.
 *
 * A pulled box stops only where a box from some start square can be pushed to, and a position
 * whose boxes cannot each be given a start square of their own (base-matching.ts) is dropped:
 * neither lies on a solution.
 *
 * What it leaves:
 * - its best position, the arrangement a forward search then aims at (arrangement.ts);
 * - every position it made, each joined to the solved position by its pulls: a forward search that
 *   reaches one (meet) is done, the pulls reversed (pushesHome). Positions are keyed as the forward
 *   searches key theirs (boxes and the player's normalized cell), so one lookup finds them.
 */
export class SpreadSearch {
  state: SpreadSearchState = 'running';
  /** Positions expanded (their moves queued). */
  expanded = 0;
  /** The node that equals the level's start, once found ('met-start'). */
  startNode = -1;

  private readonly problem: Problem;
  private readonly nodes: NodeTable;
  private readonly queues = new MoveQueues();
  private readonly positions: PackedPositions;
  private readonly reach: PlayerReach;
  private readonly moves: BoxMoves;
  private readonly rooms: RoomConnectivity;
  private readonly matching: BaseMatching;
  private readonly scratch: Uint32Array;
  /** Per node: its last pull, and its score (in `score`). */
  private readonly steps: PullSteps;
  private readonly cellOfKey = new Map<number, number>();
  /** 1 where a pulled box may stop: a box from some start square can be pushed there. */
  private readonly allowed: Uint8Array;
  /** Per cell, the push distances from it to every goal added up: how far from the goals a box there stands. */
  private readonly spreadOf: Float64Array;
  private readonly stride: number;
  private readonly maxBytes: number;
  /** The best position so far (a node other than a root), or -1. */
  private best = -1;
  private bestCell = -1;
  private turns = 0;
  /** The boxes of the position being settled. */
  private readonly boxCells: Int32Array;
  // Candidate moves of the position being settled: as queued (box * stride + state), their weights and scores.
  private readonly candidateMove: Int32Array;
  private readonly candidateWeight: Int32Array;
  private readonly candidateScore: Float64Array;
  private readonly reachedByPlayer: (cell: number) => boolean;
  private readonly stuck: StuckBoxes;
  /** For the 'goal-matching' measure: the matching of the position being settled, each pull's from it. */
  private readonly goalMatching: MatchingBound | null;

  constructor(analysis: LevelAnalysis, maxBytes = Number.POSITIVE_INFINITY, measure: SpreadMeasure = 'goal-sum') {
    const { problem } = analysis;
    const { cellCount, words, initialBoxes, goals } = problem;
    this.problem = problem;
    this.maxBytes = maxBytes;
    this.nodes = new NodeTable(words, maxBytes, 1 << 10);
    this.positions = new PackedPositions(problem);
    this.reach = new PlayerReach(problem);
    this.moves = new BoxMoves(problem);
    this.rooms = new RoomConnectivity(problem);
    this.scratch = new Uint32Array(words);
    this.steps = new PullSteps(this.nodes.capacity);
    const backward = analysis.backward();
    this.matching = new BaseMatching(backward.distances.distance, initialBoxes.length);
    this.allowed = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) this.allowed[cell] = backward.dead[cell] === 0 ? 1 : 0;
    const { distance, goalCount } = analysis.distances;
    this.spreadOf = new Float64Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      let sum = 0;
      for (let goal = 0; goal < goalCount; goal++) {
        const d = distance[cell * goalCount + goal];
        if (d !== UNREACHABLE) sum += d;
      }
      this.spreadOf[cell] = sum;
    }
    this.stride = cellCount * 4;
    this.boxCells = new Int32Array(initialBoxes.length);
    this.candidateMove = new Int32Array(initialBoxes.length * cellCount * 4);
    this.candidateWeight = new Int32Array(initialBoxes.length * cellCount * 4);
    this.candidateScore = new Float64Array(initialBoxes.length * cellCount * 4);
    this.reachedByPlayer = (cell) => this.reach.reached(cell);
    this.stuck = new StuckBoxes(problem);
    // No child's duals kept: a pull is scored, never settled from its scoring.
    this.goalMatching = measure === 'goal-matching' ? new MatchingBound(analysis.distances, initialBoxes.length, true, null, false) : null;
    const fits = goals.length > 0 && goals.length === initialBoxes.length && problem.everyBoxNeedsGoal && cellCount < MAX_CELLS;
    if (!fits || problem.hopelessBecause !== null || problem.rule === 'keeper-too') this.state = 'exhausted';
    else this.addRoots();
  }

  get bytes(): number {
    return this.nodes.bytes + this.queues.bytes + this.steps.bytes;
  }

  /** Positions stored. */
  get generated(): number {
    return this.nodes.count;
  }

  /** Expands up to `budget` positions, or fewer when the search ends. */
  run(budget: number): void {
    const { queues } = this;
    const target = this.expanded + budget;
    while (this.state === 'running' && this.expanded < target) {
      if (queues.size === 0) {
        this.state = 'exhausted';
        return;
      }
      const best = this.bestCell;
      const cell = (++this.turns & 1) === 0 && best >= 0 && queues.cellSize(best) > 0 ? best : queues.nextTurn();
      const record = queues.pop(cell);
      this.visit(queues.parentOf(record), queues.moveOf(record), queues.poppedWeight);
    }
  }

  /** The boxes of the best position so far, in cell order, or null when no pull was made. */
  bestBoxes(): Int32Array | null {
    if (this.best < 0) return null;
    const cells = new Int32Array(this.problem.initialBoxes.length);
    const count = this.positions.unpack(this.nodes.boxes, this.best * this.nodes.words, cells);
    return cells.subarray(0, count);
  }

  /**
   * The node of this search equal to a forward position (its box words as PackedPositions packs
   * them, the player's normalized cell and the hash PackedPositions gives), or -1.
   */
  meet(boxes: Uint32Array, keyPlayer: number, hash: number): number {
    return this.nodes.find(boxes, keyPlayer, hash);
  }

  /** The pushes from node `node` to the solved position, the player starting on `player` (pushes-home.ts). */
  pushesHome(node: number, player: number): Int32Array {
    return pushesHome(this.problem, this.positions, this.nodes, this.steps, node, player);
  }

  /** The solved position once for each region the player may stand in with the goals blocked (solved-roots.ts). */
  private addRoots(): void {
    const { problem, reach, positions, scratch, nodes, steps } = this;
    const tables = { problem, reach, positions, scratch, nodes, steps };
    const added = addSolvedRoots(
      tables,
      (node) => this.settle(node, 0),
      () => this.state === 'running',
    );
    if (!added) this.state = 'memory';
  }

  /** Plays a queued move: from * stride + state, the box on `from` pulled to state >> 2, the player ending on side state & 3. */
  private visit(parent: number, move: number, weight: number): void {
    const { nodes, reach, positions, scratch, problem } = this;
    const from = Math.floor(move / this.stride);
    const state = move % this.stride;
    const to = state >> 2;
    const player = problem.neighbours[state];
    positions.mark(nodes.boxes, parent * nodes.words, reach.boxAt);
    reach.boxAt[from] = 0;
    reach.boxAt[to] = 1;
    reach.flood(player);
    const key = reach.topLeft;
    positions.packMove(nodes.boxes, parent * nodes.words, from, to, scratch);
    const boxHash = positions.movedHash(nodes.boxHash[parent], from, to);
    const hash = positions.hash(boxHash, key);
    if (nodes.find(scratch, key, hash) >= 0) {
      reach.boxAt.fill(0);
      return;
    }
    nodes.maxBytes = this.maxBytes - this.queues.bytes - this.steps.bytes;
    const node = nodes.add(scratch, key, hash, boxHash);
    if (node < 0) {
      reach.boxAt.fill(0);
      this.state = 'memory';
      return;
    }
    this.steps.recordNode(nodes, node, parent, from, to, player);
    this.settle(node, weight);
  }

  /**
   * A new position (boxes in reach.boxAt, the player's walk done): whether it is the level's start,
   * its score, whether it is the best so far, and its pulls queued in its feature cell. Clears
   * reach.boxAt.
   */
  private settle(node: number, weight: number): void {
    const { problem, reach, moves, boxCells, candidateMove, candidateWeight, candidateScore, stride } = this;
    const { cellCount } = problem;
    const boxAt = reach.boxAt;
    let boxes = 0;
    let goalSum = 0;
    for (let cell = 0; cell < cellCount; cell++) {
      if (boxAt[cell] === 0) continue;
      boxCells[boxes++] = cell;
      goalSum += this.spreadOf[cell];
    }
    const isRoot = this.nodes.parent[node] < 0;
    if (!isRoot && this.isStart(boxAt)) {
      this.startNode = node;
      this.state = 'met-start';
      boxAt.fill(0);
      return;
    }
    if (!this.matching.matched(boxCells, boxes, null)) {
      boxAt.fill(0);
      return;
    }
    this.expanded++;
    const areas = Math.min(moves.walkPosition(boxAt), MAX_AREAS);
    const links = Math.min(this.rooms.brokenLinks(boxAt), MAX_ROOM_LINKS);
    const stuckTotal = this.stuck.beginPosition(boxCells, boxes, boxAt);
    const { goalMatching } = this;
    if (goalMatching !== null) goalMatching.beginParent(boxCells, boxes, node, -1);
    const spread = goalMatching === null ? goalSum : matchedSpread(goalMatching.evaluateParentFromLast());
    const score = spreadScore(areas, links, Math.min(stuckTotal, MAX_STUCK), spread);
    this.steps.score[node] = score;
    const cell = this.cellFor(areas * (MAX_ROOM_LINKS + 1) + links);
    if (!isRoot && (this.best < 0 || score > this.steps.score[this.best])) {
      this.best = node;
      this.bestCell = cell;
    }

    // One walk of the position gives its areas and every box's pulls.
    let count = 0;
    let advised = -1;
    for (let i = 0; i < boxes; i++) {
      const box = boxCells[i];
      const found = moves.searchPullsInWalkedPosition(box, boxAt, this.reachedByPlayer);
      const lifted = found > 0 ? moves.areasWithout(box, boxAt) : 0;
      for (let k = 0; k < found; k++) {
        const state = moves.states[k];
        const to = state >> 2;
        if (this.allowed[to] === 0) continue;
        const areasAfter = Math.min(moves.areasWithBoxOn(to, lifted), MAX_AREAS);
        // Stuck boxes count only where the player reaches everything (spreadScore): else no need to count them.
        const stuckAfter = areasAfter !== 1 ? 0 : Math.min(MAX_STUCK, Math.max(0, stuckTotal + this.stuck.change(boxAt, box, to)));
        // Broken links are counted once a position is settled, not for each pull.
        const spreadAfter = goalMatching === null ? spread - this.spreadOf[box] + this.spreadOf[to] : this.matchedAfterPull(goalMatching, boxes, i, to);
        const after = spreadScore(areasAfter, links, stuckAfter, spreadAfter);
        candidateMove[count] = box * stride + state;
        candidateScore[count] = after;
        if (after > score && (advised < 0 || after > candidateScore[advised])) advised = count;
        count++;
      }
    }
    if (count === 0 || this.queues.size + count > MAX_QUEUED) {
      boxAt.fill(0);
      return;
    }
    if (!this.queues.reserve(count, this.maxBytes - this.nodes.bytes - this.steps.bytes)) {
      boxAt.fill(0);
      this.state = 'memory';
      return;
    }
    for (let c = 0; c < count; c++) candidateWeight[c] = c === advised ? weight : weight + 1;
    // All at once, as that many pushes in turn would queue them (MoveQueues.pushAll).
    this.queues.pushAll(cell, node, count, candidateMove, candidateWeight, candidateScore);
    boxAt.fill(0);
  }

  /** The matching's value with box `index` of boxCells (the position beginParent named) pulled to `to`. */
  private matchedAfterPull(goalMatching: MatchingBound, boxes: number, index: number, to: number): number {
    const { boxCells } = this;
    const from = boxCells[index];
    boxCells[index] = to;
    const value = goalMatching.evaluateChild(boxCells, boxes, index);
    boxCells[index] = from;
    return matchedSpread(value);
  }

  /** Whether every box of reach.boxAt stands on its start square (the player's area was checked by the caller's walk). */
  private isStart(boxAt: Uint8Array): boolean {
    for (const cell of this.problem.initialBoxes) if (boxAt[cell] === 0) return false;
    return this.reach.reached(this.problem.initialPlayer);
  }

  private cellFor(key: number): number {
    let cell = this.cellOfKey.get(key);
    if (cell === undefined) {
      cell = this.queues.addCell();
      this.cellOfKey.set(key, cell);
    }
    return cell;
  }
}

/** A matching's value as the spread: boxes pulled from the goals can always be pushed back, so INFEASIBLE is not expected; it counts as none. */
function matchedSpread(value: number): number {
  return value === INFEASIBLE ? 0 : value;
}

/**
 * A position's score, larger better: fewer areas, then fewer broken room links, then (only where
 * the player reaches everything, as Festival compares them) fewer boxes that cannot be pulled,
 * then the spread (SpreadMeasure). Within 40 bits, the move queues' priorities.
 */
export function spreadScore(areas: number, links: number, stuck: number, spread: number): number {
  const open = areas === 1 ? MAX_STUCK - stuck : 0;
  return (((MAX_AREAS - areas) * (MAX_ROOM_LINKS + 1) + (MAX_ROOM_LINKS - links)) * (MAX_STUCK + 1) + open) * (MAX_SPREAD + 1) + Math.min(spread, MAX_SPREAD);
}
