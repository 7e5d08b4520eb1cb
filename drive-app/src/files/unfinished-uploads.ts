// Uploads that have started but not finished, kept in local storage so that after a reload (or a
// crash) the same file, picked again, continues where its bytes stopped instead of starting over.
// A browser cannot reopen a file by itself, so the record only says which file to ask for.
import { type KeyValueStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';

export type UnfinishedUpload = {
  userId: string;
  fileId: string;
  /** The tus address of the upload; a HEAD there tells how many bytes arrived. */
  uploadUrl: string;
  name: string;
  size: number;
  /** File.lastModified, which tells the same file from another of the same name and size. */
  lastModified: number;
  parentId: string;
};

const KEY = STORAGE_KEYS.unfinishedUploads;

function isUnfinishedUpload(value: unknown): value is UnfinishedUpload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.userId === 'string' &&
    typeof record.fileId === 'string' &&
    typeof record.uploadUrl === 'string' &&
    typeof record.name === 'string' &&
    typeof record.parentId === 'string' &&
    Number.isSafeInteger(record.size) &&
    Number.isFinite(record.lastModified)
  );
}

/** The user's unfinished uploads; broken entries are skipped, never fatal. */
export function readUnfinishedUploads(storage: KeyValueStorage, userId: string): UnfinishedUpload[] {
  return readAll(storage).filter((record) => record.userId === userId);
}

export function rememberUnfinishedUpload(storage: KeyValueStorage, record: UnfinishedUpload): void {
  writeAll(storage, [...readAll(storage).filter((kept) => kept.fileId !== record.fileId), record]);
}

export function forgetUnfinishedUpload(storage: KeyValueStorage, fileId: string): void {
  const all = readAll(storage);
  const kept = all.filter((record) => record.fileId !== fileId);
  if (kept.length !== all.length) writeAll(storage, kept);
}

/** The unfinished upload `file` continues, if it is the same file (name, size and modification time). */
export function unfinishedUploadOf(
  records: readonly UnfinishedUpload[],
  file: { name: string; size: number; lastModified: number },
): UnfinishedUpload | undefined {
  return records.find((record) => record.name === file.name && record.size === file.size && record.lastModified === file.lastModified);
}

function readAll(storage: KeyValueStorage): UnfinishedUpload[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isUnfinishedUpload) : [];
  } catch (failure) {
    console.warn('[uploads] the unfinished uploads could not be read', failure);
    return [];
  }
}

function writeAll(storage: KeyValueStorage, records: readonly UnfinishedUpload[]): void {
  try {
    if (records.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(records));
  } catch (failure) {
    // A full storage only costs the resume after a reload, not the upload itself.
    console.warn('[uploads] the unfinished uploads could not be saved', failure);
  }
}
