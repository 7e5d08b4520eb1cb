// The daily check-in (SPEC §7.3): GET /vip/v1/task/status?scene=check_in and
// POST /vip/v1/activity/rewardVip {type: check_in}.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHECK_IN_PATHS, CHECK_IN_SCENE, CheckedInSchema, CheckInBody, CheckInStatusQuery, CheckInStatusSchema } from '#shared/api/check-in.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { ServiceError } from '../errors.ts';
import { presentCheckedIn, presentCheckInStatus } from '../presenters/check-in.ts';
import type { CheckInService } from '../services/check-in.ts';

type Options = { checkIn: CheckInService; auth: Authenticator };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** The check-in is the one scene and reward type there is. */
function assertCheckIn(value: string, field: string) {
  if (value !== CHECK_IN_SCENE) throw new ServiceError('invalid_request', `${field} must be ${CHECK_IN_SCENE}.`, [{ field, reason: 'unknown' }]);
}

export const checkInRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { checkIn, auth }) => {
  app.get(
    CHECK_IN_PATHS.status,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], querystring: CheckInStatusQuery, response: { 200: CheckInStatusSchema, ...errors } } },
    async (request) => {
      assertCheckIn(request.query.scene, 'scene');
      return presentCheckInStatus(await checkIn.status(authOf(request).user.id));
    },
  );

  app.post(
    CHECK_IN_PATHS.checkIn,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], body: CheckInBody, response: { 200: CheckedInSchema, ...errors } } },
    async (request) => {
      assertCheckIn(request.body.type, 'type');
      return presentCheckedIn(await checkIn.checkIn(authOf(request).user.id));
    },
  );
};
