// Reports of shares: a visitor (signed in or not) reports a share with a reason and a note, a
// few times an hour per address and once a day per share; moderators see the open reports in
// the console, and either dismiss one or take the share's content down — every file in it, by
// hash, through the moderation service, so every other copy of that content goes too.
import type { Kysely } from 'kysely';
import type { ReportReason } from '#shared/api/reports.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { DAY_MS } from '../calendar.ts';
import type { UserRow } from '../db/repositories/accounts.ts';
import { filesRepository } from '../db/repositories/files.ts';
import { reportsRepository } from '../db/repositories/reports.ts';
import { type ShareRow, sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError, tooManyRequests } from '../errors.ts';
import { orderedId } from '../ids.ts';
import type { ModerationService } from './moderation.ts';

/** Reports one address may send in an hour. */
export const REPORTS_PER_ADDRESS = { max: 10, windowMs: 60 * 60_000 };
/** Files read at once while collecting a share's content. */
const CHUNK = 500;

export function reportsService(deps: { db: Kysely<Database>; counters: CounterStore; moderation: ModerationService; now?: () => number }) {
  const { db, counters, moderation } = deps;
  const now = deps.now ?? Date.now;
  const reports = reportsRepository(db);

  /** The hashes of every file the share holds, folders walked to their last file. */
  async function contentOf(share: ShareRow): Promise<string[]> {
    const files = filesRepository(db);
    const ids = new Set<string>();
    for (const itemId of await sharesRepository(db).itemIds(share.id)) for (const id of await files.subtreeIds(share.user_id, itemId)) ids.add(id);
    const hashes = new Set<string>();
    const all = [...ids];
    for (let i = 0; i < all.length; i += CHUNK)
      for (const file of await files.findMany(share.user_id, all.slice(i, i + CHUNK))) if (file.hash) hashes.add(file.hash);
    return [...hashes];
  }

  return {
    async report(visit: { shareId: string; ip: string; reporterId: string | undefined }, what: { reason: ReportReason; note: string }) {
      const perAddress = await counters.increment(`report:ip:${visit.ip}`, REPORTS_PER_ADDRESS.windowMs);
      if (perAddress.count > REPORTS_PER_ADDRESS.max) throw tooManyRequests(perAddress.resetInMs);
      const share = await sharesRepository(db).find(visit.shareId);
      if (!share) throw new ServiceError('not_found', 'There is no share with this id.');
      // The same visitor reporting the same share again adds nothing to the queue.
      const again = await counters.increment(`report:share:${share.id}:${visit.ip}`, DAY_MS);
      if (again.count > 1) return;
      const at = now();
      await reports.insert({
        id: orderedId(at),
        share_id: share.id,
        reason: what.reason,
        note: what.note.trim(),
        reporter_id: visit.reporterId ?? null,
        created_at: at,
      });
    },

    list: (query: { open: boolean; after: string | undefined; limit: number }) => reports.list(query),

    /** Dismisses a report, or takes its share's content down; answers what was taken down. */
    async resolve(admin: UserRow, reportId: string, action: 'dismiss' | 'take_down'): Promise<{ hashes: string[]; shareIds: string[] }> {
      const report = await reports.find(reportId);
      if (!report) throw new ServiceError('not_found', 'There is no report with this id.');
      if (report.status !== 'OPEN') throw new ServiceError('invalid_request', 'This report was already handled.', [{ field: 'report_id', reason: 'resolved' }]);
      let takedown = { hashes: [] as string[], shareIds: [] as string[] };
      if (action === 'take_down') {
        const share = await sharesRepository(db).find(report.share_id);
        const hashes = share ? await contentOf(share) : [];
        if (share && hashes.length > 0)
          takedown = await moderation.takeDown(admin, {
            shareUserId: share.user_id,
            hashes,
            fileIds: [],
            status: 'PROHIBITED',
            reason: `report ${report.id}: ${report.reason}`,
          });
      }
      const resolved = await reports.resolve(report.id, action === 'dismiss' ? 'DISMISSED' : 'TAKEN_DOWN', admin.id, now());
      if (!resolved) throw new ServiceError('invalid_request', 'This report was already handled.', [{ field: 'report_id', reason: 'resolved' }]);
      return takedown;
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
