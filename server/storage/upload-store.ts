// The tus data store for uploads: @tus/file-store's files, with the SHA-256 of the content kept
// up to date as bytes arrive, so the blob is known the moment the last byte lands (no second
// read of a 10 GiB file). After a restart, or a write that broke off, the hash is rebuilt once
// from the bytes already on disk.
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { type DataStore, ERRORS, type KvStore, type Upload } from '@tus/utils';
import { hashFileInto } from './hash-file.ts';
import { noteReceivedBytes } from './received-memory.ts';

/** A tus data store that knows the SHA-256 of what it holds (this file's and s3-upload-store.ts). */
export interface UploadStore extends DataStore {
  /** The SHA-256 (hex) of an upload's first `size` bytes. */
  digest(id: string, size: number): Promise<string>;
  /** Drops what is kept in memory for an upload (it was cancelled or completed). */
  forget(id: string): void;
  /** Once the upload's bytes are a blob, drops the upload's own bookkeeping. */
  release(id: string): Promise<void>;
}

/**
 * How much may wait in memory for the disk. Large enough that the write stream hands the disk a
 * few megabytes at a time (one system call for many network chunks), small enough to stay flat.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

type HashState = { hash: Hash; offset: number };

/**
 * The uploads' info files (@tus/file-store's configstore), each upload's info also kept in memory
 * from its creation to its end: it is written once and then only read, and every PATCH read it from
 * disk three times (each read several rounds through the thread pool, which a busy server queues).
 */
class RememberedConfigstore implements KvStore<Upload> {
  readonly #known = new Map<string, Upload>();
  readonly #disk: KvStore<Upload>;
  constructor(disk: KvStore<Upload>) {
    this.#disk = disk;
  }

  async get(id: string): Promise<Upload | undefined> {
    const known = this.#known.get(id);
    if (known) return known;
    const read = await this.#disk.get(id);
    if (read) this.#known.set(id, read);
    return read;
  }

  async set(id: string, upload: Upload): Promise<void> {
    await this.#disk.set(id, upload);
    this.#known.set(id, upload);
  }

  async delete(id: string): Promise<void> {
    this.#known.delete(id);
    await this.#disk.delete(id);
  }

  list(): Promise<string[]> {
    return this.#disk.list?.() ?? Promise.resolve([]);
  }
}

export class HashingUploadStore extends FileStore implements UploadStore {
  readonly #hashes = new Map<string, HashState>();

  constructor(options: { directory: string; expirationPeriodInMilliseconds: number }) {
    super({ ...options, configstore: new RememberedConfigstore(new FileConfigstore(options.directory)) });
  }

  pathOf(id: string): string {
    return path.join(this.directory, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    // Bytes past the declared length are refused (413), and what came before them stays. The
    // length is the upload's info (kept in memory), without asking the disk for the file's size.
    const info = await this.configstore.get(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    const size = info.size;
    let state = this.#hashes.get(id);
    if (!state || state.offset !== offset) state = await this.#rehash(id, offset);
    // While bytes flow the state is in use; it is put back only if it matches what reached disk.
    this.#hashes.delete(id);
    const current = state;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (size !== undefined && current.offset + chunk.length > size) return done(ERRORS.ERR_SIZE_EXCEEDED as unknown as Error);
        current.hash.update(chunk);
        current.offset += chunk.length;
        noteReceivedBytes(chunk.length);
        done(null, chunk);
      },
    });
    // @tus/file-store's own write uses the default 16 KiB buffer: one disk write per network chunk.
    // Synced before it is closed: the offset answered is on disk, and a finished upload becomes its
    // blob by a rename alone (blob-store.ts adopt).
    const file = createWriteStream(this.pathOf(id), { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES, flush: true });
    const started = current.offset;
    try {
      await pipeline(readable, hashing, file);
    } catch (failure) {
      throw failure === ERRORS.ERR_SIZE_EXCEEDED ? failure : ERRORS.FILE_WRITE_ERROR;
    }
    const written = offset + (current.offset - started);
    this.#hashes.set(id, current);
    return written;
  }

  /** The SHA-256 (hex) of an upload's first `size` bytes. */
  async digest(id: string, size: number): Promise<string> {
    let state = this.#hashes.get(id);
    if (!state || state.offset !== size) state = await this.#rehash(id, size);
    this.#hashes.delete(id);
    return state.hash.digest('hex');
  }

  forget(id: string) {
    this.#hashes.delete(id);
  }

  async release(id: string): Promise<void> {
    await this.configstore.delete(id);
  }

  override async remove(id: string): Promise<void> {
    // An upload whose info is gone (expired, or a server stopped mid-way) may still leave bytes.
    await super.remove(id).catch(async (failure: unknown) => {
      await rm(this.pathOf(id), { force: true });
      throw failure;
    });
  }

  async #rehash(id: string, upTo: number): Promise<HashState> {
    const hash = createHash('sha256');
    await hashFileInto(hash, this.pathOf(id), { end: upTo });
    return { hash, offset: upTo };
  }
}
