import { describe, expect, it } from 'vitest';
import { runPortfolio, turnTakers } from '../../../src/solver/portfolio/run-portfolio.js';
import type { SearchEngine, SearchState } from '../../../src/solver/engines/search-engine.js';

/** A stand-in search: each position costs `msPerPosition` on a fake clock; it ends as told. */
class FakeSearch implements SearchEngine {
  state: SearchState = 'running';
  expanded = 0;
  generated = 0;
  bytes = 0;
  constructor(
    private readonly clock: { now: number },
    private readonly msPerPosition: number,
    private readonly endsAfter: number = Infinity,
    private readonly endsAs: SearchState = 'solved',
  ) {}
  run(budget: number): void {
    for (let i = 0; i < budget && this.state === 'running'; i++) {
      this.expanded++;
      this.clock.now += this.msPerPosition;
      if (this.expanded >= this.endsAfter) this.state = this.endsAs;
    }
  }
  solution(): Int32Array {
    return new Int32Array(0);
  }
}

function limits(clock: { now: number }, overrides: Partial<{ deadline: number; maxNodes: number; maxBytes: number }> = {}) {
  return { deadline: 1000, maxNodes: Number.MAX_SAFE_INTEGER, maxBytes: Infinity, clock: () => clock.now, ...overrides };
}

describe('portfolio', () => {
  it('splits the time by share even when positions cost very different amounts', () => {
    const clock = { now: 0 };
    const cheap = new FakeSearch(clock, 0.001);
    const dear = new FakeSearch(clock, 1);
    runPortfolio(
      [
        { engine: cheap, share: 0.75 },
        { engine: dear, share: 0.25 },
      ],
      limits(clock),
    );
    const cheapMs = cheap.expanded * 0.001;
    const dearMs = dear.expanded * 1;
    expect(cheapMs / (cheapMs + dearMs)).toBeCloseTo(0.75, 1);
  });

  it('stops with the search that solved the level', () => {
    const clock = { now: 0 };
    const slow = new FakeSearch(clock, 0.1);
    const winner = new FakeSearch(clock, 0.1, 50);
    const outcome = runPortfolio(
      [
        { engine: slow, share: 0.5 },
        { engine: winner, share: 0.5 },
      ],
      limits(clock),
    );
    expect(outcome).toMatchObject({ finished: winner, limit: null });
  });

  it('lets a search that gave up leave the rotation while the others go on', () => {
    const clock = { now: 0 };
    const quitter = new FakeSearch(clock, 0.1, 3, 'exhausted');
    const prover = new FakeSearch(clock, 0.1, 400, 'unsolvable');
    const outcome = runPortfolio(
      [
        { engine: quitter, share: 0.5 },
        { engine: prover, share: 0.5 },
      ],
      limits(clock),
    );
    expect(outcome.finished).toBe(prover);
    expect(quitter.expanded).toBe(3);
  });

  it('ends without an answer and without a limit when every search gave up', () => {
    const clock = { now: 0 };
    const quitter = new FakeSearch(clock, 0.1, 3, 'exhausted');
    expect(runPortfolio([{ engine: quitter, share: 1 }], limits(clock))).toMatchObject({ finished: null, limit: null });
  });

  it('stops at the time limit, and at exactly the node limit', () => {
    const clock = { now: 0 };
    expect(runPortfolio([{ engine: new FakeSearch(clock, 0.1), share: 1 }], limits(clock, { deadline: 50 })).limit).toBe('time');
    const counted = new FakeSearch(clock, 0.001);
    expect(runPortfolio([{ engine: counted, share: 1 }], limits(clock, { maxNodes: 12_345, deadline: Infinity })).limit).toBe('nodes');
    expect(counted.expanded).toBe(12_345);
  });

  it('overruns the time limit by at most one position when each position takes a third of a second (a board of 60,000 squares and 300 boxes)', () => {
    const clock = { now: 0 };
    const searches = [0, 1, 2].map(() => new FakeSearch(clock, 370));
    const outcome = runPortfolio(
      searches.map((engine) => ({ engine, share: 1 / 3 })),
      limits(clock, { deadline: 1000 }),
    );
    expect(outcome.limit).toBe('time');
    // Eight positions each in the first round, the deadline read at its end, took 8.9 s.
    expect(clock.now).toBeLessThanOrEqual(1000 + 370);
    expect(searches.map((search) => search.expanded)).toEqual([1, 1, 1]);
  });

  it('gives a quick search its whole first turn, as one position and then seven', () => {
    const clock = { now: 0 };
    const quick = new FakeSearch(clock, 0.01);
    runPortfolio([{ engine: quick, share: 1 }], limits(clock, { maxNodes: 8, deadline: Infinity }));
    expect(quick.expanded).toBe(8);
  });
});

