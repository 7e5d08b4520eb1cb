// Premium (SPEC §1, §4, §7.3): what the operator offers, each user's membership and grants read
// from the ledger, the traffic and task allowances, and activation codes — minted by the operator,
// redeemed once each, with guessing held back per account and per address.
import type { Kysely } from 'kysely';
import type { GrantTerms } from '#shared/api/premium.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { DAY_MS, monthEnd, monthOf } from '../calendar.ts';
import { type EntitlementRow, premiumRepository } from '../db/repositories/premium.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError, tooManyRequests } from '../errors.ts';
import { newId } from '../ids.ts';
import { offerOf, type PlanOffer, type Plans } from '../plans.ts';
import { activationCodeHash, newActivationCode } from './premium/activation-codes.ts';
import { giveGrant } from './premium/ledger.ts';
import type { Standing, StandingRules } from './premium/standing.ts';

export type { Standing };

/** Wrong codes allowed per account and per address in a window, before the next try must wait. */
export type RedeemLimits = { perAccount: { max: number; windowMs: number }; perAddress: { max: number; windowMs: number } };

const HOUR_MS = 60 * 60 * 1000;
export const DEFAULT_REDEEM_LIMITS: RedeemLimits = { perAccount: { max: 10, windowMs: HOUR_MS }, perAddress: { max: 30, windowMs: HOUR_MS } };

/** How many grants the list of a user's grants shows. */
const GRANTS_SHOWN = 100;

/** The most codes one mint makes. */
export const MINT_MAX = 100_000;

/** The month's downloads against the user's standing, and when the month's count starts over. */
export type Allowances = { standing: Standing; downloaded: number; periodEnd: number };

export function premiumService(deps: {
  db: Kysely<Database>;
  plans: Plans;
  standing: StandingRules;
  counters: CounterStore;
  /** Whether card payments are set up. */
  payments: boolean;
  redeemLimits?: RedeemLimits;
  now?: () => number;
}) {
  const { db, plans, standing, counters } = deps;
  const now = deps.now ?? Date.now;
  const redeemLimits = deps.redeemLimits ?? DEFAULT_REDEEM_LIMITS;
  const repo = premiumRepository(db);

  function planOf(planId: string): PlanOffer {
    const plan = offerOf(plans, planId);
    if (!plan) throw new ServiceError('invalid_request', `There is no plan "${planId}".`, [{ field: 'plan', reason: 'unknown' }]);
    return plan;
  }

  /** A wrong code counts against the account and the address; past either limit, trying waits. */
  async function refuseCode(userId: string, address: string, reason: string): Promise<never> {
    const [account, from] = await Promise.all([
      counters.increment(`redeem:user:${userId}`, redeemLimits.perAccount.windowMs),
      counters.increment(`redeem:ip:${address}`, redeemLimits.perAddress.windowMs),
    ]);
    if (account.count > redeemLimits.perAccount.max) throw tooManyRequests(account.resetInMs);
    if (from.count > redeemLimits.perAddress.max) throw tooManyRequests(from.resetInMs);
    throw new ServiceError('invalid_activation_code', 'This activation code is not valid, has expired or has already been used.', [{ reason }]);
  }

  async function assertMayTry(userId: string, address: string): Promise<void> {
    const [account, from] = await Promise.all([counters.peek(`redeem:user:${userId}`), counters.peek(`redeem:ip:${address}`)]);
    if (account.count >= redeemLimits.perAccount.max) throw tooManyRequests(account.resetInMs);
    if (from.count >= redeemLimits.perAddress.max) throw tooManyRequests(from.resetInMs);
  }

  return {
    /** What the operator offers: the tiers and the plans. */
    offer: () => ({ plans, payments: deps.payments }),

    /** The user's membership and allowances now. */
    standing: (userId: string) => standing.standingOf(db, userId, now()),

    /** The user's grants, newest first, ended ones too. */
    grants: (userId: string): Promise<EntitlementRow[]> => repo.recentGrants(userId, GRANTS_SHOWN),

    /** What the user may download this month and has downloaded. */
    async allowances(userId: string): Promise<Allowances> {
      const at = now();
      const [current, downloaded] = await Promise.all([standing.standingOf(db, userId, at), repo.downloaded(userId, monthOf(at))]);
      return { standing: current, downloaded, periodEnd: monthEnd(at) };
    },

    /**
     * Redeems an activation code for the user: exactly one of any number of tries of one code
     * gets its grant. A wrong code counts towards the guessing limits.
     */
    async redeem(userId: string, address: string, typed: string): Promise<{ grant: EntitlementRow; standing: Standing }> {
      await assertMayTry(userId, address);
      const codeHash = activationCodeHash(typed);
      if (!codeHash) return refuseCode(userId, address, 'malformed');
      const code = await repo.codeByHash(codeHash);
      if (!code) return refuseCode(userId, address, 'unknown');
      const at = now();
      const grant = await db.transaction().execute(async (tx) => {
        if (!(await premiumRepository(tx).claimCode(code.id, userId, at))) return undefined;
        return giveGrant(tx, userId, JSON.parse(code.terms) as GrantTerms, { source: 'activation_code', sourceRef: code.id, planId: code.plan_id }, at);
      });
      if (!grant) return refuseCode(userId, address, code.expires_at <= at ? 'expired' : 'used');
      return { grant, standing: await standing.standingOf(db, userId, now()) };
    },

    /** The minted batches, for the operator. */
    codeBatches: () => premiumRepository(db).codeBatches(),

    /** Revokes a batch: its codes not yet redeemed stop working now. Answers how many. */
    async revokeBatch(batch: string): Promise<number> {
      const batches = await premiumRepository(db).codeBatches();
      if (!batches.some((known) => known.batch === batch)) throw new ServiceError('not_found', 'There is no batch of codes with this id.');
      return premiumRepository(db).expireBatch(batch, now());
    },

    /**
     * Mints `count` codes for a plan, valid for `validDays`. Answers the codes themselves: this is
     * the only time they exist in the clear.
     */
    async mintCodes(request: { planId: string; count: number; validDays: number }): Promise<{ codes: string[]; expiresAt: number; batch: string }> {
      const plan = planOf(request.planId);
      if (!Number.isInteger(request.count) || request.count < 1 || request.count > MINT_MAX)
        throw new ServiceError('invalid_request', `Mint from 1 to ${MINT_MAX} codes at a time.`, [{ field: 'count', reason: 'out_of_range' }]);
      if (!Number.isInteger(request.validDays) || request.validDays < 1)
        throw new ServiceError('invalid_request', 'Codes must be valid for at least one day.', [{ field: 'days', reason: 'out_of_range' }]);
      const at = now();
      const expiresAt = at + request.validDays * DAY_MS;
      const batch = newId();
      const codes = Array.from({ length: request.count }, newActivationCode);
      const terms = JSON.stringify(plan.terms);
      await db.transaction().execute(async (tx) => {
        // Rows go in slices, within the parameter limits of both engines.
        for (let i = 0; i < codes.length; i += 500) {
          const rows = codes.slice(i, i + 500).map((code) => ({
            id: newId(),
            code_hash: activationCodeHash(code)!,
            plan_id: plan.id,
            terms,
            batch,
            created_at: at,
            expires_at: expiresAt,
            redeemed_by: null,
            redeemed_at: null,
          }));
          await premiumRepository(tx).addCodes(rows);
        }
      });
      return { codes, expiresAt, batch };
    },
  };
}

export type PremiumService = ReturnType<typeof premiumService>;
