// The tus data store for uploads into the local blob store. An upload's bytes are a file in the
// blob store's uploads folder, so a finished one becomes its blob by a rename; what tus knows of it
// besides (its length, its metadata, when it began) is a database row, so creating an upload
// touches no disk: the file is made by the first PATCH. How far an upload got is the file's size,
// which a server killed mid-PATCH leaves as it was.
//
// The SHA-256 of the content is kept up to date as bytes arrive, so the blob is known the moment
// the last byte lands (no second read of a 10 GiB file). After a restart, or a write that broke
// off, the hash is rebuilt once from the bytes already on disk.
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Kysely } from 'kysely';
import { localUploadsRepository } from '../db/repositories/local-uploads.ts';
import type { Database, LocalUploadTable } from '../db/schema.ts';
import { unlinkIfPresent } from './disk-files.ts';
import { type DiskThread, SMALL_FILE_JOB_BYTES } from './disk-thread.ts';
import { hashFileInto } from './hash-file.ts';
import { noteReceivedBytes } from './received-memory.ts';

/** A tus data store that knows the SHA-256 of what it holds (this file's and s3-upload-store.ts). */
export interface UploadStore extends DataStore {
  /** The SHA-256 (hex) of an upload's first `size` bytes. */
  digest(id: string, size: number): Promise<string>;
  /**
   * The upload as a PATCH that says it goes on at `offset` finds it: what getUpload answers, with
   * as little asked of the disk as the store can be sure of.
   */
  getUploadAt(id: string, offset: number): Promise<Upload>;
  /** An upload's tus metadata (name, declared hash), without asking how far it got. */
  metadata(id: string): Promise<Record<string, string>>;
  /** Drops what is kept in memory for an upload (it was cancelled or completed). */
  forget(id: string): void;
  /** Once the upload's bytes are a blob, drops the upload's own bookkeeping. */
  release(id: string): Promise<void>;
  /** Removes stored bytes that no upload owns any more, untouched since `before`; answers how many. */
  sweepStrays(before: number): Promise<number>;
}

/**
 * tus's answer to bytes that could not be stored (500), carrying why, which the answer itself does
 * not tell the client but the log must (server-faults.ts).
 */
export function writeFailed(cause: unknown): typeof ERRORS.FILE_WRITE_ERROR & { cause: unknown } {
  return { ...ERRORS.FILE_WRITE_ERROR, cause };
}

/**
 * How much may wait in memory for the disk. Large enough that the write stream hands the disk
 * many network chunks in one system call, small enough to stay flat: whatever waits here is held
 * twice over (one batch being written while the next gathers), beside the received chunks not yet
 * collected. At 4 MiB a 1 GiB upload grew the server by 36 to 47 MiB; at 1 MiB by 25 to 43, most
 * runs under 30, as fast (bench: transfer).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * What both upload stores (this file's and s3-upload-store.ts) share with tus: Nubo knows each
 * upload's length at creation (the quota is checked then), and unfinished uploads expire.
 */
export abstract class ExpiringUploadStore extends DataStore {
  readonly #expirationMs: number;

  constructor(expirationMs: number) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
    this.#expirationMs = expirationMs;
  }

  /** The unfinished uploads begun before `before`. */
  protected abstract unfinishedBefore(before: number): Promise<string[]>;

  override async declareUploadLength(): Promise<void> {
    throw ERRORS.INVALID_LENGTH;
  }

  override async deleteExpired(): Promise<number> {
    const expired = await this.unfinishedBefore(Date.now() - this.#expirationMs);
    for (const id of expired) await this.remove(id).catch(() => {});
    return expired.length;
  }

  override getExpiration(): number {
    return this.#expirationMs;
  }
}

type HashState = { hash: Hash; offset: number };

/** Files of the uploads folder looked up in one query when strays are swept. */
const STRAYS_CHUNK = 500;

export class LocalUploadStore extends ExpiringUploadStore implements UploadStore {
  readonly #directory: string;
  readonly #uploads: ReturnType<typeof localUploadsRepository>;
  readonly #hashes = new Map<string, HashState>();
  readonly #disk: DiskThread;

