// Offline downloads: a link handed over by a user becomes a task, which a worker runs by fetching
// the content into a folder of its own on the server's disk (hashing as it arrives), then hands
// to the blob store and adds to the drive in one step. Nothing shows in the drive before the
// last byte; a failure that may pass leaves the bytes for the next attempt to continue from; a
// deleted or finally failed task leaves nothing behind.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { OFFLINE_PROTOCOLS, type OfflineSource } from '#shared/api/offline.ts';
import { usableName } from '#shared/files/names.ts';
import type { OfflineConfig } from '../config.ts';
import { blobsRepository } from '../db/repositories/blobs.ts';
import { filesRepository } from '../db/repositories/files.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { HttpResume, HttpSource } from '../offline/http-source.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { TaskRun } from '../tasks/worker.ts';
import type { FilesService } from './files.ts';
import { ROOT } from './files.ts';
import type { NewTask, TaskLimits, TaskRow, TasksService } from './tasks.ts';

/** What a task keeps in its params: what to fetch, where it goes, and what earlier attempts learned. */
export type OfflineParams = { url: string; parentId: string; name?: string | undefined } & HttpResume;

/** How often a running download writes its progress (each write also renews its lease). */
const REPORT_MS = 1_000;
/** Speed is measured over this many last seconds. */
const SPEED_WINDOW_MS = 5_000;

export type Inspected = { source: 'http'; url: string; name: string; size: number | undefined; mimeType: string };

export function offlineService(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  files: FilesService;
  tasks: TasksService;
  /** Queues a task within the user's limits and has it run (the task worker). */
  enqueue: (task: NewTask, limits: TaskLimits) => Promise<TaskRow>;
  http: HttpSource;
  config: OfflineConfig;
  now?: () => number;
}) {
  const { db, blobs, files, tasks, enqueue, http, config } = deps;
  const now = deps.now ?? Date.now;
  const workFolder = (taskId: string) => workFolderOf(blobs, taskId);

  /** The link as the engines take it, or url_unsupported. */
  function linkOf(source: OfflineSource): URL {
    if (!source.url) throw new ServiceError('invalid_request', 'Give the link to fetch.', [{ field: 'url', reason: 'missing' }]);
    let url: URL;
    try {
      url = new URL(source.url.trim());
    } catch {
      throw new ServiceError('url_unsupported', 'This is not a link.');
    }
    if (!(OFFLINE_PROTOCOLS as readonly string[]).includes(url.protocol))
      throw new ServiceError('url_unsupported', 'Links must start with http://, https:// or magnet:.');
    if (url.protocol === 'magnet:') throw new ServiceError('url_unsupported', 'Magnet links are not fetched by this server yet.');
    return url;
  }

  const remove = (taskId: string) => discardWork(blobs, taskId);

  return {
    /** What a link holds, without fetching it: its name, size and type. */
    async inspect(source: OfflineSource, signal: AbortSignal): Promise<Inspected> {
      const url = linkOf(source);
      const resource = await http.inspect(url.href, signal);
      return { source: 'http', url: resource.url, name: resource.name, size: resource.size, mimeType: resource.mimeType };
    },

    /** Queues the download of one link into the user's folder, within the user's limits. */
    async create(userId: string, request: { source: OfflineSource; parentId?: string | undefined; name?: string | undefined }): Promise<TaskRow> {
      const url = linkOf(request.source);
      // An address Nubo will not fetch is refused now, not when the task runs.
      await http.check(url.href);
      const parentId = request.parentId ?? ROOT;
      await db.transaction().execute((tx) => files.targetFolder(tx, userId, parentId));
      const name = request.name?.trim() ? usableName(request.name, 'download') : nameFromLink(url);
      const params: OfflineParams = { url: url.href, parentId, ...(request.name?.trim() ? { name } : {}) };
      return enqueue({ userId, type: 'offline', name, fileName: name, params }, { active: config.activeTasks, daily: config.dailyTasks });
    },

    /** Runs one offline download (the task handler). */
    async run(task: TaskRow, run: TaskRun) {
      const params = JSON.parse(task.params) as OfflineParams;
      const folder = workFolder(task.id);
      const file = path.join(folder, 'content');
      await fs.mkdir(folder, { recursive: true });
      const storage = await filesRepository(db).storage(task.user_id);
      const room = Math.min(config.maxSize, Math.max(0, storage.storage_limit - storage.storage_used));
      const progress = progressReporter(run, now);
      const fetched = await http.download(params.url, file, {
        resume: params,
        signal: run.signal,
        learned: (resume) => run.remember({ ...params, validator: resume.validator, acceptsRanges: resume.acceptsRanges }),
        progress(bytesDone, size) {
          const expected = Math.max(bytesDone, size ?? 0);
          if (expected > config.maxSize) throw new ServiceError('task_too_large', `Downloads can be at most ${config.maxSize} bytes.`);
          if (expected > room) throw new ServiceError('file_space_not_enough', 'There is not enough storage space left for this download.');
          progress(bytesDone, size);
        },
      });
      await progress.flush();
      if ((await moderationRepository(db).statusesOf([fetched.hash])).size > 0)
        throw new ServiceError('content_taken_down', 'This content was taken down and cannot be added to the drive.');
      const storageKey = await blobs.adoptFile(file, fetched.hash);
      const name = params.name ?? fetched.name;
      let added: Awaited<ReturnType<FilesService['addFetched']>>;
      try {
        added = await files.addFetched(task.user_id, params.parentId, undefined, [
          { path: [], name, hash: fetched.hash, size: fetched.size, storageKey, mimeType: fetched.mimeType },
        ]);
      } catch (failure) {
        // The bytes were adopted before the transaction that failed: they go unless a blob row names them.
        if (!(await blobsRepository(db).isRecorded(fetched.hash))) await blobs.remove({ hash: fetched.hash, storage_key: storageKey });
        throw failure;
      }
      if (storageKey) {
        // The same new content fetched twice at once: the first row wins, the other object goes.
        const kept = await blobsRepository(db).storageKey(fetched.hash);
        if (kept !== undefined && kept !== storageKey) await blobs.remove({ hash: fetched.hash, storage_key: storageKey });
      }
      await remove(task.id);
      return { fileId: added.id, fileName: added.name, fileSize: fetched.size };
    },

    /** Removes work folders whose task is gone (deleted while another server process held it). */
    async sweepWork() {
      const names = await fs.readdir(blobs.stagingDir).catch(() => [] as string[]);
      if (names.length === 0) return;
      const live = new Set(await tasks.idsOfType('offline'));
      for (const name of names) if (!live.has(name)) await remove(name);
    },
  };
}

