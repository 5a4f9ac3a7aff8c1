import { FreezeDeadlocks } from './freeze-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';
import { opensOnlyOntoArea, staysJoinedWithout } from '../geometry/push-area.js';
import { zobristKeys } from '../model/zobrist.js';
import { sortCells } from './sort-cells.js';
import { ALIVE, DEAD, EMPTY, GAVE_UP, type SubBoardVerdict, SubBoardVerdicts, sharedVerdicts } from './sub-board-verdicts.js';

/** What a detector built on a sub-board search decides for it. */
export interface SubBoardRules {
  /** Called before a search that the cache did not answer, to set up what the other rules read. */
  prepare(): void;
  /** The order of the search's positions, smaller first, from the first `size` cells of `cells` (in any order). */
  score(cells: Int32Array, size: number): number;
  /**
   * Whether a position (its cells and score) shows the sub-problem is not lost: the search's win.
   * `child` holds its board, walked from the square the player pushed from (unless readsChildWalk
   * is false).
   */
  wins(cells: Int32Array, size: number, score: number, child: PlayerReach): boolean;
  /** Whether the box pushed from `from` to `to` stays on the sub-board; a box let go is taken off, one more relaxation. */
  keeps(to: number, from: number): boolean;
  /**
   * False when `wins` never reads its `child` walk: the search then only finds the smallest
   * square of the child's player area, which a fill stopping at the board's first free square
   * does in a fraction of a full walk on a board of a few boxes (default true).
   */
  readonly readsChildWalk?: boolean;
  /**
   * Which position is expanded next: the least score first, or in the order they were found
   * (breadth first, for rules whose searches must exhaust a level before the next).
   */
  readonly order: 'best-first' | 'breadth-first';
}

/** How large a sub-problem may be, how far its search goes, and its verdict cache. */
export interface SubBoardLimits {
  readonly maxBoxes: number;
  /** Positions a search may store before it gives up and says nothing. */
  readonly maxStates: number;
  /** Verdicts kept (a power of two). */
  readonly cacheSlots: number;
  /** Seeds of the box and player Zobrist keys. */
  readonly boxSeed: number;
  readonly playerSeed: number;
}

/** What a sub-board search has done so far, for measurement. */
export interface SubBoardCounts {
  /** Searches run, deadlocks found, searches cut short by their cap, and cache hits. */
  readonly searches: number;
  readonly found: number;
  readonly gaveUp: number;
  readonly hits: number;
}

/**
 * The small search that the local-search and room detectors share: some boxes are cut out of the
 * board (the caller puts them, sorted by cell, in `child`), every other box is taken off, and
 * single pushes of the kept boxes are searched best first (the rules' score), the player walking
 * anywhere the cut-out board lets it, until a position the rules call a win or no position is
 * left. Pushes onto dead cells and pushes that freeze a box off a goal are skipped, and the rules
 * may take off a box once it is pushed clear. Taking boxes off only makes pushing easier, so a
 * search that runs out of positions proves the real position lost; one cut short by its cap says
 * nothing. Every verdict is cached by the kept box cells and the player's square, so each
 * sub-problem of a level is searched once. Nothing is allocated per call.
 */
export class SubBoardSearch implements SubBoardCounts {
  /** Where the caller puts the sub-problem's box cells, sorted (sort-cells.ts), before isLost. */
  readonly child: Int32Array;
  /** Sub-problem boards: `walker` holds the position being expanded (its boxAt is readable by the rules), `probe` its child. */
  readonly walker: PlayerReach;
  private readonly probe: PlayerReach;
  private readonly freeze: FreezeDeadlocks;
  private readonly boxKeys: Uint32Array;
  private readonly playerKeys: Uint32Array;
  private readonly maxBoxes: number;
  // The search's positions: sorted box cells, their count, the normalized player, the order and whether expanded.
  private readonly states: Int32Array;
  private readonly stateSize: Int32Array;
  private readonly statePlayer: Int32Array;
  private readonly stateScore: Int32Array;
  private readonly stateDone: Uint8Array;
  private readonly seen: Int32Array;
  /** Verdicts by sub-problem: this search's own, or the level's table shared by the detectors given the same `sharedBy`. */
  private readonly verdicts: SubBoardVerdicts;
  /** Where to search the sub-problem that verdictOf last found no verdict for. */
  searchStart = -1;
  /** Positions the last search stored. */
  stored = 0;
  /** Searches run, deadlocks found, searches cut short and cache hits: for measurement. */
  searches = 0;
  found = 0;
  gaveUp = 0;
  hits = 0;

