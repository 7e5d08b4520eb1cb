import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../auth/server-secrets.ts';
import { DAY_MS } from '../calendar.ts';
import { mailService, UNSUBSCRIBE_LINK_DAYS } from '../services/mail.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { signUp } from '../testing/uploads.ts';

describe.each(ENGINES)('unsubscribing on %s', (engine) => {
  let server: TestServer;
  let mail: ReturnType<typeof mailService>;
  let key: Buffer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    key = await serverSecret(server.database.db, 'mail-unsubscribe');
    mail = mailService({ db: server.database.db, key });
  });
  afterAll(async () => server?.dispose());

  const unsubscribe = (d: string) => fetch(`${server.url}/mail/v1/unsubscribe?${new URLSearchParams({ d })}`);

  it('stops the scene’s e-mails for the account an e-mail’s link names, and says whose (masked)', async () => {
    const { userId } = await signUp(server.url);
    const d = mail.unsubscribeToken(userId, 'news');
    expect(await mail.optedOut(userId, 'news')).toBe(false);
    const answer = await unsubscribe(d);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ email: expect.stringMatching(/^pe\*\*\*@example\.(org|com)$/), scene: 'news' });
    expect(await mail.optedOut(userId, 'news')).toBe(true);
    // Following the link again is harmless.
    expect((await unsubscribe(d)).status).toBe(200);
  });

  it('refuses a link that was altered, signed by another server, or has expired', async () => {
    const { userId } = await signUp(server.url);
    const d = mail.unsubscribeToken(userId, 'news');
    const [payload, signature] = d.split('.');
    const other = Buffer.from(JSON.stringify({ u: 'someone-else', s: 'news', e: Date.now() + DAY_MS })).toString('base64url');
    const expired = mailService({ db: server.database.db, key, now: () => Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY_MS }).unsubscribeToken(userId, 'news');
    const foreign = mailService({ db: server.database.db, key: Buffer.alloc(32, 7) }).unsubscribeToken(userId, 'news');
    for (const [bad, reason] of [
      [`${other}.${signature}`, 'signature'],
      [`${payload}.${'A'.repeat(43)}`, 'signature'],
      [payload!, 'signature'],
      [foreign, 'signature'],
      [expired, 'expired'],
    ] as const) {
      const answer = await unsubscribe(bad);
      const body = (await answer.json()) as { error: string; details: Array<{ reason: string }> };
      expect([answer.status, body.error, body.details[0]!.reason], bad).toEqual([400, 'invalid_unsubscribe_link', reason]);
    }
    expect(await mail.optedOut(userId, 'news')).toBe(false);
  });
});
