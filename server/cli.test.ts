import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { goodPassword, TestBrowser, uniqueEmail } from './testing/browser.ts';
import { startTestServer } from './testing/harness.ts';
import { createUpload, signUp, tusUpload } from './testing/uploads.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'cli.ts');
const EXAMPLE = path.resolve(import.meta.dirname, '..', 'content', 'plans.example.json');

function nubo(args: string[], env: Record<string, string>) {
  return run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

describe('npm run nubo -- codes mint', () => {
  it('writes the codes as CSV, stores only their hashes, and a server on the same database redeems them', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-'));
    const out = path.join(dataDir, 'codes.csv');
    const env = { DATA_DIR: dataDir, PLANS_FILE: EXAMPLE };
    const minted = await nubo(['codes', 'mint', '--plan', 'premium-week', '--count', '3', '--days', '10', '--out', out], env);
    expect(minted.code).toBe(0);
    expect(minted.stderr).toMatch(/minted 3 codes for plan premium-week/);
    const [header, ...rows] = readFileSync(out, 'utf8').trim().split('\n');
    expect(header).toBe('code,plan,expires_at');
    expect(rows).toHaveLength(3);
    // Only the operator may read the file: it holds the only clear copy of the codes.
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const codes = rows.map((row) => row.split(',')[0]!);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const expires = Date.parse(rows[0]!.split(',')[2]!);
    expect(Math.abs(expires - (Date.now() + 10 * 86_400_000))).toBeLessThan(60_000);

    const config = loadConfig(env);
    const database = openDatabase(config.database);
    const stored = await database.db.selectFrom('activation_code').select(['code_hash', 'plan_id']).execute();
    await database.close();
    expect(stored.map((s) => s.plan_id)).toEqual(['premium-week', 'premium-week', 'premium-week']);
    expect(stored.some((s) => codes.some((code) => s.code_hash.includes(code) || s.code_hash.includes(code.replaceAll('-', ''))))).toBe(false);

    const server = await startTestServer('sqlite', { database: config.database, plans: config.plans });
    try {
      const { browser } = await signUp(server.url);
      const redeemed = await browser.post('/vip/v1/order/activation-code', { activation_code: codes[1] });
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.vip.vip_item[0].surplus_day).toBe(7);
    } finally {
      await server.dispose();
    }
  });

  it('stops with a message, and mints nothing, for an unknown plan or a missing count', async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-')), PLANS_FILE: EXAMPLE };
    const unknown = await nubo(['codes', 'mint', '--plan', 'gold', '--count', '2'], env);
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toMatch(/There is no plan "gold"/);
    const incomplete = await nubo(['codes', 'mint', '--plan', 'premium-week'], env);
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toMatch(/usage: npm run nubo -- codes mint/);
    const database = openDatabase(loadConfig(env).database);
    await database.migrate();
    expect(await database.db.selectFrom('activation_code').select('id').execute()).toEqual([]);
    await database.close();
  });
});

