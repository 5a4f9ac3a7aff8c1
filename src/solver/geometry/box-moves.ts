import { CutCells } from './cut-cells.js';
import type { Problem } from '../model/problem.js';
import { areasWithBoxLifted } from './lifted-box-areas.js';

/**
 * A flag in groupsTaken: the cell is plain in the search under way (see walk), its free sides one
 * group whose bit is the lowest.
 */
const PLAIN = 0x10;

/** Piece label of groupSidesInPosition for the piece the box's starting cell joins (CutCells.pieceOf gives -1 and child cells); areas beside the start are -2 - area. */
const JOINED_PIECE = -1_000_000_000;

/**
 * Every place one box can be taken to while the other boxes stay put: a breadth-first search over
 * (box cell, player side) states, where side d means the player stands at neighbours[cell * 4 + d].
 * A push from side d moves the box the opposite way and leaves the player on side d of the new
 * cell. Between pushes the player may walk round the box to any side joined to its own. Which
 * sides are joined comes from one depth-first walk per box over the free cells (Tarjan's cut
 * vertices): two sides of a cell are apart, with the box on it, only where the cell cuts the
 * walk's tree between them, which its discovery times tell without walking again.
 *
 * The results are the places reached by at least one push, one for each group of sides of a
 * cell that the player can walk between (they all leave the same position): `count` of them in
 * `states` (cell * 4 + side, in breadth-first order, so pushes never decrease) with `pushes`.
 * Nothing is allocated per call.
 *
 * `searchPulls` is the backward twin, for searches that work back from the goals: a pull from
 * side d steps the player one square further that way and the box follows onto the square the
 * player left, so the player ends on side d of the box's new cell.
 */
export class BoxMoves {
  /** Reached states of the last call, cell * 4 + side. */
  readonly states: Int32Array;
  /** Pushes (pulls, after searchPulls) taken to reach each of those states. */
  readonly pushes: Int32Array;
  count = 0;

  /**
   * Per state of the last search, the state whose pushes reached it, -1 for the box's starting
   * states: with `states`, the way to each place (a state's cell and side say where the box
   * stands and where the player stood to push it there).
   */
  readonly cameFrom: Int32Array;
  private readonly seenEpoch: Uint32Array;
  private readonly stateDistance: Int32Array;
  private readonly queue: Int32Array;
  /** Side groups per cell: group[cell * 4 + side], valid when groupEpoch[cell] is current. */
  private readonly group: Int32Array;
  private readonly groupEpoch: Uint32Array;
  /** Per cell, a bit for each side group already given a move (valid with groupEpoch). */
  private readonly groupsTaken: Uint8Array;
  /** The depth-first walk of the box's area, without the box (cut-cells.ts). */
  private readonly cuts: CutCells;
  private readonly heads = new Int32Array(4);
  /**
   * The free neighbours of the searched box's starting cell in a walked position (originSideCount
   * of them), listed as each search starts, for groupSidesInPosition: the pieces holding one of
   * them are joined through that cell.
   */
  private readonly originSides = new Int32Array(4);
  private originSideCount = 0;
  /**
   * Per cell that splits its area in the walked position, the piece (CutCells.pieceOf) of each of
   * its sides, valid where pieceStamp[cell] is walkStamp: they depend on the position's walk alone,
   * not on the box searched, and the searches of a position's boxes meet the same cut cells again
   * (about three times each on levels of 30-47 boxes).
   */
  private readonly sidePiece: Int32Array;
  private readonly pieceStamp: Uint32Array;
  /**
   * Per cell of the last walk (of a position, or of a box's area), its free sides (the low four
   * bits) and the sides a push of a box standing on it can be made from (the next four), valid
   * where maskStamp[cell] is walkStamp: all a plain cell's search needs (see walk), the same for
   * every box searched on that walk.
   */
  private readonly sideMasks: Uint8Array;
  private readonly maskStamp: Uint32Array;
  /** Per cell, the epoch of the last search in a walked position whose box started beside it. */
  private readonly besideOrigin: Uint32Array;
  /** Counts the walks of `cuts`, so that sidePiece and sideMasks are read only from the current one. */
  private walkStamp = 1;
  private epoch = 0;
  /** Whether the search under way reads the whole position's walk (walkPosition) instead of walking its box's area. */
  private inWalkedPosition = false;
  /** The cell the box under search started on. */
  private origin = -1;

