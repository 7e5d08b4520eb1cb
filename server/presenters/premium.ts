// Premium as the API answers it (API.md "Premium and account"): the VIP privilege, grants, the
// plans on offer and the allowances.
import type { Grant, Plans as PlansAnswer, Quantities, Tier as TierAnswer, VipPrivilege } from '#shared/api/premium.ts';
import { DAY_MS } from '../calendar.ts';
import type { EntitlementRow } from '../db/repositories/premium.ts';
import type { Plans, Tier } from '../plans.ts';
import type { Allowances, Standing } from '../services/premium.ts';
import type { TaskLimits } from '../services/tasks.ts';

/** The membership's type while premium, and without it (SPEC §4: status ok = premium). */
const PREMIUM_TYPE = 'platinum';
const FREE_TYPE = 'novip';

export function presentPrivilege(userId: string, standing: Standing): VipPrivilege {
  const premium = standing.premium;
  if (!premium) return { status: 'invalid', type: FREE_TYPE, expire: '', user_id: userId, vip_item: [] };
  const expire = new Date(premium.until).toISOString();
  return {
    status: 'ok',
    type: PREMIUM_TYPE,
    expire,
    user_id: userId,
    vip_item: [{ type: PREMIUM_TYPE, expire, surplus_day: Math.ceil((premium.until - standing.at) / DAY_MS) }],
  };
}

export function presentGrant(grant: EntitlementRow): Grant {
  return {
    id: grant.id,
    kind: grant.kind,
    bytes: String(grant.bytes),
    starts_at: new Date(grant.starts_at).toISOString(),
    ends_at: new Date(grant.ends_at).toISOString(),
    source: grant.source,
    plan_id: grant.plan_id,
  };
}

function presentTier(tier: Tier): TierAnswer {
  return {
    storage: String(tier.storage),
    monthly_traffic: String(tier.monthlyTraffic),
    offline_active_tasks: tier.offlineActive,
    offline_daily_tasks: tier.offlineDaily,
  };
}

export function presentPlans({ plans, payments }: { plans: Plans; payments: boolean }): PlansAnswer {
  return {
    tiers: { free: presentTier(plans.free), premium: presentTier(plans.premium) },
    plans: plans.offers.map((offer) => ({
      id: offer.id,
      kind: offer.terms.kind,
      days: offer.terms.days,
      bytes: String(offer.terms.bytes ?? 0),
      // Without payments nothing can be bought: the plans still show what codes give.
      prices: payments ? offer.prices : [],
    })),
    payments,
  };
}

/** The month's downloads, and the offline downloads started today within the user's limits. */
export function presentQuantities({ standing, downloaded, periodEnd }: Allowances, tasks: { limits: TaskLimits; used: TaskLimits }): Quantities {
  const offline = { limit: String(tasks.limits.daily), usage: String(tasks.used.daily) };
  return {
    transfer: { download: { limit: String(standing.trafficLimit), usage: String(downloaded) }, offline },
    base: { download: { limit: String(standing.tier.monthlyTraffic), usage: String(downloaded) }, offline },
    period_end: new Date(periodEnd).toISOString(),
  };
}

/** Minted codes as CSV (code, plan, expires_at): the one time they can be read, for the operator to hand out. */
export function presentMintedCodes(minted: { codes: readonly string[]; expiresAt: number }, planId: string): string {
  const expires = new Date(minted.expiresAt).toISOString();
  return `code,plan,expires_at\n${minted.codes.map((code) => `${code},${planId},${expires}\n`).join('')}`;
}
