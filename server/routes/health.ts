import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEALTH_PATH, HealthSchema, READINESS_PATH, ReadinessSchema } from '#shared/api/health.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import type { NuboDatabase } from '../db/database.ts';
import { errorBody } from '../errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { VERSION } from '../version.ts';

/** GET /healthz: the process answers (liveness); GET /readyz: it can serve, its database and blob store answering (readiness). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: NuboDatabase; blobs: BlobStore }> = async (app, { database, blobs }) => {
  app.get(HEALTH_PATH, { schema: { tags: ['health'], response: { 200: HealthSchema } }, logLevel: 'warn' }, async () => ({
    status: 'ok' as const,
    database: database.engine,
    version: VERSION,
    uptime_seconds: Math.round(process.uptime()),
  }));

  app.get(
    READINESS_PATH,
    { schema: { tags: ['health'], response: { 200: ReadinessSchema, 503: ApiErrorSchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      const [databaseUp, blobsUp] = await Promise.all([database.ping(), blobs.reachable()]);
      if (!databaseUp || !blobsUp) {
        const down = [...(databaseUp ? [] : ['database']), ...(blobsUp ? [] : ['blob_store'])];
        const names = down.map((part) => (part === 'database' ? 'the database' : 'the blob store')).join(' and ');
        return reply.status(503).send(
          errorBody(
            'service_unavailable',
            `Not ready: ${names} ${down.length > 1 ? 'do' : 'does'} not answer.`,
            down.map((part) => ({ down: part })),
          ),
        );
      }
      return { status: 'ready' as const, database: 'ok' as const, blob_store: 'ok' as const };
    },
  );
};
