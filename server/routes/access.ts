// GET /drive/v1/privilege/area_accessible: the share page asks before it renders, without
// credentials, and remembers a yes for ten minutes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AREA_ACCESSIBLE_PATH, AreaAccessSchema } from '#shared/api/access.ts';
import { blockListOf, isBlocked } from '../services/access.ts';

export const accessRoutes: FastifyPluginAsyncTypebox<{ blockedNetworks: readonly string[] }> = async (app, { blockedNetworks }) => {
  const blocked = blockListOf(blockedNetworks);
  app.get(AREA_ACCESSIBLE_PATH, { schema: { tags: ['privilege'], response: { 200: AreaAccessSchema } } }, async (request, reply) => {
    // The answer depends on who asks: never cached by anyone in between.
    reply.header('Cache-Control', 'no-store');
    return { accessible: !isBlocked(blocked, request.ip) };
  });
};
