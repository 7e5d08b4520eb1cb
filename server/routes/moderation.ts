// The audit-admin share call (SPEC §7.5): moderators take content down by hash (gcids) or by the
// files holding it.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { authOf, type authenticator } from '../auth/authenticate.ts';
import type { ModerationService } from '../services/moderation.ts';

export const AUDIT_ADMIN_SHARE_PATH = '/audit-admin/v1/share';

export const moderationRoutes: FastifyPluginAsyncTypebox<{ moderation: ModerationService; auth: ReturnType<typeof authenticator> }> = async (app, { moderation, auth }) => {
  app.post(
    AUDIT_ADMIN_SHARE_PATH,
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ['moderation'],
        body: Type.Object({
          share_user_id: Type.Optional(Type.String({ maxLength: 64 })),
          gcids: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9a-fA-F]{64}$' }), { maxItems: 1000 })),
          file_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 })),
          status: Type.Optional(Type.Enum(['PROHIBITED', 'SENSITIVE_RESOURCE'])),
          reason: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
        response: { 200: Type.Object({ gcids: Type.Array(Type.String()), share_ids: Type.Array(Type.String()) }), 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const { user } = authOf(request);
      const result = await moderation.takeDown(
        { id: user.id, role: user.role },
        { shareUserId: body.share_user_id ?? '', hashes: body.gcids ?? [], fileIds: body.file_ids ?? [], status: body.status ?? 'PROHIBITED', reason: body.reason ?? '' },
      );
      return { gcids: result.hashes, share_ids: result.shareIds };
    },
  );
};
