// The tus data store for uploads into an S3-compatible store. Each upload is one multipart upload
// whose object becomes the blob when the last byte lands (CompleteMultipartUpload: no copy).
// Progress lives in the database (object_upload), not in the bucket: the parts sent, the bytes
// held back until there are enough for the next part, and the SHA-256 state, saved after every
// PATCH. So any server copy can take the next PATCH, a restart loses nothing, and the hash is
// known at the last byte without reading 10 GiB back (an unfinished multipart upload cannot be
// read at all). It needs only the S3 calls every compatible store has: no ListParts.
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { ERRORS, Upload } from '@tus/utils';
import { createSHA256, type IHasher } from 'hash-wasm';
import type { Kysely } from 'kysely';
import { objectUploadsRepository } from '../db/repositories/object-uploads.ts';
import type { Database, ObjectUploadTable } from '../db/schema.ts';
import { noteReceivedBytes } from './received-memory.ts';
import { objectKeys } from './s3-blob-store.ts';
import { ExpiringUploadStore, type UploadStore, writeFailed } from './upload-store.ts';

const MiB = 1024 * 1024;
/** S3 allows at most 10,000 parts, each but the last at least 5 MiB. */
const MAX_PARTS = 10_000;
const MIN_PART_BYTES = 8 * MiB;

/** The part size for an upload of `size` bytes: 8 MiB, or larger when that many parts would not fit. */
export function partSizeFor(size: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS / MiB) * MiB);
}

type Part = { n: number; etag: string; size: number };

