// What the server fetched on a user's behalf (an offline download) entering the drive: its blobs
// already stored, the files appear all at once, complete, in one transaction that also counts
// their size against the quota. A torrent's files keep their folders, under a folder of its own.
import type { Kysely } from 'kysely';
import { usableName } from '#shared/files/names.ts';
import { blobsRepository } from '../../db/repositories/blobs.ts';
import { eventsRepository } from '../../db/repositories/events.ts';
import { type FileRow, filesRepository } from '../../db/repositories/files.ts';
import { moderationRepository } from '../../db/repositories/moderation.ts';
import type { Database } from '../../db/schema.ts';
import { ServiceError } from '../../errors.ts';
import { chargeStorage, type FilesContext, newFileRow, placeName, targetFolder } from './placement.ts';

/** One fetched file: where it goes below the top folder (none for a single file), and its stored content. */
export type FetchedFile = { path: readonly string[]; name: string; hash: string; size: number; storageKey: string | null; mimeType: string };

export function fetched({ db, standing, now }: FilesContext) {
  return {
    /**
     * Adds fetched files to the user's folder `parentId`: one file as itself, several in a new
     * folder named `folderName` (their paths below it kept). Answers the item at the top.
     */
    async addFetched(userId: string, parentId: string, folderName: string | undefined, files: readonly FetchedFile[]): Promise<FileRow> {
      return db.transaction().execute(async (tx) => {
        await targetFolder(tx, userId, parentId);
        const total = files.reduce((sum, file) => sum + file.size, 0);
        const at = now();
        await chargeStorage(tx, standing, userId, total, at);
        for (const file of files) await blobsRepository(tx).keep({ hash: file.hash, size: file.size, created_at: at, storage_key: file.storageKey });
        const rows: FileRow[] = [];
        const top = folderName === undefined ? undefined : await folderRow(tx, userId, parentId, folderName, at);
        if (top) rows.push(top);
        // Each folder of a torrent's tree is made once, by its path below the top.
        const folders = new Map<string, string>();
        const folderFor = async (path: readonly string[]): Promise<string> => {
          if (!top || path.length === 0) return top?.id ?? parentId;
          const key = path.join('/');
          const known = folders.get(key);
          if (known) return known;
          const folder = await folderRow(tx, userId, await folderFor(path.slice(0, -1)), path.at(-1)!, at);
          rows.push(folder);
          folders.set(key, folder.id);
          return folder.id;
        };
        for (const file of files) {
          const folderId = await folderFor(file.path);
          const row: FileRow = {
            ...newFileRow({
              userId,
              parentId: folderId,
              kind: 'drive#file',
              name: await placeName(tx, userId, folderId, usableName(file.name, 'download'), 'drive#file'),
              at,
              size: file.size,
              mimeType: file.mimeType,
            }),
            hash: file.hash,
            phase: 'PHASE_TYPE_COMPLETE',
          };
          await filesRepository(tx).insert(row);
          rows.push(row);
        }
        const shown = top ?? rows[0];
        if (!shown) throw new ServiceError('invalid_request', 'Nothing was fetched.');
        await eventsRepository(tx).record('TYPE_UPLOAD', [shown], at);
        await moderationRepository(tx).flagArrivals(rows);
        return shown;
      });
    },
  };
}

async function folderRow(tx: Kysely<Database>, userId: string, parentId: string, name: string, at: number): Promise<FileRow> {
  const usable = usableName(name, 'download');
  const row = newFileRow({ userId, parentId, kind: 'drive#folder', name: await placeName(tx, userId, parentId, usable, 'drive#folder'), at });
  await filesRepository(tx).insert(row);
  return row;
}
