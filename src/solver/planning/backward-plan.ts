import { BoxMoves } from '../geometry/box-moves.js';
import type { StopCheck } from '../geometry/push-distances.js';
import type { Problem } from '../model/problem.js';
import { PackedPositions } from '../model/position.js';
import type { PackingPlan } from './packing-plan.js';
import { pullOffGoalAdvice } from './pull-advice.js';
import { type BackwardStep, PullSteps } from './pull-steps.js';
import { PlayerReach } from '../geometry/reachability.js';
import { RegionLabels } from '../geometry/regions.js';
import { MoveQueues } from '../tables/move-queues.js';
import { NodeTable } from '../tables/node-table.js';

/** Positions the backward search makes, at most: the plan is worked out once per level, before any search. */
export const BACKWARD_PLAN_POSITIONS = 3000;
/** Moves queued, at most, before the search stops where it is (a few big levels have hundreds per position). */
const MAX_QUEUED = 1_000_000;
/** Levels whose moves do not fit the queue's 31 bits (cell, state and a removal bit) get no backward plan. */
const MAX_CELLS = 16_000;

/** What the backward search needs of the level, besides the problem. */
export interface BackwardPlanInputs {
  /** 1 where a box can never reach a goal. */
  readonly dead: Uint8Array;
  /** 1 where some box can be pushed to from its start. */
  readonly pushable: Uint8Array;
  /** The sink room (sink-room.ts): a box pulled into it leaves the board. Null where there is none (then so is the plan). */
  readonly sink: Uint8Array | null;
  /** Per cell, pushes from it to the nearest goal: the distance-score's terms. */
  readonly nearest: ArrayLike<number>;
  /** Per cell, pushes to it from the nearest starting box: goals the backward search never empties fill farthest first. */
  readonly fromStart: ArrayLike<number>;
  /** Positions to make, at most (default BACKWARD_PLAN_POSITIONS). */
  readonly maxPositions?: number;
  /** Called every few positions; throws to stop the search when the level's time is up (see analysis.ts). */
  readonly stopCheck?: StopCheck;
}

/** Positions made between two calls of the stop check. */
const STOP_CHECK_INTERVAL = 64;

/**
 * FESS's packing plan from a backward search (Shoham and Schaeffer, draft section 6, "computing
 * the packing plan" and "using FESS to find a packing plan"). Starting from the solved position,
 * boxes are pulled, never pushed. Rule 1: a box that can be pulled into the sink room leaves the
 * board, and then no other move of the position is tried. Rule 2: otherwise a box is pulled off
 * a goal as far from the goals as it will go, which may open the way for others; that is the
 * advisor's move, made at no weight, and it must not cut the player's floor into more areas and
 * must end where a box can be pushed to from the start or where one starts. The search is
 * FESS's own over two features, boxes on the board and boxes on goals, taking turns over their
 * cells and, among equally light moves, the one leaving the boxes farthest from the goals in all
 * (the distance-score). It stops when the board is empty or after a number of positions, and
 * the best position it made (fewest boxes on the board, then the highest distance-score) gives
 * the plan: the goals filled in the reverse of the order their boxes left them, and a parking
 * square for each box that was left off the goals while other boxes moved, then taken out.
 *
 * Null where the level has no sink room (the technique is made for levels whose goals lie in
 * rooms of their own, and without one the search only wanders), does not pair boxes with goals
 * one to one, or is too large.
 */
export function backwardPlan(problem: Problem, inputs: BackwardPlanInputs): PackingPlan | null {
  const { goals, initialBoxes, cellCount } = problem;
  if (inputs.sink === null || goals.length === 0 || goals.length !== initialBoxes.length || !problem.everyBoxNeedsGoal || cellCount >= MAX_CELLS) return null;
  const search = new BackwardSearch(problem, inputs);
  search.run(inputs.maxPositions ?? BACKWARD_PLAN_POSITIONS);
  return planFromPath(problem, search.pathToBest(), inputs.fromStart);
}

