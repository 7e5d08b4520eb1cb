import { describe, expect, it } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';
import { forgetUnfinishedUpload, readUnfinishedUploads, rememberUnfinishedUpload, type UnfinishedUpload, unfinishedUploadOf } from './unfinished-uploads.ts';

const record = (fileId: string, overrides: Partial<UnfinishedUpload> = {}): UnfinishedUpload => ({
  userId: 'u1',
  fileId,
  uploadUrl: `http://localhost/drive/v1/uploads/${fileId}`,
  name: 'film.mp4',
  size: 5_000_000,
  lastModified: 1_700_000_000_000,
  parentId: '',
  ...overrides,
});

describe('unfinished uploads', () => {
  it('keeps each upload once, per user', () => {
    const storage = memoryStorage();
    rememberUnfinishedUpload(storage, record('f1'));
    rememberUnfinishedUpload(storage, record('f1', { uploadUrl: 'http://localhost/drive/v1/uploads/f1?again' }));
    rememberUnfinishedUpload(storage, record('f2', { userId: 'u2' }));
    expect(readUnfinishedUploads(storage, 'u1')).toEqual([record('f1', { uploadUrl: 'http://localhost/drive/v1/uploads/f1?again' })]);
    expect(readUnfinishedUploads(storage, 'u2').map((kept) => kept.fileId)).toEqual(['f2']);
  });

  it('forgets a finished or cancelled upload, and the key with the last one', () => {
    const storage = memoryStorage();
    rememberUnfinishedUpload(storage, record('f1'));
    forgetUnfinishedUpload(storage, 'f1');
    expect(readUnfinishedUploads(storage, 'u1')).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.unfinishedUploads)).toBeNull();
  });

  it('reads broken storage as none, and skips broken entries', () => {
    expect(readUnfinishedUploads(memoryStorage({ [STORAGE_KEYS.unfinishedUploads]: '{oops' }), 'u1')).toEqual([]);
    const mixed = memoryStorage({ [STORAGE_KEYS.unfinishedUploads]: JSON.stringify([{ fileId: 'x' }, record('f1')]) });
    expect(readUnfinishedUploads(mixed, 'u1').map((kept) => kept.fileId)).toEqual(['f1']);
  });

  it('knows the same file again by name, size and modification time', () => {
    const records = [record('f1')];
    expect(unfinishedUploadOf(records, { name: 'film.mp4', size: 5_000_000, lastModified: 1_700_000_000_000 })?.fileId).toBe('f1');
    expect(unfinishedUploadOf(records, { name: 'film.mp4', size: 5_000_000, lastModified: 1_700_000_000_001 })).toBeUndefined();
    expect(unfinishedUploadOf(records, { name: 'film.mp4', size: 4_999_999, lastModified: 1_700_000_000_000 })).toBeUndefined();
  });
});
