// POST /v1/stats: one statistic event, logged by services/statistics.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema, NoBodySchema } from '#shared/api/resources.ts';
import { StatBody } from '#shared/api/statistics.ts';
import { STATS_PATH } from '#shared/statistics.ts';
import { ServiceError } from '../errors.ts';
import type { StatisticsService } from '../services/statistics.ts';

export const statisticsRoutes: FastifyPluginAsyncTypebox<{ statistics: StatisticsService }> = async (app, { statistics }) => {
  // `stat` sends its JSON as text/plain (a beacon needs no preflight that way).
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ServiceError('invalid_request', 'The statistic event is not JSON.'), undefined);
    }
  });
  app.post(
    STATS_PATH,
    { bodyLimit: 8192, schema: { tags: ['statistics'], body: StatBody, response: { 204: NoBodySchema, 400: ApiErrorSchema, 429: ApiErrorSchema } } },
    async (request, reply) => {
      await statistics.record(request.ip, request.body, request.log);
      return reply.status(204).send(null);
    },
  );
};
