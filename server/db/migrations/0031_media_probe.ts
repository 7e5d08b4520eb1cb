// What ffprobe reads of a video or audio content (streams with their languages, subtitle tracks,
// chapters) is kept beside the facts already known of it, once per content, for choosing how each
// browser plays it.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const mediaProbe: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('media').addColumn('probe', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('media').dropColumn('probe').execute();
  },
};
