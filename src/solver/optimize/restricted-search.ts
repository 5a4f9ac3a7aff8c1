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
 * The part of a run's memory limit that the lists of pushes per configuration may take: they
 * hold a few numbers per configuration expanded, where the table holds about seventy bytes per
 * position.
 */
const LIST_SHARE = 1 / 16;

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
  private readonly candidateBoxHash: Int32Array;
  private readonly candidateSides: Int32Array;
  /** Per push of the position expanded: whether its side needs a distance, and the child's node (-1: new). */
  private readonly candidateNeeded: Uint8Array;
  private readonly candidateExisting: Int32Array;
  private readonly walkTargets: Int32Array;
  /**
   * Those pushes depend on the boxes alone, and the search expands each configuration of its set
   * with the player in two or three places on average (Microban): so they are listed once per
   * configuration and run, by its number in the set. Where the list of configuration e starts in
   * pushPool (its length, then its pushes as box index * 4 + direction), valid where
   * listedInRun[e] is the current run.
   */
  private listedAt = new Int32Array(0);
  private listedInRun = new Uint32Array(0);
  private pushPool = new Int32Array(0);
  private pooled = 0;
  private runs = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    /** Zobrist keys of box cells (as the vicinity set hashes them) and of player cells. */
    private readonly boxKeys: Uint32Array,
    private readonly playerKeys: Uint32Array,
    /** The part of a run's memory limit that the lists of pushes per configuration may take (0: no lists). */
    private readonly listShare = LIST_SHARE,
  ) {
    this.reach = new PlayerReach(problem);
    this.boxCells = new Int32Array(problem.initialBoxes.length);
    this.scratch = new Uint32Array(problem.words);
    this.table = new NodeTable(problem.words);
    this.open = new LexBucketQueue(this.table);
    this.candidates = new Int32Array(problem.initialBoxes.length * 4);
    this.candidateBoxHash = new Int32Array(problem.initialBoxes.length * 4);
    this.candidateSides = new Int32Array(problem.initialBoxes.length * 4);
    this.candidateNeeded = new Uint8Array(problem.initialBoxes.length * 4);
    this.candidateExisting = new Int32Array(problem.initialBoxes.length * 4);
    this.walkTargets = new Int32Array(problem.initialBoxes.length * 4);
  }

  run(allowed: BoxSet, task: RestrictedTask, metric: OptimizeMetric, limits: RestrictedLimits): RestrictedOutcome {
    const { target, exitCell } = task;
    const { problem, reach, boxCells, scratch, dead, boxKeys, playerKeys, candidates, candidateBoxHash, candidateSides } = this;
    const { candidateNeeded, candidateExisting, walkTargets } = this;
    const { neighbours, words, goalMask } = problem;
    const boxAt = reach.boxAt;
    const table = this.table;
    // The lists take a share of the memory the table may use, and stop being made when it is full.
    const listBytes = Math.floor(limits.maxBytes * this.listShare);
    table.clear(limits.maxBytes - listBytes);
    const run = this.prepareLists(allowed.count, listBytes);
    const { listedAt, listedInRun } = this;
    let pushPool = this.pushPool;
    // Dijkstra's keys never fall, so buckets by the metric and then the other measure serve as the open list.
    const open = this.open;
    open.clear();
    const byMoves = metric === 'moves';
    const queue = (node: number): void => {
      if (byMoves) open.push(node, table.moves[node], table.pushes[node]);
      else open.push(node, table.pushes[node], table.moves[node]);
    };

    scratch.set(task.startBoxes.subarray(0, words));
    const boxHash = hashOfBoxes(task.startBoxes, boxKeys) | 0;
    const root = table.add(scratch, task.startPlayer, boxHash ^ playerKeys[task.startPlayer], boxHash);
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
      const nodeBoxHash = table.boxHash[node] | 0;

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

      // The pushes into the allowed set first, listed once per configuration; they are tried
      // in the order of boxes and directions.
      let candidateCount = 0;
      const entry = allowed.entryOf(scratch, nodeBoxHash);
      if (entry >= 0 && listedInRun[entry] === run) {
        const at = listedAt[entry];
        candidateCount = pushPool[at];
        for (let c = 0; c < candidateCount; c++) {
          const code = pushPool[at + 1 + c];
          const box = boxCells[code >> 2];
          const d = code & 3;
          candidates[c] = code;
          candidateSides[c] = neighbours[box * 4 + (d ^ 1)];
          candidateBoxHash[c] = nodeBoxHash ^ boxKeys[box] ^ boxKeys[neighbours[box * 4 + d]];
        }
      } else {
        for (let i = 0; i < count; i++) {
          const box = boxCells[i];
          for (let d = 0; d < 4; d++) {
            const side = neighbours[box * 4 + (d ^ 1)];
            const to = neighbours[box * 4 + d];
            if (side < 0 || to < 0 || boxAt[to] !== 0 || boxAt[side] !== 0 || dead[to] !== 0) continue;
            scratch[box >>> 5] &= ~(1 << (box & 31));
            scratch[to >>> 5] |= 1 << (to & 31);
            const childBoxHash = nodeBoxHash ^ boxKeys[box] ^ boxKeys[to];
            if (allowed.has(scratch, childBoxHash)) {
              candidates[candidateCount] = i * 4 + d;
              candidateBoxHash[candidateCount] = childBoxHash;
              candidateSides[candidateCount++] = side;
            }
            scratch[to >>> 5] &= ~(1 << (to & 31));
            scratch[box >>> 5] |= 1 << (box & 31);
          }
        }
        if (entry >= 0 && run >= 0 && this.makeListRoom(candidateCount + 1, listBytes)) {
          pushPool = this.pushPool;
          const at = this.pooled;
          pushPool[at] = candidateCount;
          for (let c = 0; c < candidateCount; c++) pushPool[at + 1 + c] = candidates[c];
          this.pooled += candidateCount + 1;
          listedAt[entry] = at;
          listedInRun[entry] = run;
        }
      }

      // Then a walk only as far as the sides that need a distance: not those of pushes to
      // positions already expanded, which nothing can improve (the walk stops at the farthest).
      let targetCount = 0;
      for (let c = 0; c < candidateCount; c++) {
        candidateNeeded[c] = 0;
        const box = boxCells[candidates[c] >> 2];
        const to = neighbours[box * 4 + (candidates[c] & 3)];
        scratch[box >>> 5] &= ~(1 << (box & 31));
        scratch[to >>> 5] |= 1 << (to & 31);
        const existing = table.find(scratch, box, candidateBoxHash[c] ^ playerKeys[box]);
        scratch[to >>> 5] &= ~(1 << (to & 31));
        scratch[box >>> 5] |= 1 << (box & 31);
        if (existing >= 0 && table.state[existing] !== 0) continue;
        candidateExisting[c] = existing;
        candidateNeeded[c] = 1;
        walkTargets[targetCount++] = candidateSides[c];
      }
      if (targetCount > 0) reach.walkToAll(player, walkTargets, targetCount);
      let full = false;
      for (let c = 0; c < candidateCount && !full; c++) {
        const side = candidateSides[c];
        if (candidateNeeded[c] === 0 || !reach.reached(side)) continue;
        const box = boxCells[candidates[c] >> 2];
        const d = candidates[c] & 3;
        const to = neighbours[box * 4 + d];
        const childBoxHash = candidateBoxHash[c];
        scratch[box >>> 5] &= ~(1 << (box & 31));
        scratch[to >>> 5] |= 1 << (to & 31);
        const hash = childBoxHash ^ playerKeys[box];
        const childMoves = moves + reach.distance[side] + 1;
        // Looked up before the walk: the pushes before this one added other positions only.
        const existing = candidateExisting[c];
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

  /**
   * Starts a run's lists for a set of `configurations`: returns the run's number, which marks the
   * lists it makes, or -1 when they do not fit in `listBytes` (the run then makes none). The
   * tables are kept from run to run while they fit.
   */
  private prepareLists(configurations: number, listBytes: number): number {
    this.pooled = 0;
    if (this.listBytes() > listBytes) {
      this.listedAt = new Int32Array(0);
      this.listedInRun = new Uint32Array(0);
      this.pushPool = new Int32Array(0);
    }
    if (this.listedAt.length < configurations && (configurations - this.listedAt.length) * 8 + this.listBytes() <= listBytes) {
      this.listedAt = new Int32Array(configurations);
      this.listedInRun = new Uint32Array(configurations);
      this.runs = 0;
    }
    if (++this.runs === 0xffffffff) {
      this.listedInRun.fill(0);
      this.runs = 1;
    }
    return this.listedAt.length < configurations ? -1 : this.runs;
  }

  /** Whether the pool has room for `more` entries, grown by doubling within `listBytes`. */
  private makeListRoom(more: number, listBytes: number): boolean {
    const needed = this.pooled + more;
    if (needed <= this.pushPool.length) return true;
    let length = Math.max(1024, this.pushPool.length * 2);
    while (length < needed) length *= 2;
    if (this.listBytes() + (length - this.pushPool.length) * 4 > listBytes) return false;
    const pool = new Int32Array(length);
    pool.set(this.pushPool.subarray(0, this.pooled));
    this.pushPool = pool;
    return true;
  }

  private listBytes(): number {
    return this.listedAt.byteLength + this.listedInRun.byteLength + this.pushPool.byteLength;
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
