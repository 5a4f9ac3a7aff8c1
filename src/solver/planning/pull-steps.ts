import type { NodeTable } from '../tables/node-table.js';

/** One step of a backward search's path: the box on `from` pulled to `to`, or taken off the board (to = -1). */
export interface BackwardStep {
  readonly from: number;
  readonly to: number;
}

/**
 * What the backward searches of the planning (backward-plan.ts, base-search.ts) keep per node
 * besides the node table: where its last box came from and went (-1: taken off the board), the
 * boxes left on the board and its distance-score. The arrays follow the node table's capacity.
 */
export class PullSteps {
  from: Int32Array;
  to: Int32Array;
  onBoard: Int32Array;
  score: Float64Array;

  constructor(capacity: number) {
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    this.onBoard = new Int32Array(capacity);
    this.score = new Float64Array(capacity);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.from.length * 20;
  }

  /** A new node of `nodes`: its parent and player square in the table, its step here. */
  recordNode(nodes: NodeTable, node: number, parent: number, from: number, to: number, player: number): void {
    nodes.parent[node] = parent;
    nodes.player[node] = player;
    this.record(node, from, to, nodes.capacity);
  }

  /** Records a node's step, growing the arrays to `capacity` first when the node table has grown. */
  record(node: number, from: number, to: number, capacity: number): void {
    if (this.from.length < capacity) {
      this.from = grown(this.from, capacity);
      this.to = grown(this.to, capacity);
      this.onBoard = grown(this.onBoard, capacity);
      const score = new Float64Array(capacity);
      score.set(this.score);
      this.score = score;
    }
    this.from[node] = from;
    this.to[node] = to;
  }

  /** The steps from a root (a node without a parent in `nodes`) down to `node`, in the order they were made; none for -1. */
  pathTo(nodes: NodeTable, node: number): BackwardStep[] {
    const steps: BackwardStep[] = [];
    for (let at = node; at >= 0 && nodes.parent[at] >= 0; at = nodes.parent[at]) steps.push({ from: this.from[at], to: this.to[at] });
    return steps.reverse();
  }
}

function grown(array: Int32Array, length: number): Int32Array {
  const bigger = new Int32Array(length);
  bigger.set(array);
  return bigger;
}
