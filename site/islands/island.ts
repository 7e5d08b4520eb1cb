// What every interactive island of the public site shares: its translated strings (written into
// the page at build time, so no messages are fetched), the API client, and how a failed call is
// told to the visitor.
import { createApiClient, toApiError, type ApiClient, type ApiError } from '#shared/api/client.ts';
import type { MessageKey, Translate } from '#shared/i18n/translator.ts';

/** The API failure messages every island may need. */
export const API_FAILURE_KEYS = ['site.api.unavailable', 'site.api.signIn', 'site.api.failed', 'site.api.offline'] as const satisfies readonly MessageKey[];

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
 * What to tell the visitor when a call fails. The campaign and premium API is built by a later
 * issue; until then this server answers its paths with 404 not_found, which is said as such.
 */
export function describeApiFailure(cause: unknown, text: IslandText): string {
  const error: ApiError = toApiError(cause);
  if (error.status === 404 && error.error === 'not_found') return text('site.api.unavailable');
  if (error.status === 401 || error.error === 'unauthenticated') return text('site.api.signIn');
  if (error.status === 0) return text('site.api.offline');
  return text('site.api.failed', { reason: error.message });
}

/** Shows a message in an island's live region; the kind styles it. */
export function showStatus(region: HTMLElement, message: string, kind: 'info' | 'success' | 'error'): void {
  region.textContent = message;
  region.dataset.kind = kind;
  region.hidden = false;
}
