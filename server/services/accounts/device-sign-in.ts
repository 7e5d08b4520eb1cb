// The device sign-in (OAuth 2.0 device authorization grant, RFC 8628): a device without a keyboard
// asks for a long device code and a short user code; its person types the short one on a page
// where they are signed in, sees which device asks, and lets it in or refuses; meanwhile the
// device polls the token endpoint with the long one and gets its tokens once, for a session of
// its own that the person sees among their sessions and can end.
import { randomInt } from 'node:crypto';
import { CLIENT_IDS, CLIENT_SCOPE } from '#shared/accounts/clients.ts';
import { normaliseUserCode, USER_CODE_ALPHABET, USER_CODE_LENGTH } from '#shared/accounts/user-codes.ts';
import type { IssuedTokens } from '../../auth/tokens.ts';
import type { DeviceSignInRow, deviceSignInRepository } from '../../db/repositories/device-sign-in.ts';
import { ServiceError } from '../../errors.ts';
import { hashSecret, newId, newSecret } from '../../ids.ts';
import { type AccountsContext, describeDevice, hashForKey, limit, openSession, type RequestOrigin } from './context.ts';

/** How long a device's codes stay usable: long enough to find a phone and sign in on it. */
export const DEVICE_CODE_TTL_MS = 10 * 60_000;
/** Seconds a device waits between polls, and what each poll too soon adds to that (RFC 8628 §3.5). */
export const DEVICE_POLL_INTERVAL_S = 5;
export const DEVICE_SLOW_DOWN_STEP_S = 5;
/** A poll this much early is not yet too soon: a device's clock and the network are not exact. */
const POLL_TOLERANCE_MS = 1000;
/**
 * The clients that sign in this way: those without a keyboard or a browser of their own (the TV
 * app), and Nubo's own TV page in a TV's browser, which gets a cookie session like the web app's
 * (only from Nubo's own pages: the routes check the origin).
 */
const DEVICE_CLIENTS: ReadonlySet<string> = new Set([CLIENT_IDS.tv, CLIENT_IDS.web]);

/** A device's codes as issued; the presenter adds where the person goes to type the short one. */
export type IssuedDeviceCodes = { deviceCode: string; userCode: string; expiresAt: number; intervalS: number };

