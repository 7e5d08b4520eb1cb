// The accounts API under /v1 (API.md Auth): HTTP only; the rules are in services/accounts.ts.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import {
  ACCOUNT_PATHS,
  AuthorizeAnswer,
  AuthorizeBody,
  AuthServerMetadata,
  CaptchaVerifiedSchema,
  ChangePasswordBody,
  ProofOfWorkAnswer,
  SessionList,
  SessionParams,
  SignedIn,
  SignInBody,
  SignUpBody,
  TokenBody,
  UpdateProfileBody,
  UserProfileSchema,
  VerifyCaptchaBody,
} from '#shared/api/accounts.ts';
import { DEVICE_CODE_GRANT_TYPE } from '#shared/api/device-sign-in.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { COOKIES } from '#shared/cookies.ts';
import { type Authenticator, assertSameOrigin, authOf, credentialsOf } from '../auth/authenticate.ts';
import { clearSessionCookies, setSessionCookies } from '../auth/session-cookies.ts';
import type { IssuedTokens } from '../auth/tokens.ts';
import { ServiceError } from '../errors.ts';
import { authServerMetadata, presentProfile, presentSession, presentSignedIn } from '../presenters/accounts.ts';
import type { AccountsService, RequestOrigin } from '../services/accounts.ts';
import { requestLocale } from '../web/request-locale.ts';
import { fastifyPath } from './fastify-path.ts';
import { acceptFormBodies } from './form-body.ts';

type Options = {
  accounts: AccountsService;
  auth: Authenticator;
  publicUrl: string;
  secureCookies: boolean;
};

const KNOWN_CLIENTS = new Set<string>(Object.values(CLIENT_IDS));
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

