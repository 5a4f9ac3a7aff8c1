import type { Problem } from '../model/problem.js';
import { zobristKeys } from '../model/zobrist.js';

/** Verdicts, as searched and cached. EMPTY marks a free cache slot, and a sub-problem not cached. */
export const EMPTY = 0;
export const ALIVE = 1;
export const DEAD = 2;
export const GAVE_UP = 3;
export type SubBoardVerdict = typeof ALIVE | typeof DEAD | typeof GAVE_UP;

/** Slots looked at from a key's first one before the key is taken as absent. */
const PROBES = 4;
/** The cache's first size, in slots (it doubles from there as it fills). */
const FIRST_SLOTS = 1 << 10;

/** How many verdicts a cache keeps, of sub-problems of how many boxes, and the seeds of its hash. */
export interface SubBoardVerdictLimits {
  readonly maxBoxes: number;
  /** Verdicts kept at most (a power of two). */
  readonly slots: number;
  readonly boxSeed: number;
  readonly playerSeed: number;
}

/**
 * Verdicts of sub-board searches (sub-board-search.ts) by their sub-problem: the box cells
 * (sorted), a player square that names the player's area on the cut-out board, and a number of
 * the detector's own for what else the verdict depends on (-1 for nothing). Open addressing over
 * a few probes; a key with no free slot among them overwrites the first. The table starts small
 * and doubles up to its limit as it fills, so a level of a few dozen squares does not zero a
 * megabyte for each detector. Nothing is allocated per call but the doublings.
 */
export class SubBoardVerdicts {
  private readonly boxKeys: Uint32Array;
  private readonly playerKeys: Uint32Array;
  private readonly maxBoxes: number;
  /** Per slot: the box cells (padded with -1), the player, the context, the verdict. */
  private readonly stride: number;
  private cache: Int32Array;
  private cacheHash: Uint32Array;
  private slots: number;

  constructor(
    cellCount: number,
    private readonly limits: SubBoardVerdictLimits,
  ) {
    this.boxKeys = zobristKeys(cellCount, limits.boxSeed);
    this.playerKeys = zobristKeys(cellCount, limits.playerSeed);
    this.maxBoxes = limits.maxBoxes;
    this.stride = limits.maxBoxes + 3;
    this.slots = Math.min(limits.slots, FIRST_SLOTS);
    this.cache = new Int32Array(this.slots * this.stride);
    this.cacheHash = new Uint32Array(this.slots);
  }

  /** The verdict kept for the first `size` cells of `cells` (sorted) with `player` and `context`, or EMPTY. */
  find(cells: Int32Array, size: number, player: number, context = -1): number {
    const slot = this.slotOf(this.hashOf(cells, size, player, context), cells, size, player, context);
    return slot < 0 ? EMPTY : this.cache[slot * this.stride + this.stride - 1];
  }

  /** Keeps `verdict` for the sub-problem (as `find` names it), in its slot, a free one, or over another's. */
  store(cells: Int32Array, size: number, player: number, context: number, verdict: SubBoardVerdict): void {
    const hash = this.hashOf(cells, size, player, context);
    let slot = this.slotOf(hash, cells, size, player, context);
    while (slot < 0 && this.slots < this.limits.slots) {
      this.grow();
      slot = this.slotOf(hash, cells, size, player, context);
    }
    if (slot < 0) slot = hash & (this.slots - 1);
    const { cache, stride, maxBoxes } = this;
    const at = slot * stride;
    for (let i = 0; i < maxBoxes; i++) cache[at + i] = i < size ? cells[i] : -1;
    cache[at + maxBoxes] = player;
    cache[at + maxBoxes + 1] = context;
    cache[at + stride - 1] = verdict;
    this.cacheHash[slot] = hash;
  }

  private hashOf(cells: Int32Array, size: number, player: number, context: number): number {
    let hash = this.playerKeys[player] ^ Math.imul(context + 1, 0x9e3779b1);
    for (let i = 0; i < size; i++) hash ^= this.boxKeys[cells[i]];
    return hash >>> 0;
  }

  /** The slot holding the sub-problem, else a free one among its probes, else -1. */
  private slotOf(hash: number, cells: Int32Array, size: number, player: number, context: number): number {
    const { cache, cacheHash, stride, maxBoxes, slots } = this;
    const first = hash & (slots - 1);
    for (let probe = 0; probe < PROBES; probe++) {
      const slot = (first + probe) & (slots - 1);
      const at = slot * stride;
      if (cache[at + stride - 1] === EMPTY) return slot;
      if (cacheHash[slot] !== hash || cache[at + maxBoxes] !== player || cache[at + maxBoxes + 1] !== context) continue;
      let same = true;
      for (let i = 0; i < maxBoxes && same; i++) same = cache[at + i] === (i < size ? cells[i] : -1);
      if (same) return slot;
    }
    return -1;
  }

  /** Doubles the table, moving every verdict to its slot in the larger one (a verdict with no free slot there is dropped). */
  private grow(): void {
    const { stride } = this;
    const oldCache = this.cache;
    const oldHash = this.cacheHash;
    const oldSlots = this.slots;
    const slots = oldSlots * 2;
    this.slots = slots;
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
 * Tables by level (its dead squares, which the level's analysis gives every search of a
 * portfolio) and by the limits object of the detector that asks: a detector's verdicts depend on
 * the level, its limits and the sub-problem alone, so the searches of one level share them.
 */
const sharedTables = new WeakMap<Uint8Array, Map<object, SubBoardVerdicts>>();

/**
 * The verdict table of the detectors that are given `owner` (their limits) on the level of `dead`:
 * one for all the searches of a portfolio, which meet the same sub-problems (under a budget of
 * 60,000 positions, 26-56% of the corral searches of XSokoban 29, Microban 153, Mas Sasquatch 16,
 * Sasquatch III 23 and GRIGoRusha Special 10 asked what another search had settled). Made with
 * `limits` by the first detector that asks.
 */
export function sharedVerdicts(problem: Problem, dead: Uint8Array, owner: object, limits: SubBoardVerdictLimits): SubBoardVerdicts {
  let byOwner = sharedTables.get(dead);
  if (byOwner === undefined) {
    byOwner = new Map();
    sharedTables.set(dead, byOwner);
  }
  let table = byOwner.get(owner);
  if (table === undefined) {
    table = new SubBoardVerdicts(problem.cellCount, limits);
    byOwner.set(owner, table);
  }
  return table;
}
