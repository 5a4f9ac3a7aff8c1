import type { PushPruner } from './detector-shapes.js';
import type { PlayerReach } from '../geometry/reachability.js';
import type { Problem } from '../model/problem.js';

/** Positions with more free areas than this are left unrestricted: the corral is kept as one flag per area. */
const MAX_AREAS = 64;
const NO_AREA = -1;

/**
 * PI-corral pruning with corrals grown one free area at a time (the corrals of Festival's forward
 * search, bench/festival-strategies.md). PiCorralPruning takes as one corral everything the player
 * cannot reach that hangs together through boxes, which in a crowded position is most of the
 * board, so that its restriction allows nearly every box. Here a corral starts as one free area the
 * player cannot reach that lies across a box from the player's area, and takes in another free area
 * only when a push of its fence needs it: a push into the corral made from that area, or a push
 * along the fence that lands in it. The fence is every box beside a corral square, corners
 * included. The first corral found this way that holds work, whose fence boxes can only be pushed
 * into it, each such push one the player can make now, restricts the position to the moves of the
 * fence boxes that the player can push into it.
 *
 * Sound for solvability: until the first push of a fence box the corral stays closed, so nothing
 * in it moves; that push cannot be made from inside, and no fence box can be pushed along the
 * fence (even with every box but the fence's taken off), so it goes into the corral; and each such
 * push can be made now, before anything else. Pushes onto dead squares or into a 2x2 block holding
 * a box off its goal lose, so they do not count. It keeps no push count: the search over features
 * uses it, not the optimal searches.
 */
