// What every interactive island of the public site shares: its translated strings (picked at build
// time and handed to its component, so no messages are fetched), the API client, and how a failed
// call is told to the visitor.
import { type ApiClient, createApiClient, toApiError } from '#shared/api/client.ts';
import { type ApiErrorMessages, FAILURE_MESSAGE_KEYS, failureMessage } from '#shared/api/error-messages.ts';
import type { MessageKey, Translate } from '#shared/i18n/translator.ts';

/**
 * What an island's calls mean on this site before the shared messages: a call this server does not
 * answer (a feature it does not offer) is 404 not_found, said as not available here.
 */
export const SITE_API_ERROR_MESSAGES: ApiErrorMessages = { not_found: 'site.api.unavailable' };

/** The message keys of an error map, for islandMessages. */
export function errorMessageKeys(messages: ApiErrorMessages): MessageKey[] {
  return Object.values(messages).filter((key) => key !== undefined);
}

/** The API failure messages every island may need. */
export const API_FAILURE_KEYS: readonly MessageKey[] = [...new Set<MessageKey>([...errorMessageKeys(SITE_API_ERROR_MESSAGES), ...FAILURE_MESSAGE_KEYS])];

/** The strings of one island in the page's language: only those it shows, never a whole locale. */
export type IslandMessages = Partial<Record<MessageKey, string>>;

/** At build time: the strings an island needs, handed to its component as a prop. */
export function islandMessages(t: Translate, keys: readonly MessageKey[]): IslandMessages {
  return Object.fromEntries([...API_FAILURE_KEYS, ...keys].map((key) => [key, t(key)]));
}

export type IslandText = (key: MessageKey, values?: Record<string, string | number>) => string;

/** In the browser: the island's strings, with {{placeholders}} filled in; i18next stays out of the page's JS. */
export function islandText(messages: IslandMessages): IslandText {
  return (key, values = {}) => (messages[key] ?? key).replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}

export function siteApi(): ApiClient {
  return createApiClient({ locale: () => document.documentElement.lang });
}

/**
 * What to tell the visitor when a call fails: the message every Nubo client gives for the error
 * (shared/api/error-messages.ts), after the island's own `messages` (passed to islandMessages too).
 */
export function describeApiFailure(cause: unknown, text: IslandText, messages: ApiErrorMessages = {}): string {
  const locale = typeof document === 'undefined' ? 'en-US' : document.documentElement.lang;
  const { key, values } = failureMessage(toApiError(cause), { locale, messages: { ...SITE_API_ERROR_MESSAGES, ...messages } });
  return text(key, values);
}
