// The device sign-in under /v1/auth/device (RFC 8628): a device asks for its codes; the
// verification page, signed in, looks at a code and lets the device in or refuses it. The device's
// polls go to the token endpoint (routes/accounts.ts). HTTP only; the rules are in
// services/accounts/device-sign-in.ts.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import {
  DEVICE_SIGN_IN_PATHS,
  DeviceCodeRequestBody,
  DeviceCodes,
  DeviceDecisionBody,
  DeviceRequestResource,
  UserCodeBody,
} from '#shared/api/device-sign-in.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { type Authenticator, assertSameOrigin, authOf } from '../auth/authenticate.ts';
import { presentDeviceCodes, presentDeviceRequest } from '../presenters/device-sign-in.ts';
import type { AccountsService, RequestOrigin } from '../services/accounts.ts';
import { fastifyPath } from './fastify-path.ts';
import { acceptFormBodies } from './form-body.ts';

type Options = { accounts: AccountsService; auth: Authenticator; publicUrl: string };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };

export const deviceSignInRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { accounts, auth, publicUrl }) => {
  const originOf = (request: FastifyRequest): RequestOrigin => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .post(
        DEVICE_SIGN_IN_PATHS.request,
        { schema: { tags: ['auth'], body: DeviceCodeRequestBody, response: { 200: DeviceCodes, ...errors } } },
        async (request, reply) => {
          // A cookie session is asked for only by Nubo's own TV page.
          if (request.body.client_id === CLIENT_IDS.web) assertSameOrigin(request, publicUrl);
          const codes = await accounts.requestDeviceCodes({ clientId: request.body.client_id, scope: request.body.scope }, originOf(request));
          // Codes are for this device only: no cache keeps them (RFC 6749 §5.1).
          reply.header('cache-control', 'no-store');
          return presentDeviceCodes(codes, publicUrl);
        },
      );
  });

  app.post(
    fastifyPath(DEVICE_SIGN_IN_PATHS.describe),
    { schema: { tags: ['auth'], body: UserCodeBody, response: { 200: DeviceRequestResource, ...errors } }, preValidation: auth.requireUser },
    async (request) => presentDeviceRequest(await accounts.describeDeviceRequest(authOf(request).user.id, request.body.user_code, originOf(request))),
  );

  app.post(
    fastifyPath(DEVICE_SIGN_IN_PATHS.decide),
    { schema: { tags: ['auth'], body: DeviceDecisionBody, response: { 200: EmptySchema, ...errors } }, preValidation: auth.requireUser },
    async (request) => {
      await accounts.decideDeviceRequest(authOf(request).user.id, request.body.user_code, request.body.approve, originOf(request));
      return {};
    },
  );
};
