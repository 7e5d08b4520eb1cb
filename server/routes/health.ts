import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEALTH_PATH, HealthSchema } from '#shared/api/health.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import type { NuboDatabase } from '../db/database.ts';
import { errorBody } from '../errors.ts';
import { VERSION } from '../version.ts';

/** GET /healthz: whether this server and its database can take requests (for load balancers). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: NuboDatabase }> = async (app, { database }) => {
  app.get(HEALTH_PATH, { schema: { tags: ['health'], response: { 200: HealthSchema, 503: ApiErrorSchema } }, logLevel: 'warn' }, async (_request, reply) => {
    if (!(await database.ping())) {
      return reply.status(503).send(errorBody('service_unavailable', 'The database does not answer.'));
    }
    return { status: 'ok' as const, database: database.engine, version: VERSION, uptime_seconds: Math.round(process.uptime()) };
  });
};
