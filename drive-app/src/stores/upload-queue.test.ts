import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import type { CreatedUpload } from '#shared/api/files.ts';
import { memoryStorage } from '#shared/browser-storage.ts';
import type { StartTransfer, TransferEvents } from '../files/tus-transfer.ts';
import { readUnfinishedUploads, rememberUnfinishedUpload } from '../files/unfinished-uploads.ts';
import { createUploadQueue } from './upload-queue.ts';

const ORIGIN = 'http://127.0.0.1:8125';
const LAST_MODIFIED = 1_700_000_000_000;

type FakeTransfer = { file: Blob; url: string; events: TransferEvents; starts: number; pauses: number };

function setup({ maxRunning = 3, storage = memoryStorage() } = {}) {
  const transfers: FakeTransfer[] = [];
  const startTransfer: StartTransfer = (file, url, events) => {
    const transfer: FakeTransfer = { file, url, events, starts: 0, pauses: 0 };
    transfers.push(transfer);
    return {
      start: () => {
        transfer.starts += 1;
      },
      pause: async () => {
        transfer.pauses += 1;
      },
    };
  };
  let created = 0;
  const createUpload = vi.fn(async ({ size }: { size: number }): Promise<CreatedUpload> => {
    created += 1;
    const id = `f${created}`;
    return {
      upload_type: 'UPLOAD_TYPE_RESUMABLE',
      file: { id, phase: size === 0 ? 'PHASE_TYPE_COMPLETE' : 'PHASE_TYPE_PENDING' } as CreatedUpload['file'],
      resumable: { kind: 'drive#resumable', provider: 'PROVIDER_TUS', params: { url: `http://localhost:8125/drive/v1/uploads/${id}` } },
    };
  });
  const about = vi.fn(async () => ({}) as never);
  const terminate = vi.fn(async () => {});
  const onDriveChanged = vi.fn();
  let clock = 0;
  const queue = createUploadQueue({
    files: { createUpload, about },
    storage,
    startTransfer,
    terminate,
    origin: ORIGIN,
    describeFailure: (failure) => ({ key: failure instanceof ApiError ? (failure.error as never) : 'error.generic' }),
    onDriveChanged,
    now: () => clock,
    maxRunning,
  });
  const entries = () => queue.$uploads.get();
  const statuses = () => entries().map((entry) => entry.status);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queue, transfers, createUpload, about, terminate, onDriveChanged, storage, entries, statuses, settle, tick: (ms: number) => (clock += ms) };
}

const file = (name: string, size = 10, lastModified = LAST_MODIFIED) =>
  new File([new Uint8Array(size)], name, { lastModified, type: 'application/octet-stream' });
const tusError = (status?: number, body = '') =>
  Object.assign(new Error('tus: failed'), { originalResponse: status === undefined ? null : { getStatus: () => status, getBody: () => body } });

