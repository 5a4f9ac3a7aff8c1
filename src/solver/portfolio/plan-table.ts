import { type MemberPlan, PORTFOLIO_PHASES, type TimeShares } from './plan.js';

const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;

function shareCells(time: TimeShares): string[] {
  return [time.headStart ? time.opening : 0, time.opening, time.middle, time.late, time.hard ?? time.late, time.final ?? time.late].map(percent);
}

/** When a member hands its time on (TimeShares' `until` and `after`). */
function handOverCell(time: TimeShares): string {
  const after = time.after === undefined ? [] : [`after \`${time.after}\``];
  const until = time.until === undefined ? [] : [`until ${percent(time.until)} of the budget`];
  return [...after, ...until].join(', ') || 'to the end';
}

/**
 * The README's table of the any-solution portfolio, read from the plan (Markdown): one row per
 * member, and one more for a variant, with its shares of the time by phase, its part of the
 * memory and the racing worker that runs it. A test keeps the README's copy equal to it.
 */
export function portfolioTable(plan: readonly MemberPlan[]): string {
  const { headStartMs, openingMs, lateMs, hardMs, finalMs } = PORTFOLIO_PHASES;
  const head = [
    'member',
    'search',
    `time, first ${headStartMs} ms`,
    `to ${openingMs} ms`,
    `to ${lateMs / 1000} s`,
    `to ${hardMs / 1000} s`,
    `to ${finalMs / 1000} s`,
    `after ${finalMs / 1000} s`,
    'memory',
    'race worker',
  ];
  const totalMemory = plan.reduce((sum, member) => sum + member.memoryShare, 0);
  // The hand-over column only once a member hands its time on before the end.
  const times = plan.flatMap((member) => (member.variant === undefined ? [member.time] : [member.time, member.variant.time]));
  const handsOver = times.some((time) => time.until !== undefined || time.after !== undefined);
  const timeCells = (time: TimeShares) => [...shareCells(time), ...(handsOver ? [handOverCell(time)] : [])];
  // Before the last two columns, memory and race worker.
  if (handsOver) head.splice(head.length - 2, 0, 'hands its time on');
  const rows = plan.flatMap((member) => {
    const tail = [percent(member.memoryShare / totalMemory), String(member.raceWorker + 1)];
    const row = [`\`${member.name}\``, member.summary, ...timeCells(member.time), ...tail];
    if (member.variant === undefined) return [row];
    return [row, [`\`${member.name}\` (variant)`, member.variant.summary, ...timeCells(member.variant.time), ...tail]];
  });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
