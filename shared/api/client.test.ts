import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client.ts';

type Call = { url: string; method: string; headers: Headers; body: string | null; credentials?: RequestCredentials };

/** A fetch that answers from a script of responses and records what it was asked. */
function scriptedFetch(...responses: Array<() => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({
      url: String(url),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      credentials: init.credentials,
    });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)];
    if (!next) throw new Error('no scripted response');
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const errorBody = (error: string, description: string) => ({ error, error_code: 5, error_description: description });

function client(fetch: typeof globalThis.fetch, locale = 'ja') {
  return createApiClient({ baseUrl: 'http://nubo.test', locale: () => locale, fetch, retryDelayMs: 0, log: () => {} });
}

describe('api client', () => {
  it('sends Accept-Language, credentials and a JSON body', async () => {
    const { fetch, calls } = scriptedFetch(json(200, { ok: 1 }));
    const answer = await client(fetch, 'zh-TW').post<{ ok: number }>('/drive/v1/files', { name: 'a' });
    expect(answer).toEqual({ ok: 1 });
    expect(calls[0]?.headers.get('accept-language')).toBe('zh-TW');
    expect(calls[0]?.headers.get('content-type')).toContain('application/json');
    expect(calls[0]?.credentials).toBe('include');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ name: 'a' });
  });

  it('puts query parameters on the URL and leaves out undefined ones', async () => {
    const { fetch, calls } = scriptedFetch(json(200, {}));
    await client(fetch).get('/drive/v1/files', { parent_id: 'abc', limit: 100, page_token: undefined });
    expect(calls[0]?.url).toBe('http://nubo.test/drive/v1/files?parent_id=abc&limit=100');
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once after %i', async (status) => {
    const { fetch, calls } = scriptedFetch(json(status, errorBody('internal', 'x')), json(200, { n: 2 }));
    await expect(client(fetch).get('/drive/v1/about')).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('retries only once, then fails with the last answer', async () => {
    const { fetch, calls } = scriptedFetch(json(503, errorBody('service_unavailable', 'down')));
    await expect(client(fetch).get('/drive/v1/about')).rejects.toMatchObject({ status: 503, error: 'service_unavailable' });
    expect(calls).toHaveLength(2);
  });

  it('never retries a POST, even after a 503', async () => {
    const { fetch, calls } = scriptedFetch(json(503, errorBody('service_unavailable', 'down')), json(200, {}));
    await expect(client(fetch).post('/drive/v1/files', {})).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('does not retry statuses outside the list, such as 404 or 501', async () => {
    for (const status of [404, 501]) {
      const { fetch, calls } = scriptedFetch(json(status, errorBody('file_not_found', 'gone')), json(200, {}));
      await expect(client(fetch).get('/drive/v1/files/x')).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
  });

  it("makes the server's error_description the error's message", async () => {
    const { fetch } = scriptedFetch(json(404, errorBody('file_not_found', 'The file does not exist')));
    const failure = await client(fetch)
      .get('/drive/v1/files/x')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'The file does not exist', error: 'file_not_found', errorCode: 5, status: 404 });
  });

  it('logs every failure it exposes', async () => {
    const { fetch } = scriptedFetch(json(400, errorBody('invalid_request', 'bad')));
    const log = vi.fn();
    const api = createApiClient({ locale: () => 'en-US', fetch, retryDelayMs: 0, log });
    await api.get('/x').catch(() => {});
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ error: 'invalid_request' }));
  });

  it('turns a non-JSON failure and a network failure into ApiErrors', async () => {
    const { fetch } = scriptedFetch(() => new Response('<html>bad gateway</html>', { status: 501 }));
    await expect(client(fetch).get('/x')).rejects.toMatchObject({ status: 501, error: 'internal' });
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    await expect(client(offline).get('/x')).rejects.toMatchObject({ status: 0, error: 'network_error', message: 'fetch failed' });
  });
});
