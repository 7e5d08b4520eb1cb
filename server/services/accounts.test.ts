// Rules that depend on time, pinned with a controlled clock over a real database.
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopRedirectUri } from '#shared/accounts/clients.ts';
import { memoryCounterStore } from '../auth/rate-limits.ts';
import type { Authenticated } from '../auth/tokens.ts';
import type { NuboDatabase } from '../db/database.ts';
import { presentSession } from '../presenters/accounts.ts';
import { ENGINES, migratedDatabase, TEST_LIMITS } from '../testing/harness.ts';
import { ACCESS_TOKEN_TTL_MS, type AccountsService, AUTH_CODE_TTL_MS, accountsService, describeDevice, REFRESH_TOKEN_TTL_MS } from './accounts.ts';

const origin = { ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' };

describe.each(ENGINES)('accounts service on %s', (engine) => {
  let database: NuboDatabase;
  let drop: () => Promise<void>;
  let clock: number;
  let accounts: AccountsService;

  beforeEach(async () => {
    ({ database, drop } = await migratedDatabase(engine));
    clock = Date.UTC(2026, 10, 22);
    accounts = accountsService({ db: database.db, counters: memoryCounterStore(() => clock), limits: TEST_LIMITS, now: () => clock });
  });
  afterEach(() => drop());

  const signUp = () => accounts.signUp({ email: 'ann@example.org', password: 'maple-stone-river', name: 'Ann', clientId: 'nubo-desktop' }, origin);

  it('stops accepting an access token after 15 minutes', async () => {
    const tokens = await signUp();
    clock += ACCESS_TOKEN_TTL_MS - 1;
    expect(await accounts.authenticate(tokens.accessToken)).toBeDefined();
    clock += 1;
    expect(await accounts.authenticate(tokens.accessToken)).toBeUndefined();
  });

  it('refuses a refresh token after 30 days unused', async () => {
    const tokens = await signUp();
    clock += REFRESH_TOKEN_TTL_MS;
    await expect(accounts.refresh(tokens.refreshToken, 'nubo-desktop', origin)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a refresh token presented by another client', async () => {
    const tokens = await signUp();
    await expect(accounts.refresh(tokens.refreshToken, 'nubo-extension', origin)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('lets one of two racing refreshes with the same token win and revokes the session for the other', async () => {
    const tokens = await signUp();
    const results = await Promise.allSettled([
      accounts.refresh(tokens.refreshToken, 'nubo-desktop', origin),
      accounts.refresh(tokens.refreshToken, 'nubo-desktop', origin),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  it('refuses an authorization code after its 60 seconds', async () => {
    const tokens = await signUp();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await accounts.authorize(tokens.userId, {
      clientId: 'nubo-desktop',
      scope: 'user pan offline',
      redirectUri: desktopRedirectUri(50000),
      codeChallenge: challenge,
    });
    clock += AUTH_CODE_TTL_MS;
    await expect(
      accounts.exchangeCode({ code, codeVerifier: verifier, clientId: 'nubo-desktop', redirectUri: desktopRedirectUri(50000) }, origin),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  const sessionsOf = async (auth: Authenticated) => (await accounts.listSessions(auth)).map((session) => presentSession(session, auth.session.id));

  it('writes last seen at most once a minute, not on every request', async () => {
    const tokens = await signUp();
    const auth = await accounts.authenticate(tokens.accessToken);
    clock += 30_000;
    await accounts.authenticate(tokens.accessToken);
    expect((await sessionsOf(auth!))[0]?.last_seen_at).toBe(new Date(clock - 30_000).toISOString());
    clock += 40_000;
    await accounts.authenticate(tokens.accessToken);
    expect((await sessionsOf(auth!))[0]?.last_seen_at).toBe(new Date(clock).toISOString());
  });

  it('stores only hashes of passwords and tokens', async () => {
    const tokens = await signUp();
    const user = await database.db.selectFrom('user').selectAll().executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const session = await database.db.selectFrom('session').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(session)).not.toContain(tokens.accessToken.split('.')[1]);
    expect(JSON.stringify(session)).not.toContain(tokens.refreshToken.split('.')[1]);
  });
});

describe('devices', () => {
  it('names a device from its user agent', () => {
    expect(describeDevice(origin.userAgent)).toBe('Chrome 156 on Linux');
    expect(describeDevice(undefined)).toBe('');
  });
});
