import type { Problem } from '../model/problem.js';
import { CutCells } from './cut-cells.js';
import type { PlayerReach } from './reachability.js';

/**
 * Paths of one box through a fixed arrangement of the others: the pushes that take it from one
 * cell to another, the player walking around it between pushes. A state is the box's cell and the
 * side the player stands on (cell * 4 + d, the player at neighbours[cell * 4 + d]). Used for
 * macro moves, which jump a box straight to a goal, and to spell those jumps out again as pushes.
 */
export class BoxPathFinder {
  private readonly came: Int32Array;
  private readonly seenEpoch: Uint32Array;
  private readonly queue: Int32Array;
  private epoch = 0;
  private found = -1;
  /**
   * One depth-first walk of the moving box's area (the box taken off) tells, for every cell the
   * box comes to, which of its sides the player can walk between (cut-cells.ts): a flood per
   * state instead made these searches quadratic in the area, minutes on an open 200×200 board.
   */
  private readonly cuts: CutCells;
  /** The cell the area walk starts from (the moving box's own), and whether it was made yet. */
  private areaRoot = -1;
  private areaWalked = false;

  constructor(private readonly problem: Problem) {
    const states = problem.cellCount * 4;
    this.came = new Int32Array(states);
    this.seenEpoch = new Uint32Array(states);
    this.queue = new Int32Array(states);
    this.cuts = new CutCells(problem);
  }

  /**
   * Breadth-first over pushes of the box at `box`, the player starting at `player`, to `target`,
   * where the player must be able to stand at `endPlayer` unless that is -1. `walker.boxAt` must mark
   * the other boxes and not this one; it is left as it was. Returns the number of pushes, or -1.
   */
  search(walker: PlayerReach, box: number, player: number, target: number, endPlayer: number): number {
    const { neighbours } = this.problem;
    const { came, seenEpoch, queue } = this;
    const boxAt = walker.boxAt;
    boxAt[box] = 1;
    walker.flood(player);
    const epoch = this.nextEpoch();
    let head = 0;
    let tail = this.startBeside(box, (side) => walker.reached(side), epoch);
    boxAt[box] = 0;
    this.startArea(box);
    // Back at its own cell with the player elsewhere: the box has to go out and come back.
    if (box === target && (endPlayer < 0 || this.startsBeside(box, endPlayer, epoch))) return 0;
    while (head < tail) {
      const state = queue[head++];
      const cell = state >> 2;
      const d = state & 3;
      const to = neighbours[cell * 4 + (d ^ 1)];
      if (to >= 0 && boxAt[to] === 0) {
        const next = to * 4 + d;
        if (seenEpoch[next] !== epoch) {
          seenEpoch[next] = epoch;
          came[next] = state * 2 + 1;
          // Arriving at the target with the player on another side, the box may go on and come back.
          if (this.ends(next, target, endPlayer)) return this.pushCount();
          queue[tail++] = next;
        }
      }
      const before = tail;
      tail = this.walkRound(walker, state, tail, epoch);
      // The player may also walk round the box at the target to the side it must end on.
      for (let k = before; k < tail; k++) if (this.ends(queue[k], target, endPlayer)) return this.pushCount();
    }
    return -1;
  }

  /**
   * Pulls (the player steps back, the box follows) that take the box at `box` to any cell marked
   * in `exits`, the player starting on a free side marked in `playerStarts`. Working backwards
   * from a goal this tells whether a box could have been pushed in from there. Returns the number
   * of pulls, or -1.
   */
  pullsToExit(walker: PlayerReach, box: number, exits: Uint8Array, playerStarts: Uint8Array): number {
    return this.pullWalk(walker, box, playerStarts, (cell) => exits[cell] !== 0) ? this.pushCount() : -1;
  }

  /**
   * Of the cells marked in `allowed` that pulls can take the box at `box` to (as pullsToExit),
   * the one with the highest `score`, or -1 when pulls reach none of them.
   */
  farthestPull(walker: PlayerReach, box: number, score: ArrayLike<number>, allowed: Uint8Array, playerStarts: Uint8Array): number {
    let best = -1;
    this.pullWalk(walker, box, playerStarts, (cell) => {
      if (allowed[cell] !== 0 && (best < 0 || score[cell] > score[best])) best = cell;
      return false;
    });
    return best;
  }

  /** Marks in `reached` every cell pulls can take the box at `box` to (as pullsToExit), the box's own cell included. */
  pullReach(walker: PlayerReach, box: number, playerStarts: Uint8Array, reached: Uint8Array): void {
    reached[box] = 1;
    this.pullWalk(walker, box, playerStarts, (cell) => {
      reached[cell] = 1;
      return false;
    });
  }