describe('portfolio opening', () => {
  it('gives members their opening shares first, then their usual shares', () => {
    const clock = { now: 0 };
    const early = new FakeSearch(clock, 0.01);
    const late = new FakeSearch(clock, 0.01);
    const members = [
      { engine: early, share: 0.1, openingShare: 0.9 },
      { engine: late, share: 0.9, openingShare: 0.1 },
    ];
    runPortfolio(members, { ...limits(clock, { deadline: 100 }), openingMs: 100 });
    expect(early.expanded / (early.expanded + late.expanded)).toBeCloseTo(0.9, 1);
    const afterOpening = { early: early.expanded, late: late.expanded };
    runPortfolio(members, { ...limits(clock, { deadline: clock.now + 1000 }), openingMs: 0 });
    const grew = { early: early.expanded - afterOpening.early, late: late.expanded - afterOpening.late };
    expect(grew.late / (grew.early + grew.late)).toBeCloseTo(0.9, 1);
  });
});

describe('portfolio head start', () => {
  it('runs only the members with a start share for headStartMs, so a level they win there never runs the others at all', () => {
    const clock = { now: 0 };
    const quick = new FakeSearch(clock, 0.01, 500);
    const costly = new FakeSearch(clock, 0.01);
    const outcome = runPortfolio(
      [
        { engine: quick, share: 0.1, startShare: 0.85, openingShare: 0.85 },
        { engine: costly, share: 0.9, openingShare: 0.15 },
      ],
      { ...limits(clock), headStartMs: 20, openingMs: 250 },
    );
    expect(outcome.finished).toBe(quick);
    expect(costly.expanded).toBe(0);
  });

  it('then gives the others their opening shares, as without a head start', () => {
    const clock = { now: 0 };
    const quick = new FakeSearch(clock, 0.01);
    const costly = new FakeSearch(clock, 0.01);
    const members = [
      { engine: quick, share: 0.5, startShare: 0.85, openingShare: 0.5 },
      { engine: costly, share: 0.5, openingShare: 0.5 },
    ];
    runPortfolio(members, { ...limits(clock, { deadline: 20 }), headStartMs: 20, openingMs: 250 });
    expect(costly.expanded).toBe(0);
    const atHeadStartEnd = quick.expanded;
    runPortfolio(members, { ...limits(clock, { deadline: clock.now + 200 }), openingMs: 250 });
    expect(costly.expanded / (costly.expanded + quick.expanded - atHeadStartEnd)).toBeCloseTo(0.5, 1);
  });

  it('lasts its first rounds however slow they are, so a level the quick search settles in its first turns is settled the same way on a loaded machine', () => {
    const clock = { now: 0 };
    // Its first turn (8 positions) alone takes 40 ms, twice the head start's time.
    const quick = new FakeSearch(clock, 5, 9);
    const costly = new FakeSearch(clock, 0.01);
    // The costly one first, as the first search over features is in the plan: it would take the
    // first turn of any round after the head start.
    const outcome = runPortfolio(
      [
        { engine: costly, share: 0.9, openingShare: 0.15 },
        { engine: quick, share: 0.1, startShare: 0.85, openingShare: 0.85 },
      ],
      { ...limits(clock), headStartMs: 20, openingMs: 250 },
    );
    expect(outcome.finished).toBe(quick);
    expect(costly.expanded).toBe(0);
  });

  it('is skipped at once where no member has a start share (one side of a race, the optimal searches)', () => {
    const clock = { now: 0 };
    const only = new FakeSearch(clock, 0.01, 100);
    const outcome = runPortfolio([{ engine: only, share: 1, openingShare: 1 }], { ...limits(clock), headStartMs: 20, openingMs: 250 });
    expect(outcome.finished).toBe(only);
    expect(clock.now).toBeCloseTo(1, 5);
  });
});

