// POST /drive/v1/share/restore (API.md Shares): a signed-in visitor saves a share into their drive.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { RESTORE_PATH, RestoreBody, RestoreResultSchema } from '#shared/api/restore.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentRestore } from '../presenters/restore.ts';
import type { EnqueueRestore, RestoreService } from '../services/restore.ts';

type Options = { restore: RestoreService; auth: Authenticator; enqueueRestore: EnqueueRestore };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };

export const restoreRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { restore, auth, enqueueRestore }) => {
  app.post(
    RESTORE_PATH,
    { preValidation: auth.requireUser, schema: { tags: ['shares'], body: RestoreBody, response: { 200: RestoreResultSchema, ...errors } } },
    async (request) => {
      const body = request.body;
      const saved = await restore.restore(
        authOf(request).user.id,
        { shareId: body.share_id, passCodeToken: body.pass_code_token, ip: request.ip },
        { fileIds: body.file_ids, parentId: body.specify_parent_id === false ? undefined : body.parent_id },
        enqueueRestore,
      );
      return presentRestore(saved);
    },
  );
};