export class ObjectUploadStore extends ExpiringUploadStore implements UploadStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #keys: ReturnType<typeof objectKeys>;
  readonly #uploads: ReturnType<typeof objectUploadsRepository>;

  constructor(options: { client: S3Client; bucket: string; prefix: string; db: Kysely<Database>; expirationPeriodInMilliseconds: number }) {
    super(options.expirationPeriodInMilliseconds);
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#keys = objectKeys(options.prefix);
    this.#uploads = objectUploadsRepository(options.db);
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const key = this.#keys.blob(upload.id);
    const hasher = await newHasher();
    let multipartId = '';
    if (upload.size === 0) {
      // Nothing will ever be sent: the (empty) object exists from the start.
      await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: new Uint8Array(0) }));
    } else {
      const created = await this.#client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: key }));
      multipartId = created.UploadId!;
    }
    const createdAt = Date.now();
    await this.#uploads.insert({
      id: upload.id,
      object_key: key,
      multipart_id: multipartId,
      size: upload.size,
      offset: 0,
      parts: '[]',
      held_bytes: 0,
      hash_state: saveState(hasher),
      metadata: JSON.stringify(upload.metadata ?? {}),
      created_at: createdAt,
    });
    upload.creation_date = new Date(createdAt).toISOString();
    upload.storage = { type: 's3', path: key, bucket: this.#bucket };
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.#row(id);
    return new Upload({
      id,
      size: row.size,
      offset: row.offset,
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      creation_date: new Date(row.created_at).toISOString(),
      storage: { type: 's3', path: row.object_key, bucket: this.#bucket },
    });
  }

  /** Where an upload stands is in the database: nothing to spare. */
  getUploadAt(id: string): Promise<Upload> {
    return this.getUpload(id);
  }

  async metadata(id: string): Promise<Record<string, string>> {
    return JSON.parse((await this.#row(id)).metadata) as Record<string, string>;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const row = await this.#row(id);
    if (offset !== row.offset) throw ERRORS.INVALID_OFFSET;
    const hasher = await newHasher(row.hash_state);
    const partSize = partSizeFor(row.size);
    const parts = JSON.parse(row.parts) as Part[];
    let held: Buffer[] = row.held_bytes > 0 ? [await this.#readHeld(id)] : [];
    let heldLength = row.held_bytes;
    let received = 0;

    const sendPart = async (body: Buffer) => {
      const n = parts.length + 1;
      const answer = await this.#client.send(
        new UploadPartCommand({ Bucket: this.#bucket, Key: row.object_key, UploadId: row.multipart_id, PartNumber: n, Body: body, ContentLength: body.length }),
      );
      parts.push({ n, etag: answer.ETag!, size: body.length });
    };

    try {
      try {
        for await (const chunk of readable as AsyncIterable<Buffer>) {
          if (offset + received + chunk.length > row.size) throw ERRORS.ERR_SIZE_EXCEEDED;
          hasher.update(chunk);
          noteReceivedBytes(chunk.length);
          received += chunk.length;
          held.push(chunk);
          heldLength += chunk.length;
          if (heldLength >= partSize) {
            const all = Buffer.concat(held, heldLength);
            await sendPart(all.subarray(0, partSize));
            held = heldLength > partSize ? [all.subarray(partSize)] : [];
            heldLength -= partSize;
          }
        }
      } catch (failure) {
        // A client that went away leaves what it sent so far: that is kept below, as tus expects.
        if (failure === ERRORS.ERR_SIZE_EXCEEDED || (failure as { $metadata?: unknown }).$metadata) throw failure;
      }
      const reached = offset + received;
      const rest = Buffer.concat(held, heldLength);
      if (reached === row.size) {
        if (rest.length > 0 || parts.length === 0) await sendPart(rest);
        await this.#client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.#bucket,
            Key: row.object_key,
            UploadId: row.multipart_id,
            MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
          }),
        );
        if (row.held_bytes > 0) await this.#dropHeld(id);
      } else if (rest.length > 0) {
        await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: this.#keys.held(id), Body: rest, ContentLength: rest.length }));
      } else if (row.held_bytes > 0) {
        await this.#dropHeld(id);
      }
      // Only now does the new offset count: a crash before this line resends from the old one.
      await this.#uploads.saveProgress(id, { offset: reached, parts: JSON.stringify(parts), held_bytes: rest.length, hash_state: saveState(hasher) });
      return reached;
    } catch (failure) {
      if (failure === ERRORS.ERR_SIZE_EXCEEDED) throw failure;
      throw writeFailed(failure);
    }
  }

  override async remove(id: string): Promise<void> {
    const row = await this.#uploads.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.multipart_id && row.offset < row.size) {
      await this.#client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: row.object_key, UploadId: row.multipart_id })).catch(() => {});
    } else {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: row.object_key })).catch(() => {});
    }
    if (row.held_bytes > 0) await this.#dropHeld(id).catch(() => {});
    await this.#uploads.delete(id);
  }

  protected unfinishedBefore(before: number): Promise<string[]> {
    return this.#uploads.unfinishedBefore(before);
  }

  /** The SHA-256 (hex) of the whole upload, from the state saved with its last byte. */
  async digest(id: string, size: number): Promise<string> {
    const row = await this.#row(id);
    if (row.offset !== size) throw new Error(`upload ${id} holds ${row.offset} of ${size} bytes`);
    return (await newHasher(row.hash_state)).digest('hex');
  }

  forget(): void {}

  /** The upload's object is a blob now: only its bookkeeping goes. */
  async release(id: string): Promise<void> {
    await this.#uploads.delete(id);
  }

  /**
   * Nothing to list here: a multipart upload is recorded as soon as the store made it, and one a
   * server stopped before recording is aborted by the bucket's own lifecycle rule (README).
   */
  async sweepStrays(): Promise<number> {
    return 0;
  }

  async #row(id: string): Promise<ObjectUploadTable> {
    const row = await this.#uploads.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  async #readHeld(id: string): Promise<Buffer> {
    const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#keys.held(id) }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  async #dropHeld(id: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#keys.held(id) }));
  }
}

async function newHasher(state?: string): Promise<IHasher> {
  const hasher = await createSHA256();
  hasher.init();
  if (state) hasher.load(Buffer.from(state, 'base64'));
  return hasher;
}

const saveState = (hasher: IHasher) => Buffer.from(hasher.save()).toString('base64');
