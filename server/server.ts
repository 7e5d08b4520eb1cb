// Starts and stops a whole Nubo server: configuration, database (migrated), HTTP.
// main.ts runs it as a process; tests and benchmarks start it in-process the same way.
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { memoryCounterStore, redisCounterStore } from './auth/rate-limits.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { ResolveHost } from './offline/network-guard.ts';
import type { AccountLimits } from './services/accounts.ts';
import type { RedeemLimits } from './services/premium.ts';

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/**
 * How long requests under way may go on once the server stops, unless its stop says otherwise:
 * within the 10 s a stop may take (main.ts), the rest being for what closes after them.
 */
export const REQUESTS_GRACE_MS = 8_000;

export async function startServer(
  config: Config,
  options: { logger?: FastifyServerOptions['logger']; limits?: AccountLimits; redeemLimits?: RedeemLimits; resolveHost?: ResolveHost } = {},
) {
  const database = openDatabase(config.database);
  try {
    await database.migrate();
    const counters = config.redisUrl ? await redisCounterStore(config.redisUrl) : memoryCounterStore();
    const app = await buildApp({
      config,
      database,
      counters,
      logger: options.logger,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.redeemLimits ? { redeemLimits: options.redeemLimits } : {}),
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    });
    const address = await app.listen({ host: config.host, port: config.port });
    const port = (app.server.address() as { port: number }).port;
    return {
      app,
      database,
      address,
      /** The address to reach this server on from the same machine. */
      url: `http://127.0.0.1:${port}`,
      /**
       * Stops taking connections at once (a proxy in front sends the next requests to another
       * copy), stops the tasks under way (each goes back to the queue for another copy, or the next
       * start, to take over), lets requests under way finish for `graceMs` and then cuts what is
       * left (an upload goes on from the bytes that arrived, a download with Range), then closes the
       * database.
       */
      async stop({ graceMs = REQUESTS_GRACE_MS }: { graceMs?: number } = {}) {
        app.server.close();
        const cut = setTimeout(() => {
          app.log.warn('requests still under way as the server stops: their connections are cut');
          app.server.closeAllConnections();
        }, graceMs);
        try {
          await app.close();
        } finally {
          clearTimeout(cut);
        }
        await database.close();
      },
    };
  } catch (failure) {
    await database.close();
    throw failure;
  }
}
