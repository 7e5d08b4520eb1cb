// Reports of shares: a visitor (signed in or not) reports a share with a reason and a note, a
// few times an hour per address and once a day per share; moderators see the open reports in
// the console, and either dismiss one or take the share's content down — every file in it, by
// hash, through the moderation service, so every other copy of that content goes too.
import type { Kysely } from 'kysely';
import type { ReportReason } from '#shared/api/reports.ts';
import { REPORT_TAKEDOWN_REASONS } from '#shared/transparency.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { DAY_MS } from '../calendar.ts';
import type { UserRow } from '../db/repositories/accounts.ts';
import { reportsRepository } from '../db/repositories/reports.ts';
import { sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError, tooManyRequests } from '../errors.ts';
import { orderedId } from '../ids.ts';
import type { ModerationService, Takedown } from './moderation.ts';

/** What a moderator does with a report. */
export type ReportAction = 'dismiss' | 'take_down' | 'restore';

/** Reports one address may send in an hour. */
export const REPORTS_PER_ADDRESS = { max: 10, windowMs: 60 * 60_000 };

export function reportsService(deps: { db: Kysely<Database>; counters: CounterStore; moderation: ModerationService; now?: () => number }) {
  const { db, counters, moderation } = deps;
  const now = deps.now ?? Date.now;
  const reports = reportsRepository(db);

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

    /**
     * Dismisses an open report, takes its share's content down, or gives back what a report's
     * takedown took; answers the contents taken down or given back and the shares closed or opened.
     */
    async resolve(admin: UserRow, reportId: string, action: ReportAction): Promise<{ hashes: string[]; shareIds: string[] }> {
      const report = await reports.find(reportId);
      if (!report) throw new ServiceError('not_found', 'There is no report with this id.');
      const handled = () => new ServiceError('invalid_request', 'This report was already handled.', [{ field: 'report_id', reason: 'resolved' }]);
      if (action === 'restore') {
        if (report.status !== 'TAKEN_DOWN' || !report.takedown_id)
          throw new ServiceError('invalid_request', 'Only content taken down through a report can be restored from it.', [
            { field: 'report_id', reason: 'not_taken_down' },
          ]);
        const restored = await moderation.restore(admin, report.takedown_id, `report ${report.id}: restored`);
        if (!(await reports.resolve(report.id, { from: 'TAKEN_DOWN', to: 'RESTORED', by: admin.id, at: now() }))) throw handled();
        return restored;
      }
      if (report.status !== 'OPEN') throw handled();
      let takedown: Takedown | undefined;
      if (action === 'take_down') {
        const share = await sharesRepository(db).find(report.share_id);
        const hashes = share ? await moderation.contentOf(share) : [];
        if (share && hashes.length > 0)
          takedown = await moderation.takeDown(admin, {
            shareUserId: share.user_id,
            hashes,
            fileIds: [],
            status: 'PROHIBITED',
            // Named first, so the transparency report counts it under its reason.
            reason: `${REPORT_TAKEDOWN_REASONS[report.reason]}: report ${report.id} (${report.reason})`,
          });
      }
      const resolved = await reports.resolve(report.id, {
        from: 'OPEN',
        to: action === 'dismiss' ? 'DISMISSED' : 'TAKEN_DOWN',
        by: admin.id,
        at: now(),
        ...(takedown ? { takedownId: takedown.actionId } : {}),
      });
      if (!resolved) throw handled();
      return takedown ?? { hashes: [], shareIds: [] };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
