// Test data written straight into the real database, for tests about what comes after an upload.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { newFileRow } from '../services/files.ts';
import { type BlobStore, localBlobStore } from '../storage/blob-store.ts';

export async function insertStoredFile(
  db: Kysely<Database>,
  userId: string,
  file: { name: string; parentId?: string; size?: number; mimeType?: string; content?: string; modifiedAt?: number },
  /** When given, the content is written there too, so the file can be downloaded. */
  blobs?: BlobStore,
) {
  const content = file.content ?? `${file.name}-${Math.random()}`;
  const hash = createHash('sha256').update(content).digest('hex');
  const size = file.size ?? Buffer.byteLength(content);
  const at = file.modifiedAt ?? Date.now();
  if (blobs) {
    if (!blobs.localPath) throw new Error('insertStoredFile writes content only into a local blob store');
    const target = blobs.localPath(hash);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  await db
    .insertInto('blob')
    .values({ hash, size, created_at: at })
    .onConflict((c) => c.column('hash').doNothing())
    .execute();
  const row = storedFileRow({ userId, parentId: file.parentId ?? '', name: file.name, size, mimeType: file.mimeType ?? 'application/octet-stream', hash, at });
  await db.insertInto('file').values(row).execute();
  await db
    .updateTable('user')
    .set((eb) => ({ storage_used: eb('storage_used', '+', size) }))
    .where('id', '=', userId)
    .execute();
  return { id: row.id, hash, size };
}

/** `count` files of one small content in a folder, written in batches: big trees for task tests. */
export async function insertManyStoredFiles(db: Kysely<Database>, userId: string, parentId: string, count: number) {
  const seed = await insertStoredFile(db, userId, { name: 'seed.txt', parentId, content: `seed-${userId}`, mimeType: 'text/plain' });
  const at = Date.now();
  const rows = Array.from({ length: count - 1 }, (_, i) =>
    storedFileRow({ userId, parentId, name: `f${i}.txt`, size: seed.size, mimeType: 'text/plain', hash: seed.hash, at }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('file')
      .values(rows.slice(i, i + 500))
      .execute();
  await db
    .updateTable('user')
    .set((eb) => ({ storage_used: eb('storage_used', '+', seed.size * rows.length) }))
    .where('id', '=', userId)
    .execute();
  return { size: seed.size * count };
}

/** A finished file's row, as an upload of this content would leave it. */
function storedFileRow(file: { userId: string; parentId: string; name: string; size: number; mimeType: string; hash: string; at: number }) {
  return { ...newFileRow({ kind: 'drive#file', ...file }), hash: file.hash, phase: 'PHASE_TYPE_COMPLETE' };
}

/** The local blob store a test server writes to, for tests that put content there directly. */
export function localBlobsOf(config: Config): BlobStore {
  if (config.blobStore.driver !== 'local') throw new Error('this test needs the local blob store');
  return localBlobStore(config.blobStore.dir);
}