/** The search itself: positions in a node table, moves in FESS's queues, nothing allocated per position once grown. */
class BackwardSearch {
  private readonly nodes: NodeTable;
  private readonly queues = new MoveQueues();
  private readonly positions: PackedPositions;
  private readonly reach: PlayerReach;
  private readonly moves: BoxMoves;
  private readonly regions: RegionLabels;
  private readonly scratch: Uint32Array;
  /** Per node: where its last box came from and went (-1 for taken off), and its features. */
  private readonly steps: PullSteps;
  private readonly cellOfKey = new Map<number, number>();
  /** 1 where a pulled box may stop: not dead, and pushed to from the start or a box's start. */
  private readonly allowed: Uint8Array;
  private readonly stride: number;
  private best = -1;
  private done = false;
  // Candidate moves of the position being settled.
  private readonly candidateBox: Int32Array;
  private readonly candidateState: Int32Array;
  private readonly reachedByPlayer: (cell: number) => boolean;

  constructor(
    private readonly problem: Problem,
    private readonly inputs: BackwardPlanInputs,
  ) {
    const { cellCount, words, initialBoxes } = problem;
    this.nodes = new NodeTable(words, Number.POSITIVE_INFINITY, 1 << 10);
    this.positions = new PackedPositions(problem);
    this.reach = new PlayerReach(problem);
    this.moves = new BoxMoves(problem);
    this.regions = new RegionLabels(problem);
    this.scratch = new Uint32Array(words);
    this.steps = new PullSteps(this.nodes.capacity);
    this.allowed = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) this.allowed[cell] = inputs.dead[cell] === 0 && inputs.pushable[cell] !== 0 ? 1 : 0;
    for (const cell of initialBoxes) if (inputs.dead[cell] === 0) this.allowed[cell] = 1;
    this.stride = cellCount * 4;
    this.candidateBox = new Int32Array(initialBoxes.length * cellCount * 4);
    this.candidateState = new Int32Array(initialBoxes.length * cellCount * 4);
    this.reachedByPlayer = (cell) => this.reach.reached(cell);
  }

  /** Searches until the board is empty, the moves run out or `maxPositions` positions are made. */
  run(maxPositions: number): void {
    this.addRoots();
    const { queues, nodes } = this;
    const stopCheck = this.inputs.stopCheck;
    let checked = nodes.count;
    while (!this.done && queues.size > 0 && nodes.count < maxPositions) {
      if (stopCheck !== undefined && nodes.count - checked >= STOP_CHECK_INTERVAL) {
        stopCheck();
        checked = nodes.count;
      }
      const record = queues.pop(queues.nextTurn());
      this.visit(queues.parentOf(record), queues.moveOf(record), queues.poppedWeight);
    }
  }

  /** The steps from the solved position to the best position made. */
  pathToBest(): BackwardStep[] {
    return this.steps.pathTo(this.nodes, this.best);
  }

  /** The solved position once for each area the player may stand in. */
  private addRoots(): void {
    const { problem, reach, positions, scratch } = this;
    const { goals, cellCount } = problem;
    const boxHash = positions.pack(goals, goals.length, scratch);
    const covered = new Uint8Array(cellCount);
    for (let start = 0; start < cellCount; start++) {
      if (covered[start] !== 0 || problem.goalIndexOfCell[start] >= 0) continue;
      this.decode(-1);
      const count = reach.walk(start);
      const cells = reach.visitedCells(count);
      for (let i = 0; i < count; i++) covered[cells[i]] = 1;
      const key = reach.topLeft;
      const node = this.nodes.add(scratch, key, positions.hash(boxHash, key), boxHash);
      this.steps.recordNode(this.nodes, node, -1, -1, -1, start);
      this.settle(node, 0);
      if (this.done) return;
    }
  }

  /** Plays a queued move: (from * stride + state) * 2 + 1 when the box leaves the board, + 0 when it is pulled to the state's cell. */
  private visit(parent: number, move: number, weight: number): void {
    const { nodes, reach, positions, scratch, problem } = this;
    const removed = (move & 1) !== 0;
    const encoded = move >>> 1;
    const from = Math.floor(encoded / this.stride);
    const state = encoded % this.stride;
    const to = removed ? -1 : state >> 2;
    const player = problem.neighbours[state];
    this.decode(parent);
    reach.boxAt[from] = 0;
    if (!removed) reach.boxAt[to] = 1;
    reach.flood(player);
    const key = reach.topLeft;
    const base = parent * positions.words;
    let boxHash: number;
    if (removed) {
      for (let w = 0; w < positions.words; w++) scratch[w] = nodes.boxes[base + w];
      scratch[from >>> 5] &= ~(1 << (from & 31));
      boxHash = (nodes.boxHash[parent] ^ positions.boxKeys[from]) >>> 0;
    } else {
      positions.packMove(nodes.boxes, base, from, to, scratch);
      boxHash = positions.movedHash(nodes.boxHash[parent], from, to);
    }
    const hash = positions.hash(boxHash, key);
    if (nodes.find(scratch, key, hash) >= 0) {
      reach.boxAt.fill(0);
      return;
    }
    const node = nodes.add(scratch, key, hash, boxHash);
    this.steps.recordNode(this.nodes, node, parent, from, to, player);
    this.settle(node, weight);
  }

  /**
   * A new position (boxes in reach.boxAt, the player's walk done): its features, whether it is
   * the best so far, and its moves queued in its cell. Clears reach.boxAt.
   */
  private settle(node: number, weight: number): void {
    const { problem, reach, moves, candidateBox, candidateState } = this;
    const { cellCount, goalIndexOfCell } = problem;
    const { sink, nearest } = this.inputs;
    const boxAt = reach.boxAt;
    let boxes = 0;
    let onGoals = 0;
    let score = 0;
    for (let cell = 0; cell < cellCount; cell++) {
      if (boxAt[cell] === 0) continue;
      boxes++;
      if (goalIndexOfCell[cell] >= 0) onGoals++;
      score += nearest[cell];
    }
    this.steps.onBoard[node] = boxes;
    this.steps.score[node] = score;
    if (this.best < 0 || boxes < this.steps.onBoard[this.best] || (boxes === this.steps.onBoard[this.best] && score > this.steps.score[this.best])) this.best = node;
    if (boxes === 0) {
      this.done = true;
      boxAt.fill(0);
      return;
    }
    const cell = this.cellFor(boxes * (problem.goals.length + 1) + onGoals);

    // Rule 1: a box that reaches the sink leaves the board, and nothing else is tried. A box
    // already off the goals goes first, so that none seems parked that could have left at once;
    // then the one with the fewest pulls.
    let count = 0;
    let removal = -1;
    let removalCost = 0;
    // One walk of the position serves every box's pulls (a walk per box was most of the plan's time on levels of many
    // boxes), and gives its areas for the pull advisor.
    const areas = moves.walkPosition(boxAt);
    for (let box = 0; box < cellCount; box++) {
      if (boxAt[box] === 0) continue;
      const found = moves.searchPullsInWalkedPosition(box, boxAt, this.reachedByPlayer);
      for (let k = 0; k < found; k++) {
        const state = moves.states[k];
        const at = state >> 2;
        if (sink !== null && sink[at] !== 0) {
          const cost = (goalIndexOfCell[box] >= 0 ? cellCount * 4 : 0) + moves.pushes[k];
          if (removal < 0 || cost < removalCost) {
            removal = (box * this.stride + state) * 2 + 1;
            removalCost = cost;
          }
          break;
        }
        if (removal < 0 && this.allowed[at] !== 0) {
          candidateBox[count] = box;
          candidateState[count++] = state;
        }
      }
    }
    if (removal >= 0) {
      this.queues.push(cell, node, removal, weight, 0);
      boxAt.fill(0);
      return;
    }
    if (count === 0 || this.queues.size + count > MAX_QUEUED) {
      boxAt.fill(0);
      return;
    }
    this.queues.reserve(count, Number.POSITIVE_INFINITY);
    const advised = pullOffGoalAdvice(this.problem, this.regions, this.reach.boxAt, candidateBox, candidateState, count, this.inputs.nearest, areas);
    for (let c = 0; c < count; c++) {
      const from = candidateBox[c];
      const to = candidateState[c] >> 2;
      const after = score - nearest[from] + nearest[to];
      this.queues.push(cell, node, (from * this.stride + candidateState[c]) * 2, c === advised ? weight : weight + 1, after);
    }
    boxAt.fill(0);
  }

  private cellFor(key: number): number {
    let cell = this.cellOfKey.get(key);
    if (cell === undefined) {
      cell = this.queues.addCell();
      this.cellOfKey.set(key, cell);
    }
    return cell;
  }

  /** Marks the boxes of `node` (the solved position when -1) in reach.boxAt, which must be clear. */
  private decode(node: number): void {
    const boxAt = this.reach.boxAt;
    if (node < 0) {
      for (const goal of this.problem.goals) boxAt[goal] = 1;
      return;
    }
    this.positions.mark(this.nodes.boxes, node * this.positions.words, boxAt);
  }
}

