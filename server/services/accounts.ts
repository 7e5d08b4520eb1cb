// Accounts: signing up and in, sessions and their tokens, codes for other clients (and for devices
// without a keyboard), the profile's
// name and password, and who moderates; each a module of services/accounts/.
// Tokens are `<session id>.<secret>`; only SHA-256 hashes of secrets are stored. Access tokens live
// 15 minutes, refresh tokens 30 days and rotate on every use; presenting a refresh token that was
// already rotated away revokes the whole session (it was copied).
import type { Kysely } from 'kysely';
import type { CounterStore } from '../auth/rate-limits.ts';
import { accountsRepository } from '../db/repositories/accounts.ts';
import { deviceSignInRepository } from '../db/repositories/device-sign-in.ts';
import type { Database } from '../db/schema.ts';
import { clientCodes } from './accounts/client-codes.ts';
import { type AccountLimits, type AccountNotices, DEFAULT_LIMITS } from './accounts/context.ts';
import { deviceSignIn } from './accounts/device-sign-in.ts';
import { profile } from './accounts/profile.ts';
import { sessions } from './accounts/sessions.ts';
import { signIn } from './accounts/sign-in.ts';

export {
  ACCESS_TOKEN_TTL_MS,
  type AccountLimits,
  AUTH_CODE_TTL_MS,
  DEFAULT_LIMITS,
  describeDevice,
  REFRESH_TOKEN_TTL_MS,
  type RequestOrigin,
} from './accounts/context.ts';

export function accountsService(deps: {
  db: Kysely<Database>;
  counters: CounterStore;
  limits?: AccountLimits;
  /** Told of sign-ups and of sign-ins from new devices (the account's e-mails). */
  notices?: AccountNotices;
  now?: () => number;
}) {
  const context = {
    repo: accountsRepository(deps.db),
    counters: deps.counters,
    limits: deps.limits ?? DEFAULT_LIMITS,
    notices: deps.notices,
    // Read at each call, not kept: a test that moves the clock (vi.setSystemTime) moves it here too.
    now: deps.now ?? (() => Date.now()),
  };
  return {
    ...signIn(context),
    ...sessions(context),
    ...clientCodes(context),
    ...deviceSignIn(context, deviceSignInRepository(deps.db)),
    ...profile(context),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
