import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RACE_SPLIT } from '../../../src/runner/race.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { buildMembers, membersFor } from '../../../src/solver/portfolio/build-members.js';
import { type MemberPlan, memoryShareOf, PORTFOLIO_MEMBER_NAMES, PORTFOLIO_PLAN, raceSplitOf } from '../../../src/solver/portfolio/plan.js';
import { portfolioTable } from '../../../src/solver/portfolio/plan-table.js';
import { runPortfolio } from '../../../src/solver/portfolio/run-portfolio.js';
import { solveWithPortfolio } from '../../../src/solver/solve.js';
import { board, expectReplaysToSolved, repoRoot } from '../helpers.js';

/** A member that is not in the plan: what adding a search to the portfolio takes is this one row. */
const THROWAWAY: MemberPlan = {
  name: 'throwaway',
  summary: 'breadth of a test: A* on moves',
  engine: { kind: 'push-search', config: { mode: 'moves', corralPruning: false } },
  time: { opening: 0.5, middle: 0.5, late: 0.5 },
  memoryShare: 0.2,
  raceWorker: 0,
};
const WITH_THROWAWAY: readonly MemberPlan[] = [...PORTFOLIO_PLAN, THROWAWAY];

describe('the portfolio plan', () => {
  it('names each member once', () => {
    expect(new Set(PORTFOLIO_MEMBER_NAMES).size).toBe(PORTFOLIO_PLAN.length);
    expect(PORTFOLIO_MEMBER_NAMES).toEqual([
      'feature',
      'feature-deadlocks',
      'feature-every-goal',
      'forward-greedy',
      'backward-greedy',
      'push-optimal',
      'feature-bases',
      'feature-bases-festival',
      'feature-spread',
      'feature-spread-matching',
    ]);
  });

  it('gives the race split: the search over features and the final phase hedges on one worker, the others on the other', () => {
    expect(DEFAULT_RACE_SPLIT).toEqual([
      ['feature', 'feature-bases-festival', 'feature-spread-matching'],
      ['feature-deadlocks', 'feature-every-goal', 'forward-greedy', 'backward-greedy', 'push-optimal', 'feature-bases', 'feature-spread'],
    ]);
  });

  it.each(['feature-bases-festival', 'feature-spread-matching'])(
    'lets the hedge %s take turns only from the final phase on, so a level settled before it runs as without it',
    (name) => {
      const hedge: MemberPlan | undefined = (PORTFOLIO_PLAN as readonly MemberPlan[]).find((member) => member.name === name);
      expect(hedge?.time).toMatchObject({ opening: 0, middle: 0, late: 0 });
      expect(hedge?.time.headStart).toBeUndefined();
      expect(hedge?.time.hard ?? hedge?.time.late).toBe(0);
      expect(hedge?.time.final).toBeGreaterThan(0);
    },
  );

  it('gives each member its part of the memory against the whole plan', () => {
    expect(memoryShareOf(['feature'])).toBeCloseTo(0.45 / 1.55);
    expect(memoryShareOf(PORTFOLIO_MEMBER_NAMES)).toBeCloseTo(1);
  });

  it('pairs a push search only with a push search of the plan that runs the other way', () => {
    const plan: readonly MemberPlan[] = PORTFOLIO_PLAN;
    const meeting = plan.flatMap((member) => (member.engine.kind === 'push-search' && member.engine.meets !== undefined ? [[member, member.engine.meets] as const] : []));
    expect(meeting.map(([member, meets]) => [member.name, meets])).toEqual([['forward-greedy', 'backward-greedy']]);
    for (const [member, meets] of meeting) {
      const partner = plan.find((other) => other.name === meets);
      expect(partner?.engine.kind).toBe('push-search');
      const directions = [member, partner].map((m) => (m?.engine.kind === 'push-search' ? (m.engine.config.direction ?? 'forward') : null));
      expect(new Set(directions).size).toBe(2);
    }
  });

  it('is what the README shows', () => {
    const docs = path.join(repoRoot, 'docs');
    const candidates = [path.join(repoRoot, 'README.md'), ...(dirExists(docs) ? markdownUnder(docs) : [])];
    const texts = candidates.map((file) => readFileSync(file, 'utf8')).filter((text) => text.includes('<!-- portfolio-table:start -->'));
    expect(texts).toHaveLength(1);
    const shown = texts[0].split('<!-- portfolio-table:start -->\n')[1].split('\n<!-- portfolio-table:end -->')[0];
    expect(shown, `the README's portfolio table should read:\n${portfolioTable(PORTFOLIO_PLAN)}`).toBe(portfolioTable(PORTFOLIO_PLAN));
  });
});