  constructor(
    private readonly problem: Problem,
    private readonly dead: Uint8Array,
    private readonly limits: SubBoardLimits,
    /** The detector's limits object: the searches of a level that give the same one share their verdicts (sharedVerdicts). */
    sharedBy?: object,
  ) {
    const { cellCount } = problem;
    this.boxKeys = zobristKeys(cellCount, limits.boxSeed);
    this.playerKeys = zobristKeys(cellCount, limits.playerSeed);
    this.walker = new PlayerReach(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
    this.maxBoxes = limits.maxBoxes;
    this.states = new Int32Array(limits.maxStates * limits.maxBoxes);
    this.stateSize = new Int32Array(limits.maxStates);
    this.statePlayer = new Int32Array(limits.maxStates);
    this.stateScore = new Int32Array(limits.maxStates);
    this.stateDone = new Uint8Array(limits.maxStates);
    let seenSlots = 4;
    while (seenSlots < limits.maxStates * 2) seenSlots *= 2;
    this.seen = new Int32Array(seenSlots);
    this.child = new Int32Array(limits.maxBoxes);
    const { maxBoxes, cacheSlots: slots, boxSeed, playerSeed } = limits;
    const tableLimits = { maxBoxes, slots, boxSeed, playerSeed };
    this.verdicts = sharedBy === undefined ? new SubBoardVerdicts(cellCount, tableLimits) : sharedVerdicts(problem, dead, sharedBy, tableLimits);
  }

  /** The smallest cell of `player`'s area with only the `size` boxes of `child` on the board. */
  normalizedPlayer(size: number, player: number): number {
    const { walker, child } = this;
    for (let i = 0; i < size; i++) walker.boxAt[child[i]] = 1;
    const topLeft = walker.floodTopLeft(player, firstFree(walker.boxAt));
    for (let i = 0; i < size; i++) walker.boxAt[child[i]] = 0;
    return topLeft;
  }

  /**
   * Whether the boxes of `child` (sorted, `size` of them), the player in the area of `player` on
   * the real board, are lost: from the verdicts (verdictOf) or a search.
   */
  isLost(size: number, player: number, rules: SubBoardRules): boolean {
    const known = this.verdictOf(size, player);
    if (known !== EMPTY) {
      this.hits++;
      return known === DEAD;
    }
    rules.prepare();
    this.searches++;
    const verdict = this.search(size, this.searchStart, rules, this.limits.maxStates);
    if (verdict === DEAD) this.found++;
    else if (verdict === GAVE_UP) this.gaveUp++;
    this.keepVerdict(size, player, -1, verdict);
    return verdict === DEAD;
  }

  /**
   * The verdict kept for the boxes of `child` (sorted, `size` of them) with the player in the
   * area of `player` (any square of it that names it for every position with these boxes: the
   * smallest of its area on the real board, which walked positions give for nothing), under a
   * `context` of the detector's own (-1 for none); EMPTY when there is none, and then
   * `searchStart` is where to search it from. Looked up first by `player`, then by the smallest
   * square of its area with these boxes alone on the board, which is all a search reads: the
   * other boxes split the real area in ways that do not matter to it.
   */
  verdictOf(size: number, player: number, context = -1): number {
    const { verdicts, child } = this;
    const known = verdicts.find(child, size, player, context);
    if (known !== EMPTY) return known;
    const start = this.normalizedPlayer(size, player);
    // The search starts where its children are named, so a position it comes back to is known.
    this.searchStart = start;
    if (start === player) return EMPTY;
    const settled = verdicts.find(child, size, start, context);
    if (settled !== EMPTY) verdicts.store(child, size, player, context, settled as SubBoardVerdict);
    return settled;
  }

  /**
   * Keeps the verdict of the sub-problem last asked of verdictOf, searched since (search() keeps
   * its sorted cells as state 0), under both squares it was asked by.
   */
  keepVerdict(size: number, player: number, context: number, verdict: SubBoardVerdict): void {
    this.verdicts.store(this.states, size, this.searchStart, context, verdict);
    if (this.searchStart !== player) this.verdicts.store(this.states, size, player, context, verdict);
  }

  /**
   * Searches the pushes of the boxes of `child` (sorted, `size` of them) from `start` under
   * `rules`, storing at most `maxStates` positions (no more than the limits'): ALIVE when the
   * rules call a position a win, DEAD when no position is left, GAVE_UP at the cap. `stored`
   * then says how many positions it stored.
   */
  search(size: number, start: number, rules: SubBoardRules, maxStates: number): SubBoardVerdict {
    const { problem, dead, walker, probe, states, stateSize, statePlayer, stateScore, stateDone, child, maxBoxes } = this;
    const { neighbours } = problem;
    const breadthFirst = rules.order === 'breadth-first';
    const walksChild = rules.readsChildWalk !== false;
    this.seen.fill(-1);
    for (let i = 0; i < size; i++) states[i] = child[i];
    stateSize[0] = size;
    statePlayer[0] = start;
    stateScore[0] = rules.score(child, size);
    stateDone[0] = 0;
    this.remember(0);
    let count = 1;
    let expanded = 0;
    const boxAt = walker.boxAt;
    const childAt = probe.boxAt;
    let verdict: SubBoardVerdict = DEAD;
    while (expanded < count && verdict === DEAD) {
      // Best first: a sub-problem that is not lost usually shows it within a few pushes in the
      // rules' order; one that is lost is only proven so by running out of positions, which the
      // order does not change. Breadth first: positions in the order they were stored.
      let state = breadthFirst ? expanded : -1;
      if (!breadthFirst) for (let k = 0; k < count; k++) if (stateDone[k] === 0 && (state < 0 || stateScore[k] < stateScore[state])) state = k;
      stateDone[state] = 1;
      expanded++;
      const base = state * maxBoxes;
      const boxes = stateSize[state];
      for (let i = 0; i < boxes; i++) {
        boxAt[states[base + i]] = 1;
        childAt[states[base + i]] = 1;
      }
      walker.flood(statePlayer[state]);
      for (let i = 0; i < boxes && verdict === DEAD; i++) {
        const box = states[base + i];
        for (let d = 0; d < 4; d++) {
          const to = neighbours[box * 4 + d];
          if (to < 0 || boxAt[to] !== 0 || dead[to] !== 0) continue;
          const from = neighbours[box * 4 + (d ^ 1)];
          if (from < 0 || !walker.reached(from)) continue;
          boxAt[box] = 0;
          boxAt[to] = 1;
          const frozen = this.freeze.isDeadlock(to);
          boxAt[to] = 0;
          boxAt[box] = 1;
          if (frozen) continue;
          const kept = rules.keeps(to, box);
          let childSize = 0;
          for (let j = 0; j < boxes; j++) {
            if (j === i && !kept) continue;
            child[childSize++] = j === i ? to : states[base + j];
          }
          // The child's board and walk, from the square the player pushed from.
          childAt[box] = 0;
          if (kept) childAt[to] = 1;
          let childPlayer: number;
          if (walksChild) {
            probe.flood(box);
            childPlayer = probe.topLeft;
          } else if (this.areaGainsOnlyTheBoxSquare(box, d, to, kept, childAt)) {
            // The child's area is the parent's with the square the box left, less the one it went
            // to: its smallest square needs no fill.
            childPlayer = Math.min(box, walker.topLeft);
          } else childPlayer = probe.floodTopLeft(box, firstFree(childAt));
          const score = rules.score(child, childSize);
          const wins = rules.wins(child, childSize, score, probe);
          childAt[to] = 0;
          childAt[box] = 1;
          if (wins) {
            verdict = ALIVE;
            break;
          }
          if (count === maxStates) {
            verdict = GAVE_UP;
            break;
          }
          sortCells(child, childSize);
          for (let i = 0; i < childSize; i++) states[count * maxBoxes + i] = child[i];
          stateSize[count] = childSize;
          statePlayer[count] = childPlayer;
          stateScore[count] = score;
          stateDone[count] = 0;
          if (this.remember(count)) count++;
        }
      }
      for (let i = 0; i < boxes; i++) {
        boxAt[states[base + i]] = 0;
        childAt[states[base + i]] = 0;
      }
    }
    this.stored = count;
    return verdict;
  }

  /**
   * Whether the child of the push of the box on `box` in direction `d` to `to` (`childAt`, its
   * board) has for its player's area the area `walker` last filled, with `box` and without `to`,
   * and whether `to` is not that area's smallest square: then the child's smallest square is known
   * without a fill. The square the box leaves joins that area and no other when its other two
   * sides are walls, boxes or the area (opensOnlyOntoArea). Then:
   * - pushed where the player could not go (into a corral, most often), and kept: the area stays whole;
   * - pushed within the area and let go: `to` stays free and in it;
   * - pushed within the area and kept: the area stays whole when the free squares beside `to`
   *   still meet round it (staysJoinedWithout), and loses `to` alone.
   * A box let go where the area did not reach opens what lies beyond `to`: that takes a fill.
   */
  private areaGainsOnlyTheBoxSquare(box: number, d: number, to: number, kept: boolean, childAt: Uint8Array): boolean {
    const { walker } = this;
    const { neighbours } = this.problem;
    if (!opensOnlyOntoArea(neighbours, walker.boxAt, walker, box, d)) return false;
    if (!walker.reached(to)) return kept;
    if (!kept) return true;
    return to !== walker.topLeft && staysJoinedWithout(neighbours, childAt, to);
  }

  /** Adds a stored position to the seen set; false when it was there already. */
  private remember(state: number): boolean {
    const { states, statePlayer, stateSize, seen, maxBoxes, boxKeys } = this;
    const size = stateSize[state];
    const mask = seen.length - 1;
    const base = state * maxBoxes;
    let hash = this.playerKeys[statePlayer[state]];
    for (let i = 0; i < size; i++) hash ^= boxKeys[states[base + i]];
    let slot = (hash >>> 0) & mask;
    for (;;) {
      const other = seen[slot];
      if (other < 0) {
        seen[slot] = state;
        return true;
      }
      if (statePlayer[other] === statePlayer[state] && stateSize[other] === size) {
        let same = true;
        for (let i = 0; i < size && same; i++) same = states[other * maxBoxes + i] === states[base + i];
        if (same) return false;
      }
      slot = (slot + 1) & mask;
    }
  }
}

/**
 * The smallest cell without a box: no square of any player area lies below it, so a fill for the
 * smallest square of an area may stop there (PlayerReach.floodTopLeft's floor).
 */
function firstFree(boxAt: Uint8Array): number {
  let cell = 0;
  while (cell < boxAt.length && boxAt[cell] !== 0) cell++;
  return cell < boxAt.length ? cell : -1;
}
