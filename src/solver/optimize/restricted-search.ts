import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';
import { NodeTable } from '../tables/node-table.js';
import type { BoxSet } from './box-set.js';
import { LexBucketQueue } from '../tables/lex-bucket-queue.js';
import type { Length, OptimizeMetric } from './metric.js';
import { boxesPlaced } from '../geometry/solution.js';
import { walkToFreeGoal } from './solution-path.js';

export interface RestrictedLimits {
  readonly clock: () => number;
  readonly deadline: number;
  /** Positions this search may still expand. */
  readonly maxNodes: number;
  readonly maxBytes: number;
}

/**
 * Where a search starts and what ends it: a stretch of a solution, from the position after some
 * push (boxes and the player's exact cell) either to a solved position or to the box
 * configuration of a later position of the path, from where the player walks on to `exitCell`
 * (the square behind the next push), or stays where it is when `exitCell` is -1.
 */
export interface RestrictedTask {
  readonly startBoxes: Uint32Array;
  readonly startPlayer: number;
  /** The configuration to reach, or null to reach any solved position. */
  readonly target: Uint32Array | null;
  readonly exitCell: number;
}

export type RestrictedOutcome =
  | { readonly kind: 'found'; readonly pushes: Int32Array; readonly length: Length }
  /** The confined space holds no solution (cannot happen when it holds a solution's path). */
  | { readonly kind: 'none' }
  | { readonly kind: 'limit'; readonly limit: 'time' | 'nodes' | 'memory' };

/** Positions expanded between two looks at the clock. */
const CLOCK_EVERY = 256;

/**
 * Shortest solution, in the metric and then the other measure, among those whose positions all
 * have their boxes in a given set of configurations: Dijkstra over (boxes, exact player cell)
 * positions, one push per edge, each edge costing the walk to the pushing side plus the push.
 * The player's exact cell is part of the key since walks are counted. Positions live in the
 * solver's NodeTable; a cheaper way to a queued position stores a copy and supersedes the old one.
 */
