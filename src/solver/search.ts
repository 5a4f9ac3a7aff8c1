import { BucketQueue } from './bucket-queue.js';
import { FreezeDetector } from './freeze-deadlock.js';
import { INFEASIBLE, MatchingBound } from './matching-bound.js';
import { NodeTable } from './node-table.js';
import type { Problem } from './problem.js';
import { computePushDistances, deadCells } from './push-distances.js';
import { PlayerReach } from './reachability.js';
import { zobristKeys } from './zobrist.js';

/**
 * pushes: A* over pushes, cost 1 per push (player normalized to its region).
 * moves: A* over pushes with cost = walking steps + 1 per push (exact player square).
 * greedy: best-first on the lower bound alone; the first solution found ends the search.
 */
export type SearchMode = 'pushes' | 'moves' | 'greedy';

export interface SearchLimits {
  /** Clock value (ms) after which the search gives up. */
  readonly deadline: number;
  readonly maxNodes: number;
  readonly maxBytes: number;
  readonly clock: () => number;
}

export type SearchStatus = 'solved' | 'unsolvable' | 'timeout' | 'memory' | 'nodes';

export interface SearchOutcome {
  readonly status: SearchStatus;
  /** The pushes of the solution from the start, each (box cell before the push) * 4 + direction. */
  readonly pushes: Int32Array | null;
  /** Nodes expanded and generated. */
  readonly expanded: number;
  readonly generated: number;
  readonly peakBytes: number;
}

const CHECK_EVERY = 1024;

