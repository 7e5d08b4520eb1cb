// Files on this machine's disk, removed the cheap way.
import { unlink } from 'node:fs/promises';

/**
 * Removes a file; one already gone is no failure. One system call, where fs.rm with `force` makes
 * two (it asks what the path is first), and each is a turn through the thread pool that a busy
 * server makes a request wait for.
 */
export async function unlinkIfPresent(file: string): Promise<void> {
  await unlink(file).catch((failure: NodeJS.ErrnoException) => {
    if (failure.code !== 'ENOENT') throw failure;
  });
}
