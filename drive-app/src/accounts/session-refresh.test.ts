import { describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError } from '#shared/api/client.ts';
import { type SessionRefreshOptions, withSessionRefresh } from './session-refresh.ts';

const unauthenticated = () => new ApiError(401, { error: 'unauthenticated', error_code: 16, error_description: 'Sign in to continue.' });
const invalidGrant = () => new ApiError(400, { error: 'invalid_grant', error_code: 3, error_description: 'expired' });
const offline = () => new ApiError(0, { error: 'network_error', error_code: 14, error_description: 'Failed to fetch' });

/** A client whose every call runs `answer`, counting the calls. */
function fakeClient(answer: (call: number) => Promise<unknown>): ApiClient & { calls: number } {
  const client = {
    calls: 0,
    get: () => answer(++client.calls),
    post: () => answer(++client.calls),
    postForText: () => answer(++client.calls),
    patch: () => answer(++client.calls),
    put: () => answer(++client.calls),
    delete: () => answer(++client.calls),
  };
  return client as unknown as ApiClient & { calls: number };
}

function options(overrides: Partial<SessionRefreshOptions> = {}) {
  const acrossTabs = vi.fn(<T>(task: () => Promise<T>) => task());
  return {
    refresh: vi.fn(async () => {}),
    acrossTabs: acrossTabs as SessionRefreshOptions['acrossTabs'],
    onSessionEnded: vi.fn(),
    lockCalls: acrossTabs,
    ...overrides,
  };
}

describe('withSessionRefresh', () => {
  it('renews the session once after a 401 and sends the call again', async () => {
    const client = fakeClient(async (call) => {
      if (call === 1) throw unauthenticated();
      return { ok: call };
    });
    const opts = options();
    await expect(withSessionRefresh(client, opts).get('/v1/user/me')).resolves.toEqual({ ok: 2 });
    expect(opts.refresh).toHaveBeenCalledTimes(1);
    expect(opts.lockCalls).toHaveBeenCalledTimes(1);
    expect(opts.onSessionEnded).not.toHaveBeenCalled();
  });

  it('sends the call again only once, failing with the second 401', async () => {
    const client = fakeClient(async () => {
      throw unauthenticated();
    });
    const opts = options();
    await expect(withSessionRefresh(client, opts).post('/v1/auth/sessions:revokeAll')).rejects.toMatchObject({ status: 401 });
    expect(client.calls).toBe(2);
    expect(opts.refresh).toHaveBeenCalledTimes(1);
  });

  it('runs one renewal for calls that fail together', async () => {
    let renewed = false;
    const client = fakeClient(async () => {
      if (!renewed) throw unauthenticated();
      return 'fine';
    });
    let finishRenewal: () => void = () => {};
    const opts = options({
      refresh: vi.fn(
        () =>
          new Promise<void>((resolve) => {
            finishRenewal = () => {
              renewed = true;
              resolve();
            };
          }),
      ),
    });
    const api = withSessionRefresh(client, opts);
    const calls = Promise.all([api.get('/a'), api.get('/b'), api.delete('/c')]);
    await vi.waitFor(() => expect(opts.refresh).toHaveBeenCalled());
    finishRenewal();
    await expect(calls).resolves.toEqual(['fine', 'fine', 'fine']);
    expect(opts.refresh).toHaveBeenCalledTimes(1);
  });

  it('does not renew again for a call sent before the last renewal finished', async () => {
    let renewals = 0;
    let releaseSlowCall: () => void = () => {};
    const slowCallAnswered = new Promise<void>((resolve) => {
      releaseSlowCall = resolve;
    });
    const client = fakeClient(async (call) => {
      if (call === 1) throw unauthenticated();
      if (call === 2) {
        // Sent with the old cookie; answers 401 only after the renewal is done.
        await slowCallAnswered;
        throw unauthenticated();
      }
      return renewals;
    });
    const opts = options({
      refresh: vi.fn(async () => {
        renewals += 1;
      }),
    });
    const api = withSessionRefresh(client, opts);
    const first = api.get('/first');
    const second = api.get('/second');
    await expect(first).resolves.toBe(1);
    releaseSlowCall();
    await expect(second).resolves.toBe(1);
    expect(opts.refresh).toHaveBeenCalledTimes(1);
  });

  it('ends the session here when the server refuses to renew it, and fails with the 401', async () => {
    const client = fakeClient(async () => {
      throw unauthenticated();
    });
    const opts = options({ refresh: vi.fn(async () => Promise.reject(invalidGrant())) });
    await expect(withSessionRefresh(client, opts).get('/v1/user/me')).rejects.toMatchObject({ status: 401, error: 'unauthenticated' });
    expect(opts.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(client.calls).toBe(1);
  });

  it('keeps the session when the renewal could not reach the server', async () => {
    const client = fakeClient(async () => {
      throw unauthenticated();
    });
    const opts = options({ refresh: vi.fn(async () => Promise.reject(offline())) });
    await expect(withSessionRefresh(client, opts).get('/v1/user/me')).rejects.toMatchObject({ error: 'network_error' });
    expect(opts.onSessionEnded).not.toHaveBeenCalled();
  });

  it('leaves other failures alone', async () => {
    const client = fakeClient(async () => {
      throw new ApiError(400, { error: 'invalid_account_or_password', error_code: 3, error_description: 'no' });
    });
    const opts = options();
    await expect(withSessionRefresh(client, opts).post('/v1/auth/signin', {})).rejects.toMatchObject({ error: 'invalid_account_or_password' });
    expect(opts.refresh).not.toHaveBeenCalled();
    expect(client.calls).toBe(1);
  });
});
