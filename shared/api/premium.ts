// The premium API (SPEC §7.3, API.md "Premium and account"): membership status, the plans on
// offer, what a user was granted (premium periods, storage, traffic) and from where, activation
// codes, and the traffic allowance. Paths, request and answer shapes, shared by the server's routes,
// the drive app and the site's islands.
import { type Static, Type } from 'typebox';
import { Int64String, oneOf, Time } from './resources.ts';

export const PREMIUM_PATHS = {
  vipPrivilege: '/drive/v1/privilege/vip',
  /** Ours: the plans on offer and what each tier gives; no sign-in needed. */
  plans: '/vip/v1/plans',
  /** Ours: the signed-in user's grants, live and ended, newest first. */
  grants: '/vip/v1/grants',
  quantities: '/vip/v1/quantity/list',
  activationCode: '/vip/v1/order/activation-code',
} as const;

/** What a grant gives: premium membership for a time, storage for a time, or a traffic pack. */
export const GRANT_KINDS = ['premium', 'storage', 'traffic'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** Where a grant came from. */
export const GRANT_SOURCES = ['order', 'activation_code', 'invitation', 'check_in', 'compensation', 'operator'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/**
 * A grant as a plan, a code or a reward describes it before it is given: premium for `days`, or
 * `bytes` of storage or traffic for `days`.
 */
export const GrantTerms = Type.Object(
  {
    kind: oneOf(GRANT_KINDS),
    days: Type.Integer({ minimum: 1, maximum: 36_600 }),
    bytes: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type GrantTerms = Static<typeof GrantTerms>;

/** One grant given to the user, dated. `bytes` is "0" for premium. */
export const GrantSchema = Type.Object({
  id: Type.String(),
  kind: oneOf(GRANT_KINDS),
  bytes: Int64String,
  starts_at: Time,
  ends_at: Time,
  source: oneOf(GRANT_SOURCES),
  /** The plan it came from, when it came from one. */
  plan_id: Type.String(),
});
export type Grant = Static<typeof GrantSchema>;

export const GrantListSchema = Type.Object({ grants: Type.Array(GrantSchema) });
export type GrantList = Static<typeof GrantListSchema>;

/** SPEC §3.1 vipInfo's items: one per kind of premium the user holds, with its end and days left. */
export const VipItemSchema = Type.Object({ type: Type.String(), expire: Time, surplus_day: Type.Integer() });

/** GET /drive/v1/privilege/vip's data (SPEC §3.1 VIP privilege). `expire` is "" when not premium. */
export const VipPrivilegeSchema = Type.Object({
  status: Type.String(),
  type: Type.String(),
  expire: Type.String(),
  user_id: Type.String(),
  vip_item: Type.Array(VipItemSchema),
});
export type VipPrivilege = Static<typeof VipPrivilegeSchema>;

export const VipPrivilegeAnswerSchema = Type.Object({ result: Type.Literal('ACCEPTED'), data: VipPrivilegeSchema });
export type VipPrivilegeAnswer = Static<typeof VipPrivilegeAnswerSchema>;

/** A price in the currency's minor unit (cents), ISO 4217 code in capitals. */
export const PriceSchema = Type.Object({ currency: Type.String({ pattern: '^[A-Z]{3}$' }), amount: Type.Integer({ minimum: 0 }) });
export type Price = Static<typeof PriceSchema>;

/** A plan: what it grants and, when it is for sale, its prices. A plan without prices comes only through codes. */
export const PlanSchema = Type.Object({
  id: Type.String(),
  kind: oneOf(GRANT_KINDS),
  days: Type.Integer(),
  bytes: Int64String,
  prices: Type.Array(PriceSchema),
});

/** What a tier gives every account in it. Sizes in bytes; "-1" is unlimited. */
export const TierSchema = Type.Object({
  storage: Int64String,
  monthly_traffic: Int64String,
  offline_active_tasks: Type.Integer(),
  offline_daily_tasks: Type.Integer(),
});
export type Tier = Static<typeof TierSchema>;

export const PlansSchema = Type.Object({
  tiers: Type.Object({ free: TierSchema, premium: TierSchema }),
  plans: Type.Array(PlanSchema),
  /** Whether card payments are set up; when not, plans come through activation codes only. */
  payments: Type.Boolean(),
});
export type Plans = Static<typeof PlansSchema>;

export const ActivationCodeBody = Type.Object({
  activation_code: Type.String({ maxLength: 64 }),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ActivationCodeBody = Static<typeof ActivationCodeBody>;

/** A redeemed code: the membership after it and what it granted. */
export const RedeemedSchema = Type.Object({ vip: VipPrivilegeSchema, grant: GrantSchema });
export type Redeemed = Static<typeof RedeemedSchema>;

export const QuantitiesQuery = Type.Object({ type: Type.Optional(Type.String({ maxLength: 32 })) });

/** An allowance and how much of it is used; limit "-1" is unlimited. */
export const QuantitySchema = Type.Object({ limit: Int64String, usage: Int64String });

/**
 * GET /vip/v1/quantity/list?type=transfer. `transfer`: what the user may use now (the tier's
 * allowance plus live packs) — download bytes this calendar month (UTC) and offline downloads
 * started today; `base`: the tier's part alone. **Ours:** `period_end` says when the month's count starts over.
 */
export const QuantitiesSchema = Type.Object({
  transfer: Type.Object({ download: QuantitySchema, offline: QuantitySchema }),
  base: Type.Object({ download: QuantitySchema, offline: QuantitySchema }),
  period_end: Time,
});
export type Quantities = Static<typeof QuantitiesSchema>;
