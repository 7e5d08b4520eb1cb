// Offline downloads: a link handed over by a user (a web address, a magnet link, or a .torrent
// already in the drive) becomes a task, which a worker runs by fetching the content into a folder
// of its own on the server's disk, then hands each file to the blob store and adds them to the
// drive in one step. Nothing shows in the drive before the last byte; a failure that may pass
// leaves the bytes for the next attempt to continue from; a deleted or finally failed task leaves
// nothing behind.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type InspectionState, type LinkHeaders, OFFLINE_PROTOCOLS, type OfflineSource } from '#shared/api/offline.ts';
import type { TaskStage } from '#shared/api/tasks.ts';
import { classifyFile } from '#shared/files/classify.ts';
import { usableName } from '#shared/files/names.ts';
import type { OfflineConfig } from '../config.ts';
import { blobsRepository } from '../db/repositories/blobs.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { HttpResume, HttpSource } from '../offline/http-source.ts';
import { TORRENT_FILE_MAX_BYTES, type TorrentEntry, type TorrentSource } from '../offline/torrent-source.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { PassingFailure, type TaskRun } from '../tasks/worker.ts';
import type { FetchedFile, FilesService } from './files.ts';
import { ROOT, storageLeft } from './files.ts';
import type { StandingRules } from './premium/standing.ts';
import { type NewTask, TASK_SECRETS, type TaskLimits, type TaskRow, type TasksService } from './tasks.ts';

/** What a task keeps in its params: what to fetch, where it goes, and what earlier attempts learned. */
export type OfflineParams =
  | ({ kind: 'http'; url: string; parentId: string; name?: string | undefined; [TASK_SECRETS]?: { headers: LinkHeaders } | undefined } & HttpResume)
  | {
      kind: 'torrent';
      /** A magnet link, or the .torrent itself (base64) with the drive file it came from. */
      url?: string | undefined;
      torrent?: string | undefined;
      torrentFileId?: string | undefined;
      files?: number[] | undefined;
      parentId: string;
      name?: string | undefined;
    };

/** How often a running download writes its progress (each write also renews its lease). */
const REPORT_MS = 1_000;
/** Speed is measured over this many last seconds. */
const SPEED_WINDOW_MS = 5_000;

export type Inspected = {
  source: 'http' | 'magnet' | 'torrent';
  url: string;
  name: string;
  size: number | undefined;
  mimeType: string;
  files: TorrentEntry[];
  /** A torrent's info hash; '' for a web address. */
  infoHash: string;
  /** What is still awaited, if anything, when the inspection answered. */
  state: InspectionState;
};

/** The fields of an inspection that learned nothing yet. */
const nothingYet = () => ({ size: undefined, mimeType: '', files: [] as TorrentEntry[], infoHash: '' });

/**
 * How long inspecting a link waits for its server or a magnet's peers before answering with what
 * it knows (the New download dialog's "Check links" waits for it; the download, once started, goes on looking).
 */
const INSPECT_WAIT_MS = 10_000;
/** How long creating a download waits for a web address's name to resolve before leaving that check to the download. */
const CHECK_WAIT_MS = 5_000;

/** A source as the engines take it: a web address, or a torrent (a magnet link or a .torrent's bytes). */
type Source = { kind: 'http'; url: URL } | { kind: 'torrent'; magnet?: string; torrent?: Buffer; torrentFileId?: string };

