// Uploads. Each picked or dropped file becomes a pending file on the server (POST /files,
// which checks the name and the quota before the first byte), and its bytes go over tus to the
// address that answers. Pause stops the request; resume asks the server where it stopped. A record
// in local storage lets the same file, picked again after a reload, continue where it was.
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, toApiError } from '#shared/api/client.ts';
import type { Message } from '#shared/api/error-messages.ts';
import type { FilesApi } from '#shared/api/files-client.ts';
import type { KeyValueStorage } from '#shared/browser-storage.ts';
import { nameProblem } from '#shared/files/names.ts';
import { createSpeedMeter, type SpeedMeter } from '../files/transfer-speed.ts';
import { type StartTransfer, type TerminateUpload, type Transfer, transferOutcome, uploadAddressOnOrigin } from '../files/tus-transfer.ts';
import { forgetUnfinishedUpload, readUnfinishedUploads, rememberUnfinishedUpload } from '../files/unfinished-uploads.ts';

export type UploadStatus =
  | 'queued'
  | 'uploading'
  | 'paused'
  /** The connection broke; the bytes so far are kept and it can be resumed. */
  | 'interrupted'
  | 'failed'
  | 'done'
  /** Left unfinished before a reload: it continues once its file is picked again. */
  | 'needs-file';

export type UploadEntry = {
  key: string;
  name: string;
  size: number;
  parentId: string;
  status: UploadStatus;
  bytesSent: number;
  /** Undefined until the speed is known, and while not sending. */
  bytesPerSecond: number | undefined;
  /** Why it stopped or failed, as the message to show. */
  problem: Message | undefined;
};

export type UploadQueueDependencies = {
  files: Pick<FilesApi, 'createUpload' | 'about'>;
  storage: KeyValueStorage;
  startTransfer: StartTransfer;
  terminate: TerminateUpload;
  /** The page's origin, where the upload addresses are sent (uploadAddressOnOrigin). */
  origin: string;
  describeFailure: (failure: unknown) => Message;
  onDriveChanged: () => void;
  now?: () => number;
  maxRunning?: number;
};

/** What the queue keeps about an upload besides what it shows. */
type Job = {
  userId: string;
  file: File | undefined;
  lastModified: number;
  fileId: string | undefined;
  uploadUrl: string | undefined;
  /** Continued from a record of an earlier page, which the server may have dropped since. */
  fromRecord: boolean;
  transfer: Transfer | undefined;
  meter: SpeedMeter;
  renewedSession: boolean;
};

