// The HTTP engine as the offline service uses it: checking and inspecting a link in this thread
// (small, and answered to a waiting person), the bytes of downloads in a thread of their own
// (http-worker.ts), started when the first download comes.
import type { LookupAddress } from 'node:dns';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ServiceError } from '../errors.ts';
import { PassingFailure } from '../tasks/worker.ts';
import { type HttpDownload, type HttpSource, httpSource } from './http-source.ts';
import type { FromDownloadThread, SentFailure, ToDownloadThread } from './http-worker.ts';
import type { NetworkGuard, ResolveHost } from './network-guard.ts';

/** The download thread's module, beside this one in both forms: http-worker.ts in the source, http-worker.mjs in the build. */
const DOWNLOAD_WORKER = new URL(`./http-worker${path.extname(import.meta.url)}`, import.meta.url);

type Download = {
  resolve(result: HttpDownload): void;
  reject(failure: Error): void;
  options: Parameters<HttpSource['download']>[2];
  /** Why this side stopped it; the download ends once the thread says it stopped writing. */
  stoppedWith?: Error;
};

export function threadedHttpSource({
  guard,
  allow,
  resolve,
  stallMs,
}: {
  guard: NetworkGuard;
  allow: readonly string[];
  resolve: ResolveHost;
  stallMs: number;
}) {
  const here = httpSource({ guard, stallMs });
  let thread: Worker | undefined;
  const downloads = new Map<number, Download>();
  let next = 0;

  function threadOf(): Worker {
    if (thread) return thread;
    const started = new Worker(DOWNLOAD_WORKER, { workerData: { allow: [...allow], stallMs } });
    started.on('message', (message: FromDownloadThread) => void answer(started, message));
    started.on('error', (failure: Error) => {
      // A thread that dies takes its downloads with it: they fail as a dropped connection would, and are tried again.
      for (const download of downloads.values()) download.reject(new PassingFailure('url_unreachable', `The download thread stopped: ${failure.message}`));
      downloads.clear();
      thread = undefined;
    });
    started.unref();
    thread = started;
    return started;
  }

  async function answer(worker: Worker, message: FromDownloadThread) {
    if (message.type === 'resolve') {
      const reply: ToDownloadThread = await resolve(message.hostname).then(
        (addresses: LookupAddress[]) => ({ type: 'resolved', id: message.id, addresses }),
        (failure: NodeJS.ErrnoException) => ({
          type: 'resolved',
          id: message.id,
          failure: { message: failure.message, ...(failure.code ? { code: failure.code } : {}) },
        }),
      );
      worker.postMessage(reply);
      return;
    }
    const download = downloads.get(message.id);
    if (!download) return;
    if (message.type === 'done' || message.type === 'failed') {
      downloads.delete(message.id);
      if (download.stoppedWith) download.reject(download.stoppedWith);
      else if (message.type === 'done') download.resolve(message.result);
      else download.reject(receivedFailure(message.failure));
      return;
    }
    if (download.stoppedWith) return;
    try {
      if (message.type === 'learned') await download.options.learned(message.resume);
      else download.options.progress(message.bytesDone, message.size);
    } catch (refusal) {
      // This side refused to go on (a quota): the thread stops, and the download fails with that refusal.
      stop(worker, message.id, refusal as Error);
    }
  }

  function stop(worker: Worker, id: number, reason: Error) {
    const download = downloads.get(id);
    if (!download || download.stoppedWith) return;
    download.stoppedWith = reason;
    worker.postMessage({ type: 'abort', id } satisfies ToDownloadThread);
  }

  return {
    check: here.check,
    inspect: here.inspect,
    download(url: string, file: string, options: Parameters<HttpSource['download']>[2]): Promise<HttpDownload> {
      const worker = threadOf();
      const id = ++next;
      return new Promise((resolveDownload, rejectDownload) => {
        // Stopped before it began (the server stopping while the task was setting out): nothing to start.
        if (options.signal.aborted) return rejectDownload(options.signal.reason as Error);
        downloads.set(id, { resolve: resolveDownload, reject: rejectDownload, options });
        options.signal.addEventListener('abort', () => stop(worker, id, options.signal.reason as Error), { once: true });
        worker.postMessage({
          type: 'download',
          id,
          url,
          file,
          resume: { validator: options.resume.validator, acceptsRanges: options.resume.acceptsRanges },
          headers: options.headers,
        } satisfies ToDownloadThread);
      });
    },
    async close() {
      const closing = thread;
      thread = undefined;
      await closing?.terminate();
    },
  };
}

function receivedFailure(failure: SentFailure): Error {
  if (failure.kind === 'service') return new ServiceError(failure.error as ServiceError['error'], failure.message);
  if (failure.kind === 'passing') return new PassingFailure(failure.error as PassingFailure['error'], failure.message);
  return new Error(failure.message);
}