describe('a member added as one row of the plan', () => {
  it('is solved with, alone', () => {
    const start = board('#######', '#@ $ .#', '#######');
    const result = solveWithPortfolio(start, { rule: 'all-goals', members: ['throwaway'], improve: false }, WITH_THROWAWAY);
    expect(result.status).toBe('solved');
    expectReplaysToSolved(start, result, 'all-goals');
  });

  it('races on the worker its row names, holds its memory share and has its line in the table', () => {
    expect(raceSplitOf(WITH_THROWAWAY)[0]).toEqual(['feature', 'feature-bases-festival', 'feature-spread-matching', 'throwaway']);
    expect(memoryShareOf(['throwaway'], WITH_THROWAWAY)).toBeCloseTo(0.2 / 1.75);
    expect(portfolioTable(WITH_THROWAWAY)).toContain('| `throwaway` | breadth of a test: A* on moves | 0% | 50% | 50% | 50% | 50% | 50% | to the end | 11.4% | 1 |');
  });
});

describe('the members that run on a level', () => {
  const analysis = analyzeLevel(buildProblem(board('#######', '#@ $ .#', '#######'), 'all-goals'));

  it('leave out a member whose row does not apply, and take a variant where it applies', () => {
    const plan: MemberPlan[] = [
      { ...THROWAWAY, name: 'never', appliesTo: () => false },
      { ...THROWAWAY, name: 'varied', variant: { when: () => true, summary: 'instead', engine: THROWAWAY.engine, time: { opening: 0, middle: 0.1, late: 0.3 } } },
    ];
    const built = buildMembers(membersFor(plan, analysis, undefined), analysis, 800);
    expect(built.map((member) => [member.name, member.openingShare, member.share, member.lateShare])).toEqual([['varied', 0, 0.1, 0.3]]);
  });

  it("are built in the plan's order with their shares of the time", () => {
    const built = buildMembers([THROWAWAY, { ...THROWAWAY, name: 'other', memoryShare: 0.6 }], analysis, 800);
    expect(built.map((member) => member.name)).toEqual(['throwaway', 'other']);
    expect(built.map((member) => member.share)).toEqual([0.5, 0.5]);
  });
});

describe('members that hand their time on, as rows of the plan', () => {
  // Under keeper-too the search over features gives up at its first turn (it handles the other rules).
  const keeperToo = board('#######', '#@ $ .#', '#    .#', '#######');
  const analysis = analyzeLevel(buildProblem(keeperToo, 'keeper-too'));
  const row = (name: string, engine: MemberPlan['engine'], time: MemberPlan['time']): MemberPlan => ({ name, summary: name, engine, time, memoryShare: 0.2, raceWorker: 0 });
  const movesAStar: MemberPlan['engine'] = { kind: 'push-search', config: { mode: 'moves', corralPruning: false } };
  const plan = [
    row('features-first', { kind: 'feature-search', config: {}, builtAtFirstTurn: false }, { opening: 0.9, middle: 0.9, late: 0.9 }),
    row('then-moves', movesAStar, { opening: 0.1, middle: 0.1, late: 0.1, after: 'features-first' }),
    row('last', movesAStar, { opening: 0.1, middle: 0.1, late: 0.1, after: 'then-moves' }),
  ];

  it('take turns one after the other: when the first fails at once the next gets its time and solves, and the last never runs', () => {
    const built = buildMembers(membersFor(plan, analysis, undefined), analysis, 64 * 1024 * 1024);
    expect(built.map((member) => member.after)).toEqual([undefined, 0, 1]);
    const outcome = runPortfolio(built, { deadline: Infinity, maxNodes: 10_000, maxBytes: Infinity, clock: () => 0, positionsPerMs: 10, budget: 1000 });
    const [first, next, last] = built.map((member) => member.engine);
    expect([first.state, first.expanded]).toEqual(['exhausted', 0]);
    expect(outcome.finished).toBe(next);
    expect(last.expanded).toBe(0);
  });

  it('solve the level through the solver, the solution replayed', () => {
    const result = solveWithPortfolio(keeperToo, { rule: 'keeper-too', improve: false, maxNodes: 10_000 }, plan);
    expect(result.status).toBe('solved');
    expectReplaysToSolved(keeperToo, result, 'keeper-too');
  });

  it("show when they hand over in the README's table", () => {
    const table = portfolioTable(plan);
    expect(table).toContain('| hands its time on |');
    expect(table).toContain('| after `then-moves` |');
    expect(portfolioTable([{ ...plan[0], time: { ...plan[0].time, until: 0.25 } }])).toContain('| until 25% of the budget |');
    // A plan whose members all run to the end has no such column.
    expect(portfolioTable([THROWAWAY])).not.toContain('hands its time on');
  });
});

function dirExists(dir: string): boolean {
  try {
    return readdirSync(dir) !== undefined;
  } catch {
    return false;
  }
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