  constructor(options: { directory: string; db: Kysely<Database>; disk: DiskThread; expirationPeriodInMilliseconds: number }) {
    super(options.expirationPeriodInMilliseconds);
    this.#directory = options.directory;
    this.#disk = options.disk;
    this.#uploads = localUploadsRepository(options.db);
    mkdirSync(this.#directory, { recursive: true });
  }

  /** Where an upload's bytes are. An id is a file id of the server's making, never a path. */
  #pathOf(id: string): string {
    return path.join(this.#directory, path.basename(id));
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    // Nothing will ever be sent for an empty file: its (empty) bytes exist from the start.
    if (upload.size === 0) await writeFile(this.#pathOf(upload.id), '');
    const createdAt = Date.now();
    this.#hashes.set(upload.id, { hash: createHash('sha256'), offset: 0 });
    await this.#uploads.insert({ id: upload.id, size: upload.size, metadata: JSON.stringify(upload.metadata ?? {}), created_at: createdAt });
    upload.creation_date = new Date(createdAt).toISOString();
    upload.storage = { type: 'file', path: this.#pathOf(upload.id) };
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    return this.#uploadOf(await this.#row(id), await this.#bytesOnDisk(id));
  }

  /**
   * What this process wrote last is where the upload stands when the client says so too: then the
   * disk is not asked (a stat is a turn through the thread pool, which a busy server makes each
   * PATCH wait for). Otherwise another server copy sharing the folder may have written since, or
   * this one restarted, and the file's size says.
   */
  async getUploadAt(id: string, offset: number): Promise<Upload> {
    const row = await this.#row(id);
    return this.#uploadOf(row, this.#hashes.get(id)?.offset === offset ? offset : await this.#bytesOnDisk(id));
  }

  #uploadOf(row: LocalUploadTable, offset: number): Upload {
    const { id } = row;
    return new Upload({
      id,
      size: row.size,
      offset,
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      creation_date: new Date(row.created_at).toISOString(),
      storage: { type: 'file', path: this.#pathOf(id) },
    });
  }

  async metadata(id: string): Promise<Record<string, string>> {
    return JSON.parse((await this.#row(id)).metadata) as Record<string, string>;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    // Bytes past the declared length are refused (413), and what came before them stays.
    const { size } = await this.#row(id);
    let state = this.#hashes.get(id);
    if (!state || state.offset !== offset) state = await this.#rehash(id, offset);
    // While bytes flow the state is in use; it is put back only if it matches what reached disk.
    this.#hashes.delete(id);
    const current = state;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (current.offset + chunk.length > size) return done(ERRORS.ERR_SIZE_EXCEEDED as unknown as Error);
        current.hash.update(chunk);
        current.offset += chunk.length;
        noteReceivedBytes(chunk.length);
        done(null, chunk);
      },
    });
    // The first bytes make the file; later ones go where the last stopped. On disk before the
    // answer: the offset answered is there, and a finished upload becomes its blob by a rename
    // alone (blob-store.ts adopt).
    const started = current.offset;
    try {
      if (size - offset <= SMALL_FILE_JOB_BYTES) {
        // A small rest is gathered and written by the disk thread, in one turn (disk-thread.ts).
        const chunks: Buffer[] = [];
        await pipeline(readable, hashing, async (received: AsyncIterable<Buffer>) => {
          for await (const chunk of received) chunks.push(chunk);
        });
        if (chunks.length > 0) await this.#disk.write(this.#pathOf(id), Buffer.concat(chunks), offset, { create: offset === 0 });
      } else {
        const file = createWriteStream(this.#pathOf(id), { flags: offset === 0 ? 'w' : 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES, flush: true });
        await pipeline(readable, hashing, file);
      }
    } catch (failure) {
      throw failure === ERRORS.ERR_SIZE_EXCEEDED ? failure : writeFailed(failure);
    }
    const written = offset + (current.offset - started);
    this.#hashes.set(id, current);
    return written;
  }

  override async remove(id: string): Promise<void> {
    this.#hashes.delete(id);
    const row = await this.#uploads.find(id);
    // An upload whose row is gone (a server stopped mid-way) may still leave bytes.
    await unlinkIfPresent(this.#pathOf(id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.#uploads.delete(id);
  }

  /** A finished upload's row is gone: every row left is an unfinished upload. */
  protected unfinishedBefore(before: number): Promise<string[]> {
    return this.#uploads.createdBefore(before);
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
    await this.#uploads.delete(id);
  }

  /**
   * Bytes whose upload is gone: a PATCH that opened its file just as its upload was removed (it
   * expired, or its file was deleted), or a server stopped between making an empty upload's file
   * and recording the upload. Nothing would ever remove them; this does, once they are untouched
   * since `before`, so a file just made for an upload being recorded is left alone.
   */
  async sweepStrays(before: number): Promise<number> {
    // Info files of an earlier layout are taken over at start (adoptInfoFiles), not swept.
    const names = (await readdir(this.#directory)).filter((name) => !name.endsWith('.json'));
    let removed = 0;
    for (let at = 0; at < names.length; at += STRAYS_CHUNK) {
      const chunk = names.slice(at, at + STRAYS_CHUNK);
      const owned = new Set(await this.#uploads.existingIds(chunk));
      for (const name of chunk) {
        if (owned.has(name)) continue;
        const file = this.#pathOf(name);
        const found = await stat(file).catch(() => undefined);
        if (!found?.isFile() || found.mtimeMs >= before) continue;
        await unlinkIfPresent(file);
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * Uploads begun before their bookkeeping moved to the database kept it in a `<id>.json` file
   * beside their bytes (@tus/file-store's layout). Taken over once, at start, so they go on.
   */
  async adoptInfoFiles(): Promise<void> {
    for (const name of await readdir(this.#directory)) {
      if (!name.endsWith('.json')) continue;
      const file = path.join(this.#directory, name);
      const info = await readFile(file, 'utf8').then(
        (text) => JSON.parse(text) as { id?: unknown; size?: unknown; metadata?: Record<string, string>; creation_date?: string },
        () => undefined,
      );
      if (typeof info?.id === 'string' && typeof info.size === 'number' && !(await this.#uploads.find(info.id))) {
        const createdAt = Date.parse(info.creation_date ?? '');
        await this.#uploads.insert({
          id: info.id,
          size: info.size,
          metadata: JSON.stringify(info.metadata ?? {}),
          created_at: Number.isNaN(createdAt) ? Date.now() : createdAt,
        });
      }
      await unlinkIfPresent(file);
    }
  }

  async #row(id: string): Promise<LocalUploadTable> {
    const row = await this.#uploads.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  /** How far an upload got: its file's size, none before its first bytes. */
  async #bytesOnDisk(id: string): Promise<number> {
    try {
      return (await stat(this.#pathOf(id))).size;
    } catch (failure) {
      if ((failure as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw failure;
    }
  }

  async #rehash(id: string, upTo: number): Promise<HashState> {
    const hash = createHash('sha256');
    await hashFileInto(hash, this.#pathOf(id), { end: upTo });
    return { hash, offset: upTo };
  }
}