export function offlineService(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  files: FilesService;
  tasks: TasksService;
  /** Queues a task within the user's limits and has it run (the task worker). */
  enqueue: (task: NewTask, limits: TaskLimits) => Promise<TaskRow>;
  /** The web engine: checks and inspections, and downloads (in a thread of their own, see offline/download-thread.ts). */
  http: Pick<HttpSource, 'check' | 'inspect' | 'download'> & { close?(): Promise<void> };
  torrents: TorrentSource;
  config: OfflineConfig;
  /** How much each user may store, and their offline download limits. */
  standing: StandingRules;
  now?: () => number;
}) {
  const { db, blobs, files, tasks, enqueue, http, torrents, config, standing } = deps;
  const now = deps.now ?? Date.now;
  const workFolder = (taskId: string) => workFolderOf(blobs, taskId);
  /** The user's tier sets how many downloads they may start a day and have at once. */
  const limitsOf = async (userId: string): Promise<TaskLimits> => (await standing.standingOf(db, userId, now())).offline;

  /** What the user asks to fetch, or url_unsupported; a .torrent of the drive is read here. */
  async function sourceOf(userId: string, source: OfflineSource): Promise<Source> {
    if (source.file_id) {
      const file = await files.get(userId, source.file_id);
      const isTorrent = file.kind === 'drive#file' && classifyFile({ name: file.name, mimeType: file.mime_type }) === 'torrent';
      if (!isTorrent || file.phase !== 'PHASE_TYPE_COMPLETE' || !file.hash)
        throw new ServiceError('url_unsupported', 'Only a .torrent file can be downloaded from.');
      if (file.trashed_at !== null) throw new ServiceError('file_in_recycle_bin', `"${file.name}" is in the trash. Restore it first.`);
      if (file.size > TORRENT_FILE_MAX_BYTES) throw new ServiceError('url_unsupported', 'This file is too big to be a torrent.');
      return { kind: 'torrent', torrent: await blobs.readRange(file.hash, 0, file.size), torrentFileId: file.id };
    }
    if (!source.url) throw new ServiceError('invalid_request', 'Give the link to fetch.', [{ field: 'url', reason: 'missing' }]);
    let url: URL;
    try {
      url = new URL(source.url.trim());
    } catch {
      throw new ServiceError('url_unsupported', 'This is not a link.');
    }
    if (!(OFFLINE_PROTOCOLS as readonly string[]).includes(url.protocol))
      throw new ServiceError('url_unsupported', 'Links must start with http://, https:// or magnet:.');
    return url.protocol === 'magnet:' ? { kind: 'torrent', magnet: source.url.trim() } : { kind: 'http', url };
  }

  const parsedTorrent = (source: { magnet?: string | undefined; torrent?: Buffer | undefined }) => torrents.parse(source.magnet ?? source.torrent!);

  const remove = (taskId: string) => discardWork(blobs, taskId);

  /** Checks the fetched files against takedowns, stores their bytes and adds them to the drive; answers the top item. */
  async function addToDrive(
    task: TaskRow,
    run: TaskRun,
    parentId: string,
    folderName: string | undefined,
    fetched: (Omit<FetchedFile, 'storageKey'> & { file: string })[],
  ) {
    const takenDown = await moderationRepository(db).statusesOf(fetched.map((file) => file.hash));
    if (takenDown.size > 0) throw new ServiceError('content_taken_down', 'This content was taken down and cannot be added to the drive.');
    const stored: FetchedFile[] = [];
    // On local disk the files are renamed into place at once; an object store gets them uploaded, a step of its own.
    const total = fetched.reduce((sum, file) => sum + file.size, 0);
    const storing = blobs.driver === 'local' ? undefined : progressReporter(run, now, 'STORING');
    let storedBytes = 0;
    storing?.(0, total);
    for (const file of fetched) {
      const storageKey = await blobs.adoptFile(file.file, file.hash, (sent) => storing?.(storedBytes + sent, total));
      storedBytes += file.size;
      stored.push({ ...file, storageKey });
    }
    await storing?.flush();
    try {
      const added = await files.addFetched(task.user_id, parentId, folderName, stored);
      for (const file of stored) {
        if (!file.storageKey) continue;
        // The same new content fetched twice at once: the first row wins, the other object goes.
        const kept = await blobsRepository(db).storageKey(file.hash);
        if (kept !== undefined && kept !== file.storageKey) await blobs.remove({ hash: file.hash, storage_key: file.storageKey });
      }
      return added;
    } catch (failure) {
      // The bytes were adopted before the transaction that failed: they go unless a blob row names them.
      for (const file of stored) if (!(await blobsRepository(db).isRecorded(file.hash))) await blobs.remove({ hash: file.hash, storage_key: file.storageKey });
      throw failure;
    }
  }

  /** The room left for a download: the user's free space, within the largest download allowed. */
  async function roomFor(userId: string) {
    return Math.min(config.maxSize, Math.max(0, await storageLeft(db, standing, userId, now())));
  }

  function assertFits(expected: number, room: number) {
    if (expected > config.maxSize) throw new ServiceError('task_too_large', `Downloads can be at most ${config.maxSize} bytes.`);
    if (expected > room) throw new ServiceError('file_space_not_enough', 'There is not enough storage space left for this download.');
  }

  async function runHttp(task: TaskRow, params: Extract<OfflineParams, { kind: 'http' }>, run: TaskRun) {
    const file = path.join(workFolder(task.id), 'content');
    const room = await roomFor(task.user_id);
    const progress = progressReporter(run, now);
    const fetched = await http.download(params.url, file, {
      resume: params,
      headers: params[TASK_SECRETS]?.headers,
      signal: run.signal,
      learned: (resume) => run.remember({ ...params, validator: resume.validator, acceptsRanges: resume.acceptsRanges }),
      progress(bytesDone, size) {
        assertFits(Math.max(bytesDone, size ?? 0), room);
        progress(bytesDone, size);
      },
    });
    await progress.flush();
    const added = await addToDrive(task, run, params.parentId, undefined, [
      { path: [], name: params.name ?? fetched.name, hash: fetched.hash, size: fetched.size, mimeType: fetched.mimeType, file },
    ]);
    return { added, size: fetched.size };
  }

  async function runTorrent(task: TaskRow, params: Extract<OfflineParams, { kind: 'torrent' }>, run: TaskRun) {
    const parsed = await parsedTorrent({ magnet: params.url, torrent: params.torrent ? Buffer.from(params.torrent, 'base64') : undefined });
    const room = await roomFor(task.user_id);
    const progress = progressReporter(run, now);
    const fetched = await torrents.download(parsed, workFolder(task.id), {
      files: params.files,
      signal: run.signal,
      progress(bytesDone, size, speed) {
        assertFits(size, room);
        progress(bytesDone, size, speed);
      },
    });
    await progress.flush();
    // A torrent that goes on seeding keeps its files where they are: the drive gets copies.
    if (config.seed) {
      for (const file of fetched.files) {
        const copy = `${file.file}.nubo-copy`;
        await fs.copyFile(file.file, copy);
        file.file = copy;
      }
    }
    // One file stays a file; a torrent of several keeps its folders, under a folder of its own.
    const single = fetched.files.length === 1 && fetched.files[0]!.folders.length === 0 && fetched.total === 1;
    const added = await addToDrive(
      task,
      run,
      params.parentId,
      single ? undefined : (params.name ?? fetched.name),
      fetched.files.map((file) => ({
        path: file.folders,
        name: single && params.name ? params.name : file.name,
        hash: file.hash,
        size: file.size,
        mimeType: '',
        file: file.file,
      })),
    );
    return { added, size: fetched.files.reduce((sum, file) => sum + file.size, 0) };
  }

  /**
   * What a link holds: the web server's description, or the torrent's files (a magnet's from its
   * peers), as far as they are learned within INSPECT_WAIT_MS; past that, what is known without
   * them, at once, with the state saying what is still awaited.
   */
  async function inspect(userId: string, request: OfflineSource, signal: AbortSignal): Promise<Inspected> {
    const source = await sourceOf(userId, request);
    if (source.kind === 'http') {
      const url = source.url.href;
      const unanswered: Inspected = { ...nothingYet(), source: 'http', url, name: nameFromLink(source.url), state: 'no_answer_yet' };
      return patiently(signal, INSPECT_WAIT_MS, unanswered, async (within) => {
        const resource = await http.inspect(url, within);
        return { ...nothingYet(), source: 'http', url: resource.url, name: resource.name, size: resource.size, mimeType: resource.mimeType, state: 'complete' };
      });
    }
    // The link's own words (the torrent's name and info hash), read without contacting anyone.
    const written = await torrents.read(source.magnet ?? source.torrent!);
    const torrent = { ...nothingYet(), source: source.magnet ? 'magnet' : 'torrent', url: source.magnet ?? '', infoHash: written.infoHash } as const;
    const known = ({ name, files: entries }: { name: string; files: TorrentEntry[] }): Inspected => ({
      ...torrent,
      name,
      size: entries.reduce((sum, entry) => sum + entry.size, 0),
      files: entries,
      state: 'complete',
    });
    // A .torrent lists its files itself.
    if (written.files) return known(await torrents.inspect(written, blobs.stagingDir, signal));
    const looking: Inspected = { ...torrent, name: written.name ?? written.infoHash, state: 'looking_for_files' };
    return patiently(signal, INSPECT_WAIT_MS, looking, async (within) => {
      const parsed = await torrents.parse(written);
      // A magnet's file list comes from peers, into a folder of its own that goes afterwards.
      const scratch = path.join(blobs.stagingDir, `${INSPECT_PREFIX}${randomUUID()}`);
      try {
        return known(await torrents.inspect(parsed, scratch, within));
      } finally {
        await fs.rm(scratch, { recursive: true, force: true });
      }
    });
  }

  return {
    /**
     * What a link holds, without fetching its content: a web address's name, size and type; a
     * torrent's files. Answers within INSPECT_WAIT_MS, with what is known by then;
     * `signal` stops it sooner (the visitor left).
     */
    async inspect(userId: string, request: OfflineSource, signal: AbortSignal): Promise<Inspected> {
      try {
        return await inspect(userId, request, signal);
      } catch (failure) {
        // A failure that a task would try again is this request's answer: said by its name.
        if (failure instanceof PassingFailure) throw new ServiceError(failure.error, failure.message);
        if (signal.aborted) throw new ServiceError('url_unreachable', 'The inspection was stopped.');
        throw failure;
      }
    },

    /** The user's offline download limits and how much of them is used. */
    async allowance(userId: string): Promise<{ limits: TaskLimits; used: TaskLimits }> {
      const [limits, used] = await Promise.all([limitsOf(userId), tasks.usage(userId, 'offline')]);
      return { limits, used };
    },

    /** Queues the download of one link into the user's folder, within the user's limits. */
    async create(
      userId: string,
      request: { source: OfflineSource; parentId?: string | undefined; name?: string | undefined; headers?: LinkHeaders | undefined },
    ): Promise<TaskRow> {
      const source = await sourceOf(userId, request.source);
      const headers = linkHeadersFor(source, request.headers);
      const parentId = request.parentId ?? ROOT;
      await db.transaction().execute((tx) => files.targetFolder(tx, userId, parentId));
      const given = request.name?.trim() ? usableName(request.name, 'download') : undefined;
      const limits = await limitsOf(userId);
      if (source.kind === 'http') {
        // An address Nubo will not fetch is refused now, not when the task runs; a name whose
        // resolver is slow to answer is left to the download, which checks it again as it connects.
        await patiently(new AbortController().signal, CHECK_WAIT_MS, undefined, () => http.check(source.url.href));
        const name = given ?? nameFromLink(source.url);
        const params: OfflineParams = {
          kind: 'http',
          url: source.url.href,
          parentId,
          ...(given ? { name: given } : {}),
          ...(headers ? { [TASK_SECRETS]: { headers } } : {}),
        };
        return enqueue({ userId, type: 'offline', name, fileName: name, params }, limits);
      }
      const parsed = await parsedTorrent(source);
      const name = given ?? usableName(parsed.name ?? '', `torrent ${parsed.infoHash.slice(0, 8)}`);
      const params: OfflineParams = {
        kind: 'torrent',
        ...(source.magnet ? { url: source.magnet } : { torrent: source.torrent!.toString('base64'), torrentFileId: source.torrentFileId }),
        ...(request.source.files?.length ? { files: [...new Set(request.source.files)] } : {}),
        parentId,
        ...(given ? { name: given } : {}),
      };
      return enqueue({ userId, type: 'offline', name, fileName: name, ...(parsed.length ? { fileSize: parsed.length } : {}), params }, limits);
    },

    /** Runs one offline download (the task handler). */
    async run(task: TaskRow, run: TaskRun) {
      const params = JSON.parse(task.params) as OfflineParams;
      await fs.mkdir(workFolder(task.id), { recursive: true });
      const { added, size } = params.kind === 'torrent' ? await runTorrent(task, params, run) : await runHttp(task, params, run);
      // A seeding torrent's files stay until its task is deleted (or the server restarts).
      if (params.kind !== 'torrent' || !config.seed) await remove(task.id);
      return { fileId: added.id, fileName: added.name, fileSize: size };
    },

    /** What a deleted or failed task leaves: a seeding torrent leaves its swarm, and its work folder goes. */
    async discard(task: TaskRow) {
      if (task.type !== 'offline') return;
      const params = JSON.parse(task.params) as OfflineParams;
      if (params.kind === 'torrent' && config.seed) {
        const parsed = await parsedTorrent({ magnet: params.url, torrent: params.torrent ? Buffer.from(params.torrent, 'base64') : undefined }).catch(
          () => undefined,
        );
        if (parsed) await torrents.stopSeeding(parsed.infoHash);
      }
      await remove(task.id);
    },

    /**
     * Removes the work folders no task is working on: of tasks deleted while another process held
     * them, and of finished torrents, whose seeding does not outlive the process.
     */
    async sweepWork() {
      const names = await fs.readdir(blobs.stagingDir).catch(() => [] as string[]);
      if (names.length === 0) return;
      const live = new Set(await tasks.idsOfType('offline', ['PHASE_TYPE_PENDING', 'PHASE_TYPE_RUNNING', 'PHASE_TYPE_PAUSED', 'PHASE_TYPE_ERROR']));
      for (const name of names) if (!live.has(name)) await remove(name);
    },

    /**
     * Every hour: removes the work folders of tasks that are gone (deleted while another server
     * copy ran them, where each copy has a folder of its own). Finished torrents' folders are left
     * to the sweep at start, and so is everything when torrents go on seeding: a deleted task's
     * torrent may still be seeding here from its folder until the server stops. A link being
     * inspected has a folder of its own for as long as that lasts.
     */
    async sweepGoneWork(): Promise<number> {
      if (config.seed) return 0;
      const names = (await fs.readdir(blobs.stagingDir).catch(() => [] as string[])).filter((name) => !name.startsWith(INSPECT_PREFIX));
      let removed = 0;
      for (let at = 0; at < names.length; at += SWEEP_CHUNK) {
        const chunk = names.slice(at, at + SWEEP_CHUNK);
        const existing = new Set(await tasks.existingIds(chunk));
        for (const name of chunk) {
          if (existing.has(name)) continue;
          await remove(name);
          removed += 1;
        }
      }
      return removed;
    },

    async close() {
      await torrents.close();
      await http.close?.();
    },
  };
}