export function search(problem: Problem, mode: SearchMode, limits: SearchLimits): SearchOutcome {
  const { cellCount, neighbours, words, everyBoxNeedsGoal, rule } = problem;
  const boxCount = problem.initialBoxes.length;
  const distances = computePushDistances(problem);
  const dead = everyBoxNeedsGoal ? deadCells(distances) : new Uint8Array(cellCount);
  const bound = new MatchingBound(distances, boxCount, everyBoxNeedsGoal);
  const reach = new PlayerReach(problem);
  const childReach = new PlayerReach(problem);
  const boxAt = reach.boxAt;
  const childBoxAt = childReach.boxAt;
  const freeze = new FreezeDetector(problem, dead, boxAt);
  const boxKeys = zobristKeys(cellCount, 0x2545f491);
  const playerKeys = zobristKeys(cellCount, 0x6c8e9cf5);
  const nodes = new NodeTable(words);
  const queue = new BucketQueue(nodes);
  const scratch = new Uint32Array(words);
  const boxList = new Int32Array(boxCount);
  const keeperToo = rule === 'keeper-too';
  const exactPlayer = mode === 'moves';
  const greedy = mode === 'greedy';
  const goalIndexOfCell = problem.goalIndexOfCell;

  let expanded = 0;
  let generated = 0;
  let peakBytes = 0;
  let bestNode = -1;
  let bestCost = Infinity;
  let bestMoves = Infinity;

  const outcome = (status: SearchStatus): SearchOutcome => ({
    status,
    pushes: status === 'solved' ? pushesTo(nodes, bestNode) : null,
    expanded,
    generated,
    peakBytes: Math.max(peakBytes, nodes.bytes),
  });

  /** Walking steps from the walk's start to the nearest goal without a box, or -1. */
  const walkToFreeGoal = (walker: PlayerReach, reachedCount: number): number => {
    const cells = walker.visitedCells(reachedCount);
    for (let i = 0; i < reachedCount; i++) {
      const cell = cells[i];
      if (goalIndexOfCell[cell] >= 0) return walker.distance[cell];
    }
    return -1;
  };

  const priorityOf = (node: number): number => {
    if (greedy) return nodes.bound[node];
    return (exactPlayer ? nodes.moves[node] : nodes.pushes[node]) + nodes.bound[node];
  };

  /** Records a solved position; returns true when the search can stop at once. */
  const offerSolution = (node: number, extraMoves: number): boolean => {
    const moves = nodes.moves[node] + extraMoves;
    const cost = exactPlayer ? moves : nodes.pushes[node];
    if (cost < bestCost || (cost === bestCost && moves < bestMoves)) {
      bestCost = cost;
      bestMoves = moves;
      bestNode = node;
    }
    return greedy;
  };

  if (problem.hopelessBecause !== null) return outcome('unsolvable');

  // Root.
  for (let i = 0; i < boxCount; i++) {
    const cell = problem.initialBoxes[i];
    scratch[cell >>> 5] |= 1 << (cell & 31);
    boxAt[cell] = 1;
    boxList[i] = cell;
  }
  let rootBoxHash = 0;
  for (let i = 0; i < boxCount; i++) rootBoxHash ^= boxKeys[boxList[i]];
  const rootReached = reach.walk(problem.initialPlayer);
  const rootKey = exactPlayer ? problem.initialPlayer : reach.topLeft;
  const rootBound = bound.evaluate(boxList, boxCount);
  if (rootBound === INFEASIBLE) return outcome('unsolvable');
  const root = nodes.add(scratch, rootKey, (rootBoxHash ^ playerKeys[rootKey]) >>> 0, rootBoxHash);
  nodes.player[root] = problem.initialPlayer;
  nodes.pushes[root] = 0;
  nodes.moves[root] = 0;
  nodes.bound[root] = rootBound;
  nodes.parent[root] = -1;
  nodes.lastPush[root] = -1;
  generated = 1;
  if (rootBound === 0) {
    if (!keeperToo) {
      bestNode = root;
      return outcome('solved');
    }
    const walk = walkToFreeGoal(reach, rootReached);
    if (walk >= 0 && offerSolution(root, walk)) return outcome('solved');
  }
  queue.push(root, priorityOf(root));
  boxAt.fill(0);

  while (queue.size > 0) {
    if (!greedy && bestNode >= 0 && queue.peekPriority() >= bestCost) break;
    const node = queue.pop();
    if (nodes.state[node] !== 0) continue;
    nodes.state[node] = 1;
    expanded++;
    if ((expanded & (CHECK_EVERY - 1)) === 0) {
      if (limits.clock() > limits.deadline) return outcome('timeout');
      if (nodes.count > limits.maxNodes) return outcome('nodes');
      if (nodes.bytes > limits.maxBytes) return outcome('memory');
    }

    // Load the position into boxAt / boxList.
    const base = node * words;
    let count = 0;
    for (let w = 0; w < words; w++) {
      let bits = nodes.boxes[base + w];
      while (bits !== 0) {
        const low = bits & -bits;
        const cell = (w << 5) + (31 - Math.clz32(low));
        boxList[count++] = cell;
        boxAt[cell] = 1;
        childBoxAt[cell] = 1;
        bits ^= low;
      }
    }
    reach.walk(nodes.player[node]);
    const parentPushes = nodes.pushes[node];
    const parentMoves = nodes.moves[node];
    const parentBoxHash = nodes.boxHash[node];

    for (let i = 0; i < count; i++) {
      const box = boxList[i];
      for (let d = 0; d < 4; d++) {
        const to = neighbours[box * 4 + d];
        if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
        const from = neighbours[box * 4 + (d ^ 1)];
        if (from < 0 || !reach.reached(from)) continue;

        boxAt[box] = 0;
        boxAt[to] = 1;
        const frozen = everyBoxNeedsGoal && freeze.isDeadlock(to);
        boxAt[to] = 0;
        boxAt[box] = 1;
        if (frozen) continue;

        for (let w = 0; w < words; w++) scratch[w] = nodes.boxes[base + w];
        scratch[box >>> 5] &= ~(1 << (box & 31));
        scratch[to >>> 5] |= 1 << (to & 31);
        const boxHash = (parentBoxHash ^ boxKeys[box] ^ boxKeys[to]) >>> 0;
        childBoxAt[box] = 0;
        childBoxAt[to] = 1;
        const childReached = childReach.walk(box);
        childBoxAt[to] = 0;
        childBoxAt[box] = 1;
        const keyPlayer = exactPlayer ? box : childReach.topLeft;
        const hash = (boxHash ^ playerKeys[keyPlayer]) >>> 0;
        const pushes = parentPushes + 1;
        const moves = parentMoves + reach.distance[from] + 1;

        const existing = nodes.find(scratch, keyPlayer, hash);
        let child: number;
        if (existing >= 0) {
          if (greedy) continue;
          const better = exactPlayer
            ? moves < nodes.moves[existing] || (moves === nodes.moves[existing] && pushes < nodes.pushes[existing])
            : pushes < nodes.pushes[existing] || (pushes === nodes.pushes[existing] && moves < nodes.moves[existing]);
          if (!better) continue;
          child = nodes.addCopy(scratch, keyPlayer, hash, boxHash, existing);
          nodes.bound[child] = nodes.bound[existing];
        } else {
          boxList[i] = to;
          const lower = bound.evaluate(boxList, count);
          boxList[i] = box;
          if (lower === INFEASIBLE) continue;
          child = nodes.add(scratch, keyPlayer, hash, boxHash);
          nodes.bound[child] = lower;
        }
        generated++;
        nodes.player[child] = box;
        nodes.pushes[child] = pushes;
        nodes.moves[child] = moves;
        nodes.parent[child] = node;
        nodes.lastPush[child] = box * 4 + d;
        if (nodes.bound[child] === 0) {
          if (!keeperToo) {
            if (offerSolution(child, 0)) return outcome('solved');
            continue;
          }
          childBoxAt[box] = 0;
          childBoxAt[to] = 1;
          const walk = walkToFreeGoal(childReach, childReached);
          childBoxAt[to] = 0;
          childBoxAt[box] = 1;
          if (walk >= 0 && offerSolution(child, walk)) return outcome('solved');
        }
        queue.push(child, priorityOf(child));
      }
    }
    for (let i = 0; i < count; i++) {
      boxAt[boxList[i]] = 0;
      childBoxAt[boxList[i]] = 0;
    }
    if (nodes.bytes > peakBytes) peakBytes = nodes.bytes;
  }
  return outcome(bestNode >= 0 ? 'solved' : 'unsolvable');
}

function pushesTo(nodes: NodeTable, goal: number): Int32Array {
  let length = 0;
  for (let node = goal; nodes.parent[node] >= 0; node = nodes.parent[node]) length++;
  const pushes = new Int32Array(length);
  for (let node = goal, i = length - 1; nodes.parent[node] >= 0; node = nodes.parent[node], i--) pushes[i] = nodes.lastPush[node];
  return pushes;
}