describe('the upload queue', () => {
  it('creates the pending file, remembers it and sends the bytes to its address on this origin', async () => {
    const { queue, transfers, createUpload, storage, statuses, settle, onDriveChanged } = setup();
    queue.uploadFiles('u1', [file('a.bin')], 'folder1');
    await settle();
    expect(createUpload).toHaveBeenCalledWith({ parentId: 'folder1', name: 'a.bin', size: 10, mimeType: 'application/octet-stream' });
    expect(transfers[0]?.url).toBe(`${ORIGIN}/drive/v1/uploads/f1`);
    expect(transfers[0]?.starts).toBe(1);
    expect(statuses()).toEqual(['uploading']);
    // The pending file shows in the list at once.
    expect(onDriveChanged).toHaveBeenCalledTimes(1);
    expect(readUnfinishedUploads(storage, 'u1')).toEqual([
      { userId: 'u1', fileId: 'f1', uploadUrl: `${ORIGIN}/drive/v1/uploads/f1`, name: 'a.bin', size: 10, lastModified: LAST_MODIFIED, parentId: 'folder1' },
    ]);
  });

  it('shows progress and speed, and once done forgets the record and tells the drive', async () => {
    const { queue, transfers, storage, entries, settle, tick, onDriveChanged } = setup();
    queue.uploadFiles('u1', [file('a.bin', 4_000_000)], '');
    await settle();
    transfers[0]?.events.onProgress(0);
    tick(1000);
    transfers[0]?.events.onProgress(1_000_000);
    expect(entries()[0]).toMatchObject({ bytesSent: 1_000_000, bytesPerSecond: 1_000_000 });
    transfers[0]?.events.onSuccess();
    expect(entries()[0]).toMatchObject({ status: 'done', bytesSent: 4_000_000, bytesPerSecond: undefined });
    expect(readUnfinishedUploads(storage, 'u1')).toEqual([]);
    expect(onDriveChanged).toHaveBeenCalledTimes(2);
  });

  it('sends a few at a time and starts the next as one finishes', async () => {
    const { queue, transfers, statuses, settle } = setup({ maxRunning: 2 });
    queue.uploadFiles('u1', [file('a'), file('b'), file('c')], '');
    await settle();
    expect(statuses()).toEqual(['uploading', 'uploading', 'queued']);
    transfers[0]?.events.onSuccess();
    await settle();
    expect(statuses()).toEqual(['done', 'uploading', 'uploading']);
  });

  it('pauses and resumes the same transfer, which asks the server where it stopped', async () => {
    const { queue, transfers, entries, statuses, settle } = setup();
    queue.uploadFiles('u1', [file('a')], '');
    await settle();
    const key = entries()[0]!.key;
    await queue.pause(key);
    expect(statuses()).toEqual(['paused']);
    expect(transfers[0]?.pauses).toBe(1);
    queue.resume(key);
    await settle();
    expect(statuses()).toEqual(['uploading']);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.starts).toBe(2);
  });

  it('keeps a broken connection resumable, with its message', async () => {
    const { queue, transfers, entries, storage, settle } = setup();
    queue.uploadFiles('u1', [file('a')], '');
    await settle();
    transfers[0]?.events.onError(tusError());
    await settle();
    expect(entries()[0]).toMatchObject({ status: 'interrupted', problem: { key: 'network_error' } });
    expect(readUnfinishedUploads(storage, 'u1')).toHaveLength(1);
    queue.resume(entries()[0]!.key);
    await settle();
    expect(transfers[0]?.starts).toBe(2);
  });

  it('fails for good when the server refuses the bytes, and forgets the upload', async () => {
    const { queue, transfers, entries, storage, settle } = setup();
    queue.uploadFiles('u1', [file('a')], '');
    await settle();
    transfers[0]?.events.onError(tusError(403, JSON.stringify({ error: 'file_space_not_enough', error_code: 8, error_description: 'full' })));
    await settle();
    expect(entries()[0]).toMatchObject({ status: 'failed', problem: { key: 'file_space_not_enough' } });
    expect(readUnfinishedUploads(storage, 'u1')).toEqual([]);
  });

  it('fails at creation when the quota cannot hold the file', async () => {
    const { queue, createUpload, entries, settle, transfers } = setup();
    createUpload.mockRejectedValueOnce(new ApiError(403, { error: 'file_space_not_enough', error_code: 8, error_description: 'full' }));
    queue.uploadFiles('u1', [file('big')], '');
    await settle();
    expect(entries()[0]).toMatchObject({ status: 'failed', problem: { key: 'file_space_not_enough' } });
    expect(transfers).toEqual([]);
  });

  it('refuses a name the server would refuse, without asking it', async () => {
    const { queue, createUpload, entries, settle } = setup();
    queue.uploadFiles('u1', [file('a\u0007b')], '');
    await settle();
    expect(entries()[0]).toMatchObject({ status: 'failed', problem: { key: 'invalid_request' } });
    expect(createUpload).not.toHaveBeenCalled();
  });

  it('renews a lapsed session once and goes on', async () => {
    const { queue, transfers, about, statuses, settle } = setup();
    queue.uploadFiles('u1', [file('a')], '');
    await settle();
    transfers[0]?.events.onError(tusError(401, JSON.stringify({ error: 'unauthenticated', error_code: 16, error_description: 'x' })));
    await settle();
    expect(about).toHaveBeenCalledTimes(1);
    expect(transfers[0]?.starts).toBe(2);
    expect(statuses()).toEqual(['uploading']);
  });

  it('after a reload, waits for the same file and continues at its stored address', async () => {
    const storage = memoryStorage();
    const uploadUrl = `${ORIGIN}/drive/v1/uploads/old`;
    rememberUnfinishedUpload(storage, { userId: 'u1', fileId: 'old', uploadUrl, name: 'film.mp4', size: 10, lastModified: LAST_MODIFIED, parentId: 'p' });
    const { queue, createUpload, transfers, entries, settle } = setup({ storage });
    queue.restoreUnfinished('u1');
    expect(entries()).toMatchObject([{ name: 'film.mp4', status: 'needs-file', parentId: 'p' }]);
    // Another file of the same name is not the same file.
    queue.continueWith(entries()[0]!.key, file('film.mp4', 10, LAST_MODIFIED + 1), { key: 'uploads.notTheSameFile' });
    expect(entries()[0]).toMatchObject({ status: 'needs-file', problem: { key: 'uploads.notTheSameFile' } });
    queue.uploadFiles('u1', [file('film.mp4')], 'elsewhere');
    await settle();
    expect(createUpload).not.toHaveBeenCalled();
    expect(transfers[0]?.url).toBe(uploadUrl);
    expect(entries()).toMatchObject([{ status: 'uploading', parentId: 'p', problem: undefined }]);
  });

  it('starts afresh when the server no longer has the upload left before the reload', async () => {
    const storage = memoryStorage();
    rememberUnfinishedUpload(storage, {
      userId: 'u1',
      fileId: 'old',
      uploadUrl: `${ORIGIN}/drive/v1/uploads/old`,
      name: 'a',
      size: 10,
      lastModified: LAST_MODIFIED,
      parentId: '',
    });
    const { queue, createUpload, transfers, statuses, settle } = setup({ storage });
    queue.uploadFiles('u1', [file('a')], '');
    await settle();
    transfers[0]?.events.onError(tusError(404, 'Not Found'));
    await settle();
    expect(createUpload).toHaveBeenCalledTimes(1);
    expect(transfers[1]?.url).toBe(`${ORIGIN}/drive/v1/uploads/f1`);
    expect(statuses()).toEqual(['uploading']);
    expect(readUnfinishedUploads(storage, 'u1').map((record) => record.fileId)).toEqual(['f1']);
  });

  it('cancels: stops sending, ends the upload on the server and forgets it', async () => {
    const { queue, transfers, terminate, entries, storage, settle } = setup();
    queue.uploadFiles('u1', [file('a')], '');
    await settle();
    await queue.cancel(entries()[0]!.key);
    expect(transfers[0]?.pauses).toBe(1);
    expect(terminate).toHaveBeenCalledWith(`${ORIGIN}/drive/v1/uploads/f1`);
    expect(entries()).toEqual([]);
    expect(readUnfinishedUploads(storage, 'u1')).toEqual([]);
  });

  it('completes an empty file at creation, with no bytes to send', async () => {
    const { queue, transfers, statuses, settle } = setup();
    queue.uploadFiles('u1', [file('empty.txt', 0)], '');
    await settle();
    expect(statuses()).toEqual(['done']);
    expect(transfers).toEqual([]);
  });
});