  /**
   * A breadth-first walk over pulls of the box at `box`, the player starting on a free side
   * marked in `playerStarts`; `reach` hears of each new (cell, side) the box is pulled to, and
   * stops the walk by answering true. Says whether it was stopped (the path in `found`).
   */
  private pullWalk(walker: PlayerReach, box: number, playerStarts: Uint8Array, reach: (cell: number) => boolean): boolean {
    const { neighbours } = this.problem;
    const { came, seenEpoch, queue } = this;
    const boxAt = walker.boxAt;
    const epoch = this.nextEpoch();
    let head = 0;
    let tail = this.startBeside(box, (side) => boxAt[side] === 0 && playerStarts[side] !== 0, epoch);
    this.startArea(box);
    while (head < tail) {
      const state = queue[head++];
      const d = state & 3;
      const player = neighbours[state];
      const back = neighbours[player * 4 + d];
      if (back >= 0 && boxAt[back] === 0) {
        const next = player * 4 + d;
        if (seenEpoch[next] !== epoch) {
          seenEpoch[next] = epoch;
          came[next] = state * 2 + 1;
          if (reach(player)) {
            this.found = next;
            return true;
          }
          queue[tail++] = next;
        }
      }
      tail = this.walkRound(walker, state, tail, epoch);
    }
    return false;
  }

  /** Queues, as the search's first states, the sides of the box where `canStart` holds; returns how many. */
  private startBeside(box: number, canStart: (side: number) => boolean, epoch: number): number {
    const { neighbours } = this.problem;
    this.found = -1;
    let tail = 0;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[box * 4 + d];
      if (side < 0 || !canStart(side)) continue;
      this.seenEpoch[box * 4 + d] = epoch;
      this.came[box * 4 + d] = -1;
      this.queue[tail++] = box * 4 + d;
    }
    return tail;
  }

  /** A search of the box on `box` (taken off walker.boxAt) begins: its area is walked at the first walk round it. */
  private startArea(box: number): void {
    this.areaRoot = box;
    this.areaWalked = false;
  }

  /** Queues the other sides of the box the player can walk to from the side in `state`. */
  private walkRound(walker: PlayerReach, state: number, tail: number, epoch: number): number {
    const { neighbours } = this.problem;
    const { came, seenEpoch, queue, cuts } = this;
    const boxAt = walker.boxAt;
    if (!this.areaWalked) {
      cuts.walkArea(this.areaRoot, boxAt);
      this.areaWalked = true;
    }
    const cell = state >> 2;
    const piece = cuts.pieceOf(neighbours[state], cell);
    for (let side = 0; side < 4; side++) {
      const around = neighbours[cell * 4 + side];
      const next = cell * 4 + side;
      if (around < 0 || seenEpoch[next] === epoch || boxAt[around] !== 0 || cuts.pieceOf(around, cell) !== piece) continue;
      seenEpoch[next] = epoch;
      came[next] = state * 2;
      queue[tail++] = next;
    }
    return tail;
  }

  /** The pushes of the path the last search found, in order: (box cell before the push) * 4 + direction. */
  pushes(): number[] {
    const pushes: number[] = [];
    for (let state = this.found; state >= 0 && this.came[state] >= 0; state = this.came[state] >> 1) {
      if ((this.came[state] & 1) === 0) continue;
      const before = this.came[state] >> 1;
      pushes.push((before >> 2) * 4 + ((before & 3) ^ 1));
    }
    return pushes.reverse();
  }

  private pushCount(): number {
    let count = 0;
    for (let state = this.found; this.came[state] >= 0; state = this.came[state] >> 1) count += this.came[state] & 1;
    return count;
  }

  /** Whether `state` has the box on the target and the player where it must end; records it. */
  private ends(state: number, target: number, endPlayer: number): boolean {
    if (state >> 2 !== target || (endPlayer >= 0 && this.problem.neighbours[state] !== endPlayer)) return false;
    this.found = state;
    return true;
  }

  private startsBeside(box: number, endPlayer: number, epoch: number): boolean {
    for (let d = 0; d < 4; d++) {
      if (this.problem.neighbours[box * 4 + d] === endPlayer && this.seenEpoch[box * 4 + d] === epoch) return true;
    }
    return false;
  }

  private nextEpoch(): number {
    this.epoch++;
    if (this.epoch === 0xffffffff) {
      this.seenEpoch.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }
}
