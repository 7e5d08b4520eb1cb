// Offline downloads (API.md Offline downloads): inspecting a link before fetching it. Creating one
// is POST /drive/v1/files with upload_type UPLOAD_TYPE_URL (routes/files.ts); following,
// pausing, retrying and deleting one are the tasks routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InspectionSchema, OFFLINE_PATHS, OfflineSource } from '#shared/api/offline.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentInspection } from '../presenters/offline.ts';
import type { OfflineService } from '../services/offline.ts';
import { fastifyPath } from './fastify-path.ts';

type Options = { offline: OfflineService; auth: Authenticator };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema };

export const offlineRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { offline, auth }) => {
  app.post(
    fastifyPath(OFFLINE_PATHS.inspect),
    { preValidation: auth.requireUser, schema: { tags: ['offline'], body: OfflineSource, response: { 200: InspectionSchema, ...errors } } },
    async (request, reply) => {
      // A visitor who leaves stops the inspection: the connection closes before the answer is sent.
      // (The request's own close comes as soon as its body is read.) The inspection answers within
      // its own time in any case, with what it learned by then.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return presentInspection(await offline.inspect(authOf(request).user.id, request.body, gone.signal));
    },
  );
};
