// The thread that checkpoints SQLite (copies the write-ahead log into the database file and syncs
// it) while the server writes a lot, so that work never stops the thread that answers requests.
// It has a connection of its own to the same file; a PASSIVE checkpoint neither waits for nor
// blocks the server's reads and writes.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** What the server's thread asks of this one. */
export type ToCheckpointThread = { type: 'stop' };
/** What this thread tells: each checkpoint that copied frames, for the server's figures and tests. */
export type FromCheckpointThread = { type: 'checkpointed'; frames: number };

const port = parentPort;
if (port) {
  const { file, pauseMs } = workerData as { file: string; pauseMs: number };
  const sqlite = new SQLite(file, { fileMustExist: true });
  let timer: NodeJS.Timeout | undefined;
  const checkpoint = () => {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
    const frames = result?.checkpointed ?? 0;
    if (frames > 0) port.postMessage({ type: 'checkpointed', frames } satisfies FromCheckpointThread);
    timer = setTimeout(checkpoint, pauseMs);
  };
  checkpoint();
  port.on('message', (message: ToCheckpointThread) => {
    if (message.type !== 'stop') return;
    clearTimeout(timer);
    sqlite.close();
    port.close();
  });
}
