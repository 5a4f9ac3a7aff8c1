import { BaseStrategy } from '../engines/base-strategy.js';
import { DeferredEngine } from '../engines/deferred-engine.js';
import { FeatureSearch } from '../engines/feature-search.js';
import { PushSearch } from '../engines/push-search.js';
import { SpreadStrategy } from '../engines/spread-strategy.js';
import type { SearchEngine } from '../engines/search-engine.js';
import type { LevelAnalysis } from '../planning/analysis.js';
import { type MemberEngine, type MemberPlan, type TimeShares, builtAtFirstTurn } from './plan.js';
import type { PortfolioMember } from './run-portfolio.js';
import { type MemberSettings, chooseSettings, choosesLate } from './variant-choice.js';

/** A member of the plan as it runs on one level: its variant chosen (now, or when first needed), its engine built. */
export interface BuiltMember extends PortfolioMember {
  readonly name: string;
}

/**
 * The plan's rows that run on this level, of those chosen (all when `members` is undefined).
 * Their variants are chosen by buildMembers.
 */
export function membersFor(plan: readonly MemberPlan[], analysis: LevelAnalysis, members: readonly string[] | undefined): MemberPlan[] {
  return plan.filter((member) => (member.appliesTo === undefined || member.appliesTo(analysis)) && (members === undefined || members.includes(member.name)));
}

/**
 * Builds the engines of these members, each with its part of `maxBytes` against the others'
 * parts (the tables stop short of the memory limit themselves), and joins the push searches
 * that meet in the middle. A member with a variant takes the settings that apply to it here:
 * chosen when first needed where that changes nothing (variant-choice.ts's choosesLate: at its
 * late share or its first turn), else now.
 */
export function buildMembers(members: readonly MemberPlan[], analysis: LevelAnalysis, maxBytes: number): BuiltMember[] {
  const memoryShares = members.reduce((sum, member) => sum + member.memoryShare, 0);
  const pushSearches = new Map<string, PushSearch>();
  const built = members.map((member): BuiltMember => {
    const memberBytes = (maxBytes * member.memoryShare) / memoryShares;
    if (choosesLate(member)) {
      let chosen: MemberSettings | null = null;
      const settings = (): MemberSettings => {
        chosen ??= chooseSettings(member, analysis);
        return chosen;
      };
      const engine = new DeferredEngine(() => makeEngine(settings().engine, analysis, memberBytes));
      return lateChosen(member.name, engine, member.time, () => settings().time, members);
    }
    const { engine: choice, time } = chooseSettings(member, analysis);
    const engine = buildEngine(choice, analysis, memberBytes, (search) => pushSearches.set(member.name, search));
    return { name: member.name, engine, ...sharesOf(time, members) };
  });
  for (const member of members) {
    if (member.engine.kind !== 'push-search' || member.engine.meets === undefined) continue;
    const partner = pushSearches.get(member.engine.meets);
    if (partner !== undefined) pushSearches.get(member.name)?.pairWith(partner);
  }
  return built;
}

/** The engine of a member, built now or at its first turn as the plan says. */
function buildEngine(choice: MemberEngine, analysis: LevelAnalysis, maxBytes: number, onPushSearch: (search: PushSearch) => void): SearchEngine {
  if (choice.kind === 'push-search') {
    const search = new PushSearch(analysis, { ...choice.config, maxBytes });
    onPushSearch(search);
    return search;
  }
  return builtAtFirstTurn(choice) ? new DeferredEngine(() => makeEngine(choice, analysis, maxBytes)) : makeEngine(choice, analysis, maxBytes);
}

/** The engine of a member, built now. */
function makeEngine(choice: MemberEngine, analysis: LevelAnalysis, maxBytes: number): SearchEngine {
  switch (choice.kind) {
    case 'feature-search':
      return new FeatureSearch(analysis, { ...choice.config, maxBytes });
    case 'push-search':
      return new PushSearch(analysis, { ...choice.config, maxBytes });
    case 'base-strategy':
      return new BaseStrategy(analysis, { ...choice.config, maxBytes });
    case 'spread-strategy':
      return new SpreadStrategy(analysis, { ...choice.config, maxBytes });
  }
}

/** The scheduler's shares (run-portfolio.ts) of a member's time by phase, and its hand-over among the members that run. */
function sharesOf(time: TimeShares, members: readonly MemberPlan[]): Omit<PortfolioMember, 'engine'> {
  const followed = time.after === undefined ? -1 : members.findIndex((member) => member.name === time.after);
  return {
    share: time.middle,
    ...(time.headStart ? { startShare: time.opening } : {}),
    openingShare: time.opening,
    lateShare: time.late,
    hardShare: time.hard,
    finalShare: time.final,
    ...(time.until === undefined ? {} : { until: time.until }),
    ...(followed < 0 ? {} : { after: followed }),
  };
}

/**
 * A member whose settings are chosen late: its shares before the late phase from its row (the
 * same in its variant, choosesLate), the late, hard and final ones from `chosen`, asked only when
 * the scheduler first reads one of them (getters, which a spread of the member would read at once).
 */
function lateChosen(name: string, engine: SearchEngine, early: TimeShares, chosen: () => TimeShares, members: readonly MemberPlan[]): BuiltMember {
  return {
    name,
    engine,
    ...sharesOf(early, members),
    get lateShare() {
      return chosen().late;
    },
    get hardShare() {
      return chosen().hard;
    },
    get finalShare() {
      return chosen().final;
    },
  };
}
