import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCounterStore } from '../auth/rate-limits.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { accountMails } from '../mail/templates.ts';
import { databaseWithUser, ENGINES } from '../testing/harness.ts';
import { accountMailService } from './account-mail.ts';
import { mailService } from './mail.ts';
import { loadMessages, translatorsOf } from './messages.ts';

const PUBLIC_URL = 'https://nubo.example';
const mails = accountMails(translatorsOf(loadMessages(path.resolve(import.meta.dirname, '../../content'))));

describe.each(ENGINES)('the notice of passcodes guessed on a share, on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  async function mailing(withMail = true) {
    const { database, drop: dropDatabase } = await databaseWithUser(engine);
    drop = dropDatabase;
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { send: async (mail) => void sent.push(mail), close: () => {} };
    const failures: unknown[] = [];
    const service = accountMailService({
      db: database.db,
      mailer: withMail ? mailer : undefined,
      mails,
      unsubscribe: mailService({ db: database.db, key: randomBytes(32) }),
      counters: memoryCounterStore(),
      publicUrl: PUBLIC_URL,
      log: { error: (details) => failures.push(details) },
    });
    return { db: database.db, service, sent, failures };
  }

  const share = { id: 'share1', user_id: 'u1', title: 'Trip <2026>' };
  const until = Date.parse('2026-11-25T11:00:00.000Z');

  it('tells the owner once a day for each share, with until when and a way to their shares', async () => {
    const { service, sent, failures } = await mailing();
    await service.sharePassCodesStopped(share, until);
    await service.sharePassCodesStopped(share, until + 3_600_000);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([['u1@example.org', 'Someone is trying to guess the passcode of your share']]);
    expect(sent[0]!.text).toContain('your share “Trip <2026>” within an hour');
    expect(sent[0]!.text).toContain('until 2026-11-25 11:00 (UTC)');
    expect(sent[0]!.text).toContain(`See my shares: ${PUBLIC_URL}/drive/shares`);
    // The title is the owner's text: characters in the HTML form, never markup.
    expect(sent[0]!.html).toContain('Trip &lt;2026&gt;');
    // Another share of theirs is another notice.
    await service.sharePassCodesStopped({ ...share, id: 'share2' }, until);
    expect(sent).toHaveLength(2);
    expect(failures).toEqual([]);
  });

  it('mails no owner whose account is not active, and nothing where there is no mail', async () => {
    const { db, service, sent } = await mailing();
    await db.updateTable('user').set({ status: 'DISABLED' }).where('id', '=', 'u1').execute();
    await service.sharePassCodesStopped(share, until);
    expect(sent).toEqual([]);
    const off = await mailing(false);
    await expect(off.service.sharePassCodesStopped(share, until)).resolves.toBeUndefined();
  });
});
