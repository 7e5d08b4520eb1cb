// Queries for what is known of audio and video contents (duration, size, codecs), per SHA-256.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MediaTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MediaRow = Selectable<MediaTable>;

export function mediaRepository(db: Db) {
  return {
    find: (hash: string) => db.selectFrom('media').selectAll().where('hash', '=', hash).executeTakeFirst(),
    /** Keeps the facts of a content; a second reading of the same content changes nothing. */
    keep: (row: Insertable<MediaTable>) =>
      db
        .insertInto('media')
        .values(row)
        .onConflict((c) => c.column('hash').doNothing())
        .execute(),
    /** Contents with a picture whose poster was never tried (stored before posters were made), oldest first. */
    withoutPoster: (limit: number) =>
      db.selectFrom('media').select('hash').where('poster', 'is', null).where('width', '>', 0).orderBy('created_at').limit(limit).execute(),
    /** Records that the content's poster frame was made, or could not be (it is not tried again). */
    markPoster: (hash: string, poster: 'made' | 'failed') => db.updateTable('media').set({ poster }).where('hash', '=', hash).execute(),
  };
}
