// What every interactive island of the public site shares: its translated strings (written into
// the page at build time, so no messages are fetched), the API client, and how a failed call is
// told to the visitor.
import { createApiClient, toApiError, type ApiClient } from '#shared/api/client.ts';
import { FAILURE_MESSAGE_KEYS, failureMessage, type ApiErrorMessages } from '#shared/api/error-messages.ts';
import type { MessageKey, Translate } from '#shared/i18n/translator.ts';

/**
 * What an island's calls mean on this site before the shared messages: the campaign and premium
 * API is built by a later issue; until then this server answers its paths with 404 not_found,
 * which is said as such.
 */
export const SITE_API_ERROR_MESSAGES: ApiErrorMessages = { not_found: 'site.api.unavailable' };

/** The message keys of an error map, for islandMessages. */
export function errorMessageKeys(messages: ApiErrorMessages): MessageKey[] {
  return Object.values(messages).filter((key) => key !== undefined);
}

/** The API failure messages every island may need. */
export const API_FAILURE_KEYS: readonly MessageKey[] = [...new Set<MessageKey>([...errorMessageKeys(SITE_API_ERROR_MESSAGES), ...FAILURE_MESSAGE_KEYS])];

/** At build time: the strings an island needs, for its data-messages attribute. */
export function islandMessages(t: Translate, keys: readonly MessageKey[]): string {
  return JSON.stringify(Object.fromEntries([...API_FAILURE_KEYS, ...keys].map((key) => [key, t(key)])));
}

export type IslandText = (key: MessageKey, values?: Record<string, string | number>) => string;

/** In the browser: the island's strings, with {{placeholders}} filled in. */
export function readIslandText(root: HTMLElement): IslandText {
  const messages = JSON.parse(root.dataset.messages ?? '{}') as Record<string, string>;
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

/**
 * Shows a message in an island's live region; the kind styles it. The region stays in the page,
 * empty, between messages: a live region that appears with its text is not always read out.
 */
export function showStatus(region: HTMLElement, message: string, kind: 'info' | 'success' | 'error'): void {
  region.textContent = message;
  region.dataset.kind = kind;
}

export function clearStatus(region: HTMLElement): void {
  region.textContent = '';
  delete region.dataset.kind;
}
