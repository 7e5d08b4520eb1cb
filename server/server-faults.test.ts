import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type NuboDatabase, openDatabase } from './db/database.ts';
import { createUpload, signUp } from './testing/uploads.ts';

const METRICS_TOKEN = 'a-scraper-token-of-some-length';

describe('a server fault', () => {
  const lines: string[] = [];
  let dataDir: string;
  let database: NuboDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-faults-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_TOKEN });
    database = openDatabase(config.database);
    await database.migrate();
    app = await buildApp({ config, database, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const faultsLogged = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; reqId?: string; status?: number; err?: { message: string } })
      .filter((entry) => entry.msg === 'request failed');
  const faultsCounted = async (route: string) => {
    const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(new RegExp(`nubo_server_errors_total\\{route="${route.replaceAll('/', '\\/')}",status="500"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  };

  it('is logged once with its cause and the request id, and counted, when the bytes of an upload cannot be written', async () => {
    const { browser } = await signUp(url);
    const created = await createUpload(browser, 'cannot-land.bin', Buffer.alloc(300_000));
    const id = created.body.file.id;
    // Where the upload's bytes would go, something that cannot be written to (as root, a folder).
    mkdirSync(path.join(dataDir, 'blobs', '.uploads', id), { recursive: true });
    const before = faultsLogged().length;
    const answer = await fetch(`${url}/drive/v1/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: Buffer.alloc(300_000),
    });
    expect(answer.status).toBe(500);
    // The caller learns nothing of the server's insides.
    expect(await answer.text()).not.toMatch(/EISDIR|blobs/);
    const logged = faultsLogged().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status: 500, reqId: expect.any(String) });
    expect(logged[0]!.err?.message).toMatch(/EISDIR/);
    expect(await faultsCounted('/drive/v1/uploads/:id')).toBe(1);
  });

  it('is logged with its cause when @tus/server answers a request handed over to it with 500', async () => {
    const { browser } = await signUp(url);
    const created = await createUpload(browser, 'unreadable.bin', Buffer.alloc(1000));
    const id = created.body.file.id;
    // The upload's bookkeeping damaged: what tus reads of it no longer parses.
    await database.db.updateTable('local_upload').set({ metadata: '{not json' }).where('id', '=', id).execute();
    const before = faultsLogged().length;
    const answer = await fetch(`${url}/drive/v1/uploads/${id}`, { method: 'HEAD', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(answer.status).toBe(500);
    const logged = faultsLogged().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.err?.message).toMatch(/JSON/);
    expect(await faultsCounted('/drive/v1/uploads/:id')).toBe(2);
  });
});
