// The config API (SPEC §7.4): POST /config/v1/debug_options, whether the public site's debug
// console may open, and the operator's sections (basic, resources, activity_operation,
// external_products) in the asker's language.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CLIENT_CONFIG_PATHS, ClientConfigAnswer, ClientConfigBody, DebugOptionsAnswer, DebugOptionsBody } from '#shared/api/remote-config.ts';
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

  const sections = [
    [CLIENT_CONFIG_PATHS.basic, 'basic'],
    [CLIENT_CONFIG_PATHS.resources, 'resources'],
    [CLIENT_CONFIG_PATHS.activityOperation, 'activity_operation'],
    [CLIENT_CONFIG_PATHS.externalProducts, 'external_products'],
  ] as const;
  for (const [path, name] of sections) {
    app.post(
      path,
      { schema: { tags: ['config'], body: Type.Optional(ClientConfigBody), response: { 200: ClientConfigAnswer, 400: ApiErrorSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return remoteConfig.section(name, request.body ?? {});
      },
    );
  }
};
