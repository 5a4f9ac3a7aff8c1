import type { LevelAnalysis } from '../planning/analysis.js';
import { type MemberEngine, type MemberPlan, type TimeShares, builtAtFirstTurn } from './plan.js';

/** What a member runs on one level: its row's engine and shares, or its variant's where `when` picks the level. */
export interface MemberSettings {
  readonly engine: MemberEngine;
  readonly time: TimeShares;
}

/** The settings that apply to `member` on the level of `analysis`: asks the variant's `when` now. */
export function chooseSettings(member: MemberPlan, analysis: LevelAnalysis): MemberSettings {
  return member.variant?.when(analysis) === true ? member.variant : member;
}

/**
 * Whether a member's variant may be chosen when it is first needed instead of before the
 * search: its row and its variant run engines built at their first turn (nothing is read of them before), and take the same
 * shares until the late phase (head start, opening, middle), with the same hand-over (`until`,
 * `after`). The scheduler reads nothing else of a member before its late share or its first
 * turn, so the level runs the same either way; what differs is that a level settled before
 * then never asks `when`. The every-goal member's `when` computes every goal's basin, a pull
 * walk per goal (0.2-0.3 ms a Microban level), for a member that first runs after 1 s, which no
 * Microban level reaches.
 */
export function choosesLate(member: MemberPlan): boolean {
  const variant = member.variant;
  if (variant === undefined || !builtAtFirstTurn(member.engine) || !builtAtFirstTurn(variant.engine)) return false;
  const early = (time: TimeShares) => [time.headStart === true, time.opening, time.middle, time.until, time.after];
  const [row, other] = [early(member.time), early(variant.time)];
  return row.every((value, i) => value === other[i]);
}
