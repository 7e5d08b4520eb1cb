// Downloads through signed links: the link is the permission, so players and download managers
// need no session. The bytes come from the blob store; what was sent counts as the traffic of the
// person the link was given to.
import type { Kysely } from 'kysely';
import { monthOf } from '../calendar.ts';
import { filesRepository } from '../db/repositories/files.ts';
import { premiumRepository } from '../db/repositories/premium.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { DownloadLinks } from '../storage/download-links.ts';
import type { StandingRules } from './premium/standing.ts';

export type SignedLink = { id: string; expires: number; signature: string };

export function downloadsService({
  db,
  blobs,
  links,
  standing,
  now = Date.now,
}: {
  db: Kysely<Database>;
  blobs: BlobStore;
  links: DownloadLinks;
  /** The month's download allowance of each user. */
  standing: StandingRules;
  now?: () => number;
}) {
  const files = filesRepository(db);

  return {
    /** The file behind a download link, with its content known to be in the store. */
    async download(link: SignedLink & { userId: string }, log: { error(details: object, message: string): void }) {
      if (!links.verify(link.id, link.expires, link.signature, link.userId)) {
        throw new ServiceError('permission_denied', 'This download link has expired or is not valid. Open the file again to get a new one.');
      }
      const file = await linkedFile(files, link.id);
      if (link.userId) {
        // A download that starts within the allowance finishes: its bytes count as they are sent.
        // The month's usage is read only when there is a limit to hold it against.
        const at = now();
        const { trafficLimit } = await standing.standingOf(db, link.userId, at);
        if (trafficLimit !== -1 && (await premiumRepository(db).downloaded(link.userId, monthOf(at))) >= trafficLimit)
          throw new ServiceError('traffic_not_enough', "This month's download traffic is used up. Get a traffic pack or wait for next month.");
      }
      // A blob on this machine's disk is looked for by opening it to send (the route): one turn
      // through the thread pool fewer, which a busy server makes each download wait for.
      if (!blobs.localPath && !(await blobs.has(file.hash))) throw blobMissing(link.id, file.hash, log);
      return file;
    },

    blobMissing,

    /** Counts bytes sent through a user's link as that user's traffic this month. */
    countTraffic: (userId: string, bytes: number) => premiumRepository(db).addDownloaded(userId, monthOf(now()), bytes),
  };
}

/** The row names content the store does not hold: an operator must look, the visitor is told plainly. */
function blobMissing(id: string, hash: string, log: { error(details: object, message: string): void }): ServiceError {
  log.error({ file: id, hash }, 'blob missing from the store');
  return new ServiceError('file_not_found', 'The content of this file cannot be found on the server.');
}

export type DownloadsService = ReturnType<typeof downloadsService>;

/** The complete file, not in the trash, that a signed link names. */
export async function linkedFile(files: ReturnType<typeof filesRepository>, id: string) {
  const file = await files.linked(id);
  if (!file?.hash || file.phase !== 'PHASE_TYPE_COMPLETE' || file.trashed_at !== null)
    throw new ServiceError('file_not_found', 'This file does not exist or has been deleted.');
  return { ...file, hash: file.hash };
}
