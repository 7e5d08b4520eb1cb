// Invitations (SPEC §4 free premium, §7.3): each user's invite code; a new account that joins
// through one gets the invitee's reward once, and the inviter gets theirs up to a cap. Nobody is
// rewarded for an account that joins from an address the inviter uses, or from one that already
// brought the inviter an account in the last day: that is most likely the inviter again.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DAY_MS } from '../calendar.ts';
import { accountsRepository } from '../db/repositories/accounts.ts';
import { invitationsRepository } from '../db/repositories/invitations.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { InvitationRewards } from '../plans.ts';
import { giveGrant } from './premium/ledger.ts';

/** Only an account this new may join through an invitation: older ones were not invited. */
const JOINING_WINDOW_MS = 7 * DAY_MS;
/** How long an address stays the inviter's own. */
const SAME_PLACE_WINDOW_MS = DAY_MS;
/** Invite codes: 8 characters a person can read out and type. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 8;

const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
const normalised = (code: string) => code.trim().toUpperCase();

export type InvitationStanding = { invited: number; rewardDays: number; rewardsLeft: number; rewards: InvitationRewards | undefined };

export function invitationsService(deps: { db: Kysely<Database>; rewards: InvitationRewards | undefined; now?: () => number }) {
  const { db, rewards } = deps;
  const now = deps.now ?? Date.now;
  const repo = invitationsRepository(db);

  return {
    /** The user's invite code, made the first time it is asked for. */
    async codeOf(userId: string): Promise<string> {
      for (;;) {
        const known = await repo.codeOf(userId);
        if (known) return known;
        // A code someone else holds is simply not given: the loop makes another.
        await repo.giveCode(userId, newCode(), now());
      }
    },

    /** How many joined through the user's code, what it earned them, and what each side gets. */
    async standing(userId: string): Promise<InvitationStanding> {
      const { joined, rewarded } = await repo.counts(userId);
      const earnedEach = rewards?.inviter.kind === 'premium' ? rewards.inviter.days : 0;
      return { invited: joined, rewardDays: rewarded * earnedEach, rewardsLeft: Math.max(0, (rewards?.inviterLimit ?? 0) - rewarded), rewards };
    },

    invitations: (userId: string, limit: number) => repo.invitationsOf(userId, limit),

    /**
     * The signed-in user joins through an inviter's code (SPEC §4 free premium). Answers the days of
     * premium it gave them: 0 without a code, or when this server gives nothing for invitations.
     */
    async join(inviteeId: string, address: string, code: string | undefined): Promise<{ freeDays: number }> {
      if (!rewards || !code?.trim()) return { freeDays: 0 };
      const inviterId = await repo.ownerOf(normalised(code));
      if (!inviterId) throw new ServiceError('invalid_request', 'This invite code does not exist.', [{ field: 'from', reason: 'unknown_code' }]);
      if (inviterId === inviteeId)
        throw new ServiceError('invalid_request', 'You cannot join through your own invitation.', [{ field: 'from', reason: 'own_code' }]);
      const at = now();
      const invitee = await accountsRepository(db).findUserById(inviteeId);
      if (!invitee || at - Number(invitee.created_at) > JOINING_WINDOW_MS)
        throw new ServiceError('has_joined_referral', 'Only a new account can join through an invitation.', [{ reason: 'account_not_new' }]);
      return db.transaction().execute(async (tx) => {
        const invitations = invitationsRepository(tx);
        // One invitation of this inviter at a time, so the cap holds under concurrent joins.
        await accountsRepository(tx).lock(inviterId);
        const since = at - SAME_PLACE_WINDOW_MS;
        const samePlace = (await invitations.usedAddressRecently(inviterId, address, since)) || (await invitations.cameFromRecently(inviterId, address, since));
        const capped = (await invitations.counts(inviterId)).rewarded >= rewards.inviterLimit;
        const rewardsInviter = !samePlace && !capped;
        const recorded = await invitations.record({
          invitee_id: inviteeId,
          inviter_id: inviterId,
          invitee_ip: address,
          rewarded: rewardsInviter ? 1 : 0,
          created_at: at,
        });
        if (!recorded) throw new ServiceError('has_joined_referral', 'This account has already joined through an invitation.', [{ reason: 'joined' }]);
        if (samePlace) return { freeDays: 0 };
        const given = await giveGrant(tx, inviteeId, rewards.invitee, { source: 'invitation', sourceRef: 'invitee' }, at);
        if (rewardsInviter) await giveGrant(tx, inviterId, rewards.inviter, { source: 'invitation', sourceRef: `inviter:${inviteeId}` }, at);
        return { freeDays: given && rewards.invitee.kind === 'premium' ? rewards.invitee.days : 0 };
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof invitationsService>;
