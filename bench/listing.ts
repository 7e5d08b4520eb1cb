// Listing a folder of 100,000 files, first pages against last pages, on SQLite and PostgreSQL:
// keyset page tokens should make page 1,000 cost what page 1 costs. Floor: /healthz on the same
// server (an HTTP round trip with no query).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { createTestDatabase, TEST_LIMITS, type TestEngine } from '../server/testing/harness.ts';
import { fillFolder } from './big-folder.ts';
import { percentile, type Table } from './table.ts';

const FILES = Number(process.env.BENCH_FOLDER_FILES ?? 100_000);
const PAGE = 100;

export async function benchListing(engine: TestEngine): Promise<Table> {
  const database = await createTestDatabase(engine);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-listing-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), database: database.config };
  const server = await startServer(config, { logger: false, limits: TEST_LIMITS });
  try {
    const signUp = await fetch(`${server.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'lister@example.org', password: 'maple-stone-river-7', name: 'Lister', client_id: 'nubo-desktop' }),
    }).then((r) => r.json());
    const auth = { Authorization: `Bearer ${signUp.access_token}` };
    const folder = await fetch(`${server.url}/drive/v1/files`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'drive#folder', name: 'Big folder' }),
    }).then((r) => r.json());

    const db = server.database.db;
    await fillFolder(db, signUp.sub, folder.file.id, FILES);
    if (engine === 'postgres') await server.database.db.executeQuery({ sql: 'analyze file', parameters: [], query: { kind: 'RawNode' } } as never);

    const firstPages: number[] = [];
    const lastPages: number[] = [];
    const pages = Math.ceil(FILES / PAGE);
    let token = '';
    for (let page = 1; page <= pages; page++) {
      const query = new URLSearchParams({ parent_id: folder.file.id, limit: String(PAGE), order: '6', ...(token ? { page_token: token } : {}) });
      const start = performance.now();
      const answer = await fetch(`${server.url}/drive/v1/files?${query}`, { headers: auth }).then((r) => r.json());
      const ms = performance.now() - start;
      if (page <= 10) firstPages.push(ms);
      if (page > pages - 10) lastPages.push(ms);
      token = answer.next_page_token;
    }
    const health: number[] = [];
    for (let i = 0; i < 100; i++) {
      const start = performance.now();
      await fetch(`${server.url}/healthz`).then((r) => r.text());
      health.push(performance.now() - start);
    }
    return {
      title: `Listing a folder of ${FILES.toLocaleString('en-US')} files on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${PAGE} per page, newest first`,
      rows: [
        ['pages 1–10 p50 (ms) vs /healthz p50', percentile(firstPages, 50).toFixed(2), percentile(health, 50).toFixed(2)],
        ['pages 1–10 p99 (ms) vs /healthz p99', percentile(firstPages, 99).toFixed(2), percentile(health, 99).toFixed(2)],
        [`last 10 pages p50 (ms)`, percentile(lastPages, 50).toFixed(2), percentile(health, 50).toFixed(2)],
        [`last 10 pages p99 (ms)`, percentile(lastPages, 99).toFixed(2), percentile(health, 99).toFixed(2)],
      ],
    };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
