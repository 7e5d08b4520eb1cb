// Backups of a Nubo on SQLite with its blobs on disk (`npm run nubo -- backup <dir>`, `restore <dir>`).
//
// The database is copied through SQLite's online backup API, so the server may go on serving: the
// copy is the database as it was at one moment. Then every blob that copy refers to is copied
// (blobs never change once stored, so a copy of each is the blob). A blob deleted for ever between
// those two steps cannot be copied: the backup names it, and says to run it again. The manifest,
// written last, marks a backup as whole; restore refuses a folder without it.
import { existsSync, constants as fsConstants, mkdirSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { localBlobStore } from '../storage/blob-store.ts';
import { VERSION } from '../version.ts';

/** Where a backup keeps the database, its blobs and its manifest. */
const BACKUP_DATABASE = 'nubo.db';
const BACKUP_BLOBS = 'blobs';
const MANIFEST = 'nubo-backup.json';
/** Blob files copied at once: enough to keep a disk busy, few enough not to run out of file handles. */
const COPIES_AT_ONCE = 8;

/** What a backup holds, as its manifest says. */
export type BackupManifest = { version: string; created_at: string; blobs: number; bytes: number };

/** The SQLite database file and the blob folder of a Nubo. */
export type LocalStorage = { databaseFile: string; blobsDir: string };

export class BackupError extends Error {}

/** Runs `copy` over `items`, COPIES_AT_ONCE at a time. */
async function eachAtOnce<T>(items: readonly T[], copy: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await copy(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, items.length) }, worker));
}

/** The hashes and sizes of the blobs a database file refers to. */
function blobsOf(databaseFile: string): Array<{ hash: string; size: number }> {
  const database = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return database.prepare('select hash, size from blob').all() as Array<{ hash: string; size: number }>;
  } finally {
    database.close();
  }
}

export async function backup(from: LocalStorage, target: string): Promise<BackupManifest & { missing: string[] }> {
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`${target} is not empty: back up into a new or empty folder`);
  if (!existsSync(from.databaseFile)) throw new BackupError(`there is no database at ${from.databaseFile}`);
  mkdirSync(target, { recursive: true });
  const live = new SQLite(from.databaseFile, { fileMustExist: true });
  try {
    await live.backup(path.join(target, BACKUP_DATABASE));
  } finally {
    live.close();
  }

  const blobs = blobsOf(path.join(target, BACKUP_DATABASE));
  const source = localBlobStore(from.blobsDir);
  const copy = localBlobStore(path.join(target, BACKUP_BLOBS));
  const missing: string[] = [];
  let bytes = 0;
  await eachAtOnce(blobs, async ({ hash, size }) => {
    const destination = copy.localPath!(hash);
    await fs.mkdir(path.dirname(destination), { recursive: true });
    try {
      await fs.copyFile(source.localPath!(hash), destination, fsConstants.COPYFILE_EXCL);
      bytes += size;
    } catch (failure) {
      if ((failure as NodeJS.ErrnoException).code !== 'ENOENT') throw failure;
      missing.push(hash);
    }
  });
  const manifest: BackupManifest = { version: VERSION, created_at: new Date().toISOString(), blobs: blobs.length - missing.length, bytes };
  // Only a backup with every blob is whole: without its manifest, restore will not take it.
  if (missing.length === 0) await fs.writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { ...manifest, missing };
}

export async function restore(source: string, to: LocalStorage, { replace }: { replace: boolean }): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(source, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${source} holds no whole Nubo backup (no ${MANIFEST})`);
  }
  if (existsSync(to.databaseFile) && !replace)
    throw new BackupError(`a database is already at ${to.databaseFile}: stop the server, then restore with --replace to overwrite it`);

  // Blobs first: a restored database never refers to a blob that is not there yet.
  const blobs = blobsOf(path.join(source, BACKUP_DATABASE));
  const copy = localBlobStore(path.join(source, BACKUP_BLOBS));
  const target = localBlobStore(to.blobsDir);
  await eachAtOnce(blobs, async ({ hash }) => {
    const destination = target.localPath!(hash);
    if (existsSync(destination)) return;
    await fs.mkdir(path.dirname(destination), { recursive: true });
    await fs.copyFile(copy.localPath!(hash), destination);
  });

  await fs.mkdir(path.dirname(to.databaseFile), { recursive: true });
  // The old database's write-ahead log would be replayed over the restored one.
  for (const leftover of ['-wal', '-shm']) await fs.rm(`${to.databaseFile}${leftover}`, { force: true });
  const restored = `${to.databaseFile}.restoring`;
  await fs.copyFile(path.join(source, BACKUP_DATABASE), restored);
  const check = new SQLite(restored, { readonly: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the backup's database is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  await fs.rename(restored, to.databaseFile);
  return manifest;
}
