import { describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '#shared/api/accounts.ts';
import { type ApiClient, ApiError } from '#shared/api/client.ts';
import { memoryStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';
import { rememberSignIn, SIGNED_IN_MARKER_KEY } from '../accounts/signed-in-marker.ts';
import { type AppEvents, createEventBus } from '../events.ts';
import { createUserStore } from './user-store.ts';

const PROFILE: UserProfile = {
  sub: 'u1',
  name: 'Ann',
  email: 'a***@example.com',
  phone_number: '',
  picture: '',
  password: 'SET',
  email_verified: true,
  roles: [],
  status: 'ACTIVE',
  created_at: '2026-01-02T03:04:05.000Z',
};
const SESSION = { token_type: 'Cookie', sub: 'u1', expires_in: 900, expires_at: Date.now() + 86_400_000 };
const apiError = (status: number, error: string) => new ApiError(status, { error, error_code: 3, error_description: error });

type Route = (body: unknown) => unknown;

/** An API that answers each "METHOD path" from a table; a function may throw. */
function fakeApi(routes: Record<string, Route>) {
  const calls: Array<{ route: string; body: unknown }> = [];
  const answer = async (method: string, path: string, body?: unknown) => {
    const route = `${method} ${path}`;
    calls.push({ route, body });
    const handler = routes[route];
    if (!handler) throw new Error(`unexpected ${route}`);
    return handler(body);
  };
  const api = {
    get: (path: string) => answer('GET', path),
    delete: (path: string) => answer('DELETE', path),
    post: (path: string, body?: unknown) => answer('POST', path, body),
    patch: (path: string, body?: unknown) => answer('PATCH', path, body),
    put: (path: string, body?: unknown) => answer('PUT', path, body),
  } as unknown as ApiClient;
  return { api, calls };
}

function setup(routes: Record<string, Route>, storage = memoryStorage()) {
  const { api, calls } = fakeApi(routes);
  const events = createEventBus<AppEvents>();
  const fired: Array<[keyof AppEvents, unknown]> = [];
  for (const name of ['after-login', 'login-failed', 'logout-success'] as const) events.on(name, (payload) => fired.push([name, payload]));
  const solveProofOfWork = vi.fn(async ({ challenge }: { challenge: string }) => `${challenge}.42`);
  const store = createUserStore({ api, storage, events, solveProofOfWork });
  return { store, storage, calls, fired, events, solveProofOfWork };
}

const signedInStorage = () => {
  const storage = memoryStorage();
  rememberSignIn(storage, SESSION);
  return storage;
};

describe('the user store', () => {
  it('starts signed out without a marker, and loading with one', () => {
    expect(setup({}).store.$user.get()).toEqual({ status: 'signed-out' });
    // Reading the state of a signed-in browser starts loading the profile.
    const { store, calls } = setup({ 'GET /v1/user/me': () => PROFILE }, signedInStorage());
    expect(store.$user.get()).toEqual({ status: 'loading' });
    expect(calls.map((call) => call.route)).toEqual(['GET /v1/user/me']);
  });

  it('signs in: keeps the marker and the user id, loads the profile, fires after-login', async () => {
    const { store, storage, calls, fired } = setup({ 'POST /v1/auth/signin': () => SESSION, 'GET /v1/user/me': () => PROFILE });
    const user = await store.signIn({ email: 'ann@example.com', password: 'long enough pass' });
    expect(calls[0]).toEqual({ route: 'POST /v1/auth/signin', body: { username: 'ann@example.com', password: 'long enough pass', client_id: 'nubo-web' } });
    expect(JSON.parse(storage.getItem(SIGNED_IN_MARKER_KEY) ?? '')).toEqual({ sub: 'u1', expires_at: SESSION.expires_at });
    expect(storage.getItem(STORAGE_KEYS.userId)).toBe('u1');
    expect(user).toMatchObject({ userId: 'u1', username: 'Ann', email: 'a***@example.com', haveSetPassword: true });
    expect(store.$user.get()).toEqual({ status: 'signed-in', user });
    expect(fired).toEqual([['after-login', { user }]]);
  });

  it('reads haveSetPassword from the profile password field', async () => {
    const { store } = setup({ 'GET /v1/user/me': () => ({ ...PROFILE, password: '' }) }, signedInStorage());
    await store.refreshUser();
    expect(store.$user.get()).toMatchObject({ user: { haveSetPassword: false } });
  });

  it('fires login-failed and stays signed out when the password is wrong', async () => {
    const { store, storage, fired } = setup({
      'POST /v1/auth/signin': () => {
        throw apiError(400, 'invalid_account_or_password');
      },
    });
    await expect(store.signIn({ email: 'ann@example.com', password: 'wrong password' })).rejects.toMatchObject({ error: 'invalid_account_or_password' });
    expect(fired.map(([name]) => name)).toEqual(['login-failed']);
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
    expect(storage.getItem(SIGNED_IN_MARKER_KEY)).toBeNull();
  });

  it('does the proof of work when the server asks for it, then signs in again with its token', async () => {
    let attempts = 0;
    const { store, calls, solveProofOfWork } = setup({
      'POST /v1/auth/signin': (body) => {
        attempts += 1;
        if (!(body as { captcha_token?: string }).captcha_token) throw apiError(403, 'captcha_required');
        return SESSION;
      },
      'POST /v1/auth/captcha': () => ({ challenge: 'ch', difficulty: 4 }),
      'GET /v1/user/me': () => PROFILE,
    });
    const onCheckingRobot = vi.fn();
    await store.signIn({ email: 'ann@example.com', password: 'long enough pass' }, onCheckingRobot);
    expect(onCheckingRobot).toHaveBeenCalledTimes(1);
    expect(solveProofOfWork).toHaveBeenCalledWith({ challenge: 'ch', difficulty: 4 });
    expect(attempts).toBe(2);
    expect(calls.at(-2)?.body).toMatchObject({ captcha_token: 'ch.42' });
  });

  it('signs up with the name and e-mail address', async () => {
    const { store, calls } = setup({ 'POST /v1/auth/signup': () => SESSION, 'GET /v1/user/me': () => PROFILE });
    await store.signUp({ email: 'ann@example.com', password: 'long enough pass', name: 'Ann' });
    expect(calls[0]?.body).toEqual({ email: 'ann@example.com', password: 'long enough pass', name: 'Ann', client_id: 'nubo-web' });
  });

  it('clears the stored user id and reports false when the profile cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, storage } = setup(
      {
        'GET /v1/user/me': () => {
          throw apiError(503, 'service_unavailable');
        },
      },
      signedInStorage(),
    );
    await expect(store.refreshUser()).resolves.toBe(false);
    expect(storage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(store.$user.get()).toMatchObject({ status: 'failed', error: { error: 'service_unavailable' } });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('is signed out, marker gone, when the server no longer knows the session', async () => {
    const { store, storage } = setup(
      {
        'GET /v1/user/me': () => {
          throw apiError(401, 'unauthenticated');
        },
      },
      signedInStorage(),
    );
    await expect(store.refreshUser()).resolves.toBe(false);
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
    expect(storage.getItem(SIGNED_IN_MARKER_KEY)).toBeNull();
  });

  it('signs out: revokes the session, forgets the marker, fires logout-success', async () => {
    const { store, storage, calls, fired } = setup({ 'GET /v1/user/me': () => PROFILE, 'POST /v1/auth/revoke': () => ({}) }, signedInStorage());
    await store.refreshUser();
    await store.signOut();
    expect(calls.at(-1)?.route).toBe('POST /v1/auth/revoke');
    expect(storage.getItem(SIGNED_IN_MARKER_KEY)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
    expect(fired).toEqual([['logout-success', { userId: 'u1' }]]);
  });

  it('counts a session the server already ended as signed out', async () => {
    const { store, fired } = setup(
      {
        'GET /v1/user/me': () => PROFILE,
        'POST /v1/auth/sessions:revokeAll': () => {
          throw apiError(401, 'unauthenticated');
        },
      },
      signedInStorage(),
    );
    await store.signOutEverywhere();
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
    expect(fired.map(([name]) => name)).toEqual(['logout-success']);
  });

  it('stays signed in when the sign-out could not reach the server', async () => {
    const { store, storage, fired } = setup(
      {
        'GET /v1/user/me': () => PROFILE,
        'POST /v1/auth/revoke': () => {
          throw apiError(0, 'network_error');
        },
      },
      signedInStorage(),
    );
    await store.refreshUser();
    await expect(store.signOut()).rejects.toMatchObject({ error: 'network_error' });
    expect(store.$user.get().status).toBe('signed-in');
    expect(storage.getItem(SIGNED_IN_MARKER_KEY)).not.toBeNull();
    expect(fired).toEqual([]);
  });

  it('does not show a profile asked for before the user signed out', async () => {
    let answerProfile: (profile: UserProfile) => void = () => {};
    const { store } = setup(
      {
        'GET /v1/user/me': () => new Promise<UserProfile>((resolve) => (answerProfile = resolve)),
        'POST /v1/auth/revoke': () => ({}),
      },
      signedInStorage(),
    );
    const refreshed = store.refreshUser();
    await store.signOut();
    answerProfile(PROFILE);
    await expect(refreshed).resolves.toBe(false);
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
  });

  it('shows a session the server ended as signed out at once', async () => {
    const { store, events } = setup({ 'GET /v1/user/me': () => PROFILE }, signedInStorage());
    await store.refreshUser();
    events.emit('session-ended', {});
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
  });

  it('follows a sign-out made in another tab', async () => {
    const { store, storage } = setup({ 'GET /v1/user/me': () => PROFILE }, signedInStorage());
    await store.refreshUser();
    storage.removeItem(SIGNED_IN_MARKER_KEY);
    store.followStoredSignIn();
    expect(store.$user.get()).toEqual({ status: 'signed-out' });
  });

  it('fires signed-out whenever the one signed in here is no longer, and never for a visitor who was not signed in', async () => {
    const ends: Record<string, (store: ReturnType<typeof setup>) => unknown> = {
      'signing out': ({ store }) => store.signOut(),
      'the server ending the session': ({ events }) => events.emit('session-ended', {}),
      'a sign-out in another tab': ({ store, storage }) => {
        storage.removeItem(SIGNED_IN_MARKER_KEY);
        store.followStoredSignIn();
      },
    };
    for (const [what, end] of Object.entries(ends)) {
      const signedIn = setup({ 'GET /v1/user/me': () => PROFILE, 'POST /v1/auth/revoke': () => ({}) }, signedInStorage());
      const fired: string[] = [];
      signedIn.events.on('signed-out', () => fired.push(what));
      await signedIn.store.refreshUser();
      await end(signedIn);
      expect(fired).toEqual([what]);
    }

    const unknown = setup({ 'GET /v1/user/me': () => Promise.reject(apiError(401, 'unauthenticated')) }, signedInStorage());
    let unknownFired = 0;
    unknown.events.on('signed-out', () => unknownFired++);
    await unknown.store.refreshUser();
    expect(unknownFired).toBe(1);

    const visitor = setup({});
    let visitorFired = 0;
    visitor.events.on('signed-out', () => visitorFired++);
    visitor.events.emit('session-ended', {});
    visitor.store.followStoredSignIn();
    expect(visitor.store.$user.get()).toEqual({ status: 'signed-out' });
    expect(visitorFired).toBe(0);
  });

  it('keeps the renamed profile', async () => {
    const { store, calls } = setup(
      { 'GET /v1/user/me': () => PROFILE, 'PATCH /v1/user/me': (body) => ({ ...PROFILE, ...(body as object) }) },
      signedInStorage(),
    );
    await store.refreshUser();
    await store.rename('Annie');
    expect(calls.at(-1)).toEqual({ route: 'PATCH /v1/user/me', body: { name: 'Annie' } });
    expect(store.$user.get()).toMatchObject({ user: { username: 'Annie' } });
  });

  it('changes the password with the old and the new one', async () => {
    const { store, calls } = setup({ 'POST /v1/user/password': () => ({}) }, signedInStorage());
    await store.changePassword({ oldPassword: 'old secret 1', newPassword: 'new secret 22' });
    expect(calls.at(-1)).toEqual({ route: 'POST /v1/user/password', body: { old_password: 'old secret 1', new_password: 'new secret 22' } });
  });
});
