import type { SearchEngine } from '../engines/search-engine.js';

/** One search of a portfolio and the share of the time it gets. */
export interface PortfolioMember {
  readonly engine: SearchEngine;
  /** Fraction of each round's time; the shares of a portfolio need not add up to one. */
  readonly share: number;
  /** Its share during the head start (PortfolioLimits.headStartMs); absent: none, it waits for the opening. */
  readonly startShare?: number;
  /** Its share during the opening (see PortfolioLimits.openingMs), when different. */
  readonly openingShare?: number;
  /** Its share once the level has run past PortfolioLimits.lateMs, when different. */
  readonly lateShare?: number;
  /** Its share once the level has run past PortfolioLimits.hardMs, when different from the late one. */
  readonly hardShare?: number;
  /** Its share once the level has run past PortfolioLimits.finalMs, when different from the late one. */
  readonly finalShare?: number;
  /**
   * The part of the level's budget (PortfolioLimits.budget, from the first turn) after which it
   * stops taking turns unless it has settled the level: its time goes to the searches still
   * taking turns, as a search that gave up hands its time on. Absent: to the end.
   */
  readonly until?: number;
  /**
   * The index of the member this one waits for: it takes no turns while that member still does
   * (running and within its `until`), so a search that fails early hands its time on at once.
   */
  readonly after?: number;
}

export interface PortfolioLimits {
  /**
   * For this long from the first turn, and at least HEAD_START_ROUNDS rounds, only the members with
   * a start share take turns (default 0, no head start): the cheap searches that win small levels
   * at once, before any other search has built its tables. A part of the opening, which is also
   * counted from the first turn.
   */
  readonly headStartMs?: number;
  /** For this long from the first turn, members take their opening shares (default 0). */
  readonly openingMs?: number;
  /** From this long after the first turn on, members take their late shares (default never). */
  readonly lateMs?: number;
  /** From this long after the first turn on, members take their hard-level shares (default never). */
  readonly hardMs?: number;
  /** From this long after the first turn on, members take their final shares (default never). */
  readonly finalMs?: number;
  readonly deadline: number;
  readonly maxNodes: number;
  readonly maxBytes: number;
  readonly clock: () => number;
  /**
   * When given, the turns and the phases are measured in positions, this many to a millisecond,
   * instead of by the clock: every search's turn is its share of a round in positions and the
   * phases change at fixed counts, so a run under a node limit is the same run on any machine,
   * under any load (the clock still ends it at the deadline).
   */
  readonly positionsPerMs?: number;
  /**
   * The level's whole budget in the schedule's units (milliseconds, or positions over
   * `positionsPerMs`), which members' `until` are parts of. Absent: no member's time ends.
   */
  readonly budget?: number;
}

export interface PortfolioOutcome {
  /** The search that settled the question (solved or proved unsolvable), or the one out of memory when no search is left running. */
  readonly finished: SearchEngine | null;
  /**
   * The limit that stopped the portfolio first, or null when a search finished. Both are null
   * when every search gave up without an answer, which only a portfolio without a search that
   * always concludes can do (the feature search alone, as one side of a race in the runner).
   */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
  readonly peakBytes: number;
}

/** Length of one round, in which every running search gets its share, in milliseconds. */
const ROUND_MS = 8;
/**
 * Positions a search expands in its very first turn, before its speed is known: one first, then
 * the rest unless that one took FIRST_POSITION_MS. On a board of tens of thousands of squares and
 * hundreds of boxes a position can take a third of a second, and eight of them for each of the
 * first searches overran a 3-s limit by 8 s.
 */
const FIRST_BUDGET = 8;
/**
 * What the first position may take for the rest of the first turn to follow: as long as eight
 * rounds, so that a search built at its first turn (the first search over features, about 9 ms
 * on a Microban level) still gets its whole first turn as before, and eight slow positions take
 * half a second at most.
 */
