import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '#shared/api/admin.ts';
import { loadConfig } from '../config.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertStoredFile } from '../testing/factories.ts';
import { ENGINES, grantOperatorRole, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, tusUpload } from '../testing/uploads.ts';

const userPath = (id: string) => ADMIN_PATHS.user.replace(':id', id);
const PLANS_EXAMPLE = path.resolve(import.meta.dirname, '..', '..', 'content', 'plans.example.json');

describe.each(ENGINES)('the operator console’s API on %s', (engine) => {
  let server: TestServer;
  const adminEmail = uniqueEmail('admin');
  let admin: TestBrowser;
  beforeAll(async () => {
    server = await startTestServer(engine, { adminEmails: [adminEmail], plans: loadConfig({ PLANS_FILE: PLANS_EXAMPLE }).plans });
    admin = new TestBrowser(server.url);
    await admin.post('/v1/auth/signup', { email: adminEmail, password: goodPassword(), name: 'Root' });
    await grantOperatorRole(server, adminEmail);
  });
  afterAll(async () => server?.dispose());

  async function person(name: string, label = 'person') {
    const email = uniqueEmail(label);
    const password = goodPassword();
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email, password, name });
    return { browser, email, password, id: body.sub as string };
  }

  it('answers everyone without the admin role with permission_denied, and the signed-out with unauthenticated', async () => {
    const { browser, id } = await person('Nobody');
    for (const [method, path] of [
      ['GET', ADMIN_PATHS.users],
      ['GET', userPath(id)],
      ['PATCH', userPath(id)],
      ['POST', ADMIN_PATHS.signOutEverywhere.replace(':id', id)],
      ['POST', ADMIN_PATHS.grants.replace(':id', id)],
      ['POST', ADMIN_PATHS.deleteUser.replace(':id', id)],
      ['GET', ADMIN_PATHS.audit],
      ['GET', ADMIN_PATHS.overview],
      ['GET', ADMIN_PATHS.codes],
      ['POST', ADMIN_PATHS.codes],
      ['POST', ADMIN_PATHS.revokeCodes],
      ['GET', ADMIN_PATHS.campaigns],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      expect((await browser.request(method, path, body)).body.error, `${method} ${path}`).toBe('permission_denied');
      expect((await new TestBrowser(server.url).request(method, path, body)).body.error).toBe('unauthenticated');
    }
  });

  it('finds accounts by part of the address or the name, or by id, page by page', async () => {
    const label = `find${Date.now().toString(36)}`;
    const found = [await person('Maria Sklodowska', label), await person('Pierre Curie', label), await person('Irène Joliot', label)];
    const byAddress = await admin.get(`${ADMIN_PATHS.users}?q=${label.toUpperCase()}&limit=2`);
    expect(byAddress.body.users.map((u: { id: string }) => u.id)).toEqual([found[2]!.id, found[1]!.id]);
    expect(byAddress.body.users[0]).toMatchObject({ email: found[2]!.email, role: 'user', status: 'ACTIVE', storage_limit: '' });
    const next = await admin.get(`${ADMIN_PATHS.users}?q=${label}&limit=2&page_token=${byAddress.body.next_page_token}`);
    expect(next.body.users.map((u: { id: string }) => u.id)).toEqual([found[0]!.id]);
    expect(next.body.next_page_token).toBe('');
    expect((await admin.get(`${ADMIN_PATHS.users}?q=curie`)).body.users.map((u: { id: string }) => u.id)).toContain(found[1]!.id);
    expect((await admin.get(`${ADMIN_PATHS.users}?q=${found[0]!.id}`)).body.users.map((u: { id: string }) => u.id)).toEqual([found[0]!.id]);
    // Wildcards are letters like any other.
    expect((await admin.get(`${ADMIN_PATHS.users}?q=%25`)).body.users).toEqual([]);
    expect((await admin.get(`${ADMIN_PATHS.users}?page_token=nonsense`)).body.error).toBe('invalid_request');
  });

  it('changes a quota, disables and enables an account, signs it out everywhere, and logs each change', async () => {
    const someone = await person('Ada');
    const shared = (await someone.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Shared' })).body.file;
    await insertStoredFile(server.database.db, someone.id, { name: 'in.txt', parentId: shared.id, size: 10 });
    const shareId = (await someone.browser.post('/drive/v1/share', { file_ids: [shared.id] })).body.share_id as string;
    expect((await admin.request('PATCH', userPath(someone.id), { storage_limit: '5000' })).body.storage_limit).toBe('5000');
    expect((await someone.browser.get('/drive/v1/about')).body.quota.limit).toBe('5000');
    expect((await admin.get(userPath(someone.id))).body).toMatchObject({ id: someone.id, active_sessions: 1, traffic_this_month: '0' });

    expect((await admin.request('PATCH', userPath(someone.id), { status: 'DISABLED' })).body.status).toBe('DISABLED');
    expect((await someone.browser.get('/drive/v1/about')).status).toBe(401);
    expect((await new TestBrowser(server.url).post('/v1/auth/signin', { username: someone.email, password: someone.password })).status).toBe(400);
    // Its shares stop with it, and open again when it is enabled.
    const visit = () => new TestBrowser(server.url).get(`/drive/v1/share?share_id=${shareId}`);
    expect((await visit()).body.share_status).toBe('ACCOUNT_DISABLED');
    await admin.request('PATCH', userPath(someone.id), { status: 'ACTIVE', storage_limit: '' });
    expect((await visit()).body.share_status).toBe('OK');
    const back = new TestBrowser(server.url);
    expect((await back.post('/v1/auth/signin', { username: someone.email, password: someone.password })).status).toBe(200);
    expect((await admin.post(ADMIN_PATHS.signOutEverywhere.replace(':id', someone.id))).status).toBe(200);
    expect((await back.get('/drive/v1/about')).status).toBe(401);

    const entries = (await admin.get(`${ADMIN_PATHS.audit}?limit=5`)).body.entries as Array<{
      action: string;
      target_id: string;
      admin_email: string;
      details: object;
    }>;
    expect(entries.filter((e) => e.target_id === someone.id).map((e) => [e.action, e.details])).toEqual([
      ['user.sign_out', {}],
      ['user.status', { from: 'DISABLED', to: 'ACTIVE' }],
      ['user.quota', { from: 5000, to: null }],
      ['user.status', { from: 'ACTIVE', to: 'DISABLED' }],
      ['user.quota', { from: null, to: 5000 }],
    ]);
    expect(entries[0]!.admin_email).toBe(adminEmail);
    expect((await admin.request('PATCH', userPath('no-such-account'), { status: 'DISABLED' })).body.error).toBe('not_found');
  });

  it('shows the server at a glance: accounts, bytes held and stored once, shares, tasks, and sign-ups and uploads per day', async () => {
    const before = (await admin.get(ADMIN_PATHS.overview)).body;
    expect(before.sign_ups).toHaveLength(30);
    expect(before.sign_ups.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    const someone = await person('Counted');
    // The same content twice: held twice, stored once.
    const bytes = Buffer.from('the same twelve bytes');
    for (const name of ['a.txt', 'b.txt']) {
      const created = await createUpload(someone.browser, name, bytes);
      await tusUpload(someone.browser, bytes, { uploadUrl: created.body.resumable.params.url });
    }
    const files = (await someone.browser.get('/drive/v1/files')).body.files as Array<{ id: string }>;
    await someone.browser.post('/drive/v1/share', { file_ids: [files[0]!.id] });
    const after = (await admin.get(ADMIN_PATHS.overview)).body;
    expect(after.users - before.users).toBe(1);
    expect(Number(after.storage_used) - Number(before.storage_used)).toBe(2 * bytes.length);
    expect(Number(after.storage_stored) - Number(before.storage_stored)).toBe(bytes.length);
    expect(after.blobs - before.blobs).toBe(1);
    expect(after.shares - before.shares).toBe(1);
    expect(after.sign_ups.at(-1).count - before.sign_ups.at(-1).count).toBe(1);
    expect(after.uploads.at(-1).count - before.uploads.at(-1).count).toBe(2);
  });

  it('mints a batch of activation codes as CSV, lists the batches with what was redeemed, and revokes the rest', async () => {
    const minted = await fetch(`${server.url}${ADMIN_PATHS.codes}`, {
      method: 'POST',
      headers: { ...admin.sessionHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan_id: 'premium-week', count: 3, valid_days: 10 }),
    });
    expect(minted.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(minted.headers.get('content-disposition')).toMatch(/^attachment; filename="nubo-codes-premium-week-\w+\.csv"$/);
    const [header, ...rows] = (await minted.text()).trim().split('\n');
    expect(header).toBe('code,plan,expires_at');
    const codes = rows.map((row) => row.split(',')[0]!);
    expect(codes).toHaveLength(3);

    const someone = await person('Redeemer');
    expect((await someone.browser.post('/vip/v1/order/activation-code', { activation_code: codes[0] })).status).toBe(200);
    const batch = (await admin.get(ADMIN_PATHS.codes)).body.batches[0];
    expect(batch).toMatchObject({ plan_id: 'premium-week', codes: 3, redeemed: 1 });
    expect((await admin.post(ADMIN_PATHS.revokeCodes, { batch: batch.batch })).body).toEqual({ revoked: 2 });
    expect((await someone.browser.post('/vip/v1/order/activation-code', { activation_code: codes[1] })).body.error).toBe('invalid_activation_code');
    expect((await admin.post(ADMIN_PATHS.revokeCodes, { batch: 'no-such-batch' })).body.error).toBe('not_found');
    const unknownPlan = await admin.post(ADMIN_PATHS.codes, { plan_id: 'gold', count: 1, valid_days: 1 });
    expect(unknownPlan.status).toBe(400);
    const audit = (await admin.get(`${ADMIN_PATHS.audit}?limit=2`)).body.entries.map((e: { action: string; target_id: string }) => [e.action, e.target_id]);
    expect(audit).toEqual([
      ['codes.revoke', batch.batch],
      ['codes.mint', batch.batch],
    ]);
  });

  it('shows the running configuration by variable, with its secrets masked, and the version', async () => {
    const { body } = await admin.get(ADMIN_PATHS.settings);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    const settings = Object.fromEntries((body.settings as Array<{ name: string; value: string }>).map(({ name, value }) => [name, value]));
    expect(settings).toMatchObject({ PUBLIC_URL: server.config.publicUrl, ADMIN_EMAILS: adminEmail, METRICS_TOKEN: '', SMTP_URL: '' });
    if (engine === 'postgres') expect(settings.DATABASE_URL).toMatch(/^postgres:\/\//);
    else expect(settings.DATABASE_URL).toMatch(/^sqlite:.*nubo\.db$/);
  });

  it('lists the campaigns of the calendar with their dates and what claiming one gives', async () => {
    const { body } = await admin.get(ADMIN_PATHS.campaigns);
    expect(body.campaigns.map((campaign: { slug: string }) => campaign.slug)).toEqual(['christmas', 'compensation', 'black-friday', 'black-friday-2024']);
    expect(body.campaigns[1]).toEqual({
      slug: 'compensation',
      campaign_id: 'aliyun_accident_202409',
      starts_at: '2026-11-01T00:00:00.000Z',
      ends_at: '2027-01-31T00:00:00.000Z',
      compensation: { kind: 'premium', days: 7, bytes: '0', accounts_created_before: '2026-11-01T00:00:00.000Z' },
    });
    expect(body.campaigns[0]).not.toHaveProperty('compensation');
  });

  it('gives an account premium or storage for a time, shown with its grants and devices on its page, and in the audit log', async () => {
    const someone = await person('Grace');
    const grants = ADMIN_PATHS.grants.replace(':id', someone.id);
    const premium = await admin.post(grants, { kind: 'premium', days: 30 });
    expect(premium.body).toMatchObject({ kind: 'premium', source: 'operator' });
    expect((await admin.post(grants, { kind: 'storage', days: 7, bytes: 1024 ** 3 })).body).toMatchObject({ kind: 'storage', bytes: String(1024 ** 3) });
    expect((await someone.browser.get('/drive/v1/privilege/vip')).body.data).toMatchObject({ status: 'ok', type: 'platinum' });
    const page = (await admin.get(userPath(someone.id))).body;
    expect(page.grants.map((grant: { kind: string }) => grant.kind)).toEqual(['storage', 'premium']);
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({ current: false });
    expect((await admin.post(grants, { kind: 'premium', days: 0 })).body.error).toBe('invalid_request');
    expect((await admin.post(ADMIN_PATHS.grants.replace(':id', 'no-such-account'), { kind: 'premium', days: 1 })).body.error).toBe('not_found');
    const entry = (await admin.get(`${ADMIN_PATHS.audit}?limit=1`)).body.entries[0];
    expect(entry).toMatchObject({ action: 'user.grant', target_id: someone.id, details: { kind: 'storage', days: 7, bytes: 1024 ** 3 } });
  });

  it('grants and removes the admin role, never removing the last admin', async () => {
    const { body: me } = await admin.get('/v1/user/me');
    const alone = await admin.request('PATCH', userPath(me.sub), { role: 'user' });
    expect([alone.status, alone.body.error, alone.body.details]).toEqual([403, 'permission_denied', [{ reason: 'last_admin' }]]);
    expect((await admin.request('PATCH', userPath(me.sub), { status: 'DISABLED' })).body.details).toEqual([{ reason: 'last_admin' }]);

    const second = await person('Second admin');
    expect((await admin.request('PATCH', userPath(second.id), { role: 'admin' })).body.role).toBe('admin');
    expect((await second.browser.get(ADMIN_PATHS.users)).status).toBe(200);
    // With another admin, the first may step down; the second is then the last.
    expect((await second.browser.request('PATCH', userPath(me.sub), { role: 'user' })).body.role).toBe('user');
    expect((await admin.get(ADMIN_PATHS.users)).body.error).toBe('permission_denied');
    expect((await second.browser.request('PATCH', userPath(second.id), { role: 'user' })).body.details).toEqual([{ reason: 'last_admin' }]);
    await second.browser.request('PATCH', userPath(me.sub), { role: 'admin' });
  });
});