export class GrownCorralPruning implements PushPruner {
  /**
   * Per cell: labelBase + its free area's number for the current position; anything at or below
   * labelBase (a box, or a label of an earlier call) means none. Raising the base instead of
   * clearing the array spares a pass over every cell per position.
   */
  private readonly label: Int32Array;
  private labelBase = 0;
  /** The free cells, area by area: area a's are cellsOfArea[areaStart[a]] up to areaStart[a + 1]. */
  private readonly cellsOfArea: Int32Array;
  private readonly areaStart = new Int32Array(MAX_AREAS + 1);
  private areaCount = 0;
  private playerArea = NO_AREA;
  /** Per area: whether it is in the corral being grown. */
  private readonly inCorral = new Uint8Array(MAX_AREAS);
  /** Per area: whether a corral may start from it (it lies across a box from the player's area). */
  private readonly startsCorral = new Uint8Array(MAX_AREAS);
  /** Per cell: `fenceMark` when its box is in the fence of the corral being grown. */
  private readonly fenceOf: Uint32Array;
  private fenceMark = 0;
  private readonly fence: Int32Array;
  private fenceCount = 0;
  /** Per cell: its eight neighbours (the four sides, then the four corners), -1 for none. */
  private readonly around: Int32Array;
  /** Boxes whose moves are allowed, marked with the current epoch. */
  private readonly allowedEpoch: Uint32Array;
  private epoch = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
  ) {
    const { cellCount, neighbours } = problem;
    this.label = new Int32Array(cellCount);
    this.cellsOfArea = new Int32Array(cellCount);
    this.fenceOf = new Uint32Array(cellCount);
    this.fence = new Int32Array(cellCount);
    this.allowedEpoch = new Uint32Array(cellCount);
    this.around = new Int32Array(cellCount * 8).fill(-1);
    for (let cell = 0; cell < cellCount; cell++) {
      for (let d = 0; d < 4; d++) this.around[cell * 8 + d] = neighbours[cell * 4 + d];
      for (let k = 0; k < 4; k++) this.around[cell * 8 + 4 + k] = this.corner(cell, k >> 1, 2 + (k & 1));
    }
  }

  isAllowed(box: number): boolean {
    return this.allowedEpoch[box] === this.epoch;
  }

  /**
   * Looks for a grown PI-corral in the position (boxAt, and the player's walk done in reach).
   * Returns true when one was found; then only boxes with isAllowed(box) may be moved.
   */
  restrict(reach: PlayerReach, boxAt: Uint8Array, boxes: Int32Array, count: number): boolean {
    if (!this.numberAreas(reach, boxAt)) return false;
    const { neighbours } = this.problem;
    const { startsCorral } = this;
    startsCorral.fill(0);
    for (let i = 0; i < count; i++) {
      const box = boxes[i];
      for (let d = 0; d < 4; d++) {
        const near = neighbours[box * 4 + d];
        const far = neighbours[box * 4 + (d ^ 1)];
        if (near < 0 || far < 0 || this.areaAt(near) !== this.playerArea) continue;
        const area = this.areaAt(far);
        if (area !== NO_AREA && area !== this.playerArea) startsCorral[area] = 1;
      }
    }
    for (let start = 0; start < this.areaCount; start++) {
      if (startsCorral[start] !== 0 && this.growFrom(start, reach, boxAt)) return true;
    }
    return false;
  }

  /** Grows a corral from area `start`; true, with its pushable fence boxes allowed, when it is a PI-corral holding work. */
  private growFrom(start: number, reach: PlayerReach, boxAt: Uint8Array): boolean {
    this.inCorral.fill(0);
    this.inCorral[start] = 1;
    this.markFence(boxAt);
    if (!this.holdsWork(boxAt)) return false;
    for (let added = this.areaToTakeIn(boxAt); added !== NO_AREA; added = this.areaToTakeIn(boxAt)) {
      this.inCorral[added] = 1;
      this.markFence(boxAt);
    }
    if (this.fencePushesAside()) return false;
    return this.allowPushesIn(reach);
  }

  /**
   * Marks the boxes that may be moved: those with a push into the corral. False when there is none
   * or some such push is not the player's to make now; the marks are then read by nobody (isAllowed
   * is asked only after restrict said true, and the next try marks with a new epoch).
   */
  private allowPushesIn(reach: PlayerReach): boolean {
    const { neighbours } = this.problem;
    const epoch = this.nextEpoch();
    let allowed = false;
    for (let i = 0; i < this.fenceCount; i++) {
      const box = this.fence[i];
      for (let d = 0; d < 4; d++) {
        const to = neighbours[box * 4 + d];
        const from = neighbours[box * 4 + (d ^ 1)];
        if (!this.pushesIn(box, from, to)) continue;
        if (!reach.reached(from)) return false;
        this.allowedEpoch[box] = epoch;
        allowed = true;
      }
    }
    return allowed;
  }

  private nextEpoch(): number {
    let epoch = ++this.epoch;
    if (epoch === 0xffffffff) {
      this.allowedEpoch.fill(0);
      epoch = this.epoch = 1;
    }
    return epoch;
  }

  /**
   * Whether the push of the fence box at `box` from `from` to `to` goes into the corral from
   * outside it. Only fence boxes stand in its way: other boxes may move first.
   */
  private pushesIn(box: number, from: number, to: number): boolean {
    if (from < 0 || to < 0 || this.isFence(from) || this.inCorralArea(from) || !this.inCorralArea(to)) return false;
    return !this.losesAt(box, to);
  }

  /** Whether some fence box can be pushed from outside the corral to outside it, only fence boxes in the way. */
  private fencePushesAside(): boolean {
    const { neighbours } = this.problem;
    for (let i = 0; i < this.fenceCount; i++) {
      const box = this.fence[i];
      for (let d = 0; d < 4; d++) {
        const to = neighbours[box * 4 + d];
        const from = neighbours[box * 4 + (d ^ 1)];
        if (from < 0 || to < 0 || this.isFence(from) || this.isFence(to)) continue;
        if (!this.inCorralArea(from) && !this.inCorralArea(to) && !this.losesAt(box, to)) return true;
      }
    }
    return false;
  }

  /**
   * A free area outside the corral and the player's that a fence push needs inside it: where the
   * player would stand for a push into the corral, or where a push along the fence would land.
   * Only fence boxes beside both a corral square and a free square outside are asked.
   */
  private areaToTakeIn(boxAt: Uint8Array): number {
    const { neighbours } = this.problem;
    for (let i = 0; i < this.fenceCount; i++) {
      const box = this.fence[i];
      if (!this.bordersCorralAndOutside(box, boxAt)) continue;
      for (let d = 0; d < 4; d++) {
        const to = neighbours[box * 4 + d];
        const from = neighbours[box * 4 + (d ^ 1)];
        if (from < 0 || to < 0 || this.isFence(from) || this.isFence(to) || this.inCorralArea(from) || this.losesAt(box, to)) continue;
        const needed = this.inCorralArea(to) ? this.areaAt(from) : this.areaAt(to);
        if (needed !== NO_AREA && needed !== this.playerArea && this.inCorral[needed] === 0) return needed;
      }
    }
    return NO_AREA;
  }

  private bordersCorralAndOutside(box: number, boxAt: Uint8Array): boolean {
    const { neighbours } = this.problem;
    let inside = false;
    let outside = false;
    for (let d = 0; d < 4; d++) {
      const next = neighbours[box * 4 + d];
      if (next < 0) continue;
      if (this.inCorralArea(next)) inside = true;
      else if (boxAt[next] === 0) outside = true;
    }
    return inside && outside;
  }

  /** Work left in the corral: an empty goal in it that must be filled, or a fence box off the goals that must reach one. */
  private holdsWork(boxAt: Uint8Array): boolean {
    const { goals, goalIndexOfCell, everyBoxNeedsGoal, everyGoalNeedsBox } = this.problem;
    if (everyGoalNeedsBox) for (const goal of goals) if (boxAt[goal] === 0 && this.inCorralArea(goal)) return true;
    if (everyBoxNeedsGoal) for (let i = 0; i < this.fenceCount; i++) if (goalIndexOfCell[this.fence[i]] < 0) return true;
    return false;
  }

  /** Marks the fence: every box beside a corral square, corners included. */
  private markFence(boxAt: Uint8Array): void {
    const { around, cellsOfArea, areaStart } = this;
    const mark = ++this.fenceMark;
    this.fenceCount = 0;
    for (let area = 0; area < this.areaCount; area++) {
      if (this.inCorral[area] === 0) continue;
      for (let i = areaStart[area]; i < areaStart[area + 1]; i++) {
        const cell = cellsOfArea[i];
        for (let k = cell * 8; k < cell * 8 + 8; k++) {
          const next = around[k];
          if (next < 0 || boxAt[next] === 0 || this.fenceOf[next] === mark) continue;
          this.fenceOf[next] = mark;
          this.fence[this.fenceCount++] = next;
        }
      }
    }
  }

  private isFence(cell: number): boolean {
    return this.fenceOf[cell] === this.fenceMark;
  }

  /** The free area of `cell` in the current position, NO_AREA on a box. */
  private areaAt(cell: number): number {
    const label = this.label[cell];
    return label > this.labelBase ? label - this.labelBase - 1 : NO_AREA;
  }

  private inCorralArea(cell: number): boolean {
    const area = this.areaAt(cell);
    return area !== NO_AREA && this.inCorral[area] === 1;
  }

  /**
   * Whether the box at `box` pushed onto `to` loses at once: a dead square, or a 2x2 block of
   * walls and fence boxes with a box off its goal. Only fence boxes count: the others may move
   * away before the corral is opened (a block they would close now says nothing then).
   */
  private losesAt(box: number, to: number): boolean {
    if (this.dead[to] !== 0) return true;
    const { around, fenceOf } = this;
    // The pushed box, a fence box, stands on `to` instead of `box`.
    const wasAtTo = fenceOf[to];
    const wasAtBox = fenceOf[box];
    fenceOf[to] = this.fenceMark;
    fenceOf[box] = 0;
    let loses = false;
    for (let k = 0; k < 4 && !loses; k++) {
      const side = around[to * 8 + (k >> 1)];
      const other = around[to * 8 + 2 + (k & 1)];
      const diagonal = around[to * 8 + 4 + k];
      if (!this.blocked(side) || !this.blocked(other) || !this.blocked(diagonal)) continue;
      loses = this.offGoal(to) || this.offGoal(side) || this.offGoal(other) || this.offGoal(diagonal);
    }
    fenceOf[to] = wasAtTo;
    fenceOf[box] = wasAtBox;
    return loses;
  }

  /** A wall, or a fence box (the moved box is one). */
  private blocked(cell: number): boolean {
    return cell < 0 || this.isFence(cell);
  }

  /** A cell (boxed, where this is asked) that is not a goal. */
  private offGoal(cell: number): boolean {
    return cell >= 0 && this.problem.goalIndexOfCell[cell] < 0;
  }

  /** The corner cell of `cell` across its `vertical` and `horizontal` sides, reached through either side that is floor; -1 for none. */
  private corner(cell: number, vertical: number, horizontal: number): number {
    const { neighbours } = this.problem;
    const up = neighbours[cell * 4 + vertical];
    if (up >= 0) return neighbours[up * 4 + horizontal];
    const side = neighbours[cell * 4 + horizontal];
    return side >= 0 ? neighbours[side * 4 + vertical] : -1;
  }

  /** Numbers the free areas of the position, listing each one's cells; false when the player stands in none or there are too many. */
  private numberAreas(reach: PlayerReach, boxAt: Uint8Array): boolean {
    const { neighbours, cellCount } = this.problem;
    const { label, cellsOfArea, areaStart } = this;
    // Each call gives at most MAX_AREAS labels, all above the base it raises.
    if (this.labelBase > 0x3fffffff - 2 * MAX_AREAS) {
      label.fill(0);
      this.labelBase = 0;
    }
    this.labelBase += MAX_AREAS;
    const base = this.labelBase;
    let count = 0;
    let listed = 0;
    this.playerArea = NO_AREA;
    for (let cell = 0; cell < cellCount; cell++) {
      if (boxAt[cell] !== 0 || label[cell] > base) continue;
      if (count === MAX_AREAS) return false;
      const mine = base + 1 + count;
      areaStart[count] = listed;
      // The list doubles as the fill's queue.
      let next = listed;
      cellsOfArea[listed++] = cell;
      label[cell] = mine;
      while (next < listed) {
        const at = cellsOfArea[next++];
        for (let d = 0; d < 4; d++) {
          const side = neighbours[at * 4 + d];
          if (side >= 0 && boxAt[side] === 0 && label[side] <= base) {
            label[side] = mine;
            cellsOfArea[listed++] = side;
          }
        }
      }
      if (reach.reached(cell)) this.playerArea = count;
      count++;
    }
    areaStart[count] = listed;
    this.areaCount = count;
    return this.playerArea !== NO_AREA;
  }
}