export class RestrictedSearch {
  expanded = 0;
  private readonly reach: PlayerReach;
  private readonly boxCells: Int32Array;
  private readonly scratch: Uint32Array;
  /** The positions of the current run; one table for all runs (NodeTable.clear). */
  private readonly table: NodeTable;
  private readonly open: LexBucketQueue;
  /**
   * The pushes of the position being expanded whose child lies in the allowed set, in the order
   * they are tried (box index * 4 + direction), the child's box hash, and the squares the player
   * pushes them from: the walk needs go no farther than those squares.
   */
  private readonly candidates: Int32Array;
  private readonly candidateBoxHash: Uint32Array;
  private readonly candidateSides: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    /** Zobrist keys of box cells (as the vicinity set hashes them) and of player cells. */
    private readonly boxKeys: Uint32Array,
    private readonly playerKeys: Uint32Array,
  ) {
    this.reach = new PlayerReach(problem);
    this.boxCells = new Int32Array(problem.initialBoxes.length);
    this.scratch = new Uint32Array(problem.words);
    this.table = new NodeTable(problem.words);
    this.open = new LexBucketQueue(this.table);
    this.candidates = new Int32Array(problem.initialBoxes.length * 4);
    this.candidateBoxHash = new Uint32Array(problem.initialBoxes.length * 4);
    this.candidateSides = new Int32Array(problem.initialBoxes.length * 4);
  }

  run(allowed: BoxSet, task: RestrictedTask, metric: OptimizeMetric, limits: RestrictedLimits): RestrictedOutcome {
    const { target, exitCell } = task;
    const { problem, reach, boxCells, scratch, dead, boxKeys, playerKeys, candidates, candidateBoxHash, candidateSides } = this;
    const { neighbours, words, goalMask } = problem;
    const boxAt = reach.boxAt;
    const table = this.table;
    table.clear(limits.maxBytes);
    // Dijkstra's keys never fall, so buckets by the metric and then the other measure serve as the open list.
    const open = this.open;
    open.clear();
    const byMoves = metric === 'moves';
    const queue = (node: number): void => {
      if (byMoves) open.push(node, table.moves[node], table.pushes[node]);
      else open.push(node, table.pushes[node], table.moves[node]);
    };

    scratch.set(task.startBoxes.subarray(0, words));
    const boxHash = hashOfBoxes(task.startBoxes, boxKeys);
    const root = table.add(scratch, task.startPlayer, (boxHash ^ playerKeys[task.startPlayer]) >>> 0, boxHash);
    if (root < 0) return { kind: 'limit', limit: 'memory' };
    table.player[root] = task.startPlayer;
    table.pushes[root] = 0;
    table.moves[root] = 0;
    table.parent[root] = -1;
    table.lastPush[root] = -1;
    queue(root);

    let best = -1;
    let bestMoves = 0;
    let bestPushes = 0;
    const stopExpanding = this.expanded + limits.maxNodes;
    while (open.size > 0) {
      const node = open.pop();
      if (table.state[node] !== 0) continue;
      // Nothing queued can beat a solution already found.
      if (best >= 0 && !cheaper(metric, table.moves[node], table.pushes[node], bestMoves, bestPushes)) break;
      table.state[node] = 1;
      if (this.expanded >= stopExpanding) return { kind: 'limit', limit: 'nodes' };
      if (++this.expanded % CLOCK_EVERY === 0 && limits.clock() > limits.deadline) return { kind: 'limit', limit: 'time' };

      // Load the position.
      const base = node * words;
      let onGoals = 0;
      let count = 0;
      for (let w = 0; w < words; w++) {
        const bits = table.boxes[base + w];
        scratch[w] = bits;
        onGoals += popcount(bits & goalMask[w]);
        let rest = bits;
        while (rest !== 0) {
          const low = rest & -rest;
          const cell = w * 32 + (31 - Math.clz32(low));
          boxCells[count++] = cell;
          boxAt[cell] = 1;
          rest ^= low;
        }
      }
      const player = table.player[node];
      const pushes = table.pushes[node];
      const moves = table.moves[node];
      const nodeBoxHash = table.boxHash[node];

      // The end of the stretch: a solved position, or the target configuration and a walk to the exit.
      const ends = target === null ? boxesPlaced(problem, onGoals) : sameBoxes(scratch, target, words);
      if (ends) {
        let walk = 0;
        if (target === null) {
          if (problem.rule === 'keeper-too') walk = walkToFreeGoal(problem, reach, player);
        } else if (exitCell >= 0) {
          walk = reach.stepsTo(player, exitCell);
        }
        if (walk >= 0) {
          if (best < 0 || cheaper(metric, moves + walk, pushes, bestMoves, bestPushes)) {
            best = node;
            bestMoves = moves + walk;
            bestPushes = pushes;
          }
          // Only where a walk follows can a later position, walking less, still end for less.
          if (target === null && problem.rule !== 'keeper-too') {
            for (let i = 0; i < count; i++) boxAt[boxCells[i]] = 0;
            break;
          }
        }
      }

      // The pushes into the allowed set first, then a walk only as far as their sides: most
      // positions have few such pushes, and a walk over the player's whole area cost more than
      // the rest of the expansion. The pushes are tried in the same order as before.
      let candidateCount = 0;
      for (let i = 0; i < count; i++) {
        const box = boxCells[i];
        for (let d = 0; d < 4; d++) {
          const side = neighbours[box * 4 + (d ^ 1)];
          const to = neighbours[box * 4 + d];
          if (side < 0 || to < 0 || boxAt[to] !== 0 || boxAt[side] !== 0 || dead[to] !== 0) continue;
          scratch[box >>> 5] &= ~(1 << (box & 31));
          scratch[to >>> 5] |= 1 << (to & 31);
          const childBoxHash = (nodeBoxHash ^ boxKeys[box] ^ boxKeys[to]) >>> 0;
          if (allowed.has(scratch, childBoxHash)) {
            candidates[candidateCount] = i * 4 + d;
            candidateBoxHash[candidateCount] = childBoxHash;
            candidateSides[candidateCount++] = side;
          }
          scratch[to >>> 5] &= ~(1 << (to & 31));
          scratch[box >>> 5] |= 1 << (box & 31);
        }
      }
      if (candidateCount > 0) reach.walkToAll(player, candidateSides, candidateCount);
      let full = false;
      for (let c = 0; c < candidateCount && !full; c++) {
        const side = candidateSides[c];
        if (!reach.reached(side)) continue;
        const box = boxCells[candidates[c] >> 2];
        const d = candidates[c] & 3;
        const to = neighbours[box * 4 + d];
        const childBoxHash = candidateBoxHash[c];
        scratch[box >>> 5] &= ~(1 << (box & 31));
        scratch[to >>> 5] |= 1 << (to & 31);
        const hash = (childBoxHash ^ playerKeys[box]) >>> 0;
        const childMoves = moves + reach.distance[side] + 1;
        const existing = table.find(scratch, box, hash);
        let child = -1;
        if (existing < 0) child = table.add(scratch, box, hash, childBoxHash);
        else if (table.state[existing] === 0 && cheaper(metric, childMoves, pushes + 1, table.moves[existing], table.pushes[existing])) {
          child = table.addCopy(scratch, box, hash, childBoxHash, existing);
        }
        if (child === -1 && existing < 0) full = true;
        if (child >= 0) {
          table.player[child] = box;
          table.pushes[child] = pushes + 1;
          table.moves[child] = childMoves;
          table.parent[child] = node;
          table.lastPush[child] = box * 4 + d;
          queue(child);
        }
        scratch[to >>> 5] &= ~(1 << (to & 31));
        scratch[box >>> 5] |= 1 << (box & 31);
      }
      for (let i = 0; i < count; i++) boxAt[boxCells[i]] = 0;
      if (full) return { kind: 'limit', limit: 'memory' };
    }
    if (best < 0) return { kind: 'none' };
    const length = table.pushes[best];
    const pushes = new Int32Array(length);
    for (let node = best, i = length - 1; i >= 0; node = table.parent[node], i--) pushes[i] = table.lastPush[node];
    return { kind: 'found', pushes, length: { moves: bestMoves, pushes: length } };
  }
}

function sameBoxes(a: Uint32Array, b: Uint32Array, words: number): boolean {
  for (let w = 0; w < words; w++) if (a[w] !== b[w]) return false;
  return true;
}

/** Zobrist hash of a box bitset, as the vicinity set computes it. */
export function hashOfBoxes(boxes: Uint32Array, keys: Uint32Array): number {
  let hash = 0;
  for (let w = 0; w < boxes.length; w++) {
    let bits = boxes[w];
    while (bits !== 0) {
      const low = bits & -bits;
      hash ^= keys[w * 32 + (31 - Math.clz32(low))];
      bits ^= low;
    }
  }
  return hash >>> 0;
}

function cheaper(metric: OptimizeMetric, moves: number, pushes: number, oldMoves: number, oldPushes: number): boolean {
  return metric === 'moves' ? moves < oldMoves || (moves === oldMoves && pushes < oldPushes) : pushes < oldPushes || (pushes === oldPushes && moves < oldMoves);
}

function popcount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
