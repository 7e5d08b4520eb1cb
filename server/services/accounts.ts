// Accounts: signing up and in, sessions and their tokens, codes for other clients, the profile's
// name and password, and who moderates.
// Tokens are `<session id>.<secret>`; only SHA-256 hashes of secrets are stored. Access tokens live
// 15 minutes, refresh tokens 30 days and rotate on every use; presenting a refresh token that was
// already rotated away revokes the whole session (it was copied).
import { createHash, randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import { CLIENT_IDS, CLIENT_SCOPE, EXTENSION_REDIRECT_URI, NATIVE_APP_REDIRECT_URI } from '#shared/accounts/clients.ts';
import { passwordProblem } from '#shared/accounts/password-rules.ts';
import { isProofOfWork } from '#shared/accounts/proof-of-work.ts';
import { isEmail } from '#shared/patterns.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import type { Authenticated, IssuedTokens } from '../auth/tokens.ts';
import { accountsRepository, type SessionRow, type UserRow } from '../db/repositories/accounts.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { hashSecret, newId, newSecret, secretMatches } from '../ids.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
export const AUTH_CODE_TTL_MS = 60_000;
/** last_seen_at is written at most this often per session, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export type AccountLimits = {
  signInPerIp: { max: number; windowMs: number };
  signInFailuresPerAccount: { captchaAt: number; max: number; windowMs: number };
  signInFailuresPerIp: { captchaAt: number; windowMs: number };
  signUpPerIp: { max: number; windowMs: number };
  tokenPerIp: { max: number; windowMs: number };
  passwordFailuresPerUser: { max: number; windowMs: number };
  proofOfWork: { difficulty: number; ttlMs: number };
  challengesPerIp: { max: number; windowMs: number };
};

/** Abuse limits: per address and per account, with a proof-of-work step before the wall. */
export const DEFAULT_LIMITS: AccountLimits = {
  signInPerIp: { max: 30, windowMs: 10 * 60_000 },
  signInFailuresPerAccount: { captchaAt: 5, max: 20, windowMs: 15 * 60_000 },
  signInFailuresPerIp: { captchaAt: 10, windowMs: 15 * 60_000 },
  signUpPerIp: { max: 20, windowMs: 60 * 60_000 },
  tokenPerIp: { max: 60, windowMs: 60_000 },
  passwordFailuresPerUser: { max: 5, windowMs: 15 * 60_000 },
  proofOfWork: { difficulty: 14, ttlMs: 5 * 60_000 },
  challengesPerIp: { max: 30, windowMs: 60_000 },
};

/** The clients that may ask for authorization codes, and where each may receive them. */
const CODE_CLIENTS: Record<string, (redirectUri: string) => boolean> = {
  [CLIENT_IDS.desktop]: (uri) => /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\/windows\/client-auth-code$/.test(uri),
  [CLIENT_IDS.extension]: (uri) => uri === EXTENSION_REDIRECT_URI,
  // The web app in the native app's webview, signed in from the app's own session.
  [CLIENT_IDS.web]: (uri) => uri === NATIVE_APP_REDIRECT_URI,
};

export type RequestOrigin = { ip: string; userAgent: string | undefined };

export function accountsService(deps: {
  db: Kysely<Database>;
  counters: CounterStore;
  limits?: AccountLimits;
  adminEmails?: readonly string[];
  now?: () => number;
}) {
  const repo = accountsRepository(deps.db);
  const LIMITS = deps.limits ?? DEFAULT_LIMITS;
  const counters = deps.counters;
  const now = deps.now ?? Date.now;

  async function limit(key: string, rule: { max: number; windowMs: number }) {
    const { count, resetInMs } = await counters.increment(key, rule.windowMs);
    if (count > rule.max) throw tooManyRequests(resetInMs);
  }

  async function openSession(user: UserRow, clientId: string, origin: RequestOrigin): Promise<IssuedTokens> {
    const at = now();
    const sessionId = newId();
    const access = newSecret();
    const refresh = newSecret();
    const tokens: IssuedTokens = {
      userId: user.id,
      sessionId,
      clientId,
      accessToken: `${sessionId}.${access}`,
      accessExpiresAt: at + ACCESS_TOKEN_TTL_MS,
      refreshToken: `${sessionId}.${refresh}`,
      refreshExpiresAt: at + REFRESH_TOKEN_TTL_MS,
    };
    await repo.insertSession({
      id: sessionId,
      user_id: user.id,
      client_id: clientId,
      device: describeDevice(origin.userAgent),
      ip: origin.ip,
      access_hash: hashSecret(access),
      access_expires_at: tokens.accessExpiresAt,
      refresh_hash: hashSecret(refresh),
      refresh_expires_at: tokens.refreshExpiresAt,
      created_at: at,
      last_seen_at: at,
    });
    return tokens;
  }

  /** A captcha_token is `<challenge>.<nonce>`: a challenge we issued, used once, with the work done. */
  async function proofOfWorkPassed(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const dot = token.lastIndexOf('.');
    const challenge = token.slice(0, dot);
    const nonce = token.slice(dot + 1);
    if (dot <= 0 || !nonce) return false;
    if (!(await isProofOfWork(challenge, nonce, LIMITS.proofOfWork.difficulty))) return false;
    return counters.takeOnce(`pow:${challenge}`);
  }

  return {
    async proofOfWorkChallenge(origin: RequestOrigin) {
      await limit(`challenge:ip:${origin.ip}`, LIMITS.challengesPerIp);
      const challenge = randomBytes(16).toString('base64url');
      await counters.putOnce(`pow:${challenge}`, LIMITS.proofOfWork.ttlMs);
      return { challenge, difficulty: LIMITS.proofOfWork.difficulty };
    },

    async signUp(input: { email: string; password: string; name: string; clientId: string }, origin: RequestOrigin): Promise<IssuedTokens> {
      await limit(`signup:ip:${origin.ip}`, LIMITS.signUpPerIp);
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
      if (deps.adminEmails?.includes(email)) await repo.grantAdminRoles([email]);
      const user = await repo.findUserById(id);
      if (!user) throw new Error(`user ${id} vanished right after sign-up`);
      return openSession(user, input.clientId, origin);
    },

    async signIn(input: { username: string; password: string; clientId: string; captchaToken?: string }, origin: RequestOrigin): Promise<IssuedTokens> {
      const email = normaliseEmail(input.username);
      await limit(`signin:ip:${origin.ip}`, LIMITS.signInPerIp);
      const accountKey = `signin:fail:account:${hashForKey(email)}`;
      const ipKey = `signin:fail:ip:${origin.ip}`;
      const [accountFailures, ipFailures] = await Promise.all([counters.peek(accountKey), counters.peek(ipKey)]);
      if (accountFailures.count >= LIMITS.signInFailuresPerAccount.max) throw tooManyRequests(accountFailures.resetInMs);
      const captchaNeeded = accountFailures.count >= LIMITS.signInFailuresPerAccount.captchaAt || ipFailures.count >= LIMITS.signInFailuresPerIp.captchaAt;
      if (captchaNeeded) {
        if (!input.captchaToken) throw new ServiceError('captcha_required', 'Too many failed attempts. Confirm you are not a robot, then try again.');
        if (!(await proofOfWorkPassed(input.captchaToken))) throw new ServiceError('captcha_invalid', 'The robot check did not pass. Please try again.');
      }
      const user = await repo.findUserByEmail(email);
      const passwordOk = await verifyPassword(input.password, user?.password_hash);
      if (!user || !passwordOk || user.status !== 'ACTIVE') {
        await Promise.all([
          counters.increment(accountKey, LIMITS.signInFailuresPerAccount.windowMs),
          counters.increment(ipKey, LIMITS.signInFailuresPerIp.windowMs),
        ]);
        // The same answer whether or not the account exists.
        throw new ServiceError('invalid_account_or_password', 'The e-mail address or password is not correct.');
      }
      await counters.reset(accountKey);
      return openSession(user, input.clientId, origin);
    },

    /** Finds who an access token belongs to, or undefined when it is unknown, expired or revoked. */
    async authenticate(accessToken: string): Promise<Authenticated | undefined> {
      const [sessionId, secret] = splitToken(accessToken);
      if (!sessionId || !secret) return undefined;
      const session = await repo.findSession(sessionId);
      const at = now();
      if (!session || session.revoked_at !== null || session.access_expires_at <= at) return undefined;
      if (!secretMatches(secret, session.access_hash)) return undefined;
      const user = await repo.findUserById(session.user_id);
      if (user?.status !== 'ACTIVE') return undefined;
      if (at - session.last_seen_at > LAST_SEEN_RESOLUTION_MS) await repo.touchSession(session.id, at);
      return { user, session };
    },

    async refresh(refreshToken: string, clientId: string, origin: RequestOrigin): Promise<IssuedTokens> {
      await limit(`token:ip:${origin.ip}`, LIMITS.tokenPerIp);
      const [sessionId, secret] = splitToken(refreshToken);
      const session = sessionId ? await repo.findSession(sessionId) : undefined;
      const at = now();
      if (!session || !secret || session.revoked_at !== null || session.client_id !== clientId) throw invalidGrant();
      if (!secretMatches(secret, session.refresh_hash)) {
        // A well-formed token for this session that is not its current one: an old copy in use.
        await repo.revokeSession(session.id, session.user_id, at, 'refresh_token_reused');
        throw invalidGrant();
      }
      if (session.refresh_expires_at <= at) throw invalidGrant();
      const access = newSecret();
      const refresh = newSecret();
      const next = {
        access_hash: hashSecret(access),
        access_expires_at: at + ACCESS_TOKEN_TTL_MS,
        refresh_hash: hashSecret(refresh),
        refresh_expires_at: at + REFRESH_TOKEN_TTL_MS,
        last_seen_at: at,
      };
      // Two refreshes racing with the same token: only one wins; the loser is a reuse.
      if (!(await repo.rotateSession(session.id, session.refresh_hash, next))) {
        await repo.revokeSession(session.id, session.user_id, at, 'refresh_token_reused');
        throw invalidGrant();
      }
      return {
        userId: session.user_id,
        sessionId: session.id,
        clientId,
        accessToken: `${session.id}.${access}`,
        accessExpiresAt: next.access_expires_at,
        refreshToken: `${session.id}.${refresh}`,
        refreshExpiresAt: next.refresh_expires_at,
      };
    },

    async authorize(userId: string, request: { clientId: string; scope: string; redirectUri: string; codeChallenge: string }): Promise<string> {
      const redirectAllowed = CODE_CLIENTS[request.clientId];
      if (!redirectAllowed)
        throw new ServiceError('invalid_request', 'This application is not registered with Nubo.', [{ field: 'client_id', reason: 'unknown' }]);
      if (!redirectAllowed(request.redirectUri))
        throw new ServiceError('invalid_request', 'This redirect address is not allowed for the application.', [
          { field: 'redirect_uri', reason: 'not_allowed' },
        ]);
      const scopes = request.scope.split(/\s+/).filter(Boolean);
      const allowed = CLIENT_SCOPE.split(' ');
      if (scopes.length === 0 || scopes.some((s) => !allowed.includes(s)))
        throw new ServiceError('invalid_request', `The scope must be within "${CLIENT_SCOPE}".`, [{ field: 'scope', reason: 'invalid' }]);
      if (!/^[A-Za-z0-9_-]{43}$/.test(request.codeChallenge))
        throw new ServiceError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier.', [
          { field: 'code_challenge', reason: 'invalid' },
        ]);
      const code = newSecret();
      await repo.insertAuthCode({
        code_hash: hashSecret(code),
        user_id: userId,
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        scope: scopes.join(' '),
        code_challenge: request.codeChallenge,
        expires_at: now() + AUTH_CODE_TTL_MS,
      });
      await repo.deleteExpiredAuthCodes(now() - 24 * 60 * 60_000);
      return code;
    },

    async exchangeCode(
      input: { code: string; codeVerifier: string | undefined; clientId: string; redirectUri: string | undefined },
      origin: RequestOrigin,
    ): Promise<IssuedTokens> {
      await limit(`token:ip:${origin.ip}`, LIMITS.tokenPerIp);
      const codeHash = hashSecret(input.code);
      const code = await repo.findAuthCode(codeHash);
      const at = now();
      if (!code) throw invalidGrant();
      if (!(await repo.spendAuthCode(codeHash, at))) {
        // A code presented twice: whoever holds it is not to be trusted with what it already gave.
        if (code.session_id) await repo.revokeSession(code.session_id, code.user_id, at, 'authorization_code_replayed');
        throw invalidGrant();
      }
      const verifierOk = !!input.codeVerifier && pkceChallenge(input.codeVerifier) === code.code_challenge;
      if (code.expires_at <= at || code.client_id !== input.clientId || code.redirect_uri !== input.redirectUri || !verifierOk) throw invalidGrant();
      const user = await repo.findUserById(code.user_id);
      if (user?.status !== 'ACTIVE') throw invalidGrant();
      const tokens = await openSession(user, code.client_id, origin);
      await repo.linkAuthCodeSession(codeHash, tokens.sessionId);
      return tokens;
    },

    async signOut(session: SessionRow) {
      await repo.revokeSession(session.id, session.user_id, now(), 'signed_out');
    },

    /** The user's sessions that can still be renewed, most recently seen first. */
    async listSessions(auth: Authenticated): Promise<SessionRow[]> {
      return repo.liveSessionsOf(auth.user.id, now());
    },

    async revokeSession(auth: Authenticated, sessionId: string) {
      // Another person's session id answers exactly like an unknown one.
      if (!(await repo.revokeSession(sessionId, auth.user.id, now(), 'revoked_by_user'))) {
        throw new ServiceError('not_found', 'That session does not exist or has already ended.');
      }
    },

    async revokeAllSessions(auth: Authenticated) {
      await repo.revokeSessionsOf(auth.user.id, now(), 'signed_out_everywhere');
    },

    async updateName(user: UserRow, name: string): Promise<UserRow> {
      const trimmed = name.trim();
      if (!trimmed) throw new ServiceError('invalid_request', 'Enter your name.', [{ field: 'name', reason: 'empty' }]);
      const updated_at = now();
      await repo.updateUser(user.id, { name: trimmed, updated_at });
      return { ...user, name: trimmed, updated_at };
    },

    async changePassword(auth: Authenticated, oldPassword: string, newPassword: string) {
      await limit(`password:user:${auth.user.id}`, LIMITS.passwordFailuresPerUser);
      if (!(await verifyPassword(oldPassword, auth.user.password_hash))) {
        throw new ServiceError('invalid_account_or_password', 'The current password is not correct.', [{ field: 'old_password', reason: 'wrong' }]);
      }
      const problem = passwordProblem(newPassword, { email: auth.user.email, name: auth.user.name });
      if (problem) throw new ServiceError('password_too_weak', PASSWORD_PROBLEM_TEXT[problem], [{ field: 'new_password', reason: problem }]);
      await counters.reset(`password:user:${auth.user.id}`);
      await repo.updateUser(auth.user.id, { password_hash: await hashPassword(newPassword), updated_at: now() });
      // Whoever knew the old password is signed out everywhere but here.
      await repo.revokeSessionsOf(auth.user.id, now(), 'password_changed', auth.session.id);
    },

    /** Moderators are named by configuration (ADMIN_EMAILS); the role follows the list at every start. */
    async grantAdminRoles(emails: readonly string[]) {
      if (emails.length > 0) await repo.grantAdminRoles(emails);
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

const PASSWORD_PROBLEM_TEXT = {
  too_short: 'Use at least 8 characters.',
  too_long: 'Use at most 256 characters.',
  common: 'This password is too common: it appears in lists that attackers try first. Choose another.',
  personal: 'Do not build the password from your name or e-mail address.',
} as const;

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function splitToken(token: string): [string | undefined, string | undefined] {
  const dot = token.indexOf('.');
  if (dot <= 0) return [undefined, undefined];
  return [token.slice(0, dot), token.slice(dot + 1)];
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Counter keys must not hold addresses in the clear (Redis may be shared). */
function hashForKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

function invalidGrant() {
  return new ServiceError('invalid_grant', 'The sign-in has expired or is not valid. Please sign in again.');
}

function tooManyRequests(resetInMs: number) {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new ServiceError('too_many_requests', `Too many attempts. Try again in ${seconds} seconds.`, [{ retry_after_seconds: seconds }]);
}

/** "Chrome 156 on Linux"; '' when nothing is known, for the app to say so in the user's language. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}
