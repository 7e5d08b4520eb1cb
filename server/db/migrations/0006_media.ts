// What is known about audio and video content (duration, size, codecs), once per content hash,
// so every copy and saved share of a film shares it. Gone with its blob.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const media: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('media')
      .addColumn('hash', 'text', (c) => c.primaryKey().references('blob.hash').onDelete('cascade'))
      .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('video_codec', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('audio_codec', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('media').execute();
  },
};
