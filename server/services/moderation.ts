// Taking content down (SPEC §6, §7.5): an admin names content by hash (or by files holding it);
// every share holding it then answers PROHIBITED or SENSITIVE_RESOURCE, it cannot be shared
// again nor completed by an instant upload, and the action is recorded.
import type { Kysely } from 'kysely';
import { filesRepository } from '../db/repositories/files.ts';
import { moderationRepository, type TakedownStatus } from '../db/repositories/moderation.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { orderedId } from '../ids.ts';

export type { TakedownStatus };

export type Takedown = { hashes: string[]; shareIds: string[] };

export function moderationService(deps: { db: Kysely<Database>; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  return {
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
        await moderation.recordAction({
          id: orderedId(at),
          admin_id: admin.id,
          action: `takedown:${request.status}`,
          share_user_id: request.shareUserId,
          hashes: JSON.stringify(hashes),
          share_ids: JSON.stringify(shareIds),
          reason: request.reason,
          created_at: at,
        });
        return { hashes, shareIds };
      });
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
