// People and their sessions as the API shows them (API.md Auth): what signing in answers, the
// profile with the e-mail address and phone number masked, and each session with whether it is
// the one asking.
import { CLIENT_IDS, CLIENT_SCOPE } from '#shared/accounts/clients.ts';
import { ACCOUNT_PATHS, type AuthServerMetadata, type SessionResource, type SignedIn, type UserProfile } from '#shared/api/accounts.ts';
import { DEVICE_CODE_GRANT_TYPE, DEVICE_SIGN_IN_PATHS } from '#shared/api/device-sign-in.ts';
import type { IssuedTokens } from '../auth/tokens.ts';
import type { SessionRow, UserRow } from '../db/repositories/accounts.ts';

/** Browsers get an answer without secrets (their tokens travel in cookies); other clients get the tokens. */
export function presentSignedIn(tokens: IssuedTokens): SignedIn {
  const expiresIn = Math.round((tokens.accessExpiresAt - Date.now()) / 1000);
  if (tokens.clientId === CLIENT_IDS.web) return { token_type: 'Cookie', sub: tokens.userId, expires_in: expiresIn, expires_at: tokens.refreshExpiresAt };
  return { token_type: 'Bearer', access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: expiresIn, sub: tokens.userId };
}

export function presentProfile(user: UserRow): UserProfile {
  return {
    sub: user.id,
    name: user.name,
    email: maskEmail(user.email),
    phone_number: maskPhone(user.phone_number),
    picture: user.picture,
    password: user.password_hash ? 'SET' : '',
    email_verified: user.email_verified_at !== null,
    status: user.status,
    roles: user.role === 'admin' ? ['admin'] : [],
    created_at: new Date(user.created_at).toISOString(),
  };
}

export function presentSession(session: SessionRow, currentSessionId: string): SessionResource {
  return {
    id: session.id,
    client_id: session.client_id,
    device: session.device,
    ip: session.ip,
    created_at: new Date(session.created_at).toISOString(),
    last_seen_at: new Date(session.last_seen_at).toISOString(),
    current: session.id === currentSessionId,
  };
}

/**
 * The authorization server's metadata (RFC 8414), for clients that find the endpoints there (a TV
 * app finds the device sign-in, RFC 8628 §4). Clients are public: none holds a secret.
 */
export function authServerMetadata(publicUrl: string): AuthServerMetadata {
  const at = (path: string) => new URL(path, publicUrl).href;
  return {
    issuer: new URL(publicUrl).origin,
    token_endpoint: at(ACCOUNT_PATHS.token),
    device_authorization_endpoint: at(DEVICE_SIGN_IN_PATHS.request),
    revocation_endpoint: at(ACCOUNT_PATHS.revoke),
    grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
    response_types_supported: ['code'],
    scopes_supported: CLIENT_SCOPE.split(' '),
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
  };
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***@${domain}`;
}

function maskPhone(phone: string): string {
  return phone.length <= 4 ? phone : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}
