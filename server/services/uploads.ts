// Uploads: a file is created PENDING with a tus upload behind it; bytes arrive over
// tus; on the last byte the content's hash is already known, the upload file is renamed into the
// blob store and the file completes. Creating an upload reserves its declared length in the
// user's storage; completing turns the reservation into use, and an upload that is cancelled,
// fails or expires gives it back. A file whose content is already stored completes at once, once
// the client proves it holds the bytes by hashing a range of that content the server chose at
// random: one try per upload, and only for content of exactly the declared size.
import { createHash, randomInt } from 'node:crypto';
import { Upload } from '@tus/utils';
import type { Kysely } from 'kysely';
import { freeName, nameProblem, splitExtension } from '#shared/files/names.ts';
import { blobsRepository } from '../db/repositories/blobs.ts';
import { eventsRepository } from '../db/repositories/events.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import { uploadProofsRepository } from '../db/repositories/upload-proofs.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { UploadStore } from '../storage/upload-store.ts';
import { chargeStorage, newFileRow, ROOT, reserveStorage } from './files.ts';
import type { StandingRules } from './premium/standing.ts';

/**
 * How many bytes the instant-upload proof asks the client to hash: 64 KiB of the content, or all of
 * a smaller one. Whoever can answer without the file must know that range of it, which for content
 * worth taking means holding it; content small or plain enough to guess could be found from its
 * hash alone anyway.
 */
const PROOF_LENGTH = 64 * 1024;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export type NewUpload = { name: string; parentId: string; size: number; hash?: string | undefined; mimeType?: string | undefined };
export type CreatedUpload = { file: FileRow; proof?: { offset: number; length: number } };

