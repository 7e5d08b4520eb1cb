// The one HTTP client every front end uses to reach Nubo's API (SPEC §7): JSON, credentials,
// Accept-Language on every call, one retry of idempotent calls on passing failures, and the
// API's error body turned into an ApiError whose message is its error_description.
import wretch, { type Wretch, type WretchError } from 'wretch';
import { retry } from 'wretch/middlewares';
import { type ApiErrorBody, isApiErrorBody } from './errors.ts';

/** Statuses worth one more try: the request may succeed if simply sent again. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const IDEMPOTENT_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly errorCode: number;
  readonly details: unknown[];

  constructor(status: number, body: ApiErrorBody) {
    super(body.error_description || body.error);
    this.name = 'ApiError';
    this.status = status;
    this.error = body.error;
    this.errorCode = body.error_code;
    this.details = body.details ?? [];
  }
}

export type ApiClientOptions = {
  /** Origin and path prefix of the API, '' for the page's own origin. */
  baseUrl?: string;
  /** The locale to announce in Accept-Language, read at each call so a switch applies at once. */
  locale: () => string;
  /** Extra headers for every call (e.g. Authorization for non-browser clients). */
  headers?: () => Record<string, string>;
  fetch?: typeof globalThis.fetch;
  /** Pause before the retry; tests set 0. */
  retryDelayMs?: number;
  /** Where failures are logged (SPEC §8: logged and exposed). */
  log?: (error: ApiError) => void;
};

export type ApiClient = {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** A POST answered with text rather than JSON (an export, such as minted codes as CSV). */
  postForText(path: string, body?: unknown): Promise<string>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const log = options.log ?? ((error: ApiError) => console.error(`[api] ${error.status} ${error.error}: ${error.message}`));
  const base: Wretch = wretch(options.baseUrl ?? '')
    .options({ credentials: 'include' })
    .headers({ Accept: 'application/json' })
    .middlewares([
      retry({
        maxAttempts: 1,
        delayTimer: options.retryDelayMs ?? 300,
        until: (response) => !response || !RETRY_STATUSES.includes(response.status),
        skip: (_url, init) => !IDEMPOTENT_METHODS.includes((init.method ?? 'GET').toUpperCase()),
        resolveWithLatestResponse: true,
      }),
    ]);
  const client = options.fetch ? base.fetchPolyfill(options.fetch) : base;

  function request(path: string, query?: Record<string, string | number | boolean | undefined>) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const url = search.size > 0 ? `${path}?${search}` : path;
    return client.url(url).headers({ 'Accept-Language': options.locale(), ...options.headers?.() });
  }

  async function settle<T>(pending: Promise<T>): Promise<T> {
    try {
      return await pending;
    } catch (cause) {
      const error = toApiError(cause);
      log(error);
      throw error;
    }
  }

  return {
    get: (path, query) => settle(request(path, query).get().json()),
    delete: (path, query) => settle(request(path, query).delete().json()),
    post: (path, body) =>
      settle(
        request(path)
          .json(body ?? {})
          .post()
          .json(),
      ),
    postForText: (path, body) =>
      settle(
        request(path)
          .json(body ?? {})
          .post()
          .text(),
      ),
    patch: (path, body) =>
      settle(
        request(path)
          .json(body ?? {})
          .patch()
          .json(),
      ),
    put: (path, body) =>
      settle(
        request(path)
          .json(body ?? {})
          .put()
          .json(),
      ),
  };
}

/** Any failure of a call, as an ApiError: the server's own body when it sent one. */
export function toApiError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  const wretchError = cause as Partial<WretchError> | undefined;
  if (wretchError && typeof wretchError.status === 'number') {
    // wretch puts the response's text in the message.
    const body = safeJson(wretchError.message);
    if (isApiErrorBody(body)) return new ApiError(wretchError.status, body);
    return new ApiError(wretchError.status, {
      error: wretchError.status >= 500 ? 'internal' : 'invalid_request',
      error_code: wretchError.status >= 500 ? 13 : 3,
      error_description: `HTTP ${wretchError.status}`,
    });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(0, { error: 'network_error', error_code: 14, error_description: message });
}

function safeJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
