// Visitors' reports of shares, queued for the operator's moderators.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const shareReports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('share_report')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('share_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reporter_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_by', 'text')
      .addColumn('resolved_at', 'bigint')
      .execute();
    await db.schema.createIndex('share_report_status').on('share_report').columns(['status', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('share_report').execute();
  },
};