describe('portfolio late phase', () => {
  it('keeps the usual shares until lateMs, then gives members their late shares', () => {
    const clock = { now: 0 };
    const quick = new FakeSearch(clock, 0.01);
    const patient = new FakeSearch(clock, 0.01);
    const members = [
      { engine: quick, share: 0.5, lateShare: 0.05 },
      { engine: patient, share: 0.5, lateShare: 0.95 },
    ];
    runPortfolio(members, { ...limits(clock, { deadline: 100 }), lateMs: 100 });
    expect(quick.expanded / (quick.expanded + patient.expanded)).toBeCloseTo(0.5, 1);
    const before = { quick: quick.expanded, patient: patient.expanded };
    // Started afresh with lateMs 0, the portfolio is late from its first turn.
    runPortfolio(members, { ...limits(clock, { deadline: clock.now + 1000 }), lateMs: 0 });
    const grew = { quick: quick.expanded - before.quick, patient: patient.expanded - before.patient };
    expect(grew.patient / (grew.quick + grew.patient)).toBeCloseTo(0.95, 1);
  });

  it('keeps the late shares until finalMs, then gives members their final shares (the late ones where they have none)', () => {
    const clock = { now: 0 };
    const leader = new FakeSearch(clock, 0.01);
    const hedge = new FakeSearch(clock, 0.01);
    const steady = new FakeSearch(clock, 0.01);
    const members = [
      { engine: leader, share: 0.5, lateShare: 0.8, finalShare: 0.4 },
      { engine: hedge, share: 0.5, lateShare: 0.1, finalShare: 0.5 },
      { engine: steady, share: 0.5, lateShare: 0.1 },
    ];
    runPortfolio(members, { ...limits(clock, { deadline: 1000 }), lateMs: 0, finalMs: 1000 });
    const total = (): number => leader.expanded + hedge.expanded + steady.expanded;
    expect(leader.expanded / total()).toBeCloseTo(0.8, 1);
    const before = { leader: leader.expanded, hedge: hedge.expanded, steady: steady.expanded, total: total() };
    runPortfolio(members, { ...limits(clock, { deadline: clock.now + 1000 }), lateMs: 0, finalMs: 0 });
    const grew = total() - before.total;
    expect((leader.expanded - before.leader) / grew).toBeCloseTo(0.4, 1);
    expect((hedge.expanded - before.hedge) / grew).toBeCloseTo(0.5, 1);
    expect((steady.expanded - before.steady) / grew).toBeCloseTo(0.1, 1);
  });

  it('keeps the late shares until hardMs, then gives members their hard-level shares (the late ones where they have none), and the final shares win from finalMs on', () => {
    const clock = { now: 0 };
    const strong = new FakeSearch(clock, 0.01);
    const steady = new FakeSearch(clock, 0.01);
    const members = [
      { engine: strong, share: 0.5, lateShare: 0.2, hardShare: 0.8, finalShare: 0.2 },
      { engine: steady, share: 0.5, lateShare: 0.8 },
    ];
    const strongPart = (run: () => void): number => {
      const before = { strong: strong.expanded, steady: steady.expanded };
      run();
      const grew = { strong: strong.expanded - before.strong, steady: steady.expanded - before.steady };
      return grew.strong / (grew.strong + grew.steady);
    };
    expect(strongPart(() => runPortfolio(members, { ...limits(clock, { deadline: clock.now + 1000 }), lateMs: 0, hardMs: 1000 }))).toBeCloseTo(0.2, 1);
    expect(strongPart(() => runPortfolio(members, { ...limits(clock, { deadline: clock.now + 1000 }), lateMs: 0, hardMs: 0 }))).toBeCloseTo(0.5, 1);
    expect(strongPart(() => runPortfolio(members, { ...limits(clock, { deadline: clock.now + 1000 }), lateMs: 0, hardMs: 0, finalMs: 0 }))).toBeCloseTo(0.2, 1);
  });

  it('lets the late shares wait for the opening to end when the two overlap', () => {
    const clock = { now: 0 };
    const opener = new FakeSearch(clock, 0.01);
    const other = new FakeSearch(clock, 0.01);
    runPortfolio(
      [
        { engine: opener, share: 0.5, openingShare: 0.9, lateShare: 0.1 },
        { engine: other, share: 0.5, openingShare: 0.1, lateShare: 0.9 },
      ],
      { ...limits(clock, { deadline: 50 }), openingMs: 100, lateMs: 0 },
    );
    expect(opener.expanded / (opener.expanded + other.expanded)).toBeCloseTo(0.9, 1);
  });
});

