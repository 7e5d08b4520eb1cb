// The thread that moves offline downloads' bytes (http-source.ts's download): network, SHA-256
// and disk, away from the thread that answers requests, so a big download neither slows the API
// nor is slowed by it (its garbage collection and its other work). Host names are resolved by the
// server's thread, which owns the resolver (a test gives its own); the guard's decision on the
// addresses is made here, where the connections are made.
import type { LookupAddress } from 'node:dns';
import { parentPort, workerData } from 'node:worker_threads';
import type { LinkHeaders } from '#shared/api/offline.ts';
import { ServiceError } from '../errors.ts';
import { PassingFailure } from '../tasks/worker.ts';
import { type HttpResume, httpSource } from './http-source.ts';
import { networkGuard } from './network-guard.ts';

/** What the server's thread asks of this one, and what this one answers. */
export type ToDownloadThread =
  | { type: 'download'; id: number; url: string; file: string; resume: HttpResume; headers?: LinkHeaders | undefined }
  | { type: 'abort'; id: number }
  | { type: 'resolved'; id: number; addresses?: LookupAddress[]; failure?: { code?: string; message: string } };

export type FromDownloadThread =
  | { type: 'resolve'; id: number; hostname: string }
  | { type: 'learned'; id: number; resume: HttpResume & { name: string; size: number | undefined } }
  | { type: 'progress'; id: number; bytesDone: number; size: number | undefined }
  | { type: 'done'; id: number; result: { name: string; size: number; hash: string; mimeType: string } }
  | { type: 'failed'; id: number; failure: SentFailure };

/** A failure as it crosses threads: its kind and name survive, so the task is retried or ended as it would be. */
export type SentFailure = { kind: 'service' | 'passing' | 'other'; error: string; message: string };

/** Progress crosses threads at most this often. */
const PROGRESS_MS = 200;

const port = parentPort;
if (port) {
  const { allow, stallMs } = workerData as { allow: string[]; stallMs: number };
  const lookups = new Map<number, { resolve(addresses: LookupAddress[]): void; reject(failure: Error): void }>();
  let next = 0;
  const send = (message: FromDownloadThread) => port.postMessage(message);
  const resolve = (hostname: string) =>
    new Promise<LookupAddress[]>((done, fail) => {
      const id = ++next;
      lookups.set(id, { resolve: done, reject: fail });
      send({ type: 'resolve', id, hostname });
    });
  const source = httpSource({ guard: networkGuard({ allow, resolve }), stallMs });
  const downloads = new Map<number, AbortController>();

  port.on('message', (message: ToDownloadThread) => {
    if (message.type === 'resolved') {
      const lookup = lookups.get(message.id);
      lookups.delete(message.id);
      if (message.addresses) lookup?.resolve(message.addresses);
      else lookup?.reject(Object.assign(new Error(message.failure?.message ?? 'lookup failed'), { code: message.failure?.code }));
    } else if (message.type === 'abort') {
      downloads.get(message.id)?.abort(new Error('stopped'));
    } else {
      void download(message);
    }
  });

  async function download({ id, url, file, resume, headers }: Extract<ToDownloadThread, { type: 'download' }>) {
    const stop = new AbortController();
    downloads.set(id, stop);
    let lastSent = 0;
    try {
      const result = await source.download(url, file, {
        resume,
        headers,
        signal: stop.signal,
        learned: async (learned) => send({ type: 'learned', id, resume: learned }),
        progress(bytesDone, size) {
          const at = performance.now();
          if (at - lastSent < PROGRESS_MS) return;
          lastSent = at;
          send({ type: 'progress', id, bytesDone, size });
        },
      });
      send({ type: 'progress', id, bytesDone: result.size, size: result.size });
      send({ type: 'done', id, result });
    } catch (failure) {
      send({ type: 'failed', id, failure: sentFailure(failure) });
    } finally {
      downloads.delete(id);
    }
  }
}

function sentFailure(failure: unknown): SentFailure {
  const message = failure instanceof Error ? failure.message : String(failure);
  if (failure instanceof ServiceError) return { kind: 'service', error: failure.error, message };
  if (failure instanceof PassingFailure) return { kind: 'passing', error: failure.error, message };
  return { kind: 'other', error: '', message };
}
