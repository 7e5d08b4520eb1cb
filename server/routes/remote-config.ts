// POST /config/v1/debug_options (SPEC §7.4): whether the public site's debug console may open.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DebugOptionsAnswer, DebugOptionsBody } from '#shared/api/remote-config.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { DEBUG_OPTIONS_PATH } from '#shared/debug-console.ts';
import type { RemoteConfigService } from '../services/remote-config.ts';

export const remoteConfigRoutes: FastifyPluginAsyncTypebox<{ remoteConfig: RemoteConfigService }> = async (app, { remoteConfig }) => {
  app.post(
    DEBUG_OPTIONS_PATH,
    { schema: { tags: ['config'], body: Type.Optional(DebugOptionsBody), response: { 200: DebugOptionsAnswer, 400: ApiErrorSchema } } },
    async (request, reply) => {
      // An operator's change takes effect at once: never kept by a cache in between.
      reply.header('Cache-Control', 'no-store');
      return remoteConfig.debugOptions(request.body ?? {});
    },
  );
};
