// OAuth clients send their requests to the token and device endpoints as form fields
// (application/x-www-form-urlencoded, RFC 6749 §4.1.3, RFC 8628 §3.1); Nubo's own clients send
// JSON. Routes of a plugin that calls acceptFormBodies take both, validated by the same schema.
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../errors.ts';

/** A form of an OAuth request is a few short fields. */
const FORM_BODY_LIMIT = 8 * 1024;

export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields = new Map<string, string>();
    for (const [name, value] of new URLSearchParams(body as string)) {
      // A field sent twice is refused (RFC 6749 §3.1): which of the two counts would be a guess.
      if (fields.has(name)) {
        done(new ServiceError('invalid_request', `"${name}" was sent more than once.`, [{ field: name, reason: 'repeated' }]));
        return;
      }
      fields.set(name, value);
    }
    // fromEntries makes each name a field of its own, "__proto__" included.
    done(null, Object.fromEntries(fields));
  });
}