export function uploadsService(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  store: UploadStore;
  /** How much each user may store. */
  standing: StandingRules;
  onCompleted?: (file: FileRow) => Promise<void>;
  now?: () => number;
}) {
  const { db, blobs, store, standing } = deps;
  const repo = filesRepository(db);
  const now = deps.now ?? Date.now;

  async function pendingFile(userId: string, id: string): Promise<FileRow> {
    const file = await repo.find(userId, id);
    if (file?.phase !== 'PHASE_TYPE_PENDING') throw uploadGone();
    return file;
  }

  /**
   * Points a pending file at a stored blob, turning the upload's reservation into the content's
   * size, atomically. Only one request completes a file: another that raced it finds it finished.
   */
  async function completeWithBlob(file: FileRow, hash: string, size: number, storageKey: string | null = null): Promise<FileRow> {
    const completed = await db.transaction().execute(async (tx) => {
      await blobsRepository(tx).keep({ hash, size, created_at: now(), storage_key: storageKey });
      const changes = { hash, size, phase: 'PHASE_TYPE_COMPLETE', modified_at: now() };
      if (!(await filesRepository(tx).completePending(file.user_id, file.id, changes))) throw uploadGone();
      await chargeStorage(tx, standing, file.user_id, size, now(), file.size);
      await eventsRepository(tx).record('TYPE_UPLOAD', [file], changes.modified_at);
      const completed = { ...file, ...changes };
      await moderationRepository(tx).flagArrivals([completed]);
      return completed;
    });
    await deps.onCompleted?.(completed);
    return completed;
  }

  /** Removes a pending file and gives back what it held, once whoever asks. */
  async function dropPending(id: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const dropped = await filesRepository(tx).deletePending(id);
      if (dropped && dropped.size > 0) await filesRepository(tx).releaseReservation(dropped.user_id, dropped.size);
    });
  }

  /** A failed completion must not leave a pending file or a blob nothing refers to. */
  async function discard(file: FileRow, hash: string, storageKey: string | null) {
    await dropPending(file.id);
    await blobsRepository(db).deleteIfUnused(hash);
    // The bytes were adopted before the transaction that failed: they go unless a blob row names them.
    if (!(await blobsRepository(db).isRecorded(hash))) await blobs.remove({ hash, storage_key: storageKey });
  }

  /** Called when the last byte of an upload is on disk. */
  async function finish(id: string): Promise<FileRow> {
    const file = await repo.findPending(id);
    if (!file) throw uploadGone();
    const declared = (await store.metadata(id)).declared_hash;
    const hash = await store.digest(id, file.size);
    if (declared && declared !== hash) {
      // "Complete" must mean what the client meant to upload: other bytes are dropped, not kept under their own hash.
      store.forget(id);
      await store.remove(id);
      await dropPending(file.id);
      throw new ServiceError('file_hash_mismatch', 'The bytes received are not those of the hash the upload declared. Upload the file again.', [
        { field: 'hash', reason: 'mismatch', received: hash },
      ]);
    }
    const storageKey = await blobs.adopt(id, hash);
    await store.release(id);
    store.forget(id);
    let completed: FileRow;
    try {
      completed = await completeWithBlob(file, hash, file.size, storageKey);
    } catch (failure) {
      await discard(file, hash, storageKey);
      throw failure;
    }
    if (storageKey) {
      // Two uploads of the same new content may finish together: the first row wins, the other object goes.
      const kept = await blobsRepository(db).storageKey(hash);
      if (kept !== undefined && kept !== storageKey) await blobs.remove({ hash, storage_key: storageKey });
    }
    return completed;
  }

  /**
   * The instant-upload proof offered for a declared hash: only when that content is stored, at
   * exactly the declared size (the proof covers the real content, never a range past its end), and
   * was not taken down (such content's bytes must be sent again).
   */
  async function offerProof(file: FileRow, hash: string): Promise<{ offset: number; length: number } | undefined> {
    if ((await blobsRepository(db).size(hash)) !== file.size) return undefined;
    if ((await moderationRepository(db).statusesOf([hash])).size > 0) return undefined;
    if (!(await blobs.has(hash))) return undefined;
    const range = proofRange(file.size);
    await uploadProofsRepository(db).offer({ file_id: file.id, hash, ...range });
    return range;
  }

  /** A cancelled upload: its pending file goes too. */
  async function cancelled(id: string) {
    store.forget(id);
    await dropPending(id);
  }

  return {
    async create(userId: string, request: NewUpload): Promise<CreatedUpload> {
      const problem = nameProblem(request.name);
      if (problem)
        throw problem === 'empty'
          ? new ServiceError('file_name_empty', 'Enter a name.')
          : new ServiceError('invalid_request', 'This file name cannot be used.', [{ field: 'name', reason: problem }]);
      if (!Number.isSafeInteger(request.size) || request.size < 0)
        throw new ServiceError('invalid_request', 'size must be a whole number of bytes.', [{ field: 'size', reason: 'invalid' }]);
      const hash = request.hash?.toLowerCase();
      if (hash !== undefined && !SHA256_HEX.test(hash))
        throw new ServiceError('invalid_request', 'hash must be the SHA-256 of the content, in hex.', [{ field: 'hash', reason: 'invalid' }]);

      const file = await db.transaction().execute(async (tx) => {
        if (request.parentId !== ROOT) {
          const parent = await filesRepository(tx).find(userId, request.parentId);
          if (!parent || parent.trashed_at !== null || parent.kind !== 'drive#folder')
            throw new ServiceError('file_not_found', 'The folder to upload into does not exist.');
        }
        await reserveStorage(tx, standing, userId, request.size, now());
        const { stem } = splitExtension(request.name);
        const taken = await filesRepository(tx).takenNames(userId, request.parentId, stem.replace(/ \(\d+\)$/, ''));
        const row = newFileRow({
          userId,
          parentId: request.parentId,
          kind: 'drive#file',
          name: freeName(request.name, taken),
          at: now(),
          size: request.size,
          mimeType: request.mimeType,
        });
        await filesRepository(tx).insert(row);
        return row;
      });

      const proof = hash && request.size > 0 ? await offerProof(file, hash) : undefined;
      await store.create(
        new Upload({
          id: file.id,
          size: request.size,
          offset: 0,
          metadata: { name: file.name, ...(hash ? { declared_hash: hash } : {}) },
        }),
      );
      if (request.size === 0) return { file: await finish(file.id) };
      return { file, ...(proof ? { proof } : {}) };
    },

    /** The user must own the pending file behind an upload. */
    pendingFile,

    /**
     * Instant upload: the hash of the chosen range proves the client holds the content. The offer
     * is taken by the first attempt, right or wrong: a wrong proof leaves only sending the bytes,
     * so a range cannot be guessed at by trying again, nor by many attempts at once.
     */
    async prove(userId: string, id: string, rangeHash: string): Promise<FileRow> {
      const file = await pendingFile(userId, id);
      const offer = await uploadProofsRepository(db).take(file.id);
      if (!offer) {
        throw new ServiceError('invalid_request', 'This upload was not offered an instant completion; send the bytes.', [
          { field: 'proof', reason: 'not_offered' },
        ]);
      }
      const expected = createHash('sha256')
        .update(await blobs.readRange(offer.hash, offer.offset, offer.length))
        .digest('hex');
      if (expected !== rangeHash.toLowerCase()) {
        throw new ServiceError('invalid_request', 'The proof does not match the stored content; send the bytes.', [{ field: 'proof', reason: 'mismatch' }]);
      }
      const completed = await completeWithBlob(file, offer.hash, file.size);
      await store.remove(id).catch(() => {});
      store.forget(id);
      return completed;
    },

    finish,

    cancelled,

    /** Drops uploads past their expiry and their pending files, and bytes no upload owns any more (an hour after they were last written). */
    async expire(olderThanMs: number) {
      await store.deleteExpired().catch(() => 0);
      await store.sweepStrays(now() - STRAY_AGE_MS);
      for (const id of await repo.stalePending(now() - olderThanMs)) {
        await store.remove(id).catch(() => {});
        await cancelled(id);
      }
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;

function uploadGone() {
  return new ServiceError('file_not_found', 'This upload does not exist or has already finished.');
}

/** A range of `size` bytes to prove, anywhere in the content. */
function proofRange(size: number): { offset: number; length: number } {
  const length = Math.min(PROOF_LENGTH, size);
  return { offset: randomInt(0, size - length + 1), length };
}

/** Bytes in the uploads folder that no upload owns are left this long after their last write: an upload being made may not be recorded yet. */
const STRAY_AGE_MS = 60 * 60_000;

/** Unfinished uploads are kept this long (tus expiration). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;
