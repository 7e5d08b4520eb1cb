// What a user may use at a moment, derived from the ledger and the plans: premium or not (and
// until when), the storage limit (the tier's, or an operator's own figure, plus live storage
// grants), the month's traffic allowance (the tier's plus live packs) and the offline download
// limits. Nothing is stored: a grant that ends simply stops counting.
import type { Kysely } from 'kysely';
import { monthOf } from '../../calendar.ts';
import { type EntitlementRow, premiumRepository } from '../../db/repositories/premium.ts';
import type { Database } from '../../db/schema.ts';
import type { Plans, Tier } from '../../plans.ts';

export type Standing = {
  /** The moment this standing was read at. */
  at: number;
  /** The premium period the user is in, with the end of the periods that follow it without a gap. */
  premium: { until: number } | undefined;
  tier: Tier;
  /** Bytes the user may store. */
  storageLimit: number;
  /** Bytes the user may download this month; -1 is unlimited. */
  trafficLimit: number;
  offline: { active: number; daily: number };
  /** The grants not yet ended, earliest first. */
  grants: EntitlementRow[];
};

export function standingRules(plans: Plans) {
  async function standingOf(db: Kysely<Database>, userId: string, at: number): Promise<Standing> {
    const repo = premiumRepository(db);
    const [grants, override] = await Promise.all([repo.liveGrants(userId, at), repo.storageOverride(userId)]);
    const live = grants.filter((g) => g.starts_at <= at);
    const premium = live.some((g) => g.kind === 'premium') ? { until: premiumEndOf(grants) } : undefined;
    const tier = premium ? plans.premium : plans.free;
    const bytesOf = (kind: EntitlementRow['kind']) => live.filter((g) => g.kind === kind).reduce((sum, g) => sum + Number(g.bytes), 0);
    return {
      at,
      premium,
      tier,
      storageLimit: (override ?? tier.storage) + bytesOf('storage'),
      trafficLimit: tier.monthlyTraffic === -1 ? -1 : tier.monthlyTraffic + bytesOf('traffic'),
      offline: { active: tier.offlineActive, daily: tier.offlineDaily },
      grants,
    };
  }

  return {
    standingOf,
    /** Bytes the user may store now. */
    storageLimit: async (db: Kysely<Database>, userId: string, at: number) => (await standingOf(db, userId, at)).storageLimit,
    /** The month's download allowance (-1: unlimited) and the bytes downloaded so far this month. */
    async trafficOf(db: Kysely<Database>, userId: string, at: number): Promise<{ limit: number; used: number }> {
      const [standing, used] = await Promise.all([standingOf(db, userId, at), premiumRepository(db).downloaded(userId, monthOf(at))]);
      return { limit: standing.trafficLimit, used };
    },
  };
}

export type StandingRules = ReturnType<typeof standingRules>;

/** Premium periods are granted end to end, so the membership lasts until the last one ends. */
function premiumEndOf(grants: readonly EntitlementRow[]): number {
  return Math.max(...grants.filter((g) => g.kind === 'premium').map((g) => g.ends_at));
}
