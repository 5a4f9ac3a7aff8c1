import { BaseGroups } from './base-groups.js';
import { BaseMatching } from './base-matching.js';
import { RoomConnectivity } from '../fess/room-connectivity.js';
import { BoxMoves } from '../geometry/box-moves.js';
import { PlayerReach } from '../geometry/reachability.js';
import { RegionLabels } from '../geometry/regions.js';
import type { LevelAnalysis } from './analysis.js';
import { longestPullAdvice, pullOffGoalAdvice, type PullAdviceRule, type RemovalOrder, removalAdvice } from './pull-advice.js';
import { type BackwardStep, PullSteps } from './pull-steps.js';
import { pushesHome } from './pushes-home.js';
import { addSolvedRoots } from './solved-roots.js';
import { PackedPositions } from '../model/position.js';
import type { Problem } from '../model/problem.js';
import { zobristKeys } from '../model/zobrist.js';
import { MoveQueues } from '../tables/move-queues.js';
import { NodeTable } from '../tables/node-table.js';

/** Zobrist seed of the bases a removal takes away (a key apart from the boxes' and the player's). */
const BASE_KEY_SEED = 0x3b9aca07;
/**
 * Pulls a box must have made in its last move before it may leave the board on a base. The
 * relaxation (the box really stays on its base) is safe only when it ends far from where the other
 * boxes still have work; a box pulled a step or two onto a base next to the goals would leave
 * exactly where they must pass. Festival asks for a different room or six steps apart.
 */
const MIN_REMOVAL_PULLS = 6;
/** Moves queued, at most, before the search stops queueing (a few big levels have hundreds per position). */
const MAX_QUEUED = 2_000_000;
/** Levels whose moves do not fit the queue's 31 bits (box cell, target state and a removal bit) are not searched. */
const MAX_CELLS = 16_000;

export interface BaseSearchOptions {
  /**
   * Festival's gate on removals (base-groups.ts): a box leaves only on a base of the main group of
   * free bases, and only while the player reaches all of them. Off: any base left, any time.
   */
  readonly gateRemovals?: boolean;
  /**
   * Every other turn goes to the feature cell of the best position so far (fewest boxes, then
   * fewest player areas, fewest boxes on goals, farthest from the goals), as Festival's backward
   * search does; off: the cells take turns round the ring only.
   */
  readonly bestCellTurns?: boolean;
  /**
   * Which box leaving on a base the advisor takes where several boxes off the goals may leave: the
   * last in board order (default), or the first, as Festival's removal advisor does. Read forwards,
   * the first fills the far waiting squares first (XSokoban 50), the last those beside the goals.
   */
  readonly removalOrder?: RemovalOrder;
  /**
   * The pull advisor's rule (pull-advice.ts): the square farthest from the goals (default), or
   * Festival's, the longest pull that cuts the floor into no more areas and ends farther from the
   * goals, which may leave a box waiting on a base.
   */
  readonly pullAdvice?: PullAdviceRule;
}

const GATE_UNKNOWN = 0;
const GATE_OPEN = 1;
const GATE_CLOSED = 2;

/** What a finished or stopped backward search says: `running` while it has moves and no answer. */
export type BaseSearchState = 'running' | 'emptied' | 'met-start' | 'exhausted' | 'memory';

/**
 * The backward search with bases, after Festival's strategy A (bench/festival-strategies.md).
 *
 * It starts from the solved position, the player once in each region of the floor the goals cut,
 * and only pulls. The squares where the boxes start are bases: a box pulled at least
 * MIN_REMOVAL_PULLS onto a base may leave the board with that base, when every base left can still
 * be reached by some box left (a matching over the pull distances), and from a position where that
 * can happen only such removals are tried, one per box. Otherwise the advisor pulls a box off a goal
 * as far from the goals as it goes without cutting the player's floor into more areas. Pulled boxes
 * stop only where a base can still be reached. The search takes turns over feature cells (boxes on
 * the board, boxes on goals, player areas), moves of equal weight farthest-from-the-goals first.
 *
 * What it leaves:
 * - the path to its best position (fewest boxes left, then farthest from the goals), from which
 *   backward-plan.ts's planFromPath makes a packing plan;
 * - its positions that still hold every box, a perimeter around the solved positions: a forward
 *   search that reaches one of them (meet) is done, the pulls back from there reversed
 *   (pushesHome).
 *
 * A position's key is its boxes, the bases removed (second half of the packed words, hashed with
 * keys of their own) and the player's area; a position with every box has no base removed, so its
 * hash is the one the forward searches give the same position.
 */