export function createUploadQueue(deps: UploadQueueDependencies) {
  const { files, storage, describeFailure } = deps;
  const now = deps.now ?? Date.now;
  const maxRunning = deps.maxRunning ?? 3;
  const $uploads = atom<UploadEntry[]>([]);
  const jobs = new Map<string, Job>();
  let keys = 0;

  const entryOf = (key: string) => $uploads.get().find((entry) => entry.key === key);
  const update = (key: string, change: Partial<UploadEntry>) =>
    $uploads.set($uploads.get().map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const remove = (key: string) => {
    jobs.delete(key);
    $uploads.set($uploads.get().filter((entry) => entry.key !== key));
  };

  function add(entry: Omit<UploadEntry, 'key' | 'bytesSent' | 'bytesPerSecond' | 'problem'>, job: Omit<Job, 'meter' | 'transfer' | 'renewedSession'>): void {
    const key = `upload-${++keys}`;
    jobs.set(key, { ...job, meter: createSpeedMeter(), transfer: undefined, renewedSession: false });
    $uploads.set([...$uploads.get(), { ...entry, key, bytesSent: 0, bytesPerSecond: undefined, problem: undefined }]);
  }

  /** Starts queued uploads while fewer than maxRunning are sending. */
  function pump(): void {
    let running = $uploads.get().filter((entry) => entry.status === 'uploading').length;
    for (const entry of $uploads.get()) {
      if (running >= maxRunning) return;
      if (entry.status !== 'queued') continue;
      running += 1;
      void send(entry.key);
    }
  }

  function fail(key: string, failure: unknown, status: 'failed' | 'interrupted' = 'failed'): void {
    const job = jobs.get(key);
    if (status === 'failed' && job?.fileId) forgetUnfinishedUpload(storage, job.fileId);
    update(key, { status, problem: describeFailure(failure), bytesPerSecond: undefined });
    pump();
  }

  function finish(key: string): void {
    const job = jobs.get(key);
    const entry = entryOf(key);
    if (job?.fileId) forgetUnfinishedUpload(storage, job.fileId);
    if (entry) update(key, { status: 'done', bytesSent: entry.size, bytesPerSecond: undefined, problem: undefined });
    deps.onDriveChanged();
    pump();
  }

  /** Creates the pending file when there is none yet, then sends (or resumes sending) the bytes. */
  async function send(key: string): Promise<void> {
    const job = jobs.get(key);
    const entry = entryOf(key);
    if (!job?.file || !entry) return;
    update(key, { status: 'uploading', problem: undefined });
    try {
      if (!job.uploadUrl) {
        const problem = nameProblem(entry.name);
        // The same refusal the server would answer, so it reads the same.
        if (problem)
          throw new ApiError(400, {
            error: problem === 'empty' ? 'file_name_empty' : 'invalid_request',
            error_code: 3,
            error_description: '',
            details: [{ field: 'name', reason: problem }],
          });
        const created = await files.createUpload({ parentId: entry.parentId, name: entry.name, size: entry.size, mimeType: job.file.type });
        const uploadUrl = uploadAddressOnOrigin(created.resumable.params.url, deps.origin);
        if (!entryOf(key)) {
          // Cancelled while the pending file was being created.
          await deps.terminate(uploadUrl).catch(() => {});
          return;
        }
        job.fileId = created.file.id;
        job.uploadUrl = uploadUrl;
        deps.onDriveChanged();
        if (created.file.phase === 'PHASE_TYPE_COMPLETE') return finish(key);
        rememberUnfinishedUpload(storage, {
          userId: job.userId,
          fileId: created.file.id,
          uploadUrl,
          name: entry.name,
          size: entry.size,
          lastModified: job.lastModified,
          parentId: entry.parentId,
        });
        // Paused while the pending file was being created: the bytes wait for resume.
        if (entryOf(key)?.status !== 'uploading') return;
      }
      job.transfer ??= deps.startTransfer(job.file, job.uploadUrl, {
        onProgress: (bytesSent) => {
          if (entryOf(key)?.status === 'uploading') update(key, { bytesSent, bytesPerSecond: job.meter.sample(bytesSent, now()) });
        },
        onSuccess: () => finish(key),
        onError: (error) => void transferFailed(key, error),
      });
      job.meter.reset();
      job.transfer.start();
    } catch (failure) {
      fail(key, toApiError(failure));
    }
  }

  async function transferFailed(key: string, error: Error): Promise<void> {
    const job = jobs.get(key);
    if (!job || entryOf(key)?.status !== 'uploading') return;
    const outcome = transferOutcome(error);
    switch (outcome.kind) {
      case 'interrupted':
        return fail(key, outcome.failure, 'interrupted');
      case 'unauthenticated':
        if (job.renewedSession) return fail(key, outcome.failure);
        job.renewedSession = true;
        try {
          // Any API call renews a lapsed session (api.ts); the upload then goes on where it stopped.
          await files.about();
          job.transfer?.start();
        } catch (failure) {
          fail(key, failure);
        }
        return;
      case 'gone':
        if (job.fileId) forgetUnfinishedUpload(storage, job.fileId);
        if (!job.fromRecord) return fail(key, outcome.failure);
        // The server dropped the upload left before the reload: start this file afresh.
        Object.assign(job, { fileId: undefined, uploadUrl: undefined, transfer: undefined, fromRecord: false });
        update(key, { status: 'queued', bytesSent: 0 });
        return pump();
      case 'refused':
        return fail(key, outcome.failure);
    }
  }

  /** The user's uploads left unfinished on an earlier page, waiting for their files. */
  function restoreUnfinished(userId: string): void {
    const known = new Set([...jobs.values()].map((job) => job.fileId));
    for (const record of readUnfinishedUploads(storage, userId)) {
      if (known.has(record.fileId)) continue;
      add(
        { name: record.name, size: record.size, parentId: record.parentId, status: 'needs-file' },
        { userId, file: undefined, lastModified: record.lastModified, fileId: record.fileId, uploadUrl: record.uploadUrl, fromRecord: true },
      );
    }
  }

  const isSameFile = (entry: UploadEntry, job: Job, file: File) =>
    entry.name === file.name && entry.size === file.size && job.lastModified === file.lastModified;

  /** Uploads `picked` into the folder; a file left unfinished earlier continues where it stopped. */
  function uploadFiles(userId: string, picked: readonly File[], parentId: string): void {
    restoreUnfinished(userId);
    for (const file of picked) {
      const waiting = $uploads.get().find((entry) => entry.status === 'needs-file' && isSameFile(entry, jobs.get(entry.key)!, file));
      if (waiting) {
        jobs.get(waiting.key)!.file = file;
        update(waiting.key, { status: 'queued', problem: undefined });
        continue;
      }
      add(
        { name: file.name, size: file.size, parentId, status: 'queued' },
        { userId, file, lastModified: file.lastModified, fileId: undefined, uploadUrl: undefined, fromRecord: false },
      );
    }
    pump();
  }

  /** Gives a waiting upload its file again; another file is refused with a message. */
  function continueWith(key: string, file: File, notTheSameFile: Message): void {
    const entry = entryOf(key);
    const job = jobs.get(key);
    if (!entry || !job || entry.status !== 'needs-file') return;
    if (!isSameFile(entry, job, file)) {
      update(key, { problem: notTheSameFile });
      return;
    }
    job.file = file;
    update(key, { status: 'queued', problem: undefined });
    pump();
  }

  async function pause(key: string): Promise<void> {
    const job = jobs.get(key);
    const status = entryOf(key)?.status;
    if (!job || (status !== 'uploading' && status !== 'queued')) return;
    update(key, { status: 'paused', bytesPerSecond: undefined });
    await job.transfer?.pause();
    pump();
  }

  function resume(key: string): void {
    const status = entryOf(key)?.status;
    if (status !== 'paused' && status !== 'interrupted') return;
    update(key, { status: 'queued', problem: undefined });
    pump();
  }

  /** Stops the upload and removes its pending file from the server. */
  async function cancel(key: string): Promise<void> {
    const job = jobs.get(key);
    if (!job) return;
    remove(key);
    await job.transfer?.pause();
    if (job.fileId) forgetUnfinishedUpload(storage, job.fileId);
    if (job.uploadUrl) {
      await deps
        .terminate(job.uploadUrl)
        .catch((failure: unknown) => console.warn('[uploads] the cancelled upload could not be removed; it expires by itself', failure));
      deps.onDriveChanged();
    }
    pump();
  }

  /** Takes a finished or failed upload off the list. */
  function dismiss(key: string): void {
    const status = entryOf(key)?.status;
    if (status === 'done' || status === 'failed') remove(key);
  }

  function dismissFinished(): void {
    for (const entry of $uploads.get()) dismiss(entry.key);
  }

  /** Signing out: every transfer stops (the records stay for that user's next visit) and the list empties. */
  async function stopAll(): Promise<void> {
    const stopping = [...jobs.values()].map((job) => job.transfer?.pause());
    jobs.clear();
    $uploads.set([]);
    await Promise.all(stopping);
  }

  return {
    $uploads: $uploads as ReadableAtom<UploadEntry[]>,
    uploadFiles,
    restoreUnfinished,
    continueWith,
    pause,
    resume,
    cancel,
    dismiss,
    dismissFinished,
    stopAll,
  };
}
