// The drive's files and folders: listing, folders, tree copies, the trash, the recent list and
// media facts, each a module of services/files/. Every operation is one transaction and names
// every file through the user's own id.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MediaTools } from '../media/tools.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { UploadStore } from '../storage/upload-store.ts';
import { fetched } from './files/fetched.ts';
import { folders } from './files/folders.ts';
import { listing } from './files/listing.ts';
import { media } from './files/media.ts';
import { recent } from './files/recent.ts';
import { trash } from './files/trash.ts';
import { treeCopy } from './files/tree-copy.ts';
import type { StandingRules } from './premium/standing.ts';

export type { FetchedFile } from './files/fetched.ts';
export { chargeStorage, newFileRow, ROOT, reserveStorage, storageLeft } from './files/placement.ts';
export { type CopyRequest, TREE_COPY_INLINE_MAX_ITEMS } from './files/tree-copy.ts';

export function filesService(deps: {
  db: Kysely<Database>;
  blobs?: BlobStore;
  uploads?: Pick<UploadStore, 'remove' | 'forget'>;
  standing: StandingRules;
  now?: () => number;
  /** How far back the recent list reaches, in days (RECENT_EVENTS_DAYS); 90 unless given. */
  recentDays?: number;
  /** ffmpeg and ffprobe, where the server has them (FFMPEG_PATH, FFPROBE_PATH). */
  mediaTools?: MediaTools | undefined;
}) {
  const context = { db: deps.db, blobs: deps.blobs, uploads: deps.uploads, standing: deps.standing, mediaTools: deps.mediaTools, now: deps.now ?? Date.now };
  return {
    ...listing(context),
    ...folders(context),
    ...treeCopy(context),
    ...trash(context),
    ...recent(context, deps.recentDays),
    ...media(context),
    ...fetched(context),
  };
}

export type FilesService = ReturnType<typeof filesService>;