export type OfflineService = ReturnType<typeof offlineService>;

/** Offline downloads per user: at once (waiting, running or paused) and started in a day. */

/**
 * The visitor's headers for a web address, checked beyond their schema: only for a web address, and
 * a Referer that is itself one. Nothing of them is ever put in an error message or a log.
 */
function linkHeadersFor(source: Source, headers: LinkHeaders | undefined): LinkHeaders | undefined {
  if (!headers || (!headers.cookie && !headers.referer)) return undefined;
  if (source.kind !== 'http')
    throw new ServiceError('invalid_request', 'Cookies and a referrer can only be sent with a web address.', [{ field: 'headers', reason: 'not_http' }]);
  if (headers.referer !== undefined) {
    const referer = URL.parse(headers.referer);
    if (!referer || (referer.protocol !== 'http:' && referer.protocol !== 'https:') || referer.username || referer.password)
      throw new ServiceError('invalid_request', 'The referrer must be a web address.', [{ field: 'headers.referer', reason: 'invalid' }]);
  }
  return { ...(headers.cookie ? { cookie: headers.cookie } : {}), ...(headers.referer ? { referer: headers.referer } : {}) };
}

/** A magnet link's file list is fetched into a folder named so, which goes when the inspection ends. */
const INSPECT_PREFIX = 'inspect-';
/** Work folders looked up in one query by the hourly sweep. */
const SWEEP_CHUNK = 500;

