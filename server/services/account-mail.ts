// E-mail about the account: the link that confirms an address after sign-up, the link that
// resets a forgotten password (every session ends with it), and a notice when the account is
// signed in to from a device it had not used. Links are single-use tokens, stored as hashes, that
// expire; they point at PUBLIC_URL, never at whatever Host a request named. Without SMTP (no
// mailer) nothing here is offered: the status says so and the flows answer mail_unavailable.
import type { Kysely } from 'kysely';
import { passwordProblem } from '#shared/accounts/password-rules.ts';
import { ACCOUNT_PATH, MY_SHARES_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '#shared/app-paths.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { type AccountTokenRow, accountTokensRepository } from '../db/repositories/account-tokens.ts';
import { accountsRepository, type UserRow } from '../db/repositories/accounts.ts';
import type { ShareRow } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError, tooManyRequests } from '../errors.ts';
import { hashSecret, newSecret } from '../ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountMails } from '../mail/templates.ts';
import { PASSWORD_PROBLEM_TEXT } from './accounts/context.ts';

const HOUR_MS = 60 * 60_000;

import type { MailService } from './mail.ts';

/** How long each link works. */
export const ACCOUNT_LINK_TTL_MS: Record<AccountTokenRow['purpose'], number> = { verify_email: 48 * HOUR_MS, reset_password: HOUR_MS };
/** Reset mails one address may ask for, and one account may get, in an hour: no mailbox is flooded. */
export const RESET_REQUESTS = { perAddress: 10, perAccount: 3, windowMs: HOUR_MS };

/** Who signed in, from where: what a new-device notice tells. */
export type SignInNotice = { user: UserRow; device: string; ip: string; at: number; locale: Locale };

