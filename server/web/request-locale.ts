// The language a person uses Nubo in, as a request tells it: their locale cookie, else their
// browser's Accept-Language, else en-US. For what the server writes them outside a page (e-mails).
import type { FastifyRequest } from 'fastify';
import { COOKIES } from '#shared/cookies.ts';
import { type Locale, resolveLocale } from '#shared/i18n/locales.ts';

export function requestLocale(request: FastifyRequest): Locale {
  return resolveLocale({ cookie: request.cookies[COOKIES.locale.name], acceptLanguage: request.headers['accept-language'] });
}
