import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertStoredFile } from '../testing/factories.ts';
import { ENGINES, grantOperatorRole, startTestServer, type TestServer } from '../testing/harness.ts';

describe.each(ENGINES)('taking content down on %s', (engine) => {
  let server: TestServer;
  const adminEmail = uniqueEmail('moderator');
  beforeAll(async () => {
    server = await startTestServer(engine, { adminEmails: [adminEmail] });
  });
  afterAll(async () => server?.dispose());

  async function person(email = uniqueEmail()) {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email, password: goodPassword(), name: 'Ann' });
    return { browser, userId: body.sub as string };
  }

  async function moderator() {
    const admin = await person(adminEmail);
    await grantOperatorRole(server, adminEmail);
    return admin;
  }

  it('makes every share holding the content answer PROHIBITED, refuses sharing it again, and records the action', async () => {
    const owner = await person();
    const album = (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Album' })).body.file;
    const bad = await insertStoredFile(server.database.db, owner.userId, { name: 'bad.jpg', parentId: album.id, content: 'forbidden bytes' });
    await insertStoredFile(server.database.db, owner.userId, { name: 'fine.jpg', parentId: album.id });
    const folderShare = (await owner.browser.post('/drive/v1/share', { file_ids: [album.id] })).body.share_id;
    // A copy elsewhere, shared on its own, by someone else.
    const other = await person();
    await insertStoredFile(server.database.db, other.userId, { name: 'copy.jpg', content: 'forbidden bytes' });
    const otherFile = (await other.browser.get('/drive/v1/files')).body.files[0];
    const otherShare = (await other.browser.post('/drive/v1/share', { file_ids: [otherFile.id] })).body.share_id;
    const unrelated = (
      await other.browser.post('/drive/v1/share', {
        file_ids: [(await other.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Clean' })).body.file.id],
      })
    ).body.share_id;
    void unrelated;

    const admin = await moderator();
    const taken = await admin.browser.post('/audit-admin/v1/share', { share_user_id: owner.userId, file_ids: [bad.id], reason: 'report #12' });
    expect(taken.status).toBe(200);
    expect(taken.body.gcids).toEqual([bad.hash]);
    expect([...taken.body.share_ids].sort()).toEqual([folderShare, otherShare].sort());

    const visitor = new TestBrowser(server.url);
    for (const id of [folderShare, otherShare]) expect((await visitor.get(`/drive/v1/share?share_id=${id}`)).body.share_status).toBe('PROHIBITED');
    expect((await visitor.get(`/drive/v1/share?share_id=${unrelated}`)).body.share_status).toBe('OK');

    const again = await owner.browser.post('/drive/v1/share', { file_ids: [album.id] });
    expect(again.status).toBe(403);
    expect(again.body.details[0].reason).toBe('taken_down');

    const record = await server.database.db.selectFrom('moderation_action').selectAll().execute();
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ admin_id: admin.userId, action: 'takedown:PROHIBITED', reason: 'report #12' });
  });

  it('answers SENSITIVE_RESOURCE when the content is marked so', async () => {
    const owner = await person();
    const file = await insertStoredFile(server.database.db, owner.userId, { name: 'x.mp4', content: 'sensitive bytes' });
    const share = (await owner.browser.post('/drive/v1/share', { file_ids: [file.id] })).body.share_id;
    const admin = await person(uniqueEmail());
    await server.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    await admin.browser.post('/audit-admin/v1/share', { gcids: [file.hash], status: 'SENSITIVE_RESOURCE' });
    expect((await new TestBrowser(server.url).get(`/drive/v1/share?share_id=${share}`)).body.share_status).toBe('SENSITIVE_RESOURCE');
  });

  it('offers no instant upload for content that was taken down', async () => {
    const owner = await person();
    const bytes = randomBytes(1000);
    const hash = createHash('sha256').update(bytes).digest('hex');
    await insertStoredFile(server.database.db, owner.userId, { name: 'a.bin', content: bytes.toString('latin1') });
    const stored = (await server.database.db.selectFrom('file').select('hash').where('user_id', '=', owner.userId).executeTakeFirstOrThrow()).hash!;
    const admin = await person(adminEmail.replace('moderator', 'moderator2'));
    await server.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    await admin.browser.post('/audit-admin/v1/share', { gcids: [stored] });
    const uploader = await person();
    const created = await uploader.browser.post('/drive/v1/files', {
      kind: 'drive#file',
      name: 'again.bin',
      size: String(Buffer.byteLength(bytes.toString('latin1'))),
      hash: stored,
    });
    expect(created.body.file.phase).toBe('PHASE_TYPE_PENDING');
    expect(created.body.proof).toBeUndefined();
    void hash;
  });

  it('flags a share when taken-down content is later moved, copied or uploaded into its folders', async () => {
    const owner = await person();
    const folder = async (name: string, parent_id = '') => (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file;
    const content = `taken down ${randomBytes(8).toString('hex')}`;
    const stray = await insertStoredFile(server.database.db, owner.userId, { name: 'stray.bin', content });
    const bytes = new TextEncoder().encode(content);
    const admin = await person(uniqueEmail());
    await server.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    await admin.browser.post('/audit-admin/v1/share', { gcids: [stray.hash] });

    const shared = async (name: string) => {
      const top = await folder(name);
      const inner = await folder('inner', top.id);
      await insertStoredFile(server.database.db, owner.userId, { name: 'fine.txt', parentId: inner.id });
      const shareId = (await owner.browser.post('/drive/v1/share', { file_ids: [top.id] })).body.share_id as string;
      return { inner, status: async () => (await new TestBrowser(server.url).get(`/drive/v1/share?share_id=${shareId}`)).body.share_status };
    };
    const [movedInto, copiedInto, uploadedInto, untouched] = [
      await shared('Moved'),
      await shared('Copied'),
      await shared('Uploaded'),
      await shared('Untouched'),
    ];
    for (const target of [movedInto, copiedInto, uploadedInto, untouched]) expect(await target.status()).toBe('OK');

    await owner.browser.post('/drive/v1/files:batchCopy', { ids: [stray.id], to: { parent_id: copiedInto.inner.id } });
    await owner.browser.post('/drive/v1/files:batchMove', { ids: [stray.id], to: { parent_id: movedInto.inner.id } });
    const created = (
      await owner.browser.post('/drive/v1/files', { kind: 'drive#file', name: 'again.bin', parent_id: uploadedInto.inner.id, size: String(bytes.length) })
    ).body;
    const sent = await fetch(created.resumable.params.url, {
      method: 'PATCH',
      headers: { ...owner.browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes,
    });
    expect(sent.status).toBe(204);

    expect([await movedInto.status(), await copiedInto.status(), await uploadedInto.status(), await untouched.status()]).toEqual([
      'PROHIBITED',
      'PROHIBITED',
      'PROHIBITED',
      'OK',
    ]);
  });

  it('lets only moderators take content down', async () => {
    const someone = await person();
    const answer = await someone.browser.post('/audit-admin/v1/share', { gcids: ['a'.repeat(64)] });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('permission_denied');
    expect((await new TestBrowser(server.url).post('/audit-admin/v1/share', { gcids: ['a'.repeat(64)] })).status).toBe(401);
  });
});

describe('the sensitive word list', () => {
  it('answers SENSITIVE_WORD for a share whose title or names hold a listed word, case aside', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-words-'));
    writeFileSync(path.join(dir, 'words.txt'), 'forbiddenword\n\nanother\n');
    const server = await startTestServer('sqlite', { sensitiveWordsFile: path.join(dir, 'words.txt') });
    try {
      const browser = new TestBrowser(server.url);
      const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
      const file = await insertStoredFile(server.database.db, body.sub, { name: 'holiday.jpg' });
      const byTitle = (await browser.post('/drive/v1/share', { file_ids: [file.id], title: 'My ForbiddenWord pics' })).body.share_id;
      const clean = (await browser.post('/drive/v1/share', { file_ids: [file.id] })).body.share_id;
      const named = await insertStoredFile(server.database.db, body.sub, { name: 'another-thing.jpg' });
      const byName = (await browser.post('/drive/v1/share', { file_ids: [named.id] })).body.share_id;
      const view = async (id: string) => (await new TestBrowser(server.url).get(`/drive/v1/share?share_id=${id}`)).body.share_status;
      expect(await view(byTitle)).toBe('SENSITIVE_WORD');
      expect(await view(byName)).toBe('SENSITIVE_WORD');
      expect(await view(clean)).toBe('OK');
    } finally {
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
