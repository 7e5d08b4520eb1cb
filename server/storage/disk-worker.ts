// The thread that runs the small file jobs of uploads (disk-thread.ts). A job's system calls run
// here one after the other, synchronously, and its answer goes back as one message: the server's
// thread waits one turn for the whole job.
import { closeSync, constants, fdatasyncSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

export type DiskJob =
  /** Bytes written at `position`, on disk when answered; `create` makes the file anew. */
  | { type: 'write'; file: string; bytes: Uint8Array; position: number; create: boolean }
  /** `file` renamed to `target` (its folder made when missing), the rename on disk when answered. */
  | { type: 'place'; file: string; target: string };

export type ToDiskThread = { id: number; job: DiskJob };
export type FromDiskThread = { id: number; failure?: { message: string; code?: string | undefined } };

function write({ file, bytes, position, create }: Extract<DiskJob, { type: 'write' }>) {
  // Windows has no O_DSYNC: there the write is followed by a sync.
  const dsync = constants.O_DSYNC ?? 0;
  const fd = openSync(file, constants.O_WRONLY | dsync | (create ? constants.O_CREAT | constants.O_TRUNC : 0), 0o666);
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
    if (!dsync) fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function place({ file, target }: Extract<DiskJob, { type: 'place' }>) {
  const folder = path.dirname(target);
  try {
    renameSync(file, target);
  } catch (failure) {
    if ((failure as NodeJS.ErrnoException).code !== 'ENOENT') throw failure;
    mkdirSync(folder, { recursive: true });
    renameSync(file, target);
  }
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const port = parentPort;
if (port) {
  port.on('message', ({ id, job }: ToDiskThread) => {
    try {
      if (job.type === 'write') write(job);
      else place(job);
      port.postMessage({ id } satisfies FromDiskThread);
    } catch (failure) {
      const { message, code } = failure as NodeJS.ErrnoException;
      port.postMessage({ id, failure: { message, code } } satisfies FromDiskThread);
    }
  });
}
