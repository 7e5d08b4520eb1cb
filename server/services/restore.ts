// Saving a share into one's drive ("restore"): whole trees, pointing at the same blobs, all or
// nothing, within the share's restore limit and the saver's quota. Small trees are saved at once;
// big ones become a restore task, which runs the same saving later.
import type { Kysely } from 'kysely';
import type { RestoreStatus } from '#shared/api/restore.ts';
import type { ShareStatus } from '#shared/api/shares.ts';
import { eventsRepository } from '../db/repositories/events.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { type FilesService, TREE_COPY_INLINE_MAX_ITEMS } from './files.ts';
import { checkShare, filesInShare, type ShareRules, type ShareVisit } from './share-status.ts';

/** Where saved shares land when the saver does not choose a folder. */
export const SAVED_SHARES_FOLDER = 'Saved shares';

export type RestoreRequest = { saverId: string; shareId: string; fileIds: string[]; parentId: string | undefined };

/** How a save went: done at once (with the first copy), started as a task, or refused with the share's status. */
export type Restore = { shareStatus: ShareStatus; restoreStatus: RestoreStatus; taskId: string; fileId: string };

export type EnqueueRestore = (request: RestoreRequest, items: number) => Promise<string>;

export function restoreService(deps: { db: Kysely<Database>; files: FilesService; rules: ShareRules }) {
  const { db, files, rules } = deps;

  /**
   * The saving itself, in one transaction (also what a restore task runs). A task passes
   * `complete`, which records its end in the same transaction: the tree is saved and the task done
   * together, or neither (a crash in between must not save the tree a second time on restart).
   */
  async function runRestore(
    request: RestoreRequest,
    complete?: (tx: Kysely<Database>, copies: FileRow[]) => Promise<boolean>,
  ): Promise<{ status: ShareStatus; copies: FileRow[] }> {
    return db.transaction().execute(async (tx) => {
      const shares = sharesRepository(tx);
      if (!(await shares.countRestore(request.shareId))) return { status: 'MAX_RESTORE_COUNT' as const, copies: [] };
      const share = await shares.find(request.shareId);
      if (!share) throw new Error(`share ${request.shareId} vanished while being saved`);
      const tops = await filesRepository(tx).findMany(share.user_id, request.fileIds);
      const live = request.fileIds.map((id) => tops.find((t) => t.id === id)).filter((t): t is FileRow => !!t && t.trashed_at === null);
      if (live.length === 0) return { status: 'DELETED' as const, copies: [] };
      const parentId = request.parentId
        ? ((await files.targetFolder(tx, request.saverId, request.parentId))?.id ?? '')
        : (await files.folderAtRoot(tx, request.saverId, SAVED_SHARES_FOLDER)).id;
      const copies = await files.copyTrees(tx, share.user_id, { userId: request.saverId, parentId }, live, { original_share_id: share.id });
      await eventsRepository(tx).record('TYPE_RESTORE', copies, rules.now());
      if (complete && !(await complete(tx, copies))) throw new Error('the restore task was taken over, paused or deleted while saving');
      return { status: 'OK' as const, copies };
    });
  }

  /** Saves the chosen shared items (all of them when none are chosen) into the saver's drive. */
  async function restore(
    saverId: string,
    visit: ShareVisit,
    request: { fileIds?: string[] | undefined; parentId?: string | undefined },
    enqueue: EnqueueRestore,
  ): Promise<Restore> {
    const refused = (status: ShareStatus): Restore => ({ shareStatus: status, restoreStatus: 'RESTORE_UNKNOWN', taskId: '', fileId: '' });
    const check = await checkShare(rules, visit);
    if (check.status !== 'OK' || !check.share || !check.items) return refused(check.status);
    const share = check.share;
    if (share.user_id === saverId) throw new ServiceError('file_restore_own', 'This is your own share: its files are already in your drive.');
    const ids = request.fileIds && request.fileIds.length > 0 ? [...new Set(request.fileIds)] : check.items.map((i) => i.id);
    // Whether they all lie inside the share, and how much they hold: two queries for any number.
    if ((await filesInShare(db, share, check.items, ids)).size !== ids.length) return refused('NOT_FOUND');
    const items = await filesRepository(db).subtreeCount(share.user_id, ids);
    const restoreRequest: RestoreRequest = { saverId, shareId: share.id, fileIds: ids, parentId: request.parentId || undefined };
    if (items > TREE_COPY_INLINE_MAX_ITEMS) {
      return { shareStatus: 'OK', restoreStatus: 'RESTORE_START', taskId: await enqueue(restoreRequest, items), fileId: '' };
    }
    const saved = await runRestore(restoreRequest);
    if (saved.status !== 'OK') return refused(saved.status);
    return { shareStatus: 'OK', restoreStatus: 'RESTORE_COMPLETE', taskId: '', fileId: saved.copies[0]?.id ?? '' };
  }

  return { restore, runRestore };
}

export type RestoreService = ReturnType<typeof restoreService>;