describe('portfolio memory', () => {
  it('goes on with the others when one search runs out of memory', () => {
    const clock = { now: 0 };
    const greedy = new FakeSearch(clock, 0.1, 5, 'memory');
    const winner = new FakeSearch(clock, 0.1, 300);
    const outcome = runPortfolio(
      [
        { engine: greedy, share: 0.5 },
        { engine: winner, share: 0.5 },
      ],
      limits(clock),
    );
    expect(outcome.finished).toBe(winner);
  });

  it('reports the search out of memory when none is left running', () => {
    const clock = { now: 0 };
    const alone = new FakeSearch(clock, 0.1, 5, 'memory');
    expect(runPortfolio([{ engine: alone, share: 1 }], limits(clock)).finished).toBe(alone);
  });

  it('expands no more positions than the node limit, however many searches share it (issue 13: 1,001 of 1,000)', () => {
    for (const maxNodes of [1, 7, 1000]) {
      const clock = { now: 0 };
      const searches = [0.01, 0.02, 0.03, 0.04].map((ms) => new FakeSearch(clock, ms));
      const outcome = runPortfolio(
        searches.map((engine) => ({ engine, share: 0.25 })),
        limits(clock, { maxNodes, deadline: Infinity }),
      );
      expect(outcome.limit).toBe('nodes');
      expect(searches.reduce((sum, search) => sum + search.expanded, 0)).toBe(maxNodes);
    }
  });
});

describe('portfolio at a steady rate (repeatable runs)', () => {
  /** Which search settles the level, and after how many positions each had expanded, on a machine of the given speed. */
  function settle(cheapMs: number, dearMs: number, positionsPerMs?: number): [number, number, boolean] {
    const clock = { now: 0 };
    const cheap = new FakeSearch(clock, cheapMs, 5000);
    const dear = new FakeSearch(clock, dearMs, 300);
    const outcome = runPortfolio(
      [
        { engine: cheap, share: 0.5, openingShare: 0.9 },
        { engine: dear, share: 0.5, openingShare: 0.1 },
      ],
      { ...limits(clock, { deadline: 1e9 }), openingMs: 5, positionsPerMs },
    );
    return [cheap.expanded, dear.expanded, outcome.finished === cheap];
  }

  it('takes the same turns however fast the machine and its searches are', () => {
    const fast = settle(0.001, 0.01, 50);
    expect(settle(0.01, 0.5, 50)).toEqual(fast);
    expect(settle(0.1, 0.02, 50)).toEqual(fast);
  });

  it('depends on measured speeds without it, which is what makes runs differ', () => {
    expect(settle(0.01, 0.5)).not.toEqual(settle(0.1, 0.02));
  });
});

