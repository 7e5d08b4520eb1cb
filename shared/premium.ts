// Premium (VIP) status (SPEC §4), how long a day of free premium lasts in its cookie (SPEC §9), and
// how plans and grants are named to people.
import type { Grant, GrantKind } from './api/premium.ts';
import { formatSize } from './format.ts';
import type { MessageKey, Translate } from './i18n/translator.ts';

/** The VIP API's privilege record (SPEC §3.1). */
export type VipPrivilege = { status: string; type?: string; expire?: string; user_id?: string };

export const USER_TYPES = { free: 1, premium: 2 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

const PREMIUM_STATUS = 'ok';

/** Only a privilege whose status is exactly 'ok' makes a premium user; a missing one does not. */
export function premiumFromVip(vip: VipPrivilege | undefined): { premium: boolean; userType: UserType } {
  const premium = vip?.status === PREMIUM_STATUS;
  return { premium, userType: premium ? USER_TYPES.premium : USER_TYPES.free };
}

export const FREE_DAY_COOKIE_MINUTES = 1440;

/** SPEC §3.1 overStorageLimit: more is stored than the quota allows now (a grant ended). */
export function overStorageLimit(quota: { limit: string; usage: string }): boolean {
  return Number(quota.usage) > Number(quota.limit);
}

/** The month's download traffic is used up (GET /about's quotas.download); a limit of "-1" never is. */
export function overTrafficLimit(download: { limit: string; usage: string } | undefined): boolean {
  return download !== undefined && download.limit !== '-1' && Number(download.usage) >= Number(download.limit);
}

const PLAN_LABELS: Record<GrantKind, MessageKey> = { premium: 'premium.plan.premium', storage: 'premium.plan.storage', traffic: 'premium.plan.traffic' };
/** The translator knows no plurals: a single day has words of its own. */
const ONE_DAY_PLAN_LABELS: Record<GrantKind, MessageKey> = {
  premium: 'premium.plan.premiumOneDay',
  storage: 'premium.plan.storageOneDay',
  traffic: 'premium.plan.trafficOneDay',
};

/** "Premium for 31 days", "1.00 TB more storage for 31 days": a plan's, or a reward's, terms. */
export function planLabel(plan: { kind: GrantKind; days: number; bytes?: string | number | undefined }, t: Translate): string {
  const labels = plan.days === 1 ? ONE_DAY_PLAN_LABELS : PLAN_LABELS;
  return t(labels[plan.kind], { days: plan.days, size: formatSize(plan.bytes ?? 0) });
}

const GRANT_LABELS: Record<GrantKind, MessageKey> = { premium: 'premium.grant.premium', storage: 'premium.grant.storage', traffic: 'premium.grant.traffic' };

/** "Premium", "5.00 GB of storage". */
export function grantLabel(grant: Pick<Grant, 'kind' | 'bytes'>, t: Translate): string {
  return t(GRANT_LABELS[grant.kind], { size: formatSize(grant.bytes) });
}

/** The strings planLabel and grantLabel may use, for the site's islands to pick at build time. */
export const TERMS_LABEL_MESSAGES: readonly MessageKey[] = [
  ...Object.values(PLAN_LABELS),
  ...Object.values(ONE_DAY_PLAN_LABELS),
  ...Object.values(GRANT_LABELS),
];

export const GRANT_SOURCE_LABELS: Record<Grant['source'], MessageKey> = {
  order: 'premium.source.order',
  activation_code: 'premium.source.activationCode',
  invitation: 'premium.source.invitation',
  check_in: 'premium.source.checkIn',
  compensation: 'premium.source.compensation',
  operator: 'premium.source.operator',
};