export function deviceSignIn(context: AccountsContext, requests: ReturnType<typeof deviceSignInRepository>) {
  const { repo, limits, now } = context;

  /** Counts a try at a user code, before it is looked at: per person and per address (RFC 8628 §5.1). */
  async function countTry(userId: string, origin: RequestOrigin) {
    await limit(context, `usercode:user:${userId}`, limits.userCodeTriesPerUser);
    await limit(context, `usercode:ip:${hashForKey(origin.ip)}`, limits.userCodeTriesPerIp);
  }

  function codeOf(typed: string): string {
    const code = normaliseUserCode(typed);
    if (!code)
      throw new ServiceError('invalid_request', `A code is ${USER_CODE_LENGTH} letters, such as BDFG-HJKL.`, [{ field: 'user_code', reason: 'invalid' }]);
    return code;
  }

  const notFound = () => new ServiceError('not_found', 'This code is not valid, was already used or has expired. Check the code on the device’s screen.');

  return {
    /** RFC 8628 §3.1–3.2: a device asks for its codes. */
    async requestDeviceCodes(input: { clientId: string; scope: string | undefined }, origin: RequestOrigin): Promise<IssuedDeviceCodes> {
      if (!DEVICE_CLIENTS.has(input.clientId))
        throw new ServiceError('invalid_request', 'This application does not sign in with a code.', [{ field: 'client_id', reason: 'unknown' }]);
      const allowed = CLIENT_SCOPE.split(' ');
      const scopes = (input.scope ?? CLIENT_SCOPE).split(/\s+/).filter(Boolean);
      if (scopes.length === 0 || scopes.some((s) => !allowed.includes(s)))
        throw new ServiceError('invalid_request', `The scope must be within "${CLIENT_SCOPE}".`, [{ field: 'scope', reason: 'invalid' }]);
      await limit(context, `devicecode:ip:${hashForKey(origin.ip)}`, limits.deviceCodesPerIp);
      const at = now();
      const deviceCode = newSecret();
      const row = {
        id: newId(),
        device_code_hash: hashSecret(deviceCode),
        client_id: input.clientId,
        scope: scopes.join(' '),
        device: describeDevice(origin.userAgent),
        ip: origin.ip,
        created_at: at,
        expires_at: at + DEVICE_CODE_TTL_MS,
        interval_s: DEVICE_POLL_INTERVAL_S,
      };
      // Two requests drawing the same user code: the unique index lets one in, the other draws again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const userCode = newUserCode();
        if (await requests.insert({ ...row, user_code: userCode })) return { deviceCode, userCode, expiresAt: row.expires_at, intervalS: row.interval_s };
      }
      throw new Error('five user codes drawn in a row were all taken');
    },

    /** RFC 8628 §3.4–3.5: a device's poll of the token endpoint. */
    async pollDeviceCode(input: { deviceCode: string; clientId: string }, origin: RequestOrigin): Promise<IssuedTokens> {
      await limit(context, `token:ip:${origin.ip}`, limits.tokenPerIp);
      const request = await requests.findByDeviceCode(hashSecret(input.deviceCode));
      if (!request || request.client_id !== input.clientId) throw new ServiceError('invalid_grant', 'This device code is not valid. Ask for a new one.');
      const at = now();
      if (request.spent_at !== null)
        // Not taken as a theft, as a replayed authorization code is: a device code never leaves the
        // device, and a device that lost the answer carrying its tokens asks again.
        throw new ServiceError('invalid_grant', 'This device code was already used. Ask for a new one.');
      if (request.expires_at <= at) throw new ServiceError('expired_token', 'The code expired before anyone confirmed it. Ask for a new one.');
      if (!(await requests.notePoll(request.id, at, POLL_TOLERANCE_MS))) {
        const slowed = await requests.slowDown(request.id, DEVICE_SLOW_DOWN_STEP_S);
        const interval = slowed?.interval_s ?? request.interval_s + DEVICE_SLOW_DOWN_STEP_S;
        throw new ServiceError('slow_down', `Asked too soon. Wait ${interval} seconds between polls.`, [{ interval }]);
      }
      if (request.decision === null) throw new ServiceError('authorization_pending', 'Waiting for the code to be confirmed.');
      if (request.decision === 'denied') throw new ServiceError('access_denied', 'The sign-in was refused on the confirming device.');
      return issueTokens(request, origin, at);
    },

    /** What the verification page shows of the request a code belongs to, for the person to decide on. */
    async describeDeviceRequest(userId: string, typedCode: string, origin: RequestOrigin): Promise<DeviceSignInRow> {
      const code = codeOf(typedCode);
      await countTry(userId, origin);
      const request = await requests.findUndecided(code, now());
      if (!request) throw notFound();
      return request;
    },

    /** The person lets the device in (`approve`) or refuses it; a code decided already, by anyone, is not found. */
    async decideDeviceRequest(userId: string, typedCode: string, approve: boolean, origin: RequestOrigin): Promise<void> {
      const code = codeOf(typedCode);
      await countTry(userId, origin);
      if (!(await requests.decide(code, userId, approve ? 'approved' : 'denied', now()))) throw notFound();
    },
  };

  async function issueTokens(request: DeviceSignInRow, origin: RequestOrigin, at: number): Promise<IssuedTokens> {
    // Of polls that raced past the interval check, one spends the code.
    if (!(await requests.spend(request.id, at))) throw new ServiceError('invalid_grant', 'This device code was already used. Ask for a new one.');
    const user = request.user_id ? await repo.findUserById(request.user_id) : undefined;
    if (user?.status !== 'ACTIVE') throw new ServiceError('access_denied', 'The account that confirmed this code cannot sign in.');
    const tokens = await openSession(context, user, request.client_id, origin);
    await requests.linkSession(request.id, tokens.sessionId);
    return tokens;
  }
}

/** Eight letters drawn uniformly from the user-code alphabet. */
function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}
