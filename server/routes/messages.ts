// GET /i18n/<locale>/messages.json: the drive app's UI strings (SPEC §7.5), cached for 24 h
// (SPEC §9), read once at start (services/messages.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES_ROUTE, MessagesParams, MessagesSchema } from '#shared/api/messages.ts';
import { ApiErrorSchema, NoBodySchema } from '#shared/api/resources.ts';
import { isLocale } from '#shared/i18n/locales.ts';
import { errorBody } from '../errors.ts';
import type { LoadedMessages } from '../services/messages.ts';

export const MESSAGES_MAX_AGE_SECONDS = 24 * 60 * 60;

export const messagesRoutes: FastifyPluginAsyncTypebox<{ messages: Map<string, LoadedMessages> }> = async (app, { messages }) => {
  app.get(
    MESSAGES_ROUTE,
    {
      schema: {
        tags: ['i18n'],
        params: MessagesParams,
        response: { 200: MessagesSchema, 304: NoBodySchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const found = isLocale(locale) ? messages.get(locale) : undefined;
      if (!found) return reply.status(404).send(errorBody('not_found', `No messages for locale "${locale}"`));
      reply.header('Cache-Control', `public, max-age=${MESSAGES_MAX_AGE_SECONDS}`).header('ETag', found.etag);
      if (request.headers['if-none-match'] === found.etag) return reply.status(304).send(null);
      return found.messages;
    },
  );
};
