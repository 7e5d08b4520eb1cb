// Unsubscribing (SPEC §7.5): each e-mail's link carries a token signed with a server secret,
// naming the account and the scene, and expiring; following it (after the page's confirmation)
// records that the account wants no more e-mails of that scene. The mailer reads the opt-outs.
import type { Kysely } from 'kysely';
import type { MailScene } from '#shared/api/mail.ts';
import { DAY_MS } from '../calendar.ts';
import { accountsRepository } from '../db/repositories/accounts.ts';
import { mailRepository } from '../db/repositories/mail.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { signer } from '../ids.ts';

/** How long an e-mail's unsubscribe link works. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

const invalidLink = (reason: string) =>
  new ServiceError('invalid_unsubscribe_link', 'This unsubscribe link has expired or is not valid. Use the link in a more recent e-mail.', [{ reason }]);

export function mailService(deps: { db: Kysely<Database>; key: Buffer; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const { sign, verify } = signer(deps.key);

  return {
    /** The `d` of an e-mail's unsubscribe link. */
    unsubscribeToken(userId: string, scene: MailScene): string {
      const payload = Buffer.from(JSON.stringify({ u: userId, s: scene, e: now() + UNSUBSCRIBE_LINK_DAYS * DAY_MS })).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** Stops the scene's e-mails for the account the token names. */
    async unsubscribe(token: string): Promise<{ email: string; scene: string }> {
      const [payload = '', signature = ''] = token.split('.');
      if (!verify(payload, signature)) throw invalidLink('signature');
      const { u: userId, s: scene, e: expires } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: string; s: string; e: number };
      if (!(expires > now())) throw invalidLink('expired');
      const user = await accountsRepository(db).findUserById(userId);
      if (!user) throw invalidLink('account');
      await mailRepository(db).optOut(userId, scene, now());
      return { email: user.email, scene };
    },

    /** Whether the account stopped this scene's e-mails. */
    optedOut: (userId: string, scene: MailScene) => mailRepository(db).optedOut(userId, scene),
  };
}

export type MailService = ReturnType<typeof mailService>;
