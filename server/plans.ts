// What an operator offers (PLANS_FILE, see content/plans.example.json): the free and premium tiers,
// the plans that grant premium, storage or traffic (for sale when they carry prices, otherwise only
// through activation codes), and the rewards of check-ins and invitations. Read and checked once at
// start; without a file Nubo runs its free tier alone and offers nothing.
import { readFileSync } from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { GrantTerms, type Price } from '#shared/api/premium.ts';
import { oneOf } from '#shared/api/resources.ts';

/** What one tier gives every account in it. Bytes; monthlyTraffic -1 is unlimited. */
export type Tier = { storage: number; monthlyTraffic: number; offlineActive: number; offlineDaily: number };

export type PlanOffer = { id: string; terms: GrantTerms; prices: Price[] };

export type CheckInRewards = { daily: GrantTerms | undefined; streak: { every: number; grant: GrantTerms } | undefined };
export type InvitationRewards = { invitee: GrantTerms; inviter: GrantTerms; inviterLimit: number };

export type Plans = {
  free: Tier;
  /** The premium tier; the free tier's figures where the file gives none. */
  premium: Tier;
  offers: PlanOffer[];
  checkIn: CheckInRewards | undefined;
  invitation: InvitationRewards | undefined;
};

/** The plan of this id, if the operator offers one. */
export function offerOf(plans: Plans, planId: string): PlanOffer | undefined {
  return plans.offers.find((offer) => offer.id === planId);
}

/** The free tier Nubo has always had: 10 GiB and no traffic limit. */
export const FREE_STORAGE = 10 * 1024 ** 3;

/** The offline download limits a tier falls back to (OFFLINE_ACTIVE_TASKS, OFFLINE_DAILY_TASKS). */
export type OfflineDefaults = { activeTasks: number; dailyTasks: number };

export function defaultPlans(offline: OfflineDefaults): Plans {
  const free = { storage: FREE_STORAGE, monthlyTraffic: -1, offlineActive: offline.activeTasks, offlineDaily: offline.dailyTasks };
  return { free, premium: free, offers: [], checkIn: undefined, invitation: undefined };
}

const TierFile = Type.Object(
  {
    storage: Type.Integer({ minimum: 0 }),
    monthly_traffic: Type.Integer({ minimum: -1 }),
    offline_active_tasks: Type.Optional(Type.Integer({ minimum: 1 })),
    offline_daily_tasks: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

const PlanFile = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }),
    kind: oneOf(['premium', 'storage', 'traffic']),
    days: Type.Integer({ minimum: 1, maximum: 36_600 }),
    bytes: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Price per currency (ISO 4217, capitals), in the currency's minor unit. */
    prices: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false },
);

const PlansFile = Type.Object(
  {
    tiers: Type.Object({ free: TierFile, premium: Type.Optional(TierFile) }, { additionalProperties: false }),
    plans: Type.Array(PlanFile),
    rewards: Type.Optional(
      Type.Object(
        {
          check_in: Type.Optional(
            Type.Object(
              {
                daily: Type.Optional(GrantTerms),
                streak: Type.Optional(Type.Object({ every: Type.Integer({ minimum: 2, maximum: 366 }), grant: GrantTerms }, { additionalProperties: false })),
              },
              { additionalProperties: false },
            ),
          ),
          invitation: Type.Optional(
            Type.Object({ invitee: GrantTerms, inviter: GrantTerms, inviter_limit: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
type PlansFile = Static<typeof PlansFile>;

export class PlansFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlansFileError';
  }
}

/** Reads and checks a plans file; a problem is a PlansFileError naming where in the file it is. */
export function loadPlans(file: string, offline: OfflineDefaults): Plans {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (failure) {
    throw new PlansFileError(`cannot read ${file}: ${(failure as Error).message}`);
  }
  return parsePlans(json, offline);
}

export function parsePlans(json: unknown, offline: OfflineDefaults): Plans {
  const [first] = Value.Errors(PlansFile, json);
  if (first) {
    // A field the schema does not know fails as "schema is false": say what that means.
    const problem = first.keyword === 'boolean' ? 'is not a field of the plans file (misspelt?)' : first.message;
    throw new PlansFileError(`${first.instancePath || 'the file'}: ${problem}`);
  }
  const file = json as PlansFile;
  const free = tierOf(file.tiers.free, offline);
  const seen = new Set<string>();
  const offers = file.plans.map((plan, index) => {
    const at = `/plans/${index}`;
    if (seen.has(plan.id)) throw new PlansFileError(`${at}/id: "${plan.id}" is used by an earlier plan`);
    seen.add(plan.id);
    const terms = checkedTerms({ kind: plan.kind, days: plan.days, ...(plan.bytes === undefined ? {} : { bytes: plan.bytes }) }, at);
    const prices = Object.entries(plan.prices ?? {}).map(([currency, amount]) => {
      if (!/^[A-Z]{3}$/.test(currency)) throw new PlansFileError(`${at}/prices: "${currency}" is not a currency code like USD`);
      return { currency, amount };
    });
    return { id: plan.id, terms, prices };
  });
  const checkIn = file.rewards?.check_in;
  const invitation = file.rewards?.invitation;
  return {
    free,
    premium: file.tiers.premium ? tierOf(file.tiers.premium, { activeTasks: free.offlineActive, dailyTasks: free.offlineDaily }) : free,
    offers,
    checkIn: checkIn && {
      daily: checkIn.daily && checkedTerms(checkIn.daily, '/rewards/check_in/daily'),
      streak: checkIn.streak && { every: checkIn.streak.every, grant: checkedTerms(checkIn.streak.grant, '/rewards/check_in/streak/grant') },
    },
    invitation: invitation && {
      invitee: checkedTerms(invitation.invitee, '/rewards/invitation/invitee'),
      inviter: checkedTerms(invitation.inviter, '/rewards/invitation/inviter'),
      inviterLimit: invitation.inviter_limit,
    },
  };
}

function tierOf(tier: Static<typeof TierFile>, offline: OfflineDefaults): Tier {
  return {
    storage: tier.storage,
    monthlyTraffic: tier.monthly_traffic,
    offlineActive: tier.offline_active_tasks ?? offline.activeTasks,
    offlineDaily: tier.offline_daily_tasks ?? offline.dailyTasks,
  };
}

/** Storage and traffic are amounts of bytes; premium is a time alone. */
function checkedTerms(terms: GrantTerms, at: string): GrantTerms {
  if (terms.kind === 'premium' && terms.bytes !== undefined) throw new PlansFileError(`${at}/bytes: premium grants a time, not bytes`);
  if (terms.kind !== 'premium' && terms.bytes === undefined) throw new PlansFileError(`${at}/bytes: a ${terms.kind} grant needs its bytes`);
  return terms;
}
