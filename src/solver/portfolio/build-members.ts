import { BaseStrategy } from '../engines/base-strategy.js';
import { DeferredEngine } from '../engines/deferred-engine.js';
import { FeatureSearch } from '../engines/feature-search.js';
import { PushSearch } from '../engines/push-search.js';
import { SpreadStrategy } from '../engines/spread-strategy.js';
import type { SearchEngine } from '../engines/search-engine.js';
import type { LevelAnalysis } from '../planning/analysis.js';
import type { MemberEngine, MemberPlan, TimeShares } from './plan.js';
import type { PortfolioMember } from './run-portfolio.js';

/** A member of the plan as it runs on one level: its variant chosen, its engine built. */
export interface BuiltMember extends PortfolioMember {
  readonly name: string;
}

/**
 * The plan's members that run on this level, of those chosen (all when `members` is undefined),
 * each with the settings that apply to it here (its variant's where `when` picks the level).
 */
export function membersFor(plan: readonly MemberPlan[], analysis: LevelAnalysis, members: readonly string[] | undefined): MemberPlan[] {
  const applies = (member: MemberPlan) => (member.appliesTo === undefined || member.appliesTo(analysis)) && (members === undefined || members.includes(member.name));
  return plan.filter(applies).map((member) => (member.variant?.when(analysis) ? { ...member, ...member.variant } : member));
}

/**
 * Builds the engines of these members, each with its part of `maxBytes` against the others'
 * parts (the tables stop short of the memory limit themselves), and joins the push searches
 * that meet in the middle.
 */
export function buildMembers(members: readonly MemberPlan[], analysis: LevelAnalysis, maxBytes: number): BuiltMember[] {
  const memoryShares = members.reduce((sum, member) => sum + member.memoryShare, 0);
  const pushSearches = new Map<string, PushSearch>();
  const built = members.map((member): BuiltMember => {
    const memberBytes = (maxBytes * member.memoryShare) / memoryShares;
    const engine = buildEngine(member.engine, analysis, memberBytes, (search) => pushSearches.set(member.name, search));
    return { name: member.name, engine, ...sharesOf(member.time, members) };
  });
  for (const member of members) {
    if (member.engine.kind !== 'push-search' || member.engine.meets === undefined) continue;
    const partner = pushSearches.get(member.engine.meets);
    if (partner !== undefined) pushSearches.get(member.name)?.pairWith(partner);
  }
  return built;
}

function buildEngine(choice: MemberEngine, analysis: LevelAnalysis, maxBytes: number, onPushSearch: (search: PushSearch) => void): SearchEngine {
  switch (choice.kind) {
    case 'feature-search': {
      const make = () => new FeatureSearch(analysis, { ...choice.config, maxBytes });
      return choice.builtAtFirstTurn ? new DeferredEngine(make) : make();
    }
    case 'push-search': {
      const search = new PushSearch(analysis, { ...choice.config, maxBytes });
      onPushSearch(search);
      return search;
    }
    case 'base-strategy':
      return new DeferredEngine(() => new BaseStrategy(analysis, { ...choice.config, maxBytes }));
    case 'spread-strategy':
      return new DeferredEngine(() => new SpreadStrategy(analysis, { ...choice.config, maxBytes }));
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
