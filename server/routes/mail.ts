// The mail API (SPEC §7.5): GET /mail/v1/unsubscribe?d=, the link of an e-mail, called by the
// /unsubscribe page once the visitor confirms.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAIL_PATHS, UnsubscribedSchema, UnsubscribeQuery } from '#shared/api/mail.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { maskEmail } from '../presenters/accounts.ts';
import type { MailService } from '../services/mail.ts';

export const mailRoutes: FastifyPluginAsyncTypebox<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    MAIL_PATHS.unsubscribe,
    { schema: { tags: ['mail'], querystring: UnsubscribeQuery, response: { 200: UnsubscribedSchema, 400: ApiErrorSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { email, scene } = await mail.unsubscribe(request.query.d);
      return { email: maskEmail(email), scene };
    },
  );
};
