// Server faults: every answer of 500 or more is logged once, with its cause and the request's id
// (the request's own logger carries it), and counted in /metrics when metrics are on, whoever
// made the answer: our error handler, a route that answers tus's protocol itself, or @tus/server
// inside a request handed over to it. A fault with no cause known says which library answered.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type ServerFaults = ReturnType<typeof serverFaults>;

export function serverFaults(app: FastifyInstance, counted?: { serverFault(route: string, status: number): void }) {
  const reported = new WeakSet<IncomingMessage>();
  // The request a library is answering, for faults it reports without naming the request.
  const answering = new AsyncLocalStorage<FastifyRequest>();

  function report(request: FastifyRequest, status: number, cause: unknown) {
    if (reported.has(request.raw)) return;
    reported.add(request.raw);
    request.log.error({ err: cause, status }, 'request failed');
    counted?.serverFault(request.routeOptions.url ?? 'unmatched', status);
  }

  // An answer of 500 or more that nothing reported (a route or plugin that sent it as it was).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) report(request, reply.statusCode, new Error(`answered ${reply.statusCode} with no error thrown`));
  });

  return {
    report,

    /**
     * Runs a library's handling of a request whose reply was taken over (hijacked), so that what
     * it reports is tied to the request, and an answer of 500 or more it gives is reported even
     * when it tells nothing of why.
     */
    async handOver<T>(request: FastifyRequest, reply: FastifyReply, library: string, handle: () => Promise<T>): Promise<T> {
      reply.raw.once('finish', () => {
        if (reply.raw.statusCode >= 500) report(request, reply.raw.statusCode, new Error(`${library} answered ${reply.raw.statusCode} and gave no cause`));
      });
      return answering.run(request, handle);
    },

    /** A fault a library reports while answering a request handed over to it. */
    reportFromLibrary(status: number, cause: unknown) {
      const request = answering.getStore();
      if (request) report(request, status, cause);
      else app.log.error({ err: cause, status }, 'request failed');
    },
  };
}
