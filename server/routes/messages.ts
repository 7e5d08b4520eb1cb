// GET /i18n/<locale>/messages.json: the drive app's UI strings (SPEC §7.5), cached for 24 h
// (SPEC §9), read once at start from content/i18n/<locale>.json.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOCALES, isLocale } from '#shared/i18n/locales.ts';
import { ApiErrorSchema, NoBodySchema } from '#shared/api/resources.ts';
import { MessagesParams, MessagesSchema } from '#shared/api/messages.ts';
import { errorBody } from '../errors.ts';

export const MESSAGES_MAX_AGE_SECONDS = 24 * 60 * 60;

export type LoadedMessages = { messages: Record<string, string>; etag: string };

export function loadMessages(contentDir: string): Map<string, LoadedMessages> {
  const loaded = new Map<string, LoadedMessages>();
  for (const locale of LOCALES) {
    const body = readFileSync(path.join(contentDir, 'i18n', `${locale}.json`), 'utf8');
    // A broken file stops the start, not a visitor's page.
    loaded.set(locale, { messages: JSON.parse(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });
  }
  return loaded;
}

export const messagesRoutes: FastifyPluginAsyncTypebox<{ messages: Map<string, LoadedMessages> }> = async (app, { messages }) => {
  app.get(
    '/i18n/:locale/messages.json',
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
