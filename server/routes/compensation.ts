// Compensation (SPEC §7.3): POST /vip/v1/activity/compensate for a campaign of CAMPAIGNS_FILE.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMPENSATION_PATHS, CompensateBody, CompensatedSchema } from '#shared/api/compensation.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentGrant } from '../presenters/premium.ts';
import type { CompensationService } from '../services/compensation.ts';

type Options = { compensation: CompensationService; auth: Authenticator };

export const compensationRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { compensation, auth }) => {
  app.post(
    COMPENSATION_PATHS.compensate,
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ['premium'],
        body: CompensateBody,
        response: { 200: CompensatedSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => ({ grant: presentGrant(await compensation.claim(authOf(request).user.id, request.body.activity_id)) }),
  );
};