/**
 * The packing plan a backward path gives. Each box is followed from its goal. Its goal is filled
 * at the reverse of the step that first took the box off it; a goal whose box never moved is
 * filled before all those, farthest from the boxes' starts first. A box that was taken off the
 * board after standing on a square off the goals while other boxes moved parked there: the first
 * such square is filled at the reverse of the step that took the box on from it, and feeds its goal.
 */
export function planFromPath(problem: Problem, steps: readonly BackwardStep[], fromStart: ArrayLike<number>): PackingPlan {
  const { goals, goalIndexOfCell, cellCount } = problem;
  const goalCount = goals.length;
  // Which goal the box standing on each cell came from, -1 for none.
  const origin = new Int32Array(cellCount).fill(-1);
  for (let g = 0; g < goalCount; g++) origin[goals[g]] = g;
  const firstMove = new Int32Array(goalCount).fill(-1);
  const lastMove = new Int32Array(goalCount).fill(-1);
  const park = new Int32Array(goalCount).fill(-1);
  const parkLeft = new Int32Array(goalCount).fill(-1);
  const removed = new Uint8Array(goalCount);
  for (let t = 0; t < steps.length; t++) {
    const { from, to } = steps[t];
    const g = origin[from];
    origin[from] = -1;
    if (g < 0) continue;
    if (firstMove[g] < 0) firstMove[g] = t;
    else if (park[g] < 0 && goalIndexOfCell[from] < 0 && t - lastMove[g] > 1) {
      park[g] = from;
      parkLeft[g] = t;
    }
    lastMove[g] = t;
    if (to >= 0) origin[to] = g;
    else removed[g] = 1;
  }
  const entries: { square: number; feeds: number; at: number; depth: number }[] = [];
  for (let g = 0; g < goalCount; g++) {
    const at = firstMove[g] < 0 ? Number.POSITIVE_INFINITY : firstMove[g];
    entries.push({ square: goals[g], feeds: -1, at, depth: fromStart[goals[g]] });
    if (removed[g] !== 0 && park[g] >= 0) entries.push({ square: park[g], feeds: goals[g], at: parkLeft[g], depth: 0 });
  }
  // Later backward is sooner forward; among untouched goals, the deepest first.
  entries.sort((a, b) => b.at - a.at || b.depth - a.depth || a.square - b.square);
  const seen = new Set<number>();
  const squares: number[] = [];
  const feeds: number[] = [];
  for (const entry of entries) {
    if (seen.has(entry.square)) continue;
    seen.add(entry.square);
    squares.push(entry.square);
    feeds.push(entry.feeds);
  }
  return { squares: Int32Array.from(squares), feeds: Int32Array.from(feeds) };
}
