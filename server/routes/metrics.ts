import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { METRICS_PATH } from '#shared/api/metrics.ts';
import { errorBody } from '../errors.ts';
import { secretMatches } from '../ids.ts';
import type { MetricsService } from '../services/metrics.ts';

/** GET /metrics, for a scraper that brings METRICS_TOKEN as its bearer token; nobody else. */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ metrics: MetricsService; tokenHash: string }> = async (app, { metrics, tokenHash }) => {
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!secretMatches(token, tokenHash)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send(errorBody('unauthenticated', 'The metrics need the operator’s METRICS_TOKEN as a bearer token.'));
    }
    return reply
      .type(metrics.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.render());
  });
};
