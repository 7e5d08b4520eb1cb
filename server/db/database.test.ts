import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type NuboDatabase, openDatabase, PAGE_CACHE_KIB } from './database.ts';

let folder: string;
let database: NuboDatabase;
afterEach(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

it('holds SQLite’s page cache to its own 2 MB, not the 16 MB better-sqlite3 builds in', async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-database-'));
  database = openDatabase({ engine: 'sqlite', file: path.join(folder, 'nubo.db') });
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
  expect(rows[0]?.cache_size).toBe(-PAGE_CACHE_KIB);
  expect(PAGE_CACHE_KIB).toBeLessThanOrEqual(2000);
});