describe('portfolio hand-over', () => {
  /** Counted in positions, ten to a millisecond, over a budget of 100 ms: 1,000 positions in all. */
  const byPositions = (clock: { now: number }) => ({ ...limits(clock, { maxNodes: 1000, deadline: Infinity }), positionsPerMs: 10, budget: 100 });

  it('stops a member at the end of its part of the budget and gives its turns to the others', () => {
    const clock = { now: 0 };
    const brief = new FakeSearch(clock, 0.01);
    const patient = new FakeSearch(clock, 0.01);
    runPortfolio(
      [
        { engine: brief, share: 0.5, until: 0.2 },
        { engine: patient, share: 0.5 },
      ],
      byPositions(clock),
    );
    // Half of the first 200 positions, then none: the other takes the 900 left. The end of its time
    // is seen between rounds, so it may run one more turn (half of an 8 ms round: 40 positions).
    expect(brief.expanded).toBeGreaterThanOrEqual(100);
    expect(brief.expanded).toBeLessThanOrEqual(100 + 40);
    expect(brief.expanded + patient.expanded).toBe(1000);
  });

  it('lets a member wait for the one it follows, and start at once when that one fails early', () => {
    const clock = { now: 0 };
    const first = new FakeSearch(clock, 0.01, 30, 'exhausted');
    const next = new FakeSearch(clock, 0.01);
    const third = new FakeSearch(clock, 0.01);
    runPortfolio(
      [
        { engine: first, share: 0.1, until: 0.5 },
        { engine: next, share: 0.1, after: 0, until: 0.8 },
        { engine: third, share: 0.1, after: 1 },
      ],
      byPositions(clock),
    );
    // The first gave up after 30 positions, not at half the budget: the next ran from there to 80%
    // (give or take its turn of 8 positions), the third the rest.
    expect(first.expanded).toBe(30);
    expect(next.expanded).toBeGreaterThanOrEqual(770 - 8);
    expect(next.expanded).toBeLessThanOrEqual(770 + 8);
    expect(third.expanded).toBe(1000 - 30 - next.expanded);
  });

  it('runs the members whose time ended rather than leave the rest of the budget unused', () => {
    const clock = { now: 0 };
    const alone = new FakeSearch(clock, 0.01);
    expect(runPortfolio([{ engine: alone, share: 1, until: 0.1 }], byPositions(clock)).limit).toBe('nodes');
    expect(alone.expanded).toBe(1000);
  });
});

describe('the members taking turns', () => {
  const member = (state: SearchState, extra: { until?: number; after?: number } = {}) => ({ engine: { state } as SearchEngine, share: 1, ...extra });

  it('are the running ones within their time whose leader is no longer within its own', () => {
    const members = [member('running', { until: 0.5 }), member('running', { after: 0 }), member('exhausted'), member('running', { after: 2 })];
    expect(turnTakers(members, [1, 1, 1, 1], 0.1)).toEqual([true, false, false, true]);
    expect(turnTakers(members, [1, 1, 1, 1], 0.5)).toEqual([false, true, false, true]);
  });

  it('leave out a member without a share in this phase, but it still holds back its followers', () => {
    const members = [member('running'), member('running', { after: 0 }), member('running')];
    expect(turnTakers(members, [0, 1, 1], 0)).toEqual([false, false, true]);
  });
});

describe('portfolio counted in positions, with no search that has an opening share', () => {
  it('ends the opening at once instead of waiting for positions nobody expands (--members feature-bases under a node budget)', () => {
    const clock = { now: 0 };
    const later = new FakeSearch(clock, 0.01, 200);
    // Each read of the clock takes a little time, as the real one does, so that a stalled opening ends at the deadline.
    const ticking = () => (clock.now += 0.01);
    const outcome = runPortfolio([{ engine: later, share: 1, openingShare: 0 }], { ...limits(clock, { deadline: 1000 }), clock: ticking, openingMs: 250, positionsPerMs: 50 });
    expect(outcome.limit).toBeNull();
    expect(outcome.finished).toBe(later);
    expect(later.expanded).toBe(200);
  });
});
