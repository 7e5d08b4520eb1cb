// Small file jobs (a small upload's bytes, putting a finished upload in place) in a thread of
// their own (disk-worker.ts). Through Node's thread pool each system call is a turn the server's
// thread must come back for, and on a busy server each turn waits for the requests ahead of it:
// putting an upload in place (rename, open its folder, sync, close) waited ~25 ms for 0.4 ms of
// work. Here a whole job is one turn. Being a thread of their own, the jobs never stop the
// server's thread however slow the disk. The thread starts with the first job and stops after a
// while without one. Downloads' reads stay in the thread pool: a small download is two turns there
// (open, read), and each one's bytes would otherwise cross back from this thread.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DiskJob, FromDiskThread, ToDiskThread } from './disk-worker.ts';

/** The thread's module, beside this one in both forms: .ts in the source, .mjs in the build. */
const DISK_WORKER = new URL(`./disk-worker${path.extname(import.meta.url)}`, import.meta.url);

/** The most bytes one job carries: each is held in memory while it waits for the disk. */
export const SMALL_FILE_JOB_BYTES = 256 * 1024;

export type DiskThread = {
  /** Writes `bytes` at `position`, on disk when this resolves; `create` makes the file anew. */
  write(file: string, bytes: Uint8Array, position: number, options: { create: boolean }): Promise<void>;
  /** Renames `file` to `target`, making its folder when missing; the rename is on disk when this resolves. */
  place(file: string, target: string): Promise<void>;
  /** Whether the thread runs now. */
  readonly running: boolean;
  stop(): Promise<void>;
};

type Waiting = { resolve: (answer: FromDiskThread) => void; reject: (failure: Error) => void };

export function diskThread({ idleMs = 30_000 }: { idleMs?: number } = {}): DiskThread {
  let thread: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const worker = new Worker(DISK_WORKER);
    const waiting = new Map<number, Waiting>();
    const started = { worker, waiting };
    worker.on('message', (answer: FromDiskThread) => {
      const job = waiting.get(answer.id);
      waiting.delete(answer.id);
      // Only jobs under way keep the process alive.
      if (waiting.size === 0) {
        worker.unref();
        if (thread === started) idleTimer = setTimeout(stopThread, idleMs).unref();
      }
      job?.resolve(answer);
    });
    // A thread that fails takes its jobs with it; the next job starts another.
    const ended = (failure: Error) => {
      if (thread === started) thread = undefined;
      for (const job of waiting.values()) job.reject(failure);
      waiting.clear();
    };
    worker.on('error', ended);
    worker.on('exit', () => ended(new Error('the disk thread stopped')));
    return started;
  };

  const stopThread = async () => {
    const stopping = thread;
    thread = undefined;
    clearTimeout(idleTimer);
    if (stopping) await stopping.worker.terminate();
  };

  const run = (job: DiskJob): Promise<FromDiskThread> => {
    clearTimeout(idleTimer);
    thread ??= start();
    const { worker, waiting } = thread;
    worker.ref();
    const id = nextId++;
    return new Promise<FromDiskThread>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job } satisfies ToDiskThread);
    }).then((answer) => {
      if (answer.failure) throw Object.assign(new Error(answer.failure.message), { code: answer.failure.code });
      return answer;
    });
  };

  return {
    async write(file, bytes, position, { create }) {
      // A message carries the whole buffer under a view: one of Node's pooled small buffers would
      // send its 8 KiB slab each time. Such a view is copied out at its own size first.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
      await run({ type: 'write', file, bytes: own, position, create });
    },
    async place(file, target) {
      await run({ type: 'place', file, target });
    },
    get running() {
      return thread !== undefined;
    },
    stop: stopThread,
  };
}
