// The transparency report's figures (SPEC §2.2): content/transparency.json, published by the
// people who run the server from its moderation records (the moderation_action table). The page
// only shows what the file says; it never counts anything itself.
import raw from '../../content/transparency.json';

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

export const transparencyReport: TransparencyReport = parseTransparencyReport(raw);