export const accountRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { accounts, auth, publicUrl, secureCookies }) => {
  const originOf = (request: FastifyRequest): RequestOrigin => ({ ip: request.ip, userAgent: request.headers['user-agent'], locale: requestLocale(request) });

  function clientOf(clientId: string | undefined): string {
    const id = clientId ?? CLIENT_IDS.web;
    if (!KNOWN_CLIENTS.has(id))
      throw new ServiceError('invalid_request', 'This application is not registered with Nubo.', [{ field: 'client_id', reason: 'unknown' }]);
    return id;
  }

  /** Browsers get cookies and an answer without secrets; other clients get the token object. */
  function answerSignedIn(reply: FastifyReply, tokens: IssuedTokens) {
    if (tokens.clientId === CLIENT_IDS.web) setSessionCookies(reply, tokens, secureCookies);
    return presentSignedIn(tokens);
  }

  app.post(ACCOUNT_PATHS.signup, { schema: { tags: ['auth'], body: SignUpBody, response: { 200: SignedIn, ...errors } } }, async (request, reply) => {
    const clientId = clientOf(request.body.client_id);
    if (clientId === CLIENT_IDS.web) assertSameOrigin(request, publicUrl);
    const tokens = await accounts.signUp({ email: request.body.email, password: request.body.password, name: request.body.name, clientId }, originOf(request));
    return answerSignedIn(reply, tokens);
  });

  app.post(ACCOUNT_PATHS.signin, { schema: { tags: ['auth'], body: SignInBody, response: { 200: SignedIn, ...errors } } }, async (request, reply) => {
    const clientId = clientOf(request.body.client_id);
    if (clientId === CLIENT_IDS.web) assertSameOrigin(request, publicUrl);
    const { username, password, captcha_token } = request.body;
    const tokens = await accounts.signIn({ username, password, clientId, ...(captcha_token ? { captchaToken: captcha_token } : {}) }, originOf(request));
    return answerSignedIn(reply, tokens);
  });

  // OAuth clients send form fields here (RFC 6749 §4.1.3), Nubo's own clients JSON: both are taken.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .post(ACCOUNT_PATHS.token, { schema: { tags: ['auth'], body: TokenBody, response: { 200: SignedIn, ...errors } } }, async (request, reply) => {
        const body = request.body;
        const clientId = clientOf(body.client_id);
        // Tokens are for the client that asked only: no cache keeps them (RFC 6749 §5.1).
        reply.header('cache-control', 'no-store');
        if (body.grant_type === DEVICE_CODE_GRANT_TYPE) {
          if (!body.device_code)
            throw new ServiceError('invalid_request', 'device_code is required for the device code grant.', [{ field: 'device_code', reason: 'missing' }]);
          // The TV page's cookie session: set only on Nubo's own pages (no sign-in forced on a browser from elsewhere).
          if (clientId === CLIENT_IDS.web) assertSameOrigin(request, publicUrl);
          return answerSignedIn(reply, await accounts.pollDeviceCode({ deviceCode: body.device_code, clientId }, originOf(request)));
        }
        if (body.grant_type === 'refresh_token') {
          const fromCookie = clientId === CLIENT_IDS.web;
          if (fromCookie) assertSameOrigin(request, publicUrl);
          const refreshToken = fromCookie ? request.cookies[COOKIES.refreshToken.name] : body.refresh_token;
          if (!refreshToken) throw new ServiceError('invalid_grant', 'There is no sign-in to renew. Please sign in again.');
          try {
            return answerSignedIn(reply, await accounts.refresh(refreshToken, clientId, originOf(request)));
          } catch (failure) {
            if (fromCookie && failure instanceof ServiceError && failure.error === 'invalid_grant') clearSessionCookies(reply, secureCookies);
            throw failure;
          }
        }
        if (!body.code) throw new ServiceError('invalid_request', 'code is required for the authorization_code grant.', [{ field: 'code', reason: 'missing' }]);
        // A code turned into a cookie session must come from our own pages (no login CSRF).
        if (clientId === CLIENT_IDS.web) assertSameOrigin(request, publicUrl);
        const tokens = await accounts.exchangeCode(
          { code: body.code, codeVerifier: body.code_verifier, clientId, redirectUri: body.redirect_uri },
          originOf(request),
        );
        return answerSignedIn(reply, tokens);
      });
  });

  app.get(ACCOUNT_PATHS.metadata, { schema: { tags: ['auth'], response: { 200: AuthServerMetadata } } }, async () => authServerMetadata(publicUrl));

  app.post(
    ACCOUNT_PATHS.authorize,
    { schema: { tags: ['auth'], body: AuthorizeBody, response: { 200: AuthorizeAnswer, ...errors } }, preValidation: auth.requireUser },
    async (request) => {
      const { client_id, scope, redirect_uri, code_challenge, state } = request.body;
      const code = await accounts.authorize(authOf(request).user.id, { clientId: client_id, scope, redirectUri: redirect_uri, codeChallenge: code_challenge });
      return { code, state };
    },
  );

  app.post(ACCOUNT_PATHS.captcha, { schema: { tags: ['auth'], response: { 200: ProofOfWorkAnswer, 429: ApiErrorSchema } } }, async (request) =>
    accounts.proofOfWorkChallenge(originOf(request)),
  );

  app.post(
    ACCOUNT_PATHS.verifyCaptcha,
    { schema: { tags: ['auth'], body: VerifyCaptchaBody, response: { 200: CaptchaVerifiedSchema, 400: ApiErrorSchema } } },
    async (request) => {
      await accounts.verifyCaptcha(request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    ACCOUNT_PATHS.revoke,
    { schema: { tags: ['auth'], response: { 200: EmptySchema, ...errors } }, preValidation: auth.requireUser },
    async (request, reply) => {
      await accounts.signOut(authOf(request).session);
      if (credentialsOf(request)?.via === 'cookie') clearSessionCookies(reply, secureCookies);
      return {};
    },
  );

  app.get(
    ACCOUNT_PATHS.sessions,
    { schema: { tags: ['auth'], response: { 200: SessionList, ...errors } }, preValidation: auth.requireUser },
    async (request) => {
      const current = authOf(request);
      return { sessions: (await accounts.listSessions(current)).map((session) => presentSession(session, current.session.id)) };
    },
  );

  app.delete(
    `${ACCOUNT_PATHS.sessions}/:id`,
    { schema: { tags: ['auth'], params: SessionParams, response: { 200: EmptySchema, ...errors } }, preValidation: auth.requireUser },
    async (request, reply) => {
      const current = authOf(request);
      await accounts.revokeSession(current, request.params.id);
      if (request.params.id === current.session.id && credentialsOf(request)?.via === 'cookie') clearSessionCookies(reply, secureCookies);
      return {};
    },
  );

  app.post(
    fastifyPath(ACCOUNT_PATHS.revokeAllSessions),
    { schema: { tags: ['auth'], response: { 200: EmptySchema, ...errors } }, preValidation: auth.requireUser },
    async (request, reply) => {
      await accounts.revokeAllSessions(authOf(request));
      if (credentialsOf(request)?.via === 'cookie') clearSessionCookies(reply, secureCookies);
      return {};
    },
  );

  app.get(ACCOUNT_PATHS.me, { schema: { tags: ['user'], response: { 200: UserProfileSchema, ...errors } }, preValidation: auth.requireUser }, async (request) =>
    presentProfile(authOf(request).user),
  );

  app.patch(
    ACCOUNT_PATHS.me,
    { schema: { tags: ['user'], body: UpdateProfileBody, response: { 200: UserProfileSchema, ...errors } }, preValidation: auth.requireUser },
    async (request) => presentProfile(await accounts.updateName(authOf(request).user, request.body.name)),
  );

  app.post(
    ACCOUNT_PATHS.password,
    { schema: { tags: ['user'], body: ChangePasswordBody, response: { 200: EmptySchema, ...errors } }, preValidation: auth.requireUser },
    async (request) => {
      await accounts.changePassword(authOf(request), request.body.old_password, request.body.new_password);
      return {};
    },
  );
};