const FIRST_POSITION_MS = FIRST_BUDGET * ROUND_MS;
const MAX_BUDGET = 1 << 16;
/**
 * Rounds the head start lasts at least, however long they take: a level the push searches settle
 * in their first turns is settled by them on a slow or loaded machine too, with the same turns.
 */
const HEAD_START_ROUNDS = 3;

/** What a search has done against the node limit: its expansions and the positions its tables stored. */
function work(engine: SearchEngine): number {
  return engine.expanded + (engine.tablePositions ?? 0);
}

/**
 * Runs searches of one level by turns until one of them settles it or a limit is reached. Each
 * turn is sized from that search's measured speed so that it takes about its share of a round:
 * searches whose positions cost very different amounts still split the time as intended. Under
 * `positionsPerMs` the turns and phases are counted in positions instead (see PortfolioLimits).
 */
export function runPortfolio(members: readonly PortfolioMember[], limits: PortfolioLimits): PortfolioOutcome {
  const { clock, positionsPerMs } = limits;
  // Positions per millisecond, measured as the search runs.
  const rates = members.map(() => 0);
  let peakBytes = 0;
  const sumOf = (read: (engine: SearchEngine) => number): number => members.reduce((sum, m) => sum + read(m.engine), 0);
  const finished = members.find((m) => isConclusive(m.engine));
  if (finished !== undefined) return { finished: finished.engine, limit: null, peakBytes: sumOf((e) => e.bytes) };
  // What turns and phases are measured by: the clock, or the positions expanded so far.
  const schedule = positionsPerMs === undefined ? clock : () => sumOf((e) => e.expanded) / positionsPerMs;
  const firstTurn = schedule();
  const headStartEnds = firstTurn + (limits.headStartMs ?? 0);
  const openingEnds = firstTurn + (limits.openingMs ?? 0);
  const lateStarts = firstTurn + (limits.lateMs ?? Number.POSITIVE_INFINITY);
  const hardStarts = firstTurn + (limits.hardMs ?? Number.POSITIVE_INFINITY);
  const finalStarts = firstTurn + (limits.finalMs ?? Number.POSITIVE_INFINITY);
  const budget = limits.budget ?? Number.POSITIVE_INFINITY;
  // Phases skipped because no running member had a share in them, as schedule time.
  let skipped = 0;
  let rounds = 0;
  let headStartOver = (limits.headStartMs ?? 0) <= 0;
  for (;;) {
    const now = schedule() + skipped;
    if (!headStartOver && now >= headStartEnds && rounds >= HEAD_START_ROUNDS) headStartOver = true;
    const phase: Phase = !headStartOver
      ? 'start'
      : now < openingEnds
        ? 'opening'
        : now >= finalStarts
          ? 'final'
          : now >= hardStarts
            ? 'hard'
            : now >= lateStarts
              ? 'late'
              : 'middle';
    // A phase in which no running member has a share would never end when counted in positions
    // (`--members feature-bases` alone under a node budget, whose opening share is 0), and would
    // spin the clock away otherwise: the schedule moves on to the next phase at once.
    if (!members.some((m) => m.engine.state === 'running' && shareIn(m, phase) > 0)) {
      // No head start without a member to take it (one side of a race, an optimal search): the
      // opening, counted from the first turn as well, comes at once.
      if (phase === 'start') {
        headStartOver = true;
        continue;
      }
      const next = phase === 'opening' ? openingEnds : phase === 'middle' ? lateStarts : phase === 'late' ? hardStarts : phase === 'hard' ? finalStarts : Number.POSITIVE_INFINITY;
      if (Number.isFinite(next)) {
        skipped += next - now;
        continue;
      }
    }
    const shares = members.map((member) => shareIn(member, phase));
    const taking = turnTakers(members, shares, (now - firstTurn) / budget);
    for (let i = 0; i < members.length; i++) {
      const { engine } = members[i];
      const share = shares[i];
      if (!taking[i]) continue;
      const rate = rates[i];
      const wanted = rate === 0 ? FIRST_BUDGET : Math.round(rate * share * ROUND_MS);
      // Never past the node limit, which is exact: once an earlier member used it up, nobody runs.
      const left = limits.maxNodes - sumOf(work);
      if (left <= 0) break;
      const budget = Math.max(1, Math.min(MAX_BUDGET, wanted, left));
      const before = engine.expanded;
      const started = schedule();
      if (rate === 0 && budget > 1) {
        engine.run(1);
        if (engine.state === 'running' && schedule() - started < FIRST_POSITION_MS) engine.run(budget - 1);
      } else engine.run(budget);
      const took = schedule() - started;
      const done = engine.expanded - before;
      if (done > 0) {
        const rate = done / Math.max(took, 0.01);
        rates[i] = rates[i] === 0 ? rate : 0.7 * rates[i] + 0.3 * rate;
      }
      if (isConclusive(engine))
        return {
          finished: engine,
          limit: null,
          peakBytes: Math.max(
            peakBytes,
            sumOf((e) => e.bytes),
          ),
        };
      // A slow search's turn can be long: once past the deadline, the others do not take theirs.
      if (clock() > limits.deadline) break;
    }
    if (!members.some((m) => m.engine.state === 'running')) {
      // Out of memory only counts once no search is left running.
      const outOfMemory = members.find((m) => m.engine.state === 'memory');
      if (outOfMemory !== undefined)
        return {
          finished: outOfMemory.engine,
          limit: null,
          peakBytes: Math.max(
            peakBytes,
            sumOf((e) => e.bytes),
          ),
        };
      return {
        finished: null,
        limit: null,
        peakBytes: Math.max(
          peakBytes,
          sumOf((e) => e.bytes),
        ),
      };
    }
    rounds++;
    const bytes = sumOf((e) => e.bytes);
    peakBytes = Math.max(peakBytes, bytes);
    if (clock() > limits.deadline) return { finished: null, limit: 'time', peakBytes };
    if (sumOf(work) >= limits.maxNodes) return { finished: null, limit: 'nodes', peakBytes };
    if (bytes > limits.maxBytes) return { finished: null, limit: 'memory', peakBytes };
  }
}

