import { FreezeDeadlocks } from './freeze-deadlocks.js';
import type { Problem } from '../model/problem.js';
import { PlayerReach } from '../geometry/reachability.js';
import { zobristKeys } from '../model/zobrist.js';
import { sortCells } from './sort-cells.js';

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

/** Verdicts, as searched and cached. EMPTY marks a free cache slot. */
export const EMPTY = 0;
export const ALIVE = 1;
export const DEAD = 2;
export const GAVE_UP = 3;
export type SubBoardVerdict = typeof ALIVE | typeof DEAD | typeof GAVE_UP;
const PROBES = 4;
/** The verdict cache's first size, in slots (it doubles from there as it fills). */
const FIRST_CACHE_SLOTS = 1 << 10;

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
  private readonly stride: number;
  // The search's positions: sorted box cells, their count, the normalized player, the order and whether expanded.
  private readonly states: Int32Array;
  private readonly stateSize: Int32Array;
  private readonly statePlayer: Int32Array;
  private readonly stateScore: Int32Array;
  private readonly stateDone: Uint8Array;
  private readonly seen: Int32Array;
  // Verdicts by slot: the box cells (padded with -1), the player, the context, the verdict; and
  // each slot's hash. They start small and double up to the limits' cacheSlots as they fill, so a
  // level of a few dozen squares does not zero a megabyte for each detector.
  private cache: Int32Array;
  private cacheHash: Uint32Array;
  private cacheSlots: number;
  /** The cache slot of the sub-problem last asked of cachedVerdict. */
  private slot = 0;
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
  ) {
    const { cellCount } = problem;
    this.boxKeys = zobristKeys(cellCount, limits.boxSeed);
    this.playerKeys = zobristKeys(cellCount, limits.playerSeed);
    this.walker = new PlayerReach(problem);
    this.probe = new PlayerReach(problem);
    this.freeze = new FreezeDeadlocks(problem, dead, this.walker.boxAt);
    this.maxBoxes = limits.maxBoxes;
    this.stride = limits.maxBoxes + 3;
    this.states = new Int32Array(limits.maxStates * limits.maxBoxes);
    this.stateSize = new Int32Array(limits.maxStates);
    this.statePlayer = new Int32Array(limits.maxStates);
    this.stateScore = new Int32Array(limits.maxStates);
    this.stateDone = new Uint8Array(limits.maxStates);
    let slots = 4;
    while (slots < limits.maxStates * 2) slots *= 2;
    this.seen = new Int32Array(slots);
    this.child = new Int32Array(limits.maxBoxes);
    this.cacheSlots = Math.min(limits.cacheSlots, FIRST_CACHE_SLOTS);
    this.cache = new Int32Array(this.cacheSlots * this.stride);
    this.cacheHash = new Uint32Array(this.cacheSlots);
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
   * Whether the boxes of `child` (sorted, `size` of them) with the player on `player` are lost,
   * from the cache or a search. The cache key takes `player` as given: a square that names one
   * area of the cut-out board for every position with these boxes (the caller's normalized one,
   * or the smallest of its area on the real board); the search starts from the normalized square,
   * as its children are, so that a position it comes back to is known.
   */
  isLost(size: number, player: number, rules: SubBoardRules): boolean {
    const known = this.cachedVerdict(size, player);
    if (known !== EMPTY) {
      this.hits++;
      return known === DEAD;
    }
    rules.prepare();
    this.searches++;
    const verdict = this.search(size, this.normalizedPlayer(size, player), rules, this.limits.maxStates);
    if (verdict === DEAD) this.found++;
    else if (verdict === GAVE_UP) this.gaveUp++;
    this.cacheVerdict(size, player, verdict);
    return verdict === DEAD;
  }

  /**
   * The cached verdict of the boxes of `child` (sorted, `size` of them) with the player on
   * `player`, or EMPTY; for detectors that run searches of their own (search()) and cache what
   * they conclude with cacheVerdict(). `context`: what else a verdict depends on for the detector
   * (a number of its own, -1 for nothing).
   */
  cachedVerdict(size: number, player: number, context = -1): number {
    this.slot = this.cacheSlot(size, player, context);
    return this.cache[this.slot * this.stride + this.stride - 1];
  }

  /**
   * Caches `verdict` for the sub-problem last asked of cachedVerdict (its boxes kept as state 0 by
   * the searches since), under the same `context`.
   */
  cacheVerdict(size: number, player: number, verdict: number, context = -1): void {
    // search() reuses `child`; the key is written from the sorted sub-problem kept in state 0.
    const { states, stride, maxBoxes } = this;
    const at = this.slot * stride;
    for (let i = 0; i < maxBoxes; i++) this.cache[at + i] = i < size ? states[i] : -1;
    this.cache[at + maxBoxes] = player;
    this.cache[at + maxBoxes + 1] = context;
    this.cache[at + stride - 1] = verdict;
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

  /**
   * The cache slot of the sub-problem in `child` (sorted, `size` boxes) with the player
   * `player`: the slot holding it, else a free one, else one to overwrite (emptied).
   */
  private cacheSlot(size: number, player: number, context: number): number {
    const { child } = this;
    let hash = this.playerKeys[player] ^ Math.imul(context + 1, 0x9e3779b1);
    for (let i = 0; i < size; i++) hash ^= this.boxKeys[child[i]];
    hash >>>= 0;
    for (;;) {
      const slot = this.findSlot(hash, size, player, context);
      if (slot >= 0) return slot;
      if (this.cacheSlots >= this.limits.cacheSlots) break;
      this.growCache();
    }
    const { cache, cacheHash, stride } = this;
    const first = hash & (this.cacheSlots - 1);
    cache.fill(0, first * stride, first * stride + stride);
    cacheHash[first] = hash;
    return first;
  }

  /** The slot holding the sub-problem, else a free one among its probes, else -1. */
  private findSlot(hash: number, size: number, player: number, context: number): number {
    const { cache, cacheHash, child, stride, maxBoxes } = this;
    const slots = this.cacheSlots;
    const first = hash & (slots - 1);
    for (let probe = 0; probe < PROBES; probe++) {
      const slot = (first + probe) & (slots - 1);
      const at = slot * stride;
      if (cache[at + stride - 1] === EMPTY) {
        cacheHash[slot] = hash;
        return slot;
      }
      if (cacheHash[slot] !== hash || cache[at + maxBoxes] !== player || cache[at + maxBoxes + 1] !== context) continue;
      let same = true;
      for (let i = 0; i < maxBoxes && same; i++) same = cache[at + i] === (i < size ? child[i] : -1);
      if (same) return slot;
    }
    return -1;
  }

  /** Doubles the verdict cache, moving every verdict to its slot in the larger one (a verdict with no free slot there is dropped). */
  private growCache(): void {
    const { stride } = this;
    const oldCache = this.cache;
    const oldHash = this.cacheHash;
    const oldSlots = this.cacheSlots;
    const slots = oldSlots * 2;
    this.cacheSlots = slots;
    this.cache = new Int32Array(slots * stride);
    this.cacheHash = new Uint32Array(slots);
    for (let old = 0; old < oldSlots; old++) {
      if (oldCache[old * stride + stride - 1] === EMPTY) continue;
      const hash = oldHash[old];
      for (let probe = 0; probe < PROBES; probe++) {
        const slot = (hash + probe) & (slots - 1);
        if (this.cache[slot * stride + stride - 1] !== EMPTY) continue;
        this.cache.set(oldCache.subarray(old * stride, old * stride + stride), slot * stride);
        this.cacheHash[slot] = hash;
        break;
      }
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
