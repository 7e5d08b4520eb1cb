// Codes for other clients (the desktop app, the extension, the native app's webview): an
// authorization code with PKCE, exchanged once for a session of that client.
import { CLIENT_SCOPE } from '#shared/accounts/clients.ts';
import type { IssuedTokens } from '../../auth/tokens.ts';
import { ServiceError } from '../../errors.ts';
import { hashSecret, newSecret } from '../../ids.ts';
import { type AccountsContext, AUTH_CODE_TTL_MS, CODE_CLIENTS, invalidGrant, limit, openSession, pkceChallenge, type RequestOrigin } from './context.ts';

export function clientCodes(context: AccountsContext) {
  const { repo, limits, now } = context;

  return {
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
      await limit(context, `token:ip:${origin.ip}`, limits.tokenPerIp);
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
      const tokens = await openSession(context, user, code.client_id, origin);
      await repo.linkAuthCodeSession(codeHash, tokens.sessionId);
      return tokens;
    },
  };
}
