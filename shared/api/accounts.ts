// The accounts API (API.md Auth), its request and answer shapes, used by the server's routes and
// by every client. Browsers (client_id nubo-web) get httpOnly cookies and a WebSession answer that
// holds no secret; other clients get the token object.
import { type Static, Type } from 'typebox';
import { DEVICE_CODE_GRANT_TYPE } from './device-sign-in.ts';
import { oneOf, Time } from './resources.ts';

export const ACCOUNT_PATHS = {
  signup: '/v1/auth/signup',
  signin: '/v1/auth/signin',
  token: '/v1/auth/token',
  authorize: '/v1/auth/authorize',
  revoke: '/v1/auth/revoke',
  captcha: '/v1/auth/captcha',
  /** SPEC §7.3's reCAPTCHA check, answered by Nubo's own proof of work (a token from the captcha challenge). */
  verifyCaptcha: '/vip/v1/verifyRecaptchaToken',
  sessions: '/v1/auth/sessions',
  revokeAllSessions: '/v1/auth/sessions:revokeAll',
  me: '/v1/user/me',
  password: '/v1/user/password',
  /** The authorization server's metadata (RFC 8414): where each endpoint is and what it supports. */
  metadata: '/.well-known/oauth-authorization-server',
} as const;

/** The longest e-mail address (RFC 5321's path limit), display name and password field accepted. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
/**
 * Wider than the password rule's own limit (PASSWORD_MAX_LENGTH): a new password a little too long
 * is answered with the rule's named problem, not a schema error; an old password is taken as typed.
 */
export const PASSWORD_FIELD_MAX_LENGTH = 1024;

export const SignUpBody = Type.Object({
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  name: Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH }),
  client_id: Type.Optional(Type.String()),
  captcha_token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SignUpBody = Static<typeof SignUpBody>;

export const SignInBody = Type.Object({
  username: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  client_id: Type.Optional(Type.String()),
  captcha_token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SignInBody = Static<typeof SignInBody>;

export const TokenBody = Type.Object({
  grant_type: oneOf(['refresh_token', 'authorization_code', DEVICE_CODE_GRANT_TYPE]),
  refresh_token: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  /** The device sign-in's long code, for the device_code grant. */
  device_code: Type.Optional(Type.String({ maxLength: 128 })),
  code_verifier: Type.Optional(Type.String({ minLength: 43, maxLength: 128 })),
  client_id: Type.Optional(Type.String()),
  redirect_uri: Type.Optional(Type.String()),
});
export type TokenBody = Static<typeof TokenBody>;

export const AuthorizeBody = Type.Object({
  client_id: Type.String(),
  scope: Type.String(),
  response_type: Type.Literal('code'),
  state: Type.String({ maxLength: 512 }),
  redirect_uri: Type.String({ maxLength: 512 }),
  code_challenge: Type.String({ minLength: 43, maxLength: 128 }),
  code_challenge_method: Type.Optional(Type.Literal('S256')),
});
export type AuthorizeBody = Static<typeof AuthorizeBody>;

export const AuthorizeAnswer = Type.Object({ code: Type.String(), state: Type.String() });
export type AuthorizeAnswer = Static<typeof AuthorizeAnswer>;

/** What a browser learns from signing in: who, and until when the session lasts. No secret. */
export const WebSession = Type.Object({
  token_type: Type.Literal('Cookie'),
  sub: Type.String(),
  expires_in: Type.Integer(),
  /** When the session ends unless used (epoch ms): the `{sub, expires_at}` marker of SPEC §3.3. */
  expires_at: Type.Integer(),
});
export type WebSession = Static<typeof WebSession>;

/** What other clients (desktop, extension, native app) get from signing in: the tokens themselves. */
export const TokenSchema = Type.Object({
  token_type: Type.Literal('Bearer'),
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  sub: Type.String(),
});

/** The answer to signing up, in, or renewing: a browser's session, or another client's tokens. */
export const SignedIn = Type.Union([WebSession, TokenSchema]);
export type SignedIn = Static<typeof SignedIn>;

/** RFC 8414 §2: the parts of the authorization server metadata Nubo has. */
export const AuthServerMetadata = Type.Object({
  issuer: Type.String(),
  token_endpoint: Type.String(),
  device_authorization_endpoint: Type.String(),
  revocation_endpoint: Type.String(),
  grant_types_supported: Type.Array(Type.String()),
  response_types_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
});
export type AuthServerMetadata = Static<typeof AuthServerMetadata>;

export const ProofOfWorkAnswer = Type.Object({ challenge: Type.String(), difficulty: Type.Integer() });

export const SessionResource = Type.Object({
  id: Type.String(),
  client_id: Type.String(),
  device: Type.String(),
  ip: Type.String(),
  created_at: Time,
  last_seen_at: Time,
  current: Type.Boolean(),
});
export type SessionResource = Static<typeof SessionResource>;

export const SessionList = Type.Object({ sessions: Type.Array(SessionResource) });
export type SessionList = Static<typeof SessionList>;

export const ChangePasswordBody = Type.Object({
  old_password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  new_password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const SessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** GET /v1/user/me: the signed-in person, e-mail and phone masked. */
export const UserProfileSchema = Type.Object({
  sub: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone_number: Type.String(),
  picture: Type.String(),
  password: oneOf(['SET', '']),
  /** Whether the owner confirmed the address through the link mailed to it. */
  email_verified: Type.Boolean(),
  status: Type.String(),
  /** 'admin' for the operators of this server (they see the console); empty for everyone else. */
  roles: Type.Array(Type.String()),
  created_at: Time,
});
export type UserProfile = Static<typeof UserProfileSchema>;

export const UpdateProfileBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH }) });

/** A solved proof of work, `<challenge>.<nonce>`, as POST /v1/auth/captcha's challenge asked for. */
export const VerifyCaptchaBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const CaptchaVerifiedSchema = Type.Object({ success: Type.Literal(true) });
