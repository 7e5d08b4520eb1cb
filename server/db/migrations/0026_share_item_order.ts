// A share's items in the order they were shared, read straight off an index: every visit of a
// share reads them, and without it SQLite sorted them in a sorter of its own at each visit.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const shareItemOrder: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('share_item_in_order').on('share_item').columns(['share_id', 'position', 'file_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('share_item_in_order').execute();
  },
};
