// What every interactive island of the public site shares: its translated strings (written into
// the page at build time, so no messages are fetched), the API client, and how a failed call is
// told to the visitor.
import { createApiClient, toApiError, type ApiClient, type ApiError } from '#shared/api/client.ts';
import { isApiErrorName, type ApiErrorName } from '#shared/api/errors.ts';
import type { MessageKey, Translate } from '#shared/i18n/translator.ts';

/** What to tell the visitor for each named API error (shared/api/errors.ts) an island may meet. */
export type ApiErrorMessages = Partial<Record<ApiErrorName, MessageKey>>;

/** The named errors any island may meet, each with what the visitor can do about it. */
export const COMMON_API_ERROR_MESSAGES: ApiErrorMessages = {
  unauthenticated: 'site.api.signIn',
  permission_denied: 'error.permissionDenied',
  too_many_requests: 'error.tooManyRequestsSoon',
  internal: 'error.generic',
  service_unavailable: 'error.generic',
};

/** The message keys of an error map, for islandMessages. */
export function errorMessageKeys(messages: ApiErrorMessages): MessageKey[] {
  return Object.values(messages).filter((key) => key !== undefined);
}

/** The API failure messages every island may need. */
export const API_FAILURE_KEYS: readonly MessageKey[] = [
  ...new Set<MessageKey>(['site.api.unavailable', 'site.api.failed', 'site.api.offline', ...errorMessageKeys(COMMON_API_ERROR_MESSAGES)]),
];

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
 * What to tell the visitor when a call fails: a translated, actionable message chosen by the
 * error's name — from the island's own `messages` first (passed to islandMessages too), then the
 * common ones. The server's error_description is never shown: it is English and written for
 * developers (the API client logs it). The campaign and premium API is built by a later issue;
 * until then this server answers its paths with 404 not_found, which is said as such.
 */
export function describeApiFailure(cause: unknown, text: IslandText, messages: ApiErrorMessages = {}): string {
  const error: ApiError = toApiError(cause);
  if (error.status === 0) return text('site.api.offline');
  if (error.status === 404 && error.error === 'not_found') return text('site.api.unavailable');
  const key = isApiErrorName(error.error) ? (messages[error.error] ?? COMMON_API_ERROR_MESSAGES[error.error]) : undefined;
  if (key) return text(key);
  if (error.status === 401) return text('site.api.signIn');
  if (error.status >= 500) return text('error.generic');
  return text('site.api.failed');
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
