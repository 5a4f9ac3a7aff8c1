import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { buildMembers, membersFor } from '../../../src/solver/portfolio/build-members.js';
import { type MemberPlan, PORTFOLIO_PLAN } from '../../../src/solver/portfolio/plan.js';
import { runPortfolio } from '../../../src/solver/portfolio/run-portfolio.js';
import { choosesLate } from '../../../src/solver/portfolio/variant-choice.js';
import { board } from '../helpers.js';

const FEATURES: MemberPlan['engine'] = { kind: 'feature-search', config: {}, builtAtFirstTurn: true };
const WITHOUT_PLAN: MemberPlan['engine'] = { kind: 'feature-search', config: { packingPlan: 'none', outOfPlan: false }, builtAtFirstTurn: true };
const MOVES_A_STAR: MemberPlan['engine'] = { kind: 'push-search', config: { mode: 'moves', corralPruning: false } };

/** A plan of two: push A* from the start (it wins small levels in its first turns), and a member with a variant that runs from the late phase. */
function planWith(when: () => boolean): MemberPlan[] {
  return [
    { name: 'a-star', summary: 'a-star', engine: MOVES_A_STAR, time: { headStart: true, opening: 0.5, middle: 0.5, late: 0.1 }, memoryShare: 0.5, raceWorker: 0 },
    {
      name: 'varied',
      summary: 'varied',
      engine: FEATURES,
      time: { opening: 0, middle: 0, late: 0.2 },
      memoryShare: 0.5,
      raceWorker: 0,
      variant: { when, summary: 'instead', engine: WITHOUT_PLAN, time: { opening: 0, middle: 0, late: 0.9 } },
    },
  ];
}

/** The same plan with the variant's settings in its row, chosen before the search as the variant always was. */
function chosenBefore(plan: readonly MemberPlan[], picked: boolean): MemberPlan[] {
  return plan.map(({ variant, ...row }) => (variant === undefined || !picked ? row : { ...row, engine: variant.engine, time: variant.time }));
}

/** Runs a plan's members on a board by positions (the same on every run), the late phase from `lateMs` positions on. */
function run(plan: readonly MemberPlan[], start: Board, members?: readonly string[], lateMs = 8) {
  const analysis = analyzeLevel(buildProblem(start, 'all-goals'));
  const built = buildMembers(membersFor(plan, analysis, members), analysis, 64 * 1024 * 1024);
  const outcome = runPortfolio(built, { headStartMs: 2, openingMs: 4, lateMs, deadline: Infinity, maxNodes: 200_000, maxBytes: Infinity, clock: () => 0, positionsPerMs: 1 });
  const finished = built.findIndex((member) => member.engine === outcome.finished);
  return {
    finished,
    expanded: built.map((member) => member.engine.expanded),
    solution: outcome.finished?.solution() ?? null,
    lateShares: () => built.map((member) => member.lateShare),
  };
}

/** The same member won, each member expanded as many positions, and the same solution. */
function sameRun(a: ReturnType<typeof run>, b: ReturnType<typeof run>): boolean {
  const same = (x: Int32Array | null, y: Int32Array | null) => (x === null ? y === null : y !== null && x.length === y.length && x.every((push, i) => push === y[i]));
  return a.finished === b.finished && a.expanded.join() === b.expanded.join() && same(a.solution, b.solution);
}

const SMALL = board('#######', '#@ $ .#', '#######');
// Four boxes in a room: push A* needs more than the few positions before the late phase.
const ROOM = board('########', '#@     #', '# $$ $ #', '#  $   #', '#  ....#', '########');

describe("a member's variant chosen when it is first needed", () => {
  it("is never chosen on a level settled before the member's late share is read", () => {
    let asked = 0;
    const plan = planWith(() => {
      asked++;
      return true;
    });
    const { finished, expanded } = run(plan, SMALL, undefined, 1000);
    expect(finished).toBe(0);
    expect(expanded[1]).toBe(0);
    expect(asked).toBe(0);
  });

  it('is chosen once, in the late phase, and the level runs as with the variant chosen before the search', () => {
    for (const picked of [true, false]) {
      let asked = 0;
      const late = run(
        planWith(() => {
          asked++;
          return picked;
        }),
        ROOM,
        ['varied'],
      );
      expect(asked).toBe(1);
      const before = run(
        chosenBefore(
          planWith(() => picked),
          picked,
        ),
        ROOM,
        ['varied'],
      );
      expect(late.solution).not.toBeNull();
      expect(sameRun(late, before)).toBe(true);
      expect(late.lateShares()).toEqual([picked ? 0.9 : 0.2]);
    }
  });

  it('gives the same run beside another member as with the variant chosen before the search', () => {
    for (const picked of [true, false]) {
      const late = run(
        planWith(() => picked),
        ROOM,
      );
      const before = run(
        chosenBefore(
          planWith(() => picked),
          picked,
        ),
        ROOM,
      );
      expect(sameRun(late, before)).toBe(true);
      // The late member took turns: its variant was asked for.
      expect(late.expanded[1]).toBeGreaterThan(0);
    }
  });

  it('only where the row and its variant build their engines at their first turn and share everything until the late phase', () => {
    const [, varied] = planWith(() => true);
    expect(choosesLate(varied)).toBe(true);
    const variant = varied.variant as NonNullable<MemberPlan['variant']>;
    expect(choosesLate({ ...varied, variant: undefined })).toBe(false);
    expect(choosesLate({ ...varied, variant: { ...variant, time: { ...variant.time, middle: 0.1 } } })).toBe(false);
    expect(choosesLate({ ...varied, variant: { ...variant, time: { ...variant.time, until: 0.5 } } })).toBe(false);
    expect(choosesLate({ ...varied, variant: { ...variant, engine: { ...FEATURES, builtAtFirstTurn: false } } })).toBe(false);
    expect(choosesLate({ ...varied, engine: MOVES_A_STAR })).toBe(false);
    // The plan's every-goal member is one: its basin is worked out only for a level that lasts past 1 s.
    expect(PORTFOLIO_PLAN.filter(choosesLate).map((member) => member.name)).toEqual(['feature-every-goal']);
  });
});
