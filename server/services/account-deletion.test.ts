// Deleting an account: stopped at once, restorable during the grace period, then gone for good —
// its files and their content (unless another account holds the same), its shares, its address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '#shared/api/admin.ts';
import { DAY_MS } from '../calendar.ts';
import { localBlobStore } from '../storage/blob-store.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { ENGINES, grantOperatorRole, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, sha256, tusUpload } from '../testing/uploads.ts';
import { accountDeletionService } from './account-deletion.ts';
import { filesService } from './files.ts';
import { standingRules } from './premium/standing.ts';

describe.each(ENGINES)('deleting an account on %s', (engine) => {
  let server: TestServer;
  const adminEmail = uniqueEmail('admin');
  let admin: TestBrowser;
  beforeAll(async () => {
    server = await startTestServer(engine, { adminEmails: [adminEmail] });
    admin = new TestBrowser(server.url);
    await admin.post('/v1/auth/signup', { email: adminEmail, password: goodPassword(), name: 'Root' });
    await grantOperatorRole(server, adminEmail);
  });
  afterAll(async () => server?.dispose());

  async function person() {
    const email = uniqueEmail('leaving');
    const password = goodPassword();
    const browser = new TestBrowser(server.url);
    const id = (await browser.post('/v1/auth/signup', { email, password, name: 'Leaving' })).body.sub as string;
    return { browser, email, password, id };
  }

  async function upload(browser: TestBrowser, name: string, bytes: Buffer, parentId = '') {
    const created = await createUpload(browser, name, bytes, { parent_id: parentId });
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    return created.body.file.id as string;
  }

  it('stops the account at once, and enabling it during the grace period gives everything back', async () => {
    const leaving = await person();
    const folder = (await leaving.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Kept' })).body.file.id as string;
    const shareId = (await leaving.browser.post('/drive/v1/share', { file_ids: [folder] })).body.share_id as string;
    const before = Date.now();
    const deleted = await admin.post(ADMIN_PATHS.deleteUser.replace(':id', leaving.id));
    expect(deleted.body).toMatchObject({ status: 'DELETING', active_sessions: 0 });
    expect(Date.parse(deleted.body.deletion_due_at) - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect((await leaving.browser.get('/drive/v1/about')).status).toBe(401);
    expect((await new TestBrowser(server.url).post('/v1/auth/signin', { username: leaving.email, password: leaving.password })).status).toBe(400);
    expect((await new TestBrowser(server.url).get(`/drive/v1/share?share_id=${shareId}`)).body.share_status).toBe('ACCOUNT_DISABLED');

    const restored = await admin.request('PATCH', ADMIN_PATHS.user.replace(':id', leaving.id), { status: 'ACTIVE' });
    expect(restored.body).toMatchObject({ status: 'ACTIVE', deletion_due_at: '' });
    const back = new TestBrowser(server.url);
    expect((await back.post('/v1/auth/signin', { username: leaving.email, password: leaving.password })).status).toBe(200);
    expect((await back.get(`/drive/v1/files?parent_id=`)).body.files.map((file: { name: string }) => file.name)).toEqual(['Kept']);
    expect((await new TestBrowser(server.url).get(`/drive/v1/share?share_id=${shareId}`)).body.share_status).toBe('OK');
    const audit = (await admin.get(`${ADMIN_PATHS.audit}?limit=2`)).body.entries.map((entry: { action: string }) => entry.action);
    expect(audit).toEqual(['user.status', 'user.delete']);
  });

  it('after the grace period deletes its files (and content no one else holds), its shares and its address, and keeps an emptied row', async () => {
    const leaving = await person();
    const staying = await person();
    const own = Buffer.from(`only mine ${Math.random()}`);
    const common = Buffer.from(`held by both ${Math.random()}`);
    const folder = (await leaving.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Deep' })).body.file.id as string;
    await upload(leaving.browser, 'own.txt', own, folder);
    const trashed = await upload(leaving.browser, 'common.txt', common);
    await leaving.browser.post('/drive/v1/files:batchTrash', { ids: [trashed] });
    await upload(staying.browser, 'common.txt', common);
    const shareId = (await leaving.browser.post('/drive/v1/share', { file_ids: [folder] })).body.share_id as string;
    await admin.post(ADMIN_PATHS.deleteUser.replace(':id', leaving.id));

    const blobs = localBlobStore(server.config.blobStore.driver === 'local' ? server.config.blobStore.dir : '');
    const files = filesService({ db: server.database.db, blobs, standing: standingRules(server.config.plans) });
    const deletion = accountDeletionService({ db: server.database.db, files, graceDays: 30 });
    expect(await deletion.purgeDue(Date.now() + 29 * DAY_MS)).toBe(0);
    expect(await deletion.purgeDue(Date.now() + 31 * DAY_MS)).toBe(1);

    const rows = await server.database.db.selectFrom('file').select('id').where('user_id', '=', leaving.id).execute();
    expect(rows).toEqual([]);
    expect(await blobs.has(sha256(own))).toBe(false);
    expect(await blobs.has(sha256(common))).toBe(true);
    expect((await staying.browser.get('/drive/v1/files?parent_id=')).body.files.map((file: { name: string }) => file.name)).toEqual(['common.txt']);
    expect((await new TestBrowser(server.url).get(`/drive/v1/share?share_id=${shareId}`)).body.share_status).not.toBe('OK');
    const user = await server.database.db.selectFrom('user').selectAll().where('id', '=', leaving.id).executeTakeFirstOrThrow();
    expect([user.status, user.name, user.password_hash, user.email]).toEqual(['DELETED', '', null, `deleted-${leaving.id}@deleted.invalid`]);
    // The address is free again.
    expect((await new TestBrowser(server.url).post('/v1/auth/signup', { email: leaving.email, password: goodPassword(), name: 'New' })).status).toBe(200);
    expect((await admin.post(ADMIN_PATHS.deleteUser.replace(':id', leaving.id))).body.error).toBe('not_found');
  });
});
