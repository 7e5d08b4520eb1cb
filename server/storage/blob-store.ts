// Where file contents live, by SHA-256 (content addressed): the same bytes are stored once, and a
// copy or a saved share is a new row pointing at the same blob. Two drivers stand behind this one
// interface: files on a local (or shared) disk, and an S3-compatible object store (s3-blob-store.ts).
// In both, an upload's bytes are written where the blob will stay, so completing one is a rename
// or nothing at all, never a copy.
import { createReadStream, constants as fsConstants, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { unlinkIfPresent } from './disk-files.ts';
import { type DiskThread, diskThread } from './disk-thread.ts';

/** A blob as the database knows it. */
export type StoredBlob = { hash: string; storage_key: string | null };

export type DeliveryOptions = { contentDisposition: string; contentType: string; expiresInSeconds: number };

export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** Where uploads write while they are under way (the tus data store's folder or key space). */
  readonly uploadsLocation: string;
  /** Folder for content made from blobs (thumbnails), on this machine. */
  readonly derivedDir: string;
  has(hash: string): Promise<boolean>;
  /** Whether the store answers now and can be written to (for readiness checks). */
  reachable(): Promise<boolean>;
  /**
   * Makes a finished upload the blob of `hash` (or drops it when that blob is already stored) and
   * answers the storage key to record beside the hash (null when the hash alone locates it).
   */
  adopt(uploadId: string, hash: string): Promise<string | null>;
  /** Folder on this machine where offline downloads write, before their bytes become blobs. */
  readonly stagingDir: string;
  /**
   * Makes a finished file on this machine (in stagingDir) the blob of `hash`, or drops it when that
   * blob is already stored; answers the storage key as adopt does. `sent` hears of an upload's progress.
   */
  adoptFile(file: string, hash: string, sent?: (bytes: number) => void): Promise<string | null>;
  /** Exactly `length` bytes from `offset`: a range past the content's end is an error, never fewer bytes. */
  readRange(hash: string, offset: number, length: number): Promise<Buffer>;
  stream(hash: string): Promise<Readable>;
  remove(blob: StoredBlob): Promise<void>;
  /** The blob's file on this machine, when blobs are files (downloads then use sendFile). */
  localPath?(hash: string): string;
  /** The blob's name inside the blob folder (aa/bb/<hash>), when blobs are files: where a proxy reading that folder finds it. */
  localName?(hash: string): string;
  /** An expiring address the browser downloads from directly, when the store serves its own bytes. */
  deliveryUrl?(hash: string, options: DeliveryOptions): Promise<string>;
}

const HASH = /^[0-9a-f]{64}$/;

/** A range that reaches past the content's end: fewer bytes would hash to something anyone can work out. */
export function shortRead(hash: string, offset: number, length: number, got: number): Error {
  return new RangeError(`blob ${hash} has ${got} of the ${length} bytes asked for at ${offset}`);
}

export function assertBlobHash(hash: string): void {
  // A hash is the only name a blob ever has; anything else never reaches a path or a key.
  if (!HASH.test(hash)) throw new Error(`not a SHA-256 hex hash: ${hash.slice(0, 80)}`);
}

/**
 * Blob files under `root`, at aa/bb/<hash>; uploads under root/.uploads, so adopting is a rename.
 * Putting a file in place is a job of the disk thread (disk-thread.ts), one turn.
 */
export function localBlobStore(root: string, disk: DiskThread = diskThread()): BlobStore {
  mkdirSync(root, { recursive: true });
  const uploadsLocation = path.join(root, '.uploads');
  const name = (hash: string) => {
    assertBlobHash(hash);
    return `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
  };
  const full = (hash: string) => path.join(root, name(hash));
  const has = (hash: string) =>
    fs.access(full(hash)).then(
      () => true,
      () => false,
    );
  /**
   * A file on the same disk becomes the blob by a rename: nothing is copied. The bytes are on disk
   * before the name points at them (fsync, then rename, then the folder's fsync). A tus upload's
   * file was synced as its last bytes were written (`synced`): it is put in place at once, over
   * the same bytes when they are stored already. Any other file is looked for first, as syncing a
   * large file that is stored already would be wasted.
   */
  async function adoptFile(file: string, hash: string, { synced = false } = {}) {
    const target = full(hash);
    if (!synced) {
      if (await has(hash)) {
        await unlinkIfPresent(file);
        return null;
      }
      const handle = await fs.open(file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    await disk.place(file, target);
    return null;
  }

  return {
    driver: 'local',
    uploadsLocation,
    derivedDir: root,
    stagingDir: path.join(root, '.offline'),
    has,
    reachable: () =>
      fs.access(root, fsConstants.W_OK).then(
        () => true,
        () => false,
      ),
    adopt: (uploadId, hash) => adoptFile(path.join(uploadsLocation, path.basename(uploadId)), hash, { synced: true }),
    adoptFile: (file, hash) => adoptFile(file, hash),
    async readRange(hash, offset, length) {
      const handle = await fs.open(full(hash), 'r');
      try {
        const buffer = Buffer.alloc(length);
        let read = 0;
        while (read < length) {
          const { bytesRead } = await handle.read(buffer, read, length - read, offset + read);
          if (bytesRead === 0) throw shortRead(hash, offset, length, read);
          read += bytesRead;
        }
        return buffer;
      } finally {
        await handle.close();
      }
    },
    async stream(hash) {
      return createReadStream(full(hash));
    },
    async remove(blob) {
      await unlinkIfPresent(full(blob.hash));
    },
    localPath: full,
    localName: name,
  };
}