export class BaseSearch {
  state: BaseSearchState = 'running';
  /** Positions expanded (their moves queued). */
  expanded = 0;
  /** The node that equals the level's start, once found ('met-start'). */
  startNode = -1;

  private readonly problem: Problem;
  private readonly nodes: NodeTable;
  private readonly queues = new MoveQueues();
  private readonly positions: PackedPositions;
  private readonly baseKeys: Uint32Array;
  private readonly reach: PlayerReach;
  private readonly moves: BoxMoves;
  private readonly regions: RegionLabels;
  private readonly scratch: Uint32Array;
  /** A forward position's key with no base removed, for meet(). */
  private readonly meetScratch: Uint32Array;
  private readonly boxWords: number;
  /** Per node: where its last box came from and went (-1: taken off with the base it reached), its boxes and score. */
  private readonly steps: PullSteps;
  private readonly cellOfKey = new Map<number, number>();
  /** 1 where a pulled box may stop: some base can be reached from there by pulls. */
  private readonly allowed: Uint8Array;
  /** Per cell, the base index standing there, or -1. */
  private readonly baseOfCell: Int32Array;
  private readonly nearestGoal: ArrayLike<number>;
  private readonly stride: number;
  private readonly maxBytes: number;
  private best = -1;
  private readonly fullBoxCount: number;
  // Per position under expansion: its bases left, and the matching's scratch.
  private readonly baseLeft: Uint8Array;
  private readonly boxCells: Int32Array;
  private readonly matching: BaseMatching;
  // Candidate moves of the position being settled.
  private readonly candidateBox: Int32Array;
  private readonly candidateState: Int32Array;
  /** The pulls each candidate of a box on a goal takes (0 for a box off the goals), for the longest-pull advisor. */
  private readonly candidatePulls: Int32Array;
  private readonly reachedByPlayer: (cell: number) => boolean;
  /** The removal gate's groups (BaseSearchOptions.gateRemovals), or null. */
  private readonly groups: BaseGroups | null;
  /** The gate of the position being settled: GATE_UNKNOWN until a removal asks (mayLeaveOn). */
  private gate = GATE_UNKNOWN;
  private readonly bestCellTurns: boolean;
  private readonly removalOrder: RemovalOrder;
  private readonly longestPull: boolean;
  /** Festival's rooms, for the longest-pull advisor; else null. */
  private readonly rooms: RoomConnectivity | null;
  /** The cell of the best position with queued moves (bestCellTurns), its features, and turns taken. */
  private bestCell = -1;
  private bestBoxes = 0;
  private bestAreas = 0;
  private bestOnGoals = 0;
  private bestScore = 0;
  private turns = 0;

