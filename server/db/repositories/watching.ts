// Queries for watching: a person's positions in their files and their language choices per folder,
// every one scoped to its person (a position is read and written only through its owner's file).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, WatchingTable } from '../schema.ts';
import type { FileRow } from './files.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type WatchingRow = Selectable<WatchingTable>;

/** What the drive shows of one file of a page: its length and poster (per content) and where its owner stopped. */
export type WatchingFacts = {
  file_id: string;
  media_duration: number | null;
  poster: 'made' | 'failed' | null;
  position: number | null;
  duration: number | null;
};

/** A file of Continue watching, with where it was left and whether its poster is made. */
export type PartlyWatched = FileRow & { watched_position: number; watched_duration: number; watched_at: number; poster: 'made' | 'failed' | null };

export function watchingRepository(db: Db) {
  return {
    find: (userId: string, fileId: string) =>
      db.selectFrom('watching').selectAll().where('user_id', '=', userId).where('file_id', '=', fileId).executeTakeFirst(),

    /**
     * Keeps where the person is in the file. Saves that arrive together each overwrite the last; one
     * stamped earlier than the kept one (a slow request overtaken) changes nothing.
     */
    save: (row: WatchingRow) =>
      db
        .insertInto('watching')
        .values(row)
        .onConflict((c) =>
          c
            .columns(['user_id', 'file_id'])
            .doUpdateSet((eb) => ({
              position: eb.ref('excluded.position'),
              duration: eb.ref('excluded.duration'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where('watching.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
        )
        .execute(),

    /** The length, poster and position of each of the person's files among `ids`, in one query for a page of the drive. */
    facts: (userId: string, ids: readonly string[]): Promise<WatchingFacts[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('file')
            .leftJoin('media', 'media.hash', 'file.hash')
            .leftJoin('watching', (join) => join.onRef('watching.file_id', '=', 'file.id').on('watching.user_id', '=', userId))
            .select(['file.id as file_id', 'media.duration as media_duration', 'media.poster', 'watching.position', 'watching.duration'])
            .where('file.user_id', '=', userId)
            .where('file.id', 'in', ids)
            .execute(),

    /**
     * The person's files started and not watched to `watchedShare` of their length, latest first,
     * with the files as they are now (none in the trash).
     */
    partlyWatched: (userId: string, watchedShare: number, limit: number) =>
      db
        .selectFrom('watching')
        .innerJoin('file', 'file.id', 'watching.file_id')
        .leftJoin('media', 'media.hash', 'file.hash')
        .selectAll('file')
        .select(['watching.position as watched_position', 'watching.duration as watched_duration', 'watching.updated_at as watched_at', 'media.poster'])
        .where('watching.user_id', '=', userId)
        .where('file.user_id', '=', userId)
        .where('file.trashed_at', 'is', null)
        .where('watching.position', '>', 0)
        .where((eb) => eb('watching.position', '<', eb('watching.duration', '*', watchedShare)))
        .orderBy('watching.updated_at', 'desc')
        .orderBy('watching.file_id', 'desc')
        .limit(limit)
        .execute() as Promise<PartlyWatched[]>,

    findChoice: (userId: string, folderId: string) =>
      db.selectFrom('watching_choice').selectAll().where('user_id', '=', userId).where('folder_id', '=', folderId).executeTakeFirst(),

    /** Keeps the languages chosen in a folder; a language not given keeps what was chosen before. */
    saveChoice: (userId: string, folderId: string, at: number, choice: { audio_language?: string | undefined; subtitle_language?: string | undefined }) => {
      const changes = {
        ...(choice.audio_language !== undefined ? { audio_language: choice.audio_language } : {}),
        ...(choice.subtitle_language !== undefined ? { subtitle_language: choice.subtitle_language } : {}),
        updated_at: at,
      };
      return db
        .insertInto('watching_choice')
        .values({ user_id: userId, folder_id: folderId, ...changes })
        .onConflict((c) => c.columns(['user_id', 'folder_id']).doUpdateSet(changes))
        .execute();
    },

    /** The people with more than `kept` positions (read off the index that starts with the person). */
    async usersWithMorePositions(kept: number): Promise<string[]> {
      const rows = await db
        .selectFrom('watching')
        .select('user_id')
        .groupBy('user_id')
        .having((eb) => eb.fn.countAll(), '>', kept)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Deletes the person's positions past their newest `kept`; answers how many went. */
    async deletePositionsPast(userId: string, kept: number): Promise<number> {
      const newest = db
        .selectFrom('watching')
        .select('file_id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('file_id', 'desc')
        .limit(kept);
      const { numDeletedRows } = await db.deleteFrom('watching').where('user_id', '=', userId).where('file_id', 'not in', newest).executeTakeFirst();
      return Number(numDeletedRows);
    },

    async usersWithMoreChoices(kept: number): Promise<string[]> {
      const rows = await db
        .selectFrom('watching_choice')
        .select('user_id')
        .groupBy('user_id')
        .having((eb) => eb.fn.countAll(), '>', kept)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Deletes the person's folder choices past their newest `kept`; answers how many went. */
    async deleteChoicesPast(userId: string, kept: number): Promise<number> {
      const newest = db
        .selectFrom('watching_choice')
        .select('folder_id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('folder_id', 'desc')
        .limit(kept);
      const { numDeletedRows } = await db.deleteFrom('watching_choice').where('user_id', '=', userId).where('folder_id', 'not in', newest).executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
