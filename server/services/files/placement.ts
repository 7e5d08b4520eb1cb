// What every change to the drive checks and makes alike: where items may go, the free name an
// item gets in a folder, a new row, and the errors a person can meet.
import type { Kysely } from 'kysely';
import { fileExtension } from '#shared/files/classify.ts';
import { freeName, nameProblem, splitExtension } from '#shared/files/names.ts';
import { type FileRow, filesRepository } from '../../db/repositories/files.ts';
import type { Database, FileKind } from '../../db/schema.ts';
import { ServiceError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { MediaTools } from '../../media/tools.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { UploadStore } from '../../storage/upload-store.ts';
import type { StandingRules } from '../premium/standing.ts';

/** The root folder's id. */
export const ROOT = '';

/**
 * What the files modules share: the database, the blob store when bytes are read or removed, the
 * upload store whose unfinished uploads' bytes go with their files, the rules that say how much a
 * user may store, and the clock.
 */
export type FilesContext = {
  db: Kysely<Database>;
  blobs?: BlobStore | undefined;
  uploads?: Pick<UploadStore, 'remove' | 'forget'> | undefined;
  standing: StandingRules;
  /** ffmpeg and ffprobe, where the server has them. */
  mediaTools?: MediaTools | undefined;
  now: () => number;
};

export async function liveItem(tx: Kysely<Database>, userId: string, id: string): Promise<FileRow> {
  const row = await filesRepository(tx).find(userId, id);
  if (!row) throw fileNotFound();
  if (row.trashed_at !== null) throw new ServiceError('file_in_recycle_bin', `"${row.name}" is in the trash. Restore it first.`);
  return row;
}

/** The folder things go into: the root, or a live folder of this user. */
export async function targetFolder(tx: Kysely<Database>, userId: string, parentId: string): Promise<FileRow | undefined> {
  if (parentId === ROOT) return undefined;
  const folder = await liveItem(tx, userId, parentId);
  if (folder.kind !== 'drive#folder')
    throw new ServiceError('invalid_request', 'Items can only be put into a folder.', [{ field: 'parent_id', reason: 'not_a_folder' }]);
  return folder;
}

/** The name `name` gets in a folder: itself, or "name (1).ext" when it is taken. */
export async function placeName(tx: Kysely<Database>, userId: string, parentId: string, name: string, kind: FileKind): Promise<string> {
  const { stem } = splitExtension(name, kind === 'drive#folder');
  const base = stem.replace(/ \(\d+\)$/, '');
  return freeName(name, await filesRepository(tx).takenNames(userId, parentId, base), kind === 'drive#folder');
}

/** A row for a new item: a complete folder, or a file whose bytes are still to come. */
export function newFileRow(item: { userId: string; parentId: string; kind: FileKind; name: string; at: number; size?: number; mimeType?: string }): FileRow {
  const isFolder = item.kind === 'drive#folder';
  return {
    id: newId(),
    user_id: item.userId,
    parent_id: item.parentId,
    kind: item.kind,
    name: item.name,
    file_extension: isFolder ? '' : fileExtension(item.name),
    size: item.size ?? 0,
    mime_type: item.mimeType ?? '',
    hash: null,
    phase: isFolder ? 'PHASE_TYPE_COMPLETE' : 'PHASE_TYPE_PENDING',
    created_at: item.at,
    modified_at: item.at,
    starred_at: null,
    trashed_at: null,
    trash_root_id: null,
    params: '{}',
  };
}

export function assertName(name: string) {
  const problem = nameProblem(name);
  if (!problem) return;
  if (problem === 'empty') throw new ServiceError('file_name_empty', 'Enter a name.');
  throw new ServiceError('invalid_request', NAME_PROBLEM_TEXT[problem], [{ field: 'name', reason: problem }]);
}

const NAME_PROBLEM_TEXT = {
  dot: 'A name cannot be "." or "..".',
  slash: 'A name cannot contain "/".',
  control: 'A name cannot contain control characters such as line breaks.',
  too_long: 'A name can be at most 255 bytes long.',
} as const;

export function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export function fileNotFound() {
  return new ServiceError('file_not_found', 'This file does not exist or has been deleted.');
}

/**
 * Counts `bytes` more against the user's storage within their limit now, or refuses with
 * file_space_not_enough; `reserved` bytes the user's upload held become these bytes.
 */
export async function chargeStorage(tx: Kysely<Database>, standing: StandingRules, userId: string, bytes: number, at: number, reserved = 0): Promise<void> {
  if (bytes <= 0 && reserved <= 0) return;
  if (!(await filesRepository(tx).chargeStorage(userId, bytes, await standing.storageLimit(tx, userId, at), reserved))) throw spaceNotEnough();
}

/** Holds `bytes` of the user's storage for an upload until it finishes or ends, or refuses with file_space_not_enough. */
export async function reserveStorage(tx: Kysely<Database>, standing: StandingRules, userId: string, bytes: number, at: number): Promise<void> {
  if (bytes <= 0) return;
  if (!(await filesRepository(tx).reserveStorage(userId, bytes, await standing.storageLimit(tx, userId, at)))) throw spaceNotEnough();
}

/** The user's storage not yet used or held by their uploads. */
export async function storageLeft(db: Kysely<Database>, standing: StandingRules, userId: string, at: number): Promise<number> {
  const [{ used, reserved }, limit] = await Promise.all([filesRepository(db).storage(userId), standing.storageLimit(db, userId, at)]);
  return limit - used - reserved;
}

/** Whether `bytes` more would fit in the user's storage now (checked again when they arrive). */
export async function assertRoomFor(db: Kysely<Database>, standing: StandingRules, userId: string, bytes: number, at: number): Promise<void> {
  if (bytes > (await storageLeft(db, standing, userId, at))) throw spaceNotEnough();
}

export function spaceNotEnough() {
  return new ServiceError('file_space_not_enough', 'There is not enough storage space left. Free some space or get more storage.');
}
