// Signing up and in: abuse limits per address and per account, and a proof-of-work step before
// the wall for whoever keeps failing.
import { randomBytes } from 'node:crypto';
import { passwordProblem } from '#shared/accounts/password-rules.ts';
import { isProofOfWork } from '#shared/accounts/proof-of-work.ts';
import { isEmail } from '#shared/patterns.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { IssuedTokens } from '../../auth/tokens.ts';
import { ServiceError, tooManyRequests } from '../../errors.ts';
import { newId } from '../../ids.ts';
import {
  type AccountsContext,
  describeDevice,
  hashForKey,
  limit,
  localeOf,
  normaliseEmail,
  openSession,
  PASSWORD_PROBLEM_TEXT,
  type RequestOrigin,
} from './context.ts';

export function signIn(context: AccountsContext) {
  const { repo, counters, limits, now } = context;
  /** A captcha_token is `<challenge>.<nonce>`: a challenge we issued, used once, with the work done. */
  async function proofOfWorkPassed(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const dot = token.lastIndexOf('.');
    const challenge = token.slice(0, dot);
    const nonce = token.slice(dot + 1);
    if (dot <= 0 || !nonce) return false;
    if (!(await isProofOfWork(challenge, nonce, limits.proofOfWork.difficulty))) return false;
    return counters.takeOnce(`pow:${challenge}`);
  }

  return {
    /** Checks a solved proof of work (each challenge passes once): the robot check clients ask for on their own. */
    async verifyCaptcha(token: string): Promise<void> {
      if (!(await proofOfWorkPassed(token))) throw new ServiceError('captcha_invalid', 'The robot check did not pass. Please try again.');
    },

    async proofOfWorkChallenge(origin: RequestOrigin) {
      await limit(context, `challenge:ip:${origin.ip}`, limits.challengesPerIp);
      const challenge = randomBytes(16).toString('base64url');
      await counters.putOnce(`pow:${challenge}`, limits.proofOfWork.ttlMs);
      return { challenge, difficulty: limits.proofOfWork.difficulty };
    },

    async signUp(input: { email: string; password: string; name: string; clientId: string }, origin: RequestOrigin): Promise<IssuedTokens> {
      await limit(context, `signup:ip:${origin.ip}`, limits.signUpPerIp);
      const email = normaliseEmail(input.email);
      const name = input.name.trim();
      if (!isEmail(email)) throw new ServiceError('invalid_request', 'Enter a valid e-mail address.', [{ field: 'email', reason: 'invalid' }]);
      if (!name) throw new ServiceError('invalid_request', 'Enter your name.', [{ field: 'name', reason: 'empty' }]);
      const problem = passwordProblem(input.password, { email, name });
      if (problem) throw new ServiceError('password_too_weak', PASSWORD_PROBLEM_TEXT[problem], [{ field: 'password', reason: problem }]);
      const at = now();
      const id = newId();
      const inserted = await repo.insertUser({ id, email, name, password_hash: await hashPassword(input.password), created_at: at, updated_at: at });
      // Sign-up must say when an address is taken; it is rate limited per address like sign-in.
      if (!inserted) throw new ServiceError('account_already_exists', 'An account with this e-mail address already exists. Sign in instead.');
      const user = await repo.findUserById(id);
      if (!user) throw new Error(`user ${id} vanished right after sign-up`);
      const tokens = await openSession(context, user, input.clientId, origin);
      context.notices?.signedUp(user, localeOf(origin));
      return tokens;
    },

    async signIn(input: { username: string; password: string; clientId: string; captchaToken?: string }, origin: RequestOrigin): Promise<IssuedTokens> {
      const email = normaliseEmail(input.username);
      await limit(context, `signin:ip:${origin.ip}`, limits.signInPerIp);
      const accountKey = `signin:fail:account:${hashForKey(email)}`;
      const ipKey = `signin:fail:ip:${origin.ip}`;
      const [accountFailures, ipFailures] = await Promise.all([counters.peek(accountKey), counters.peek(ipKey)]);
      if (accountFailures.count >= limits.signInFailuresPerAccount.max) throw tooManyRequests(accountFailures.resetInMs);
      const captchaNeeded = accountFailures.count >= limits.signInFailuresPerAccount.captchaAt || ipFailures.count >= limits.signInFailuresPerIp.captchaAt;
      if (captchaNeeded) {
        if (!input.captchaToken) throw new ServiceError('captcha_required', 'Too many failed attempts. Confirm you are not a robot, then try again.');
        if (!(await proofOfWorkPassed(input.captchaToken))) throw new ServiceError('captcha_invalid', 'The robot check did not pass. Please try again.');
      }
      const user = await repo.findUserByEmail(email);
      const passwordOk = await verifyPassword(input.password, user?.password_hash);
      if (!user || !passwordOk || user.status !== 'ACTIVE') {
        await Promise.all([
          counters.increment(accountKey, limits.signInFailuresPerAccount.windowMs),
          counters.increment(ipKey, limits.signInFailuresPerIp.windowMs),
        ]);
        // The same answer whether or not the account exists.
        throw new ServiceError('invalid_account_or_password', 'The e-mail address or password is not correct.');
      }
      await counters.reset(accountKey);
      // Looked up only where someone is told of new devices (the server sends mail).
      const device = context.notices ? describeDevice(origin.userAgent) : '';
      const newDevice = context.notices !== undefined && !(await repo.knowsDevice(user.id, device));
      const tokens = await openSession(context, user, input.clientId, origin);
      if (newDevice) context.notices?.signedInFromNewDevice({ user, device, ip: origin.ip, at: now(), locale: localeOf(origin) });
      return tokens;
    },
  };
}
