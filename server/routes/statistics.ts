// POST /v1/stats: the statistic events of SPEC §7.5, sent by `stat` (shared/statistics.ts) only
// after the visitor opted in. They are written to the server's log as one structured line each,
// for the operator's own analysis; nothing is kept in the database and nothing leaves the server.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema, NoBodySchema } from '#shared/api/resources.ts';
import { StatBody } from '#shared/api/statistics.ts';
import { STATS_PATH } from '#shared/statistics.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { ServiceError } from '../errors.ts';

/** Enough for a busy reader clicking around; a flood from one address is refused, not logged. */
export const STATS_PER_IP = { max: 120, windowMs: 60_000 };

export const statisticsRoutes: FastifyPluginAsyncTypebox<{ counters: CounterStore }> = async (app, { counters }) => {
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
      const { count } = await counters.increment(`stats:ip:${request.ip}`, STATS_PER_IP.windowMs);
      if (count > STATS_PER_IP.max) throw new ServiceError('too_many_requests', 'Too many statistic events from this address.');
      const { module, event, data } = request.body;
      request.log.info({ stat: { module, event, data: data ?? {} } }, 'statistic event');
      return reply.status(204).send(null);
    },
  );
};
