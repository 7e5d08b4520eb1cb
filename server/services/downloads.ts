// Downloads through signed links: the link is the permission, so players and download managers
// need no session. The bytes come from the blob store; what was sent counts as the traffic of the
// person the link was given to, or, for a visitor of a share who is not signed in, of the share's
// owner, so that sharing a file with oneself downloads nothing for free.
import type { Kysely } from 'kysely';
import { monthOf } from '../calendar.ts';
import { filesRepository } from '../db/repositories/files.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import { premiumRepository } from '../db/repositories/premium.ts';
import { type ShareRow, sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { DownloadLinks, LinkGrant } from '../storage/download-links.ts';
import type { StandingRules } from './premium/standing.ts';
import { pathInShare, type ShareRules, shareCondition } from './share-status.ts';

export type SignedLink = { id: string; expires: number; signature: string };

export function downloadsService({
  db,
  blobs,
  links,
  standing,
  shareRules,
  now = Date.now,
}: {
  db: Kysely<Database>;
  blobs: BlobStore;
  links: DownloadLinks;
  /** The month's download allowance of each user. */
  standing: StandingRules;
  /** What decides whether a share still opens a file, for links given through one. */
  shareRules: ShareRules;
  now?: () => number;
}) {
  const files = filesRepository(db);

  /** Whose traffic a download counts: the link's user, else the owner of the share it came through. */
  async function chargedTo(link: SignedLink & LinkGrant, hash: string): Promise<string> {
    if (!link.shareId) return link.userId;
    const share = await shareStillOpens(shareRules, link.shareId, link.id);
    // Content taken down stops at once, whichever share or link reaches it.
    if (!share || (await moderationRepository(db).statusesOf([hash])).size > 0)
      throw new ServiceError('permission_denied', 'This share is no longer available, so its download links no longer work.');
    return link.userId || share.user_id;
  }

  return {
    /** The file behind a download (or stream) link, with its content known to be in the store, and whose traffic it counts ('' for no one's). */
    async download(link: SignedLink & LinkGrant, log: { error(details: object, message: string): void }, purpose: 'download' | 'stream' = 'download') {
      if (!links.verify(purpose, link.id, link.expires, link.signature, { userId: link.userId, shareId: link.shareId })) {
        throw new ServiceError('permission_denied', 'This download link has expired or is not valid. Open the file again to get a new one.');
      }
      const file = await linkedFile(files, link.id);
      const payer = await chargedTo(link, file.hash);
      if (payer) {
        // A download that starts within the allowance finishes: its bytes count as they are sent.
        // The month's usage is read only when there is a limit to hold it against.
        const at = now();
        const { trafficLimit } = await standing.standingOf(db, payer, at);
        if (trafficLimit !== -1 && (await premiumRepository(db).downloaded(payer, monthOf(at))) >= trafficLimit)
          throw new ServiceError('traffic_not_enough', "This month's download traffic is used up. Get a traffic pack or wait for next month.");
      }
      // A blob on this machine's disk is looked for by opening it to send (the route): one turn
      // through the thread pool fewer, which a busy server makes each download wait for.
      if (!blobs.localPath && !(await blobs.has(file.hash))) throw blobMissing(link.id, file.hash, log);
      return { file, payer };
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

/**
 * The share behind a link a visitor was given through it, when it still opens `fileId`: the owner's
 * account active, the share neither cancelled, expired nor taken down, the file still inside it.
 * A link is checked again when used, so it stops with its share rather than at its own expiry.
 */
async function shareStillOpens(rules: ShareRules, shareId: string, fileId: string): Promise<ShareRow | undefined> {
  const found = await sharesRepository(rules.db).findWithOwner(shareId);
  if (found?.owner_status !== 'ACTIVE') return undefined;
  const { owner_status: _, ...share } = found;
  const { status, items } = await shareCondition(rules, share);
  if ((status !== 'OK' && status !== 'MAX_RESTORE_COUNT') || !items) return undefined;
  return (await pathInShare(rules.db, share, items, fileId)) ? share : undefined;
}
