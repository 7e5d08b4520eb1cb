// The drive: blobs (content, by SHA-256), files and folders pointing at them, and each user's
// storage counters. A file's hash references its blob, so a blob still in use cannot be deleted
// and a file cannot point at a blob that is gone: the database keeps that rule, not the code.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 10 GiB: the storage a new account gets until premium storage exists. */
export const DEFAULT_STORAGE_LIMIT = 10 * 1024 ** 3;

export const drive: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('user')
      .addColumn('storage_limit', 'bigint', (c) => c.notNull().defaultTo(DEFAULT_STORAGE_LIMIT))
      .execute();
    await db.schema
      .alterTable('user')
      .addColumn('storage_used', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('blob')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('file')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      // '' is the root: a value rather than NULL so it takes part in the unique-name index.
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('file_extension', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('mime_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hash', 'text', (c) => c.references('blob.hash').onDelete('restrict'))
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('modified_at', 'bigint', (c) => c.notNull())
      .addColumn('starred_at', 'bigint')
      // Trashing marks the item and everything under it with the id of the item trashed.
      .addColumn('trashed_at', 'bigint')
      .addColumn('trash_root_id', 'text')
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();

    // Names are unique per folder among files not in the trash.
    await sql`create unique index file_unique_name on file (user_id, parent_id, name) where trashed_at is null`.execute(db);
    // One index per sort order, folders first: page 1,000 of a folder costs what page 1 costs.
    for (const [name, column] of [
      ['file_list_by_name', 'name'],
      ['file_list_by_modified', 'modified_at'],
      ['file_list_by_size', 'size'],
      ['file_list_by_type', 'file_extension'],
    ] as const) {
      await sql`create index ${sql.raw(name)} on file (user_id, parent_id, kind, ${sql.raw(column)}, id) where trashed_at is null`.execute(db);
    }
    await db.schema.createIndex('file_in_trash').on('file').columns(['user_id', 'trash_root_id']).execute();
    await db.schema.createIndex('file_by_hash').on('file').column('hash').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('file').execute();
    await db.schema.dropTable('blob').execute();
    await db.schema.alterTable('user').dropColumn('storage_used').execute();
    await db.schema.alterTable('user').dropColumn('storage_limit').execute();
  },
};
