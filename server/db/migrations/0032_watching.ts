// Watching: where each person stopped in each video or audio file (so a film started on one device
// goes on from there on another), the sound and subtitle languages they chose in each folder (so
// the next episode starts with the same), and whether a content's poster frame was made (once per
// content, by a task). A position goes with its file; both kinds are kept to a person's newest few
// by the hourly sweep.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const watching: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('watching')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('file_id', 'text', (c) => c.notNull().references('file.id').onDelete('cascade'))
      // Seconds into the file, and its length as the player knew it then.
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('duration', 'double precision', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('watching_pk', ['user_id', 'file_id'])
      .execute();
    // Continue watching (latest first) and the sweep's newest-N both read a person's rows by age.
    await db.schema.createIndex('watching_by_user_age').on('watching').columns(['user_id', 'updated_at']).execute();
    await db.schema.createIndex('watching_by_file').on('watching').column('file_id').execute();
    await db.schema
      .createTable('watching_choice')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      // The folder the files were played in ('' for the drive's top level).
      .addColumn('folder_id', 'text', (c) => c.notNull())
      // ISO 639 codes as the file's tracks name them; '' for none chosen, 'off' for subtitles turned off.
      .addColumn('audio_language', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('subtitle_language', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('watching_choice_pk', ['user_id', 'folder_id'])
      .execute();
    await db.schema.createIndex('watching_choice_by_user_age').on('watching_choice').columns(['user_id', 'updated_at']).execute();
    // 'made' or 'failed' once the poster task ran for the content; null before.
    await db.schema
      .alterTable('media')
      .addColumn('poster', 'text', (c) => c.check(sql`poster in ('made', 'failed')`))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('media').dropColumn('poster').execute();
    await db.schema.dropTable('watching_choice').execute();
    await db.schema.dropTable('watching').execute();
  },
};
