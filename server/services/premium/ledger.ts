// Giving a grant: every grant is dated when it is given. A premium period starts when the user's
// last one ends (or now), so periods extend one another instead of overlapping; storage and
// traffic start now. A source gives one user one grant per reference (an order, a code, a day), so
// giving twice — a replayed event, a double click — records nothing the second time.
import type { Kysely } from 'kysely';
import type { GrantSource, GrantTerms } from '#shared/api/premium.ts';
import { DAY_MS } from '../../calendar.ts';
import { accountsRepository } from '../../db/repositories/accounts.ts';
import { type EntitlementRow, premiumRepository } from '../../db/repositories/premium.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../ids.ts';

export type GrantOrigin = { source: GrantSource; sourceRef: string; planId?: string };

/**
 * Gives the user the grant within the caller's transaction. Answers the grant, or undefined when
 * this source already gave this user one for this reference.
 */
export async function giveGrant(tx: Kysely<Database>, userId: string, terms: GrantTerms, origin: GrantOrigin, at: number): Promise<EntitlementRow | undefined> {
  const repo = premiumRepository(tx);
  // Two grants to one user at once must not both start at the same end of premium.
  await accountsRepository(tx).lock(userId);
  const startsAt = terms.kind === 'premium' ? Math.max(at, (await repo.premiumEnd(userId, at)) ?? at) : at;
  const grant: EntitlementRow = {
    id: newId(),
    user_id: userId,
    kind: terms.kind,
    bytes: terms.kind === 'premium' ? 0 : (terms.bytes ?? 0),
    starts_at: startsAt,
    ends_at: startsAt + terms.days * DAY_MS,
    source: origin.source,
    source_ref: origin.sourceRef,
    plan_id: origin.planId ?? '',
    created_at: at,
  };
  return (await repo.addGrant(grant)) ? grant : undefined;
}