describe('npm run nubo -- backup and restore', () => {
  /** A server on the database and blob folder of DATA_DIR=`dataDir`, as the CLI sees them. */
  const serverOn = (dataDir: string) => {
    const config = loadConfig({ DATA_DIR: dataDir });
    return startTestServer('sqlite', { database: config.database, blobStore: config.blobStore });
  };

  it('copies a running server’s database and blobs, and a new server on the restored copy has the same drive', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-live-'));
    const backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-backup-')), 'monday');
    const email = uniqueEmail();
    const password = goodPassword();
    const contents = ['first file, with some words', 'second file: other words'];
    const server = await serverOn(dataDir);
    try {
      const browser = new TestBrowser(server.url);
      await browser.post('/v1/auth/signup', { email, password, name: 'Ann' });
      for (const [i, text] of contents.entries()) {
        const created = await createUpload(browser, `file ${i}.txt`, Buffer.from(text));
        await tusUpload(browser, Buffer.from(text), { uploadUrl: created.body.resumable.params.url });
      }
      // Online: the server keeps serving while the backup runs.
      const backedUp = await nubo(['backup', backupDir], { DATA_DIR: dataDir });
      expect(backedUp.code).toBe(0);
      expect(backedUp.stderr).toMatch(/backed up the database and 2 blobs/);
      expect((await browser.get('/drive/v1/files')).status).toBe(200);
    } finally {
      await server.dispose();
    }
    expect(JSON.parse(readFileSync(path.join(backupDir, 'nubo-backup.json'), 'utf8'))).toMatchObject({ blobs: 2, bytes: contents.join('').length });

    const restoredDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-restored-'));
    const restored = await nubo(['restore', backupDir], { DATA_DIR: restoredDir });
    expect([restored.code, restored.stderr]).toEqual([0, expect.stringMatching(/restored the backup of .* 2 blobs/)]);
    const again = await serverOn(restoredDir);
    try {
      const browser = new TestBrowser(again.url);
      expect((await browser.post('/v1/auth/signin', { username: email, password })).status).toBe(200);
      const files = (await browser.get('/drive/v1/files')).body.files as Array<{ id: string; name: string }>;
      const texts = await Promise.all(
        files.map(async (file) => [file.name, await (await fetch((await browser.get(`/drive/v1/files/${file.id}`)).body.web_content_link)).text()]),
      );
      expect(Object.fromEntries(texts)).toEqual({ 'file 0.txt': contents[0], 'file 1.txt': contents[1] });
    } finally {
      await again.dispose();
    }
  });

  it('refuses, with what to do, a folder in use, a folder that is no backup, a database already there, and PostgreSQL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-refusals-'));
    const database = openDatabase(loadConfig({ DATA_DIR: dataDir }).database);
    await database.migrate();
    await database.close();

    const inUse = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-full-'));
    writeFileSync(path.join(inUse, 'notes.txt'), 'mine');
    const intoFull = await nubo(['backup', inUse], { DATA_DIR: dataDir });
    expect([intoFull.code, intoFull.stderr]).toEqual([2, expect.stringMatching(/is not empty: back up into a new or empty folder/)]);

    const notABackup = await nubo(['restore', inUse], { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-empty-')) });
    expect([notABackup.code, notABackup.stderr]).toEqual([2, expect.stringMatching(/holds no whole Nubo backup/)]);

    const backupDir = path.join(inUse, 'backup');
    expect((await nubo(['backup', backupDir], { DATA_DIR: dataDir })).code).toBe(0);
    const overExisting = await nubo(['restore', backupDir], { DATA_DIR: dataDir });
    expect([overExisting.code, overExisting.stderr]).toEqual([2, expect.stringMatching(/stop the server, then restore with --replace/)]);
    expect((await nubo(['restore', backupDir, '--replace'], { DATA_DIR: dataDir })).code).toBe(0);

    const onPostgres = await nubo(['backup', path.join(inUse, 'pg')], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect([onPostgres.code, onPostgres.stderr]).toEqual([2, expect.stringMatching(/pg_dump/)]);
  });
});

describe('npm run nubo -- admin grant', () => {
  it('gives an account the operator role where the server sends no mail, and names an address without an account', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-'));
    const env = { DATA_DIR: dataDir };
    const config = loadConfig(env);
    const email = uniqueEmail('operator');
    // ADMIN_EMAILS lists the address, but without mail no one can prove they hold it.
    const server = await startTestServer('sqlite', { database: config.database, adminEmails: [email] });
    try {
      const browser = new TestBrowser(server.url);
      await browser.post('/v1/auth/signup', { email, password: goodPassword(), name: 'Op' });
      expect((await browser.get('/admin/v1/users')).status).toBe(403);

      const unknown = await nubo(['admin', 'grant', uniqueEmail('nobody')], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/No account has the address .*sign up with it first/);

      const granted = await nubo(['admin', 'grant', email.toUpperCase()], env);
      expect(granted.code).toBe(0);
      expect(granted.stderr).toContain(`${email} has the operator role`);
      expect((await browser.get('/admin/v1/users')).status).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});