export function accountMailService(deps: {
  db: Kysely<Database>;
  mailer: Mailer | undefined;
  mails: AccountMails;
  unsubscribe: MailService;
  counters: CounterStore;
  publicUrl: string;
  /** ADMIN_EMAILS: an account of one of these gets the operator role when its holder confirms the address. */
  adminEmails?: readonly string[];
  log: { error(details: object, message: string): void };
  now?: () => number;
}) {
  const { db, mailer, mails, counters, publicUrl, log } = deps;
  const now = deps.now ?? Date.now;
  const accounts = accountsRepository(db);
  const tokens = accountTokensRepository(db);

  function mailerOrRefuse(): Mailer {
    if (!mailer) throw new ServiceError('mail_unavailable', 'This server sends no e-mail (SMTP_URL is not set).');
    return mailer;
  }

  /** A new link of `purpose` for the user, the earlier unused ones retired. */
  async function linkFor(user: UserRow, purpose: AccountTokenRow['purpose'], page: string): Promise<string> {
    const token = newSecret();
    const at = now();
    await tokens.retireUnused(user.id, purpose, at);
    await tokens.insert({ token_hash: hashSecret(token), user_id: user.id, purpose, created_at: at, expires_at: at + ACCOUNT_LINK_TTL_MS[purpose] });
    return `${publicUrl}${page}?token=${encodeURIComponent(token)}`;
  }

  /** Sends without holding the answer back; a failure is logged (the operator's SMTP, not the person's doing). */
  function sendLater(send: () => Promise<void>, what: string) {
    void send().catch((failure: unknown) => log.error({ err: failure }, `could not send ${what}`));
  }

  const invalidLink = () => new ServiceError('invalid_mail_link', 'This link has expired or was already used. Ask for a new one.');

  async function sendConfirmation(user: UserRow, locale: Locale) {
    const link = await linkFor(user, 'verify_email', VERIFY_EMAIL_PATH);
    await mailerOrRefuse().send({ to: user.email, ...mails.confirmAddress(locale, { name: user.name, email: user.email, link }) });
  }

  return {
    status: () => ({ mail: mailer !== undefined }),

    /** After sign-up: the confirmation link, sent in the background (the sign-up does not wait for SMTP). */
    welcome(user: UserRow, locale: Locale) {
      if (mailer) sendLater(() => sendConfirmation(user, locale), 'an address confirmation');
    },

    /** The confirmation link again, for a signed-in person whose address is not confirmed yet. */
    async sendConfirmationAgain(user: UserRow, locale: Locale) {
      mailerOrRefuse();
      if (user.email_verified_at !== null) return;
      const { count, resetInMs } = await counters.increment(`verify:account:${user.id}`, RESET_REQUESTS.windowMs);
      if (count > RESET_REQUESTS.perAccount) throw tooManyRequests(resetInMs);
      await sendConfirmation(user, locale);
    },

    async confirmAddress(token: string): Promise<UserRow> {
      const spent = await tokens.spend(hashSecret(token), 'verify_email', now());
      if (!spent) throw invalidLink();
      await accounts.markEmailVerified(spent.user_id, now());
      const confirmed = await accounts.findUserById(spent.user_id);
      if (!confirmed) throw invalidLink();
      if (!deps.adminEmails?.includes(confirmed.email)) return confirmed;
      await accounts.grantAdminRolesToConfirmed([confirmed.email]);
      return (await accounts.findUserById(confirmed.id)) ?? confirmed;
    },

    /**
     * A reset link to the account with this address, if there is one. The answer is the same
     * either way, and comes before the mail is sent, so nobody learns which addresses have accounts.
     */
    async requestPasswordReset(email: string, locale: Locale, ip: string) {
      const sending = mailerOrRefuse();
      const perAddress = await counters.increment(`reset:ip:${ip}`, RESET_REQUESTS.windowMs);
      if (perAddress.count > RESET_REQUESTS.perAddress) throw tooManyRequests(perAddress.resetInMs);
      const user = await accounts.findUserByEmail(email.trim().toLowerCase());
      if (user?.status !== 'ACTIVE') return;
      const perAccount = await counters.increment(`reset:account:${user.id}`, RESET_REQUESTS.windowMs);
      if (perAccount.count > RESET_REQUESTS.perAccount) return;
      sendLater(async () => {
        const link = await linkFor(user, 'reset_password', RESET_PASSWORD_PATH);
        await sending.send({ to: user.email, ...mails.resetPassword(locale, { name: user.name, email: user.email, link }) });
      }, 'a password reset');
    },

    /** Sets the new password, confirms the address (the mail reached it), and ends every session. */
    async resetPassword(token: string, password: string) {
      const at = now();
      const tokenHash = hashSecret(token);
      // Checked before it is spent, so a weak password leaves the link usable for a better one.
      const ownerId = await tokens.ownerOf(tokenHash);
      const owner = ownerId && (await accounts.findUserById(ownerId));
      if (owner) {
        const problem = passwordProblem(password, { email: owner.email, name: owner.name });
        if (problem) throw new ServiceError('password_too_weak', PASSWORD_PROBLEM_TEXT[problem], [{ field: 'password', reason: problem }]);
      }
      const spent = await tokens.spend(tokenHash, 'reset_password', at);
      if (!spent) throw invalidLink();
      await accounts.updateUser(spent.user_id, { password_hash: await hashPassword(password), updated_at: at });
      await accounts.markEmailVerified(spent.user_id, at);
      await accounts.revokeSessionsOf(spent.user_id, at, 'password_reset');
    },

    /** After a sign-in from a device the account had not used: a notice, unless its owner stopped them. */
    newDeviceSignIn({ user, device, ip, at, locale }: SignInNotice) {
      if (!mailer) return;
      sendLater(async () => {
        if (await deps.unsubscribe.optedOut(user.id, 'sign_in')) return;
        const unsubscribeUrl = `${publicUrl}/unsubscribe?d=${encodeURIComponent(deps.unsubscribe.unsubscribeToken(user.id, 'sign_in'))}`;
        const link = `${publicUrl}${ACCOUNT_PATH}`;
        await mailer.send({ to: user.email, ...mails.newDevice(locale, { name: user.name, email: user.email, device, ip, at, link, unsubscribeUrl }) });
      }, 'a new-device notice');
    },

    /**
     * After one of their shares stopped taking passcodes because too many wrong ones were tried on
     * it: a notice to its owner, at most one a day for each share however long the guessing goes on.
     * It always goes, as a password reset does: it is about the safety of what they share. Settles
     * once the mail is handed over or not needed; a failure is logged, never thrown.
     */
    async sharePassCodesStopped(share: Pick<ShareRow, 'id' | 'user_id' | 'title'>, until: number): Promise<void> {
      if (!mailer) return;
      try {
        const { count } = await counters.increment(`passcode-notice:${share.id}`, 24 * HOUR_MS);
        if (count > 1) return;
        const user = await accounts.findUserById(share.user_id);
        if (user?.status !== 'ACTIVE') return;
        // The account keeps no language of its own, and the guesser's is not the owner's.
        const link = `${publicUrl}${MY_SHARES_PATH}`;
        await mailer.send({
          to: user.email,
          ...mails.sharePassCodesStopped(DEFAULT_LOCALE, { name: user.name, email: user.email, title: share.title, until, link }),
        });
      } catch (failure) {
        log.error({ err: failure }, 'could not send a notice of passcodes guessed on a share');
      }
    },
  };
}

export type AccountMailService = ReturnType<typeof accountMailService>;
