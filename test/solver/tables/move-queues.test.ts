import { describe, expect, it } from 'vitest';
import { MoveQueues } from '../../../src/solver/tables/move-queues.js';
import { seededRandom } from '../random-boards.js';

/** Pops every move of a cell, as the `from` values in the order they come out. */
function drain(queues: MoveQueues, cell: number): number[] {
  const order: number[] = [];
  while (queues.cellSize(cell) > 0) order.push(queues.moveOf(queues.pop(cell)));
  return order;
}

interface BothWaysOptions {
  readonly seed: number;
  readonly cells: number;
  readonly positions: number;
  /** Moves a position queues: 1 to this many. */
  readonly mostMoves: number;
  /** The share of moves at the lighter of two weights (the advised ones). */
  readonly advisedShare: number;
  /** Priorities drawn from 0 to this, less one. */
  readonly priorities: number;
  /** Pops after each position: 1 to this many. */
  readonly mostPops: number;
}

/**
 * Random positions' moves queued in two queues alike, one move at a time (push) and all at once
 * (pushAll), with pops after each position: the queues and what each popped (cell, parent,
 * move and weight, in turn).
 */
function queueBothWays(options: BothWaysOptions) {
  const random = seededRandom(options.seed);
  const single = new MoveQueues(64);
  const batched = new MoveQueues(64);
  const cells = Array.from({ length: options.cells }, () => [single.addCell(), batched.addCell()][0]);
  const moves = new Int32Array(options.mostMoves);
  const weights = new Int32Array(options.mostMoves);
  const priorities = new Float64Array(options.mostMoves);
  const popped = { single: [] as number[], batched: [] as number[] };
  let move = 0;
  for (let parent = 0; parent < options.positions; parent++) {
    const cell = cells[Math.floor(random() * cells.length)];
    const count = 1 + Math.floor(random() * options.mostMoves);
    for (let c = 0; c < count; c++) {
      moves[c] = move++;
      weights[c] = random() < options.advisedShare ? 2 : 3;
      priorities[c] = Math.floor(random() * options.priorities);
      single.push(cell, parent, moves[c], weights[c], priorities[c]);
    }
    batched.pushAll(cell, parent, count, moves, weights, priorities);
    const pops = 1 + Math.floor(random() * options.mostPops);
    for (const [queues, order] of [
      [single, popped.single],
      [batched, popped.batched],
    ] as const) {
      for (let p = 0; p < pops && queues.size > 0; p++) {
        const from = queues.nextTurn();
        const record = queues.pop(from);
        order.push(from, queues.parentOf(record), queues.moveOf(record), queues.poppedWeight);
      }
    }
  }
  return { single, batched, cells, popped, moves: move };
}

