// SQLite copies its write-ahead log into the database file every thousand pages or so (a
// checkpoint), in whichever connection commits past that mark, and syncs the file. On the server's
// one connection that stopped every request under way for ~10 ms, several times a second under a
// busy write load, and made the average commit three times as costly. While the server writes a
// lot, a thread of its own (checkpoint-worker.ts) checkpoints every few tens of milliseconds, so
// the log never reaches the mark; when writing calms down the thread stops and its memory goes.
// The server's connection keeps checkpointing by itself as before, should the thread fall behind.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FromCheckpointThread, ToCheckpointThread } from './checkpoint-worker.ts';

/** The checkpoint thread's module, beside this one in both forms: .ts in the source, .mjs in the build. */
const CHECKPOINT_WORKER = new URL(`./checkpoint-worker${path.extname(import.meta.url)}`, import.meta.url);

export type CheckpointOptions = {
  /** Writes in one second that start the thread. */
  busyWrites: number;
  /** How long without a write before the thread stops. */
  idleMs: number;
  /** The thread's pause between checkpoints. */
  pauseMs: number;
  /** How often the count of writes is looked at. */
  tickMs: number;
};

const DEFAULTS: CheckpointOptions = { busyWrites: 100, idleMs: 30_000, pauseMs: 25, tickMs: 1000 };

export type Checkpoints = {
  /** Called for each statement that writes (the statement cache sees them all). */
  noteWrite(): void;
  /** Whether the thread runs now. */
  readonly running: boolean;
  /** Frames the thread has copied into the database file since the server started. */
  readonly framesCopied: number;
  stop(): Promise<void>;
};

export function checkpointsWhileBusy(file: string, options: Partial<CheckpointOptions> = {}): Checkpoints {
  const { busyWrites, idleMs, pauseMs, tickMs } = { ...DEFAULTS, ...options };
  let writes = 0;
  let lastWriteAt = 0;
  let framesCopied = 0;
  let thread: Worker | undefined;

  const start = () => {
    const started = new Worker(CHECKPOINT_WORKER, { workerData: { file, pauseMs } });
    started.on('message', (message: FromCheckpointThread) => {
      framesCopied += message.frames;
    });
    // A thread that fails leaves checkpoints to the server's connection, as without it.
    started.on('error', () => {
      if (thread === started) thread = undefined;
    });
    started.on('exit', () => {
      if (thread === started) thread = undefined;
    });
    started.unref();
    thread = started;
  };

  const stopThread = async () => {
    const stopping = thread;
    thread = undefined;
    if (!stopping) return;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    // The running thread is unref'd so that it never keeps the process alive by itself; its stop is
    // awaited, and with nothing else left (the server's sockets closed) the process would exit
    // before the database is closed.
    stopping.ref();
    stopping.postMessage({ type: 'stop' } satisfies ToCheckpointThread);
    await exited;
  };

  const tick = setInterval(() => {
    const now = Date.now();
    if (writes > 0) lastWriteAt = now;
    if (!thread && writes >= busyWrites) start();
    else if (thread && now - lastWriteAt >= idleMs) void stopThread();
    writes = 0;
  }, tickMs);
  tick.unref();

  return {
    noteWrite() {
      writes++;
    },
    get running() {
      return thread !== undefined;
    },
    get framesCopied() {
      return framesCopied;
    },
    async stop() {
      clearInterval(tick);
      await stopThread();
    },
  };
}
