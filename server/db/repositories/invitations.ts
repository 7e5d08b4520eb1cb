// Invitations: each user's code, and who joined through whose code. Nothing here decides what an
// invitation earns: services/invitations does.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, InvitationTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function invitationsRepository(db: Db) {
  return {
    codeOf: async (userId: string) => (await db.selectFrom('invite_code').select('code').where('user_id', '=', userId).executeTakeFirst())?.code,

    /** Gives the user this code unless they have one (or the code is taken): answers whether it was given. */
    async giveCode(userId: string, code: string, at: number): Promise<boolean> {
      const inserted = await db
        .insertInto('invite_code')
        .values({ user_id: userId, code, created_at: at })
        .onConflict((c) => c.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    ownerOf: async (code: string) => (await db.selectFrom('invite_code').select('user_id').where('code', '=', code).executeTakeFirst())?.user_id,

    /** Records that the invitee joined through the inviter, unless they joined through someone already: answers whether it was recorded. */
    async record(invitation: Insertable<InvitationTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('invitation')
        .values(invitation)
        .onConflict((c) => c.column('invitee_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** How many joined through the inviter's code, and how many of them earned the inviter a reward. */
    counts: async (inviterId: string) => {
      const row = await db
        .selectFrom('invitation')
        .select((eb) => [eb.fn.countAll<number>().as('joined'), eb.fn.sum<number>('rewarded').as('rewarded')])
        .where('inviter_id', '=', inviterId)
        .executeTakeFirstOrThrow();
      return { joined: Number(row.joined), rewarded: Number(row.rewarded ?? 0) };
    },

    /** Whether an invitation of this inviter came from this address since `since`. */
    cameFromRecently: async (inviterId: string, ip: string, since: number) =>
      (await db
        .selectFrom('invitation')
        .select('invitee_id')
        .where('inviter_id', '=', inviterId)
        .where('invitee_ip', '=', ip)
        .where('created_at', '>=', since)
        .executeTakeFirst()) !== undefined,

    /** Whether the user was signed in from this address since `since`. */
    usedAddressRecently: async (userId: string, ip: string, since: number) =>
      (await db.selectFrom('session').select('id').where('user_id', '=', userId).where('ip', '=', ip).where('last_seen_at', '>=', since).executeTakeFirst()) !==
      undefined,

    /** The inviter's invitations, newest first, with each invitee's name. */
    invitationsOf: (inviterId: string, limit: number) =>
      db
        .selectFrom('invitation')
        .innerJoin('user', 'user.id', 'invitation.invitee_id')
        .select(['invitation.invitee_id', 'user.name', 'invitation.rewarded', 'invitation.created_at'])
        .where('invitation.inviter_id', '=', inviterId)
        .orderBy('invitation.created_at', 'desc')
        .limit(limit)
        .execute(),
  };
}