describe('move queues', () => {
  it('give the lightest move of a cell first, the latest first among equal weights', () => {
    const queues = new MoveQueues();
    const cell = queues.addCell();
    queues.push(cell, 0, 1, 2);
    queues.push(cell, 0, 2, 1);
    queues.push(cell, 0, 3, 1);
    queues.push(cell, 0, 4, 0);
    expect(drain(queues, cell)).toEqual([4, 3, 2, 1]);
  });

  it('keep the moves of different cells apart', () => {
    const queues = new MoveQueues();
    const first = queues.addCell();
    const second = queues.addCell();
    queues.push(first, 0, 1, 5);
    queues.push(second, 0, 2, 0);
    expect(drain(queues, first)).toEqual([1]);
    expect(queues.size).toBe(1);
    expect(drain(queues, second)).toEqual([2]);
  });

  it('grow past their first chunk and keep every field', () => {
    const queues = new MoveQueues(2);
    const cell = queues.addCell();
    for (let i = 0; i < 100; i++) queues.push(cell, i, i * 4 + 1, 1000 - i);
    const record = queues.pop(cell);
    expect([queues.parentOf(record), queues.moveOf(record), queues.poppedWeight]).toEqual([99, 397, 901]);
    expect(queues.size).toBe(99);
  });

  it('grow ahead to fit moves about to be queued, within a byte limit', () => {
    const queues = new MoveQueues(4);
    const cell = queues.addCell();
    const before = queues.bytes;
    expect(queues.reserve(3, before)).toBe(true);
    expect(queues.bytes).toBe(before);
    expect(queues.reserve(6, Number.POSITIVE_INFINITY)).toBe(true);
    expect(queues.bytes).toBeGreaterThan(before);
    const grown = queues.recordCapacity;
    for (let k = 0; k < 6; k++) queues.push(cell, 0, k, 0);
    expect(queues.recordCapacity).toBe(grown);
  });

  it('refuse to grow past a byte limit, and grow nothing then', () => {
    const queues = new MoveQueues(4);
    const cell = queues.addCell();
    for (let k = 0; k < 3; k++) queues.push(cell, 0, k, 0);
    const full = queues.bytes;
    expect(queues.reserve(1, full + 10)).toBe(false);
    expect(queues.bytes).toBe(full);
    expect(drain(queues, cell)).toEqual([2, 1, 0]);
  });

  it('grow a chunk at a time, as far as a byte limit lets them, keeping every queued move', () => {
    const queues = new MoveQueues(4);
    const cell = queues.addCell();
    for (let k = 0; k < 3; k++) queues.push(cell, 0, k, 0);
    const recordBytes = (new MoveQueues(8).bytes - new MoveQueues(4).bytes) / 4;
    // Room for 8 records beside the part kept for new cells: one more chunk of 4, not two.
    const limit = (queues.bytes + 4 * recordBytes) * (32 / 31) + 1;
    expect(queues.reserve(5, limit)).toBe(false);
    expect(queues.recordCapacity).toBe(4);
    expect(queues.reserve(4, limit)).toBe(true);
    expect(queues.recordCapacity).toBe(8);
    expect(queues.bytes).toBeLessThanOrEqual(limit);
    for (let k = 3; k < 7; k++) queues.push(cell, 0, k, 0);
    expect(queues.recordCapacity).toBe(8);
    expect(drain(queues, cell)).toEqual([6, 5, 4, 3, 2, 1, 0]);
  });

  it('give the highest priority first among equal weights, whatever the order they came in', () => {
    const queues = new MoveQueues();
    const cell = queues.addCell();
    const priorities = [5, 1, 9, 3, 7, 9, 0];
    for (const [k, priority] of priorities.entries()) queues.push(cell, 0, k, 1, priority);
    queues.push(cell, 0, 100, 0, 0);
    expect(drain(queues, cell)).toEqual([100, 5, 2, 4, 0, 3, 1, 6]);
  });

  it("queue a position's moves at once as they would one at a time, ties and all", () => {
    // Few priorities and two weights, so that many keys tie (past the sequence numbers' wrap at
    // 4,096 pushes too), and pops in between, so that the heaps have shapes of every kind.
    const run = queueBothWays({ seed: 5, cells: 3, positions: 400, mostMoves: 40, advisedShare: 0.5, priorities: 3, mostPops: 1 });
    for (const cell of run.cells) expect(drain(run.batched, cell)).toEqual(drain(run.single, cell));
    expect(run.moves).toBeGreaterThan(4096);
    expect(run.popped.batched).toEqual(run.popped.single);
  });

  it('give, among moves of equal keys (priorities equal past the wrap of 4,096 pushes), the earlier position first, whatever the heap', () => {
    const queues = new MoveQueues();
    const [cell, filler] = [queues.addCell(), queues.addCell()];
    const fill = () => {
      for (let k = 0; k < 4095; k++) queues.push(filler, 0, k, 0);
    };
    queues.push(cell, 5, 50, 0, 1);
    fill();
    queues.push(cell, 3, 30, 0, 1);
    fill();
    queues.push(cell, 9, 90, 0, 1);
    fill();
    queues.push(cell, 9, 91, 0, 1);
    const parents: number[] = [];
    while (queues.cellSize(cell) > 0) {
      const record = queues.pop(cell);
      parents.push(queues.parentOf(record) * 100 + queues.moveOf(record));
    }
    expect(parents).toEqual([330, 550, 990, 991]);
  });

  it("keep most of a position's many moves aside, in less memory, and give every move in the order queueing them one at a time would", () => {
    // Positions of up to 300 moves of two weights, few priorities (ties past the wrap too), and
    // one to three pops a position, so that the moves kept aside come out in every way.
    const run = queueBothWays({ seed: 11, cells: 2, positions: 600, mostMoves: 300, advisedShare: 0.05, priorities: 4, mostPops: 3 });
    expect(run.batched.size).toBe(run.single.size);
    expect(run.batched.bytes).toBeLessThan(run.single.bytes * 0.7);
    for (const cell of run.cells) expect(run.batched.cellSize(cell)).toBe(run.single.cellSize(cell));
    for (const cell of run.cells) expect(drain(run.batched, cell)).toEqual(drain(run.single, cell));
    expect(run.moves).toBeGreaterThan(4 * 4096);
    expect(run.popped.batched).toEqual(run.popped.single);
  });

  it('give the moves of a position of more moves than the 4,096 sequence numbers (its own keys tie) as one at a time would', () => {
    const run = queueBothWays({ seed: 3, cells: 1, positions: 6, mostMoves: 12000, advisedShare: 0.05, priorities: 1, mostPops: 3 });
    for (const cell of run.cells) expect(drain(run.batched, cell)).toEqual(drain(run.single, cell));
    expect(run.popped.batched).toEqual(run.popped.single);
  });

  it('recycle popped records only after the next pop, so a popped move stays readable', () => {
    const queues = new MoveQueues(4);
    const cell = queues.addCell();
    queues.push(cell, 7, 70, 0);
    const record = queues.pop(cell);
    queues.push(cell, 8, 80, 0);
    expect([queues.parentOf(record), queues.moveOf(record)]).toEqual([7, 70]);
  });
});

describe('turns over feature cells', () => {
  it('go round the cells that have moves, skipping empty ones, new cells at the end of the round', () => {
    const queues = new MoveQueues();
    const [a, b, c] = [queues.addCell(), queues.addCell(), queues.addCell()];
    queues.push(a, 0, 1, 0);
    queues.push(c, 0, 3, 0);
    queues.push(c, 0, 4, 0);
    expect([queues.nextTurn(), queues.nextTurn(), queues.nextTurn()]).toEqual([a, c, a]);
    queues.pop(a);
    queues.push(b, 0, 2, 0);
    expect([queues.nextTurn(), queues.nextTurn(), queues.nextTurn()]).toEqual([c, b, c]);
  });
});
