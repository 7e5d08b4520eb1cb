// Taking content down (SPEC §6, §7.5): an admin names content by hash (or by files holding it);
// every share holding it then answers PROHIBITED or SENSITIVE_RESOURCE, it cannot be shared
// again nor completed by an instant upload, and the action is recorded.
import type { Kysely } from 'kysely';
import { filesRepository } from '../db/repositories/files.ts';
import { moderationRepository, type TakedownStatus } from '../db/repositories/moderation.ts';
import { sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { orderedId } from '../ids.ts';

export type { TakedownStatus };

/** What a takedown took down, the shares it closed, and its record (moderation_action.id). */
export type Takedown = { hashes: string[]; shareIds: string[]; actionId: string };
/** What a restore gave back, and the shares it opened again. */
export type Restored = { hashes: string[]; shareIds: string[] };

/** Files read at once while collecting a share's content. */
const CHUNK = 500;

export function moderationService(deps: { db: Kysely<Database>; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The hashes of every file a share holds, folders walked to their last file. */
  async function contentOf(share: { id: string; user_id: string }, source: Kysely<Database> = db): Promise<string[]> {
    const files = filesRepository(source);
    const ids = new Set<string>();
    for (const itemId of await sharesRepository(source).itemIds(share.id)) for (const id of await files.subtreeIds(share.user_id, itemId)) ids.add(id);
    const hashes = new Set<string>();
    const all = [...ids];
    for (let i = 0; i < all.length; i += CHUNK)
      for (const file of await files.findMany(share.user_id, all.slice(i, i + CHUNK))) if (file.hash) hashes.add(file.hash);
    return [...hashes];
  }

  return {
    contentOf: (share: { id: string; user_id: string }) => contentOf(share),

    async takeDown(
      admin: { id: string; role: string },
      request: { shareUserId: string; hashes: string[]; fileIds: string[]; status: TakedownStatus; reason: string },
    ): Promise<Takedown> {
      if (admin.role !== 'admin') throw new ServiceError('permission_denied', 'Only moderators can take content down.');
      const fromFiles = request.fileIds.length > 0 && request.shareUserId ? await filesRepository(db).findMany(request.shareUserId, request.fileIds) : [];
      const hashes = [...new Set([...request.hashes.map((h) => h.toLowerCase()), ...fromFiles.map((f) => f.hash).filter((h): h is string => !!h)])];
      if (hashes.length === 0)
        throw new ServiceError('invalid_request', 'Name the content to take down by gcids or file_ids.', [{ field: 'gcids', reason: 'empty' }]);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const moderation = moderationRepository(tx);
        for (const hash of hashes) await moderation.recordTakedown({ hash, status: request.status, reason: request.reason, created_at: at });
        // Every copy of the content, in anyone's drive: any share of it or of a folder above it holds it.
        const holders = await moderation.holdersOf(hashes);
        const shareIds = await moderation.flagSharesHolding(holders.map((holder) => ({ ...holder, status: request.status })));
        const actionId = orderedId(at);
        await moderation.recordAction({
          id: actionId,
          admin_id: admin.id,
          action: `takedown:${request.status}`,
          share_user_id: request.shareUserId,
          hashes: JSON.stringify(hashes),
          share_ids: JSON.stringify(shareIds),
          reason: request.reason,
          created_at: at,
        });
        return { hashes, shareIds, actionId };
      });
    },

    /**
     * Gives back content a takedown took (`takedownId`, its record): the content may be shared
     * again, and each share it closed opens again unless it still holds other content taken down.
     */
    async restore(admin: { id: string; role: string }, takedownId: string, reason: string): Promise<Restored> {
      if (admin.role !== 'admin') throw new ServiceError('permission_denied', 'Only moderators can restore content.');
      const at = now();
      return db.transaction().execute(async (tx) => {
        const moderation = moderationRepository(tx);
        const takedown = await moderation.findAction(takedownId);
        if (!takedown?.action.startsWith('takedown:')) throw new ServiceError('not_found', 'There is no takedown with this id.');
        const hashes = JSON.parse(takedown.hashes) as string[];
        await moderation.liftTakedowns(hashes);
        const candidates = await moderation.sharesHolding(await moderation.holdersOf(hashes));
        const reopened: string[] = [];
        for (const shareId of candidates) {
          const share = await sharesRepository(tx).find(shareId);
          if (!share) continue;
          if ((await moderation.statusesOf(await contentOf(share, tx))).size === 0) reopened.push(shareId);
        }
        if (reopened.length > 0) await moderation.reopenShares(reopened);
        await moderation.recordAction({
          id: orderedId(at),
          admin_id: admin.id,
          action: 'restore',
          share_user_id: takedown.share_user_id,
          hashes: takedown.hashes,
          share_ids: JSON.stringify(reopened),
          reason,
          created_at: at,
        });
        return { hashes, shareIds: reopened };
      });
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
