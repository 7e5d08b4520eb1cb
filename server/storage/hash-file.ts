// Feeding a hash from bytes already on disk: what an upload or a download has so far, when it
// goes on after a restart, or what was not hashed on the way.
import type { Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Updates `hash` with the file's bytes from `start` up to `end` (exclusive; the file's end when not given). */
export async function hashFileInto(hash: Hash, file: string, { start = 0, end }: { start?: number; end?: number } = {}): Promise<void> {
  if (end !== undefined && end <= start) return;
  const range = end === undefined ? { start } : { start, end: end - 1 };
  for await (const chunk of createReadStream(file, range)) hash.update(chunk as Buffer);
}
