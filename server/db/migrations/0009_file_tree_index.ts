// Walking a tree (trash, copy, save a share) follows parent links including items in the trash,
// which the partial listing indexes leave out: without this, SQLite scans the table per level.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const fileTreeIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('file_by_parent').on('file').columns(['user_id', 'parent_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('file_by_parent').execute();
  },
};