export type OfflineService = ReturnType<typeof offlineService>;

/** Where a download's bytes are kept until they become blobs: a folder of the task's own. */
function workFolderOf(blobs: BlobStore, taskId: string): string {
  return path.join(blobs.stagingDir, path.basename(taskId));
}

/** Drops what a task's download left on disk (its partial bytes), for a deleted or failed task. */
export async function discardWork(blobs: BlobStore, taskId: string): Promise<void> {
  await fs.rm(workFolderOf(blobs, taskId), { recursive: true, force: true });
}

/** A first name for a task, before the server names the file: the link's last path part, or its host. */
function nameFromLink(url: URL): string {
  const last = url.pathname.split('/').findLast(Boolean) ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // Not valid percent-encoding: the part as it is.
  }
  return usableName(decoded, url.hostname || 'download');
}

/** Reports a download's progress at most once a second, with its speed over the last seconds. */
function progressReporter(run: TaskRun, now: () => number) {
  const samples: { at: number; bytes: number }[] = [];
  let last = 0;
  let latest: { bytesDone: number; size: number | undefined } = { bytesDone: 0, size: undefined };
  let pending: Promise<void> = Promise.resolve();
  const send = () => {
    const at = now();
    last = at;
    samples.push({ at, bytes: latest.bytesDone });
    while (samples.length > 1 && samples[0]!.at < at - SPEED_WINDOW_MS) samples.shift();
    const first = samples[0]!;
    const speed = at > first.at ? ((latest.bytesDone - first.bytes) * 1000) / (at - first.at) : 0;
    const { bytesDone, size } = latest;
    // A report that fails is not the download's failure: the next one, or the heartbeat, tries again.
    pending = pending
      .then(() => run.report({ progress: size ? (bytesDone / size) * 100 : 0, bytesDone, speed, ...(size !== undefined ? { fileSize: size } : {}) }))
      .catch(() => {});
  };
  const report = (bytesDone: number, size: number | undefined) => {
    latest = { bytesDone, size };
    if (now() - last >= REPORT_MS) send();
  };
  report.flush = () => pending;
  return report;
}
