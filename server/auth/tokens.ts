// What signing in gives and what a token proves, shared by the accounts service that issues
// tokens and the request hooks and cookies that carry them.
import type { SessionRow, UserRow } from '../db/repositories/accounts.ts';

/** A session's tokens as issued: `<session id>.<secret>`, each with its expiry (epoch ms). */
export type IssuedTokens = {
  userId: string;
  sessionId: string;
  clientId: string;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
};

/** Who an access token belongs to, and the session it opens. */
export type Authenticated = { user: UserRow; session: SessionRow };
