// Reports of shares. No rules here: the reports service decides.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ReportStatus, ShareReportTable } from '../schema.ts';

export type ShareReportRow = Selectable<ShareReportTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function reportsRepository(db: Db) {
  return {
    insert: (report: Pick<ShareReportRow, 'id' | 'share_id' | 'reason' | 'note' | 'reporter_id' | 'created_at'>) =>
      db.insertInto('share_report').values(report).execute(),

    find: (id: string) => db.selectFrom('share_report').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Open reports oldest first (the queue), or resolved ones newest first, with the share's title and owner. */
    list: ({ open, after, limit }: { open: boolean; after: string | undefined; limit: number }) => {
      let query = db
        .selectFrom('share_report')
        .leftJoin('share', 'share.id', 'share_report.share_id')
        .leftJoin('user', 'user.id', 'share.user_id')
        .leftJoin('user as reporter', 'reporter.id', 'share_report.reporter_id')
        .selectAll('share_report')
        .select([
          'share.title as share_title',
          'share.status as share_status',
          'share.user_id as owner_id',
          'user.email as owner_email',
          'reporter.email as reporter_email',
        ]);
      query = open ? query.where('share_report.status', '=', 'OPEN') : query.where('share_report.status', '!=', 'OPEN');
      if (after) query = query.where('share_report.id', open ? '>' : '<', after);
      return query
        .orderBy('share_report.id', open ? 'asc' : 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Moves a report from one status to the next (with the takedown it led to, if any); answers
     * false when someone moved it first.
     */
    async resolve(id: string, change: { from: ReportStatus; to: ReportStatus; by: string; at: number; takedownId?: string }): Promise<boolean> {
      const result = await db
        .updateTable('share_report')
        .set({ status: change.to, resolved_by: change.by, resolved_at: change.at, ...(change.takedownId ? { takedown_id: change.takedownId } : {}) })
        .where('id', '=', id)
        .where('status', '=', change.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
