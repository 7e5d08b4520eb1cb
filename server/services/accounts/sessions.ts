// Sessions and their tokens: who an access token belongs to, refresh tokens that rotate on every
// use (a replayed one ends its session), and signing out here or everywhere.
import type { Authenticated, IssuedTokens } from '../../auth/tokens.ts';
import type { SessionRow } from '../../db/repositories/accounts.ts';
import { ServiceError } from '../../errors.ts';
import { hashSecret, newSecret, secretMatches } from '../../ids.ts';
import {
  ACCESS_TOKEN_TTL_MS,
  type AccountsContext,
  invalidGrant,
  LAST_SEEN_RESOLUTION_MS,
  limit,
  REFRESH_TOKEN_TTL_MS,
  type RequestOrigin,
  splitToken,
} from './context.ts';

export function sessions(context: AccountsContext) {
  const { repo, limits, now } = context;

  return {
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
      await limit(context, `token:ip:${origin.ip}`, limits.tokenPerIp);
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
  };
}