/**
 * Which members take turns in this phase (their `shares` in it) at this point of the level's
 * budget (`spent`, a fraction): those running with a share, within their `until`, whose `after`
 * is no longer in its time. When that leaves none, every running member with a share goes on to
 * the end rather than leave the time unused.
 */
export function turnTakers(members: readonly PortfolioMember[], shares: readonly number[], spent: number): boolean[] {
  const running = members.map((member) => member.engine.state === 'running');
  // Still in its time: running and within its `until`, whether or not it takes turns now.
  const pending = members.map((member, i) => running[i] && spent < (member.until ?? Number.POSITIVE_INFINITY));
  const taking = members.map(({ after }, i) => pending[i] && shares[i] > 0 && (after === undefined || !pending[after]));
  return taking.some(Boolean) ? taking : running.map((isRunning, i) => isRunning && shares[i] > 0);
}

/** A level's phases in the order they come (PortfolioLimits). */
type Phase = 'start' | 'opening' | 'middle' | 'late' | 'hard' | 'final';

function shareIn(member: PortfolioMember, phase: Phase): number {
  if (phase === 'start') return member.startShare ?? 0;
  if (phase === 'opening') return member.openingShare ?? member.share;
  if (phase === 'final') return member.finalShare ?? member.lateShare ?? member.share;
  if (phase === 'hard') return member.hardShare ?? member.lateShare ?? member.share;
  if (phase === 'late') return member.lateShare ?? member.share;
  return member.share;
}

/** Solved or proved unsolvable. A search out of memory or out of moves just leaves the rotation. */
function isConclusive(engine: SearchEngine): boolean {
  return engine.state === 'solved' || engine.state === 'unsolvable';
}
