// The transparency report (SPEC §2.2): takedowns by reason per half-year, published as
// content/transparency.json by the people who run the server. The site shows the file as it is;
// the file is counted from the moderation records (moderation_action) by
// scripts/transparency-report.ts, with countTakedowns below.

import type { ReportReason } from './api/reports.ts';

export const TAKEDOWN_REASONS = ['copyright', 'childSafety', 'malware', 'illegal', 'abuse', 'other'] as const;
export type TakedownReason = (typeof TAKEDOWN_REASONS)[number];

export type ReportPeriod = {
  year: number;
  /** 1: January to June, 2: July to December. */
  half: 1 | 2;
  takedowns: Record<TakedownReason, number>;
};

export type TransparencyReport = {
  /** When the figures were last published (YYYY-MM-DD), null before the first report. */
  updated: string | null;
  /** Newest first. */
  periods: ReportPeriod[];
};

export function parseTransparencyReport(json: unknown): TransparencyReport {
  const fail = (message: string): never => {
    throw new Error(`content/transparency.json: ${message}`);
  };
  if (typeof json !== 'object' || json === null) return fail('must be an object with updated and periods');
  const { updated, periods } = json as Record<string, unknown>;
  if (updated !== null && (typeof updated !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(updated))) fail('updated must be a date like 2026-07-01, or null');
  if (!Array.isArray(periods)) return fail('periods must be a list');
  const parsed = periods.map((entry: unknown, i): ReportPeriod => {
    const period = (entry ?? {}) as Record<string, unknown>;
    const match = typeof period.period === 'string' ? /^(\d{4})-H([12])$/.exec(period.period) : null;
    if (!match) return fail(`periods[${i}].period must be like 2026-H1`);
    const counts = (period.takedowns ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(counts).filter((reason) => !(TAKEDOWN_REASONS as readonly string[]).includes(reason));
    if (unknown.length > 0) fail(`periods[${i}]: unknown reasons ${unknown.join(', ')} (known: ${TAKEDOWN_REASONS.join(', ')})`);
    const takedowns = {} as Record<TakedownReason, number>;
    for (const reason of TAKEDOWN_REASONS) {
      const count = counts[reason] ?? 0;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) fail(`periods[${i}].takedowns.${reason} must be a whole number`);
      takedowns[reason] = count as number;
    }
    return { year: Number(match[1]), half: Number(match[2]) as 1 | 2, takedowns };
  });
  if (parsed.length > 0 && updated === null) fail('updated must be set once periods are published');
  const order = (p: ReportPeriod) => p.year * 2 + p.half;
  return { updated: updated as string | null, periods: parsed.sort((a, b) => order(b) - order(a)) };
}

export function totalTakedowns(period: ReportPeriod): number {
  return TAKEDOWN_REASONS.reduce((sum, reason) => sum + period.takedowns[reason], 0);
}

/**
 * A moderation action's reason as a report reason: the reason itself or its prefix before ':'
 * ('copyright: notice 2026-114') when it names one, 'other' for anything else.
 */
export function takedownReasonOf(reason: string): TakedownReason {
  const named = reason.split(':', 1)[0]!.trim();
  return (TAKEDOWN_REASONS as readonly string[]).includes(named) ? (named as TakedownReason) : 'other';
}

/** The report's figures, one takedown per moderation action, by the half-year (UTC) it was taken. */
export function countTakedowns(actions: Iterable<{ createdAt: number; reason: string }>, updated: Date): TransparencyReportFile {
  const periods = new Map<string, Record<TakedownReason, number>>();
  for (const action of actions) {
    const at = new Date(action.createdAt);
    const period = `${at.getUTCFullYear()}-H${at.getUTCMonth() < 6 ? 1 : 2}`;
    const counts = periods.get(period) ?? (Object.fromEntries(TAKEDOWN_REASONS.map((reason) => [reason, 0])) as Record<TakedownReason, number>);
    counts[takedownReasonOf(action.reason)] += 1;
    periods.set(period, counts);
  }
  return {
    updated: updated.toISOString().slice(0, 10),
    periods: [...periods].sort(([a], [b]) => b.localeCompare(a)).map(([period, takedowns]) => ({ period, takedowns })),
  };
}

/** content/transparency.json as written: what parseTransparencyReport reads. */
export type TransparencyReportFile = { updated: string | null; periods: Array<{ period: string; takedowns: Partial<Record<TakedownReason, number>> }> };

/**
 * What a takedown made from a visitor's report counts as in the transparency report: a report's
 * reason said in the report's terms (spam, like anything else unnamed there, is 'other').
 */
export const REPORT_TAKEDOWN_REASONS: Record<ReportReason, TakedownReason> = {
  copyright: 'copyright',
  illegal: 'illegal',
  abuse: 'abuse',
  spam: 'other',
  other: 'other',
};