  constructor(private readonly problem: Problem) {
    const states = problem.cellCount * 4;
    this.states = new Int32Array(states);
    this.pushes = new Int32Array(states);
    this.cameFrom = new Int32Array(states);
    this.seenEpoch = new Uint32Array(states);
    this.stateDistance = new Int32Array(states);
    this.queue = new Int32Array(states);
    this.group = new Int32Array(states);
    this.groupEpoch = new Uint32Array(problem.cellCount);
    this.groupsTaken = new Uint8Array(problem.cellCount);
    this.sidePiece = new Int32Array(states);
    this.pieceStamp = new Uint32Array(problem.cellCount);
    this.sideMasks = new Uint8Array(problem.cellCount);
    this.maskStamp = new Uint32Array(problem.cellCount);
    this.besideOrigin = new Uint32Array(problem.cellCount);
    this.cuts = new CutCells(problem);
  }

  /**
   * Searches the moves of the box at `box`. `boxAt` marks every box, this one included, and is
   * left as it was; `playerSide(cell)` says whether the player can stand on a cell next to the box
   * at the start (the caller's walk over the current position); `dead` cells are never entered.
   */
  search(box: number, boxAt: Uint8Array, dead: Uint8Array, playerCanReach: (cell: number) => boolean): number {
    this.inWalkedPosition = false;
    return this.walk(box, boxAt, dead, playerCanReach, false);
  }

  /**
   * What `search` gives, without walking the box's area again: the last walk (walkCount has not
   * moved since the caller's search that made it) must be of the same board, the box's cell and
   * the last search's box both free, and have reached `box` (walked). A table that searches one
   * box after another against the same walls (the hotspot table, a blocker at a time) walks the
   * board once for them all; the side groups a walk gives do not depend on where it started.
   */
  searchInLastWalk(box: number, boxAt: Uint8Array, dead: Uint8Array, playerCanReach: (cell: number) => boolean): number {
    this.inWalkedPosition = false;
    return this.walk(box, boxAt, dead, playerCanReach, false, 0, true);
  }

  /** Walks of the free cells so far (by walkPosition and by the searches); it moves on with each. */
  get walkCount(): number {
    return this.walkStamp;
  }

  /** Whether the last walk reached the cell `cell`. */
  walked(cell: number): boolean {
    return this.cuts.discovered[cell] !== 0;
  }

  /**
   * Walks the free cells of a position once (boxAt marks every box), for searchInWalkedPosition
   * to search any number of its boxes without a walk each: a search engine that lists every box's
   * moves in a position walks it once instead of once per box (the per-box walks were about a
   * third of the search over features' time). Returns the number of areas of the position.
   */
  walkPosition(boxAt: Uint8Array): number {
    this.nextWalk();
    this.cuts.analyze(boxAt);
    return this.cuts.areas;
  }

  /** The area number (1 up) of each free cell of the position last given to walkPosition; stale on its boxes. */
  get areaOf(): Int32Array {
    return this.cuts.areaOf;
  }

  /**
   * Player areas of the position last given to walkPosition with the box on `box` taken off:
   * the areas beside it become one with its cell. Read it before searching any box of the
   * position (a search's own walk relabels the cells it walks).
   */
  areasWithout(box: number, boxAt: Uint8Array): number {
    return areasWithBoxLifted(this.problem.neighbours, this.cuts.areaOf, this.cuts.areas, box, boxAt);
  }

