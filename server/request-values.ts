// What no request may bring, whatever its route's schema says: a text holding the NUL character
// (PostgreSQL cannot store it, and no name, id or passcode of Nubo's has one), or a number beyond
// what a number holds (Ajv lets "1e309" through as an integer: Infinity, which no query takes).
// Checked once for every request, after its schema, so that such a value is the asker's named
// mistake rather than a database's failure.
import type { FastifyRequest } from 'fastify';
import { ServiceError } from './errors.ts';

/** The first unusable value among a request's path parameters, query and body, by where it is. */
export function unusableValue(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): { field: string; reason: 'nul' | 'not_finite' } | undefined {
  const pending: Array<[where: string, value: unknown]> = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  // A stack rather than recursion: a body may nest as deep as its parser allowed.
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [where, value] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: where, reason: 'nul' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { field: where, reason: 'not_finite' };
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return { field: `${where}/${key.replaceAll('\u0000', '\\0')}`, reason: 'nul' };
        pending.push([`${where}/${key}`, inner]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses a request that brings an unusable value, naming where it is. A body is looked at only
 * where the route reads one by its schema: an upload's bytes are no text.
 */
export async function refuseUnusableValues(request: FastifyRequest): Promise<void> {
  const found = unusableValue({ params: request.params, query: request.query, body: request.routeOptions.schema?.body ? request.body : undefined });
  if (!found) return;
  throw new ServiceError(
    'invalid_request',
    found.reason === 'nul' ? `${found.field} contains the NUL character, which no value may hold.` : `${found.field} is not a number that can be used.`,
    [found],
  );
}
