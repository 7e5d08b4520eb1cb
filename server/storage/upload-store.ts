// The tus data store for uploads: @tus/file-store's files, with the SHA-256 of the content kept
// up to date as bytes arrive, so the blob is known the moment the last byte lands (no second
// read of a 10 GiB file). After a restart, or a write that broke off, the hash is rebuilt once
// from the bytes already on disk.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Transform, pipeline, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';

type HashState = { hash: Hash; offset: number };

export class HashingUploadStore extends FileStore {
  readonly #hashes = new Map<string, HashState>();

  pathOf(id: string): string {
    return path.join(this.directory, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let state = this.#hashes.get(id);
    if (!state || state.offset !== offset) state = await this.#rehash(id, offset);
    // While bytes flow the state is in use; it is put back only if it matches what reached disk.
    this.#hashes.delete(id);
    const current = state;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        current.hash.update(chunk);
        current.offset += chunk.length;
        done(null, chunk);
      },
    });
    const piped = pipeline(readable, hashing, () => {});
    const written = await super.write(piped as Readable, id, offset);
    if (current.offset === written) this.#hashes.set(id, current);
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

  async #rehash(id: string, upTo: number): Promise<HashState> {
    const hash = createHash('sha256');
    if (upTo > 0) {
      for await (const chunk of createReadStream(this.pathOf(id), { start: 0, end: upTo - 1 })) hash.update(chunk as Buffer);
    }
    return { hash, offset: upTo };
  }
}
