// Queries for subtitle files saved beside a film: the finished files of the same person in the
// same folder with a subtitle file's extension. Which of them belong to the film (by name) is
// decided in media/subtitles.ts.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A folder with more subtitle files than this is not searched further (a film has a handful). */
const SIDECARS_MAX = 200;

export function subtitlesRepository(db: Db) {
  const beside = (userId: string, parentId: string, extensions: readonly string[]) =>
    db
      .selectFrom('file')
      .select(['id', 'name', 'size', 'hash', 'file_extension'])
      .where('user_id', '=', userId)
      .where('parent_id', '=', parentId)
      .where('kind', '=', 'drive#file')
      .where('phase', '=', 'PHASE_TYPE_COMPLETE')
      .where('trashed_at', 'is', null)
      .where('file_extension', 'in', extensions);
  return {
    /** Whose a film a signed link names is, and where it lies: the folder its subtitle files are looked for in. */
    placeOf: (id: string) => db.selectFrom('file').select(['user_id', 'parent_id', 'name']).where('id', '=', id).executeTakeFirst(),
    /** The person's finished subtitle files (by extension) in the folder, by name. */
    inFolder: (userId: string, parentId: string, extensions: readonly string[]) =>
      beside(userId, parentId, extensions).orderBy('name').orderBy('id').limit(SIDECARS_MAX).execute(),
    /** One of them by id, when it is still a finished file of that person in that folder. */
    findInFolder: (userId: string, parentId: string, extensions: readonly string[], id: string) =>
      beside(userId, parentId, extensions).where('id', '=', id).executeTakeFirst(),
  };
}
