// Where file contents live, by SHA-256 (content addressed): the same bytes are stored once, and a
// copy or a saved share is a new row pointing at the same blob. Uploads land in a temporary file
// beside the blobs, so completing one is a rename on the same disk, never a copy.
import { createReadStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface BlobStore {
  /** Folder whose files sendFile can serve, and how a hash maps to a path inside it. */
  readonly root: string;
  relativePath(hash: string): string;
  has(hash: string): Promise<boolean>;
  /** Moves a finished upload into place under its hash (or drops it if the blob already exists). */
  adopt(uploadPath: string, hash: string): Promise<void>;
  readRange(hash: string, offset: number, length: number): Promise<Buffer>;
  stream(hash: string): Readable;
  remove(hash: string): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;

export function localBlobStore(root: string): BlobStore {
  mkdirSync(root, { recursive: true });
  const relativePath = (hash: string) => {
    // A hash is the only name a blob ever has; anything else never reaches the file system.
    if (!HASH.test(hash)) throw new Error(`not a SHA-256 hex hash: ${hash.slice(0, 80)}`);
    return path.join(hash.slice(0, 2), hash.slice(2, 4), hash);
  };
  const full = (hash: string) => path.join(root, relativePath(hash));
  return {
    root,
    relativePath,
    async has(hash) {
      return fs.access(full(hash)).then(
        () => true,
        () => false,
      );
    },
    async adopt(uploadPath, hash) {
      const target = full(hash);
      if (await this.has(hash)) {
        await fs.rm(uploadPath, { force: true });
        return;
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      // The bytes are on disk before the name points at them: fsync, then rename, then the folder.
      const handle = await fs.open(uploadPath, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(uploadPath, target);
      const folder = await fs.open(path.dirname(target), 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },
    async readRange(hash, offset, length) {
      const handle = await fs.open(full(hash), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    stream(hash) {
      return createReadStream(full(hash));
    },
    async remove(hash) {
      await fs.rm(full(hash), { force: true });
    },
  };
}
