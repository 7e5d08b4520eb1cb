// The audit-admin share call (SPEC §7.5): moderators take content down by hash (gcids) or by the
// files holding it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_ADMIN_SHARE_PATH, TakedownBody, TakedownSchema } from '#shared/api/moderation.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentTakedown } from '../presenters/moderation.ts';
import type { ModerationService } from '../services/moderation.ts';

export const moderationRoutes: FastifyPluginAsyncTypebox<{ moderation: ModerationService; auth: Authenticator }> = async (app, { moderation, auth }) => {
  app.post(
    AUDIT_ADMIN_SHARE_PATH,
    {
      preValidation: auth.requireUser,
      schema: { tags: ['moderation'], body: TakedownBody, response: { 200: TakedownSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema } },
    },
    async (request) => {
      const body = request.body;
      const { user } = authOf(request);
      const takedown = await moderation.takeDown(
        { id: user.id, role: user.role },
        {
          shareUserId: body.share_user_id ?? '',
          hashes: body.gcids ?? [],
          fileIds: body.file_ids ?? [],
          status: body.status ?? 'PROHIBITED',
          reason: body.reason ?? '',
        },
      );
      return presentTakedown(takedown);
    },
  );
};