  constructor(analysis: LevelAnalysis, maxBytes = Number.POSITIVE_INFINITY, options: BaseSearchOptions = {}) {
    const { problem } = analysis;
    const { cellCount, words, initialBoxes } = problem;
    this.problem = problem;
    this.maxBytes = maxBytes;
    this.boxWords = words;
    this.nodes = new NodeTable(words * 2, maxBytes, 1 << 10);
    this.positions = new PackedPositions(problem);
    this.baseKeys = zobristKeys(cellCount, BASE_KEY_SEED);
    this.reach = new PlayerReach(problem);
    this.moves = new BoxMoves(problem);
    this.regions = new RegionLabels(problem);
    this.scratch = new Uint32Array(words * 2);
    this.meetScratch = new Uint32Array(words * 2);
    this.steps = new PullSteps(this.nodes.capacity);
    this.fullBoxCount = initialBoxes.length;
    const backward = analysis.backward();
    this.allowed = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) this.allowed[cell] = backward.dead[cell] === 0 ? 1 : 0;
    this.baseOfCell = new Int32Array(cellCount).fill(-1);
    for (let b = 0; b < initialBoxes.length; b++) this.baseOfCell[initialBoxes[b]] = b;
    this.nearestGoal = analysis.distances.nearest;
    this.stride = cellCount * 4;
    this.baseLeft = new Uint8Array(initialBoxes.length);
    this.boxCells = new Int32Array(initialBoxes.length);
    this.matching = new BaseMatching(backward.distances.distance, initialBoxes.length);
    this.candidateBox = new Int32Array(initialBoxes.length * cellCount * 4);
    this.candidateState = new Int32Array(initialBoxes.length * cellCount * 4);
    this.candidatePulls = new Int32Array(options.pullAdvice === 'longest' ? initialBoxes.length * cellCount * 4 : 0);
    this.reachedByPlayer = (cell) => this.reach.reached(cell);
    this.groups = options.gateRemovals === true ? new BaseGroups(problem, this.baseOfCell) : null;
    this.bestCellTurns = options.bestCellTurns === true;
    this.removalOrder = options.removalOrder ?? 'last';
    this.longestPull = options.pullAdvice === 'longest';
    this.rooms = this.longestPull ? new RoomConnectivity(problem, 'festival') : null;
    const fits = problem.goals.length > 0 && problem.goals.length === initialBoxes.length && problem.everyBoxNeedsGoal && cellCount < MAX_CELLS;
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
      const cell = this.bestCellTurns && (++this.turns & 1) === 0 && best >= 0 && queues.cellSize(best) > 0 ? best : queues.nextTurn();
      const record = queues.pop(cell);
      this.visit(queues.parentOf(record), queues.moveOf(record), queues.poppedWeight);
    }
  }

  /** The steps from the solved position to the best position made (see planFromPath). */
  pathToBest(): BackwardStep[] {
    return this.steps.pathTo(this.nodes, this.best);
  }

  /**
   * The node of this search equal to a forward position with every box (its box words as packed
   * by PackedPositions, the player's normalized cell and the hash PackedPositions gives), or -1.
   */
  meet(boxes: Uint32Array, keyPlayer: number, hash: number): number {
    const { meetScratch, boxWords } = this;
    for (let w = 0; w < boxWords; w++) meetScratch[w] = boxes[w];
    return this.nodes.find(meetScratch, keyPlayer, hash);
  }

  /**
   * The pushes from node `node` (a position with every box, see meet) to the solved position, the
   * player starting on `player`: the pulls that made it, reversed, and none after the level is won.
   * Each push is (box cell before the push) * 4 + direction.
   */
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

  /** Plays a queued move: (from * stride + state) * 2 + 1 when the box leaves with the base it reached, + 0 when it is pulled there. */
  private visit(parent: number, move: number, weight: number): void {
    const { nodes, reach, positions, scratch, problem } = this;
    const removed = (move & 1) !== 0;
    const encoded = move >>> 1;
    const from = Math.floor(encoded / this.stride);
    const state = encoded % this.stride;
    const at = state >> 2;
    const player = problem.neighbours[state];
    this.decode(parent);
    reach.boxAt[from] = 0;
    if (!removed) reach.boxAt[at] = 1;
    reach.flood(player);
    const key = reach.topLeft;
    const base = parent * nodes.words;
    for (let w = 0; w < nodes.words; w++) scratch[w] = nodes.boxes[base + w];
    scratch[from >>> 5] &= ~(1 << (from & 31));
    let boxHash = (nodes.boxHash[parent] ^ positions.boxKeys[from]) >>> 0;
    if (removed) {
      scratch[this.boxWords + (at >>> 5)] |= 1 << (at & 31);
      boxHash = (boxHash ^ this.baseKeys[at]) >>> 0;
    } else {
      scratch[at >>> 5] |= 1 << (at & 31);
      boxHash = (boxHash ^ positions.boxKeys[at]) >>> 0;
    }
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
    this.steps.recordNode(this.nodes, node, parent, from, removed ? -1 : at, player);
    this.settle(node, weight);
  }

  /**
   * A new position (boxes in reach.boxAt, the player's walk done): whether it is the level's start
   * or the best so far, and its moves queued in its feature cell. Clears reach.boxAt.
   */
  private settle(node: number, weight: number): void {
    const { problem, reach, moves, candidateBox, candidateState, nearestGoal } = this;
    const { cellCount, goalIndexOfCell } = problem;
    const boxAt = reach.boxAt;
    let boxes = 0;
    let onGoals = 0;
    let score = 0;
    for (let cell = 0; cell < cellCount; cell++) {
      if (boxAt[cell] === 0) continue;
      this.boxCells[boxes++] = cell;
      if (goalIndexOfCell[cell] >= 0) onGoals++;
      score += nearestGoal[cell];
    }
    this.steps.onBoard[node] = boxes;
    this.steps.score[node] = score;
    this.expanded++;
    if (this.best < 0 || boxes < this.steps.onBoard[this.best] || (boxes === this.steps.onBoard[this.best] && score > this.steps.score[this.best])) this.best = node;
    if (boxes === this.fullBoxCount && this.isStart(boxAt)) {
      this.startNode = node;
      this.state = 'met-start';
      boxAt.fill(0);
      return;
    }
    if (boxes === 0) {
      this.state = 'emptied';
      boxAt.fill(0);
      return;
    }
    this.markBasesLeft(node);
    if (!this.basesMatched(boxes)) {
      boxAt.fill(0);
      return;
    }
    // One walk of the position gives its areas and, below, every box's pulls.
    const areas = moves.walkPosition(boxAt);
    const cell = this.cellFor((boxes * (problem.goals.length + 1) + onGoals) * (cellCount + 1) + Math.min(areas, cellCount));
    if (this.bestCellTurns) this.noteBestCell(cell, boxes, areas, onGoals, score);

    // Removals first: when some box can leave on a base, only removals are queued, one per box,
    // a box off the goals (nothing left to pack behind it) before one still on a goal.
    let count = 0;
    let removals = 0;
    this.gate = GATE_UNKNOWN;
    for (let i = 0; i < boxes; i++) {
      const box = this.boxCells[i];
      const found = moves.searchPullsInWalkedPosition(box, boxAt, this.reachedByPlayer);
      let removal = -1;
      for (let k = 0; k < found; k++) {
        const state = moves.states[k];
        const at = state >> 2;
        const b = this.baseOfCell[at];
        if (b >= 0 && this.baseLeft[b] !== 0 && moves.pushes[k] >= MIN_REMOVAL_PULLS && this.mayLeaveOn(b, boxAt) && this.removalKeepsMatching(box, b, boxes)) {
          removal = state;
          break;
        }
        if (removals === 0 && this.allowed[at] !== 0) {
          if (this.longestPull) this.candidatePulls[count] = goalIndexOfCell[box] >= 0 ? moves.pushes[k] : 0;
          candidateBox[count] = box;
          candidateState[count++] = state;
        }
      }
      if (removal >= 0) {
        // Removals overwrite the candidate list from its start.
        candidateBox[removals] = box;
        candidateState[removals++] = removal;
        count = removals;
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
    if (removals > 0) {
      const advised = removalAdvice(problem, candidateBox, removals, this.removalOrder);
      for (let c = 0; c < removals; c++) {
        this.queues.push(cell, node, (candidateBox[c] * this.stride + candidateState[c]) * 2 + 1, c === advised ? weight : weight + 1, score);
      }
      boxAt.fill(0);
      return;
    }
    const advised = this.longestPull
      ? longestPullAdvice(problem, this.regions, this.rooms as RoomConnectivity, boxAt, candidateBox, candidateState, this.candidatePulls, count, areas)
      : pullOffGoalAdvice(problem, this.regions, boxAt, candidateBox, candidateState, count, nearestGoal, areas);
    for (let c = 0; c < count; c++) {
      const from = candidateBox[c];
      const after = score - nearestGoal[from] + nearestGoal[candidateState[c] >> 2];
      this.queues.push(cell, node, (from * this.stride + candidateState[c]) * 2, c === advised ? weight : weight + 1, after);
    }
    boxAt.fill(0);
  }

  /** Makes `cell` the best cell when its new position beats the best one's features (BaseSearchOptions.bestCellTurns). */
  private noteBestCell(cell: number, boxes: number, areas: number, onGoals: number, score: number): void {
    if (this.bestCell >= 0) {
      if (boxes !== this.bestBoxes) {
        if (boxes > this.bestBoxes) return;
      } else if (areas !== this.bestAreas) {
        if (areas > this.bestAreas) return;
      } else if (onGoals !== this.bestOnGoals) {
        if (onGoals > this.bestOnGoals) return;
      } else if (score <= this.bestScore) return;
    }
    this.bestCell = cell;
    this.bestBoxes = boxes;
    this.bestAreas = areas;
    this.bestOnGoals = onGoals;
    this.bestScore = score;
  }

  /** Whether every box of reach.boxAt stands on its start square (the player's area was checked by the caller's walk). */
  private isStart(boxAt: Uint8Array): boolean {
    for (const cell of this.problem.initialBoxes) if (boxAt[cell] === 0) return false;
    return this.reach.reached(this.problem.initialPlayer);
  }

  /** Whether a box may leave on base `b` in the position being settled: always, or as the gate says (BaseSearchOptions.gateRemovals). */
  private mayLeaveOn(b: number, boxAt: Uint8Array): boolean {
    const { groups } = this;
    if (groups === null) return true;
    // Worked out once a position, at the first removal it must judge.
    if (this.gate === GATE_UNKNOWN) this.gate = this.gateOpens(groups, boxAt) ? GATE_OPEN : GATE_CLOSED;
    return this.gate === GATE_OPEN && groups.inGroup[b] !== 0;
  }

  /** Whether the player reaches every base of the position's main group (and it has one). */
  private gateOpens(groups: BaseGroups, boxAt: Uint8Array): boolean {
    if (groups.mark(boxAt, this.baseLeft) === 0) return false;
    const { initialBoxes } = this.problem;
    for (let b = 0; b < initialBoxes.length; b++) if (groups.inGroup[b] !== 0 && !this.reach.reached(initialBoxes[b])) return false;
    return true;
  }

  /** Marks in baseLeft the bases `node` still has. */
  private markBasesLeft(node: number): void {
    const { nodes, baseLeft, boxWords } = this;
    const { initialBoxes } = this.problem;
    const base = node * nodes.words + boxWords;
    for (let b = 0; b < initialBoxes.length; b++) {
      const cell = initialBoxes[b];
      baseLeft[b] = (nodes.boxes[base + (cell >>> 5)] & (1 << (cell & 31))) === 0 ? 1 : 0;
    }
  }

  /** Whether box `box` leaving with base `b` leaves every other base a box of its own that pulls can take there. */
  private removalKeepsMatching(box: number, b: number, boxes: number): boolean {
    const { boxCells, baseLeft } = this;
    let index = -1;
    for (let i = 0; i < boxes; i++) if (boxCells[i] === box) index = i;
    // Take the box out of the list and the base out of the set, test, and put both back.
    boxCells[index] = boxCells[boxes - 1];
    boxCells[boxes - 1] = box;
    baseLeft[b] = 0;
    const matched = this.basesMatched(boxes - 1);
    baseLeft[b] = 1;
    boxCells[boxes - 1] = boxCells[index];
    boxCells[index] = box;
    return matched;
  }

  /** Whether the first `boxes` boxes of boxCells can each be given a base left of their own, reachable by pulls. */
  private basesMatched(boxes: number): boolean {
    return this.matching.matched(this.boxCells, boxes, this.baseLeft);
  }

  private cellFor(key: number): number {
    let cell = this.cellOfKey.get(key);
    if (cell === undefined) {
      cell = this.queues.addCell();
      this.cellOfKey.set(key, cell);
    }
    return cell;
  }

  /** Marks the boxes of `node` in reach.boxAt, which must be clear. */
  private decode(node: number): void {
    this.positions.mark(this.nodes.boxes, node * this.nodes.words, this.reach.boxAt);
  }
}