  /**
   * What `search` gives, for a box of the position last given to walkPosition, the player
   * standing on the free cell `player`; `boxAt` must be that position's, unchanged since. The
   * walk's areas say which sides of the box the player reaches.
   */
  searchInWalkedPosition(box: number, boxAt: Uint8Array, dead: Uint8Array, player: number): number {
    this.inWalkedPosition = true;
    return this.walk(box, boxAt, dead, null, false, this.cuts.areaOf[player]);
  }

  /**
   * Searches the pulls of the box at `box`, as `search` its pushes; no cell is dead to a pull,
   * as a box pulled back from a goal can always be pushed back to it.
   */
  searchPulls(box: number, boxAt: Uint8Array, playerCanReach: (cell: number) => boolean): number {
    this.inWalkedPosition = false;
    return this.walk(box, boxAt, null, playerCanReach, true);
  }

  /** What `searchPulls` gives, for a box of the position last given to walkPosition (see searchInWalkedPosition). */
  searchPullsInWalkedPosition(box: number, boxAt: Uint8Array, playerCanReach: (cell: number) => boolean): number {
    this.inWalkedPosition = true;
    return this.walk(box, boxAt, null, playerCanReach, true);
  }

  /** The search of `search`, `searchPulls` and `searchInWalkedPosition`; without `playerCanReach`, the player reaches the sides in the walked area `playerArea`. */
  private walk(
    box: number,
    boxAt: Uint8Array,
    dead: Uint8Array | null,
    playerCanReach: ((cell: number) => boolean) | null,
    pulling: boolean,
    playerArea = 0,
    walked = false,
  ): number {
    const { neighbours } = this.problem;
    const { seenEpoch, stateDistance, queue, states, pushes, groupEpoch } = this;
    const { areaOf } = this.cuts;
    const epoch = this.nextEpoch();
    let head = 0;
    let tail = 0;
    let movable = false;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[box * 4 + d];
      if (side < 0 || boxAt[side] !== 0) continue;
      if (playerCanReach === null ? areaOf[side] !== playerArea : !playerCanReach(side)) continue;
      seenEpoch[box * 4 + d] = epoch;
      stateDistance[box * 4 + d] = 0;
      this.cameFrom[box * 4 + d] = -1;
      queue[tail++] = box * 4 + d;
      if (!movable && this.canStepFrom(box, d, boxAt, dead, pulling)) movable = true;
    }
    // The sides the player reaches now are all it can reach before the first push: when none of
    // them gives a push (pull), the box has no move and the walk of its area is not needed.
    if (!movable) {
      this.count = 0;
      return 0;
    }
    boxAt[box] = 0;
    this.origin = box;
    if (this.inWalkedPosition) this.listOriginSides(box, boxAt, epoch);
    else if (!walked) {
      this.nextWalk();
      this.cuts.walkArea(box, boxAt);
    }
    const { group, groupsTaken, cameFrom, besideOrigin } = this;
    const { splits } = this.cuts;
    const inPosition = this.inWalkedPosition;
    // Pushes know plain cells: cells that split nothing in the walk, and in a walked position are
    // neither the box's own start nor beside it. Their free sides are one group, whatever box is
    // searched, and their pushes are read from the walk's side masks, worked out once for all the
    // boxes searched on it.
    const plainCells = !pulling;
    let count = 0;
    while (head < tail) {
      const state = queue[head++];
      const cell = state >> 2;
      const distance = stateDistance[state];
      if (groupEpoch[cell] !== epoch) {
        if (plainCells && splits[cell] === 0 && (!inPosition || (cell !== box && besideOrigin[cell] !== epoch))) {
          groupEpoch[cell] = epoch;
          groupsTaken[cell] = PLAIN;
        } else if (inPosition) this.groupSidesInPosition(cell, boxAt);
        else this.groupSides(cell, boxAt);
      }
      const plain = (groupsTaken[cell] & PLAIN) !== 0;
      const masks = plain ? this.sideMasksOf(cell, boxAt, dead) : 0;
      const own = plain ? 0 : group[state];
      // Sides joined by a walk leave the player in the same area: one move stands for them all,
      // the first found (fewest pushes). The player's own starting group counts as taken:
      // coming back to it changes nothing. Once a group is handled, so are all its sides' pushes.
      if ((groupsTaken[cell] & (1 << own)) !== 0) continue;
      groupsTaken[cell] |= 1 << own;
      if (distance > 0) {
        states[count] = state;
        pushes[count++] = distance;
      }
      // The player walks round to every side of the group, at no cost, and pushes from each;
      // the queue holds push results only, so pushes never decrease along it. A plain cell's
      // pushing sides are its mask's; its states need no marks, its claim (below) covers them.
      let pushSides = masks >> 4;
      if (!plain) {
        for (let side = 0; side < 4; side++) {
          if (group[cell * 4 + side] !== own) continue;
          seenEpoch[cell * 4 + side] = epoch;
          // A push moves the box away from the player; a pull moves it onto the player's square,
          // the player stepping on to the square beyond, which must be free.
          if (this.canStepFrom(cell, side, boxAt, dead, pulling)) pushSides |= 1 << side;
        }
      }
      // The sides in increasing order, as the queue's order (and so the results') depends on it.
      while (pushSides !== 0) {
        const low = pushSides & -pushSides;
        pushSides ^= low;
        const side = 31 - Math.clz32(low);
        const to = pulling ? neighbours[cell * 4 + side] : neighbours[cell * 4 + (side ^ 1)];
        const next = to * 4 + side;
        if (seenEpoch[next] === epoch) continue;
        seenEpoch[next] = epoch;
        // A state whose group is taken already would be dequeued to no effect: it is not queued.
        // A plain cell is claimed by its first queued state (the first of its states dequeued,
        // the queue being first in, first out), so its later ones are left out too.
        if (groupEpoch[to] === epoch) {
          const taken = groupsTaken[to];
          if ((taken & PLAIN) !== 0 || (taken & (1 << group[next])) !== 0) continue;
        } else if (plainCells && splits[to] === 0 && (!inPosition || (to !== box && besideOrigin[to] !== epoch))) {
          groupEpoch[to] = epoch;
          groupsTaken[to] = PLAIN;
        }
        stateDistance[next] = distance + 1;
        cameFrom[next] = state;
        queue[tail++] = next;
      }
    }
    boxAt[box] = 1;
    this.count = count;
    return count;
  }

  /**
   * Whether the box on `cell` can be pushed (pulled) by a player on its side `side`: a push needs
   * the far side free and not dead; a pull needs the player's side free (it is, the player stands
   * there) and the square beyond it free.
   */
  private canStepFrom(cell: number, side: number, boxAt: Uint8Array, dead: Uint8Array | null, pulling: boolean): boolean {
    const { neighbours } = this.problem;
    if (pulling) {
      const beyond = neighbours[neighbours[cell * 4 + side] * 4 + side];
      return beyond >= 0 && boxAt[beyond] === 0;
    }
    const to = neighbours[cell * 4 + (side ^ 1)];
    return to >= 0 && boxAt[to] === 0 && (dead === null || dead[to] === 0);
  }

  /**
   * Player areas after the last search's box goes to `cell`, one of its moves, given the areas
   * of the position with that box taken off: the cell's own area falls into as many pieces as
   * the last search's walk shows it cutting off (none when the cell stood alone).
   */
  areasWithBoxOn(cell: number, areasWithoutBox: number): number {
    if (!this.inWalkedPosition) return areasWithoutBox - 1 + this.cuts.piecesWithBoxOn(cell);
    // A plain cell splits nothing: its sides are one piece.
    if ((this.groupsTaken[cell] & PLAIN) !== 0) return areasWithoutBox;
    // Every piece touches the cell, and its sides are labelled by piece with the first side of
    // each: the pieces are the sides that carry their own number.
    let pieces = 0;
    for (let d = 0; d < 4; d++) if (this.group[cell * 4 + d] === d) pieces++;
    return areasWithoutBox - 1 + pieces;
  }

  /**
   * Labels the free sides of `cell` (a box standing there, boxAt otherwise as given) with a
   * group number each; sides with equal numbers are joined by a walk. -1 for blocked sides.
   * With the box on `cell`, the free cells fall into the pieces its subtrees leave: a child's
   * subtree whose back edges reach no higher than `cell` is a piece of its own; the rest, with
   * every cell discovered before `cell`, is one piece with its parent.
   */
  private groupSides(cell: number, boxAt: Uint8Array): void {
    this.groupEpoch[cell] = this.epoch;
    this.groupsTaken[cell] = 0;
    const { neighbours } = this.problem;
    const { group } = this;
    // A cell that splits nothing (most cells of a room) leaves its free sides one piece, without a
    // piece to look up for each.
    const whole = this.cuts.splits[cell] === 0;
    let first = -1;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side < 0 || boxAt[side] !== 0) {
        group[cell * 4 + d] = -1;
        continue;
      }
      if (whole) {
        if (first < 0) first = d;
        group[cell * 4 + d] = first;
        continue;
      }
      // Same piece, same label: the label is the first side of the piece.
      this.labelSide(cell, d, this.cuts.pieceOf(side, cell));
    }
  }

  /**
   * Labels the free side `d` of `cell` as belonging to the piece `head`: sides of one piece share
   * the number of its first side (heads holds the pieces of the sides before d).
   */
  private labelSide(cell: number, d: number, head: number): void {
    const { group, heads } = this;
    let label = d;
    for (let e = 0; e < d; e++) {
      if (group[cell * 4 + e] >= 0 && heads[e] === head) {
        label = group[cell * 4 + e];
        break;
      }
    }
    heads[d] = head;
    group[cell * 4 + d] = label;
  }

  /**
   * groupSides in a walked position (walkPosition), whose walk saw the searched box on its
   * starting cell `origin`, free now. With the box on `cell`, the pieces of the cell's area are
   * those the walk shows (as in groupSides), but `origin` joins every piece that holds one of its
   * neighbours into one, with the other areas beside it. On `origin` itself the pieces are the
   * areas beside it.
   */
  private groupSidesInPosition(cell: number, boxAt: Uint8Array): void {
    this.groupEpoch[cell] = this.epoch;
    this.groupsTaken[cell] = 0;
    const { neighbours } = this.problem;
    const { group, origin } = this;
    const { areaOf, splits } = this.cuts;
    if (cell !== origin && splits[cell] === 0) {
      // The cell splits nothing: its free sides are one piece, the box's starting cell with them
      // when it touches the cell's area elsewhere (else it is a piece of its own, with the areas it
      // touches).
      let first = -1;
      for (let d = 0; d < 4; d++) {
        const side = neighbours[cell * 4 + d];
        if (side < 0 || boxAt[side] !== 0) group[cell * 4 + d] = -1;
        else if (side === origin && !this.touchesAreaBesides(cell)) group[cell * 4 + d] = d;
        else {
          if (first < 0) first = d;
          group[cell * 4 + d] = first;
        }
      }
      return;
    }
    // Which of the cell's pieces hold a free neighbour of the box's starting cell: a piece headed
    // by a child of the cell (its bit in joinedPieces) holds the neighbours discovered within the
    // child's subtree; the rest hold theirs in the piece of the cell's parent.
    const pieces = this.sidePiece;
    let joinedPieces = 0;
    let parentPieceJoined = false;
    if (cell !== origin) {
      this.fillSidePieces(cell);
      const area = areaOf[cell];
      const { discovered, last } = this.cuts;
      const { originSides } = this;
      for (let j = 0; j < this.originSideCount; j++) {
        const beside = originSides[j];
        if (beside === cell || areaOf[beside] !== area) continue;
        const time = discovered[beside];
        let inChildPiece = false;
        for (let d = 0; d < 4; d++) {
          const child = pieces[cell * 4 + d];
          if (child >= 0 && discovered[child] <= time && time <= last[child]) {
            joinedPieces |= 1 << d;
            inChildPiece = true;
          }
        }
        if (!inChildPiece) parentPieceJoined = true;
      }
    }
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side < 0 || boxAt[side] !== 0) {
        group[cell * 4 + d] = -1;
        continue;
      }
      let head: number;
      if (cell === origin) head = -2 - areaOf[side];
      else if (side === origin) head = JOINED_PIECE;
      else {
        head = pieces[cell * 4 + d];
        if (head >= 0 ? (joinedPieces & (1 << d)) !== 0 : parentPieceJoined) head = JOINED_PIECE;
      }
      this.labelSide(cell, d, head);
    }
  }

  /**
   * Fills in sidePiece for `cell`'s sides, unless done in the current walk: of each side that was
   * free in the walked position (the others are not read).
   */
  private fillSidePieces(cell: number): void {
    if (this.pieceStamp[cell] === this.walkStamp) return;
    this.pieceStamp[cell] = this.walkStamp;
    const { neighbours } = this.problem;
    const { discovered } = this.cuts;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      this.sidePiece[cell * 4 + d] = side >= 0 && discovered[side] !== 0 ? this.cuts.pieceOf(side, cell) : -1;
    }
  }

  /** A new walk of `cuts`: the side pieces of the last one are stale. */
  private nextWalk(): void {
    if (++this.walkStamp === 0xffffffff) {
      this.pieceStamp.fill(0);
      this.maskStamp.fill(0);
      this.walkStamp = 1;
    }
  }

  /**
   * Lists the free neighbours of `box`, the starting cell of a search in a walked position, in
   * originSides, and marks every neighbour in besideOrigin with the search's `epoch`.
   */
  private listOriginSides(box: number, boxAt: Uint8Array, epoch: number): void {
    const { neighbours } = this.problem;
    let count = 0;
    for (let d = 0; d < 4; d++) {
      const beside = neighbours[box * 4 + d];
      if (beside < 0) continue;
      this.besideOrigin[beside] = epoch;
      if (boxAt[beside] === 0) this.originSides[count++] = beside;
    }
    this.originSideCount = count;
  }

  /**
   * sideMasks[cell], worked out unless it was in the current walk: for a box standing on `cell`,
   * `dead` being what every search on the walk is given.
   */
  private sideMasksOf(cell: number, boxAt: Uint8Array, dead: Uint8Array | null): number {
    if (this.maskStamp[cell] === this.walkStamp) return this.sideMasks[cell];
    const { neighbours } = this.problem;
    let masks = 0;
    for (let d = 0; d < 4; d++) {
      const side = neighbours[cell * 4 + d];
      if (side < 0 || boxAt[side] !== 0) continue;
      masks |= 1 << d;
      if (this.canStepFrom(cell, d, boxAt, dead, false)) masks |= 16 << d;
    }
    this.maskStamp[cell] = this.walkStamp;
    this.sideMasks[cell] = masks;
    return masks;
  }

  /** Whether the box's starting cell has a free neighbour other than `cell` in `cell`'s area. */
  private touchesAreaBesides(cell: number): boolean {
    const { areaOf } = this.cuts;
    const { originSides } = this;
    for (let j = 0; j < this.originSideCount; j++) {
      const beside = originSides[j];
      if (beside !== cell && areaOf[beside] === areaOf[cell]) return true;
    }
    return false;
  }

  private nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.seenEpoch.fill(0);
      this.groupEpoch.fill(0);
      this.besideOrigin.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }
}