/**
 * What `work` answers, unless `waitMs` pass first: then `meanwhile`, at once, and `work`'s signal
 * is aborted (it ends, tidying up, after the answer). `signal` aborts it sooner. A failure of the
 * work before the time is up is the answer.
 */
async function patiently<T>(signal: AbortSignal, waitMs: number, meanwhile: T, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const patience = new AbortController();
  const timer = setTimeout(() => patience.abort(), waitMs);
  const waited = new Promise<T>((resolve) => patience.signal.addEventListener('abort', () => resolve(meanwhile), { once: true }));
  const working = work(AbortSignal.any([signal, patience.signal]));
  try {
    return await Promise.race([working, waited]);
  } finally {
    clearTimeout(timer);
    // Once the answer is given, a later failure of the work is nobody's.
    working.catch(() => {});
  }
}

/** Where a download's bytes are kept until they become blobs: a folder of the task's own. */
function workFolderOf(blobs: BlobStore, taskId: string): string {
  return path.join(blobs.stagingDir, path.basename(taskId));
}

/** Drops what a task's download left on disk (its partial bytes). */
async function discardWork(blobs: BlobStore, taskId: string): Promise<void> {
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

/** Reports a download's progress at most once a second, with its speed (the engine's, or over the last seconds). */
/** Reports a stage's progress at most once a second, with its speed over the last seconds. */
function progressReporter(run: TaskRun, now: () => number, stage: TaskStage = '') {
  const samples: { at: number; bytes: number }[] = [];
  let last = 0;
  let latest: { bytesDone: number; size: number | undefined; speed: number | undefined } = { bytesDone: 0, size: undefined, speed: undefined };
  let pending: Promise<void> = Promise.resolve();
  const send = () => {
    const at = now();
    last = at;
    samples.push({ at, bytes: latest.bytesDone });
    while (samples.length > 1 && samples[0]!.at < at - SPEED_WINDOW_MS) samples.shift();
    const first = samples[0]!;
    const { bytesDone, size } = latest;
    const speed = latest.speed ?? (at > first.at ? ((bytesDone - first.bytes) * 1000) / (at - first.at) : 0);
    // A report that fails is not the download's failure: the next one, or the heartbeat, tries again.
    pending = pending
      .then(() =>
        run.report({
          progress: size ? (bytesDone / size) * 100 : 0,
          bytesDone,
          speed,
          stage,
          ...(size !== undefined && stage === '' ? { fileSize: size } : {}),
        }),
      )
      .catch(() => {});
  };
  const report = (bytesDone: number, size: number | undefined, speed?: number) => {
    latest = { bytesDone, size, speed };
    if (now() - last >= REPORT_MS) send();
  };
  report.flush = () => pending;
  return report;
}
