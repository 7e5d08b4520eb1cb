// Share links: create, list and cancel one's shares; open one as a visitor, where every
// answer is a share status of SPEC §4 produced by a real rule, never an HTTP error.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShareStatus } from '#shared/enums.ts';
import type { DriveFile, ShareSummary } from '#shared/api/resources.ts';
import type { Database } from '../db/schema.ts';
import { filesRepository, type FileRow } from '../db/repositories/files.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { ServiceError } from '../errors.ts';
import { readPageToken, writePageToken } from '../pagination.ts';
import { newId } from '../ids.ts';
import { TREE_COPY_INLINE_MAX_ITEMS, type FilesService } from './files.ts';
import { presentFile } from '../presenters/files.ts';
import { recordEvents } from '../db/repositories/events.ts';
import { takedownsRepository } from '../db/repositories/takedowns.ts';

/** How long a right passcode keeps a share open for the visitor (SPEC §9: 720 minutes). */
export const PASS_CODE_TOKEN_TTL_MS = 720 * 60_000;
/** Wrong passcodes allowed per share and address before the share is closed to guessing for a while. */
export const PASS_CODE_GUESSES = { max: 10, windowMs: 10 * 60_000 };

const PASS_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Statuses that moderation or the owner put on the share row itself. */
const STORED_STATUSES: ReadonlySet<string> = new Set(['DELETED', 'AUDITING', 'PROHIBITED', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD']);

export const SHARE_STATUS_TEXT: Record<ShareStatus, string> = {
  OK: '',
  PASS_CODE_EMPTY: 'Enter the passcode to open this share.',
  PASS_CODE_ERROR: 'The passcode is not correct.',
  MAX_RESTORE_COUNT: 'This share has been saved as many times as its owner allowed.',
  EXPIRED: 'This share has expired.',
  DELETED: 'This share was cancelled, or its files were deleted.',
  SENSITIVE_RESOURCE: 'This share holds content that was taken down.',
  SENSITIVE_WORD: 'This share cannot be shown because of its name.',
  AUDITING: 'This share is being reviewed.',
  NOT_FOUND: 'This share does not exist.',
  PROHIBITED: 'This share was taken down because it breaks the rules.',
};

/** Where saved shares land when the saver does not choose a folder. */
export const SAVED_SHARES_FOLDER = 'Saved shares';

export type RestoreRequest = { saverId: string; shareId: string; fileIds: string[]; parentId: string | undefined };

export type ShareAccess = { shareId: string; passCode?: string | undefined; passCodeToken?: string | undefined; ip: string };

type ShareRow = Awaited<ReturnType<ReturnType<typeof sharesRepository>['find']>> & {};

function sharesRepository(db: Kysely<Database>) {
  return {
    find: (id: string) => db.selectFrom('share').selectAll().where('id', '=', id).executeTakeFirst(),
    itemIds: async (shareId: string) =>
      (await db.selectFrom('share_item').select('file_id').where('share_id', '=', shareId).orderBy('position').execute()).map((r) => r.file_id),
  };
}

export function sharesService(deps: { db: Kysely<Database>; files: FilesService; counters: CounterStore; key: Buffer; sensitiveWords?: readonly string[]; now?: () => number }) {
  const { db, files, counters, key } = deps;
  const repo = sharesRepository(db);
  const fileRepo = filesRepository(db);
  const takedowns = takedownsRepository(db);
  const now = deps.now ?? Date.now;

  const tokenFor = (share: ShareRow, expires: number) => createHmac('sha256', key).update(`${share.id}.${expires}.${share.pass_code}`).digest('base64url');

  function issueToken(share: ShareRow): string {
    const expires = now() + PASS_CODE_TOKEN_TTL_MS;
    return `${expires}.${tokenFor(share, expires)}`;
  }

  /** A token opens the share it was issued for, until it expires or the passcode changes. */
  function tokenOpens(share: ShareRow, token: string | undefined): boolean {
    if (!token) return false;
    const [expiresText, signature = ''] = token.split('.');
    const expires = Number(expiresText);
    if (!Number.isSafeInteger(expires) || expires <= now()) return false;
    const expected = Buffer.from(tokenFor(share, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async function liveItems(share: ShareRow): Promise<FileRow[]> {
    const ids = await repo.itemIds(share.id);
    const rows = await fileRepo.findMany(db, share.user_id, ids);
    const byId = new Map(rows.filter((r) => r.trashed_at === null && r.phase === 'PHASE_TYPE_COMPLETE').map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is FileRow => !!r);
  }

  const sensitiveWords = (deps.sensitiveWords ?? []).map((w) => w.toLowerCase()).filter(Boolean);
  /** The operator's word list applies to what a visitor reads first: the title and the item names. */
  const hitsSensitiveWord = (texts: readonly string[]) => texts.some((text) => sensitiveWords.some((word) => text.toLowerCase().includes(word)));

  /** The share's own condition, whoever asks: cancelled, taken down, expired, emptied, used up. */
  async function condition(share: ShareRow): Promise<{ status: ShareStatus; items?: FileRow[] }> {
    if (STORED_STATUSES.has(share.status)) return { status: share.status as ShareStatus };
    if (share.expires_at !== null && share.expires_at <= now()) return { status: 'EXPIRED' };
    const items = await liveItems(share);
    if (items.length === 0) return { status: 'DELETED' };
    // Checked at every view, so a word added to the list applies to shares made before.
    if (hitsSensitiveWord([share.title, ...items.map((i) => i.name)])) return { status: 'SENSITIVE_WORD' };
    if (share.restore_limit !== null && share.restore_count >= share.restore_limit) return { status: 'MAX_RESTORE_COUNT', items };
    return { status: 'OK', items };
  }

  /** The share's status for this visitor, and a passcode token when a right passcode was given. */
  async function check(access: ShareAccess): Promise<{ status: ShareStatus; share?: ShareRow; items?: FileRow[]; token?: string }> {
    const share = await repo.find(access.shareId);
    if (!share) return { status: 'NOT_FOUND' };
    const { status, items } = await condition(share);
    if (status !== 'OK' || !items) return { status, share, ...(items ? { items } : {}) };
    if (!share.pass_code || tokenOpens(share, access.passCodeToken)) return { status: 'OK', share, items };
    if (!access.passCode) return { status: 'PASS_CODE_EMPTY', share, items };
    const guesses = `passcode:${share.id}:${access.ip}`;
    const { count, resetInMs } = await counters.peek(guesses);
    if (count >= PASS_CODE_GUESSES.max) {
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new ServiceError('too_many_requests', `Too many wrong passcodes. Try again in ${seconds} seconds.`, [{ retry_after_seconds: seconds }]);
    }
    if (access.passCode.toLowerCase() !== share.pass_code.toLowerCase()) {
      await counters.increment(guesses, PASS_CODE_GUESSES.windowMs);
      return { status: 'PASS_CODE_ERROR', share, items };
    }
    return { status: 'OK', share, items, token: issueToken(share) };
  }

  /**
   * The way from a shared item down to `fileId` (that item first, the file last), or undefined when
   * the file does not lie inside the share: a file is inside when it or one of its ancestors is shared.
   */
  async function pathInShare(share: ShareRow, items: FileRow[], fileId: string): Promise<FileRow[] | undefined> {
    const chain = await fileRepo.ancestry(db, share.user_id, fileId);
    if (chain.length === 0 || chain.some((f) => f.trashed_at !== null)) return undefined;
    const sharedIds = new Set(items.map((i) => i.id));
    const top = chain.findIndex((f) => sharedIds.has(f.id));
    return top === -1 ? undefined : chain.slice(top);
  }

  async function insideShare(share: ShareRow, items: FileRow[], fileId: string): Promise<FileRow | undefined> {
    return (await pathInShare(share, items, fileId))?.at(-1);
  }

  async function sharerOf(share: ShareRow) {
    const owner = await db.selectFrom('user').select(['id', 'name', 'picture']).where('id', '=', share.user_id).executeTakeFirst();
    return { user_id: owner?.id ?? '', nickname: maskName(owner?.name ?? ''), avatar: owner?.picture ?? '' };
  }

  return {
    async create(userId: string, origin: string, request: { fileIds: string[]; expirationDays?: number; passCodeRequired: boolean; customPassCode?: string; title?: string; restoreLimit?: number }) {
      const ids = [...new Set(request.fileIds)];
      const rows = await fileRepo.findMany(db, userId, ids);
      if (rows.length !== ids.length || rows.some((r) => r.trashed_at !== null || r.phase !== 'PHASE_TYPE_COMPLETE')) {
        throw new ServiceError('file_not_found', 'Some of these files do not exist or are in the trash.');
      }
      const ordered = ids.map((id) => rows.find((r) => r.id === id)!);
      // Content that was taken down is not shared again, wherever it sits in the shared trees.
      for (const top of ordered) {
        const hashes = (await fileRepo.subtreeRows(db, userId, top.id)).map((r) => r.hash);
        if ((await takedowns.statusesOf(db, hashes)).size > 0) {
          throw new ServiceError('permission_denied', 'Some of this content was taken down for breaking the rules and cannot be shared.', [{ field: 'file_ids', reason: 'taken_down' }]);
        }
      }
      const passCode = request.customPassCode ?? (request.passCodeRequired ? generatePassCode() : '');
      const at = now();
      const id = newId();
      const days = request.expirationDays ?? -1;
      const title = request.title?.trim() || (ordered.length === 1 ? ordered[0]!.name : `${ordered[0]!.name} +${ordered.length - 1}`);
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('share')
          .values({
            id,
            user_id: userId,
            title,
            pass_code: passCode,
            expires_at: days === -1 ? null : at + days * 86_400_000,
            restore_limit: request.restoreLimit === undefined || request.restoreLimit === -1 ? null : request.restoreLimit,
            created_at: at,
          })
          .execute();
        await tx.insertInto('share_item').values(ordered.map((row, position) => ({ share_id: id, file_id: row.id, position }))).execute();
      });
      const shareUrl = `${origin}/s/${id}`;
      return { share_id: id, share_url: shareUrl, pass_code: passCode, share_text: passCode ? `${title} ${shareUrl} (passcode: ${passCode})` : `${title} ${shareUrl}` };
    },

    async listMine(userId: string, origin: string): Promise<ShareSummary[]> {
      const shares = await db.selectFrom('share').selectAll().where('user_id', '=', userId).where('status', '!=', 'DELETED').orderBy('created_at', 'desc').limit(500).execute();
      const summaries: ShareSummary[] = [];
      for (const share of shares) {
        const { status, items = [] } = await condition(share);
        summaries.push({
          share_id: share.id,
          share_url: `${origin}/s/${share.id}`,
          share_status: status,
          title: share.title,
          pass_code: share.pass_code,
          file_num: String(items.length),
          file_size: String(items.reduce((sum, r) => sum + r.size, 0)),
          expiration_at: share.expires_at === null ? '-1' : new Date(share.expires_at).toISOString(),
          restore_count: String(share.restore_count),
          view_count: String(share.view_count),
          create_time: new Date(share.created_at).toISOString(),
        });
      }
      return summaries;
    },

    async cancel(userId: string, ids: string[]) {
      await db.updateTable('share').set({ status: 'DELETED' }).where('user_id', '=', userId).where('id', 'in', ids).execute();
    },

    /** GET /share: the shared items themselves. */
    async view(access: ShareAccess, paging: { limit: number; pageToken?: string | undefined }) {
      const result = await check(access);
      const base = {
        share_status: result.status,
        share_status_text: SHARE_STATUS_TEXT[result.status],
        pass_code_token: result.token ?? '',
        title: '',
        file_num: '0',
        expiration_at: '',
        restore_count_left: '-1',
        user_info: { user_id: '', nickname: '', avatar: '' },
        files: [] as DriveFile[],
        next_page_token: '',
      };
      const { share, items } = result;
      // Who shares what is shown while the visitor can still get in (passcode asked, or open).
      if (!share || !items || !['OK', 'PASS_CODE_EMPTY', 'PASS_CODE_ERROR', 'MAX_RESTORE_COUNT'].includes(result.status)) return base;
      const described = {
        ...base,
        title: share.title,
        file_num: String(items.length),
        expiration_at: share.expires_at === null ? '-1' : new Date(share.expires_at).toISOString(),
        restore_count_left: share.restore_limit === null ? '-1' : String(Math.max(0, share.restore_limit - share.restore_count)),
        user_info: await sharerOf(share),
      };
      if (result.status !== 'OK') return described;
      const offset = paging.pageToken ? readPageToken(paging.pageToken, offsetOf) : 0;
      if (offset === 0) await db.updateTable('share').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', share.id).execute();
      const page = items.slice(offset, offset + paging.limit);
      const next = writePageToken(offset + paging.limit < items.length ? [offset + paging.limit] : undefined);
      return { ...described, files: page.map((row) => presentFile(row)), next_page_token: next };
    },

    /**
     * Saves shared items into the saver's drive: whole trees, pointing at the same blobs, all or
     * nothing, within the share's restore limit and the saver's quota. Small trees are saved at
     * once; big ones become a restore task.
     */
    async restore(saverId: string, access: ShareAccess, request: { fileIds?: string[] | undefined; parentId?: string | undefined }, enqueue: (request: RestoreRequest, items: number) => Promise<string>) {
      const unknown = (status: ShareStatus) => ({ share_status: status, restore_status: 'RESTORE_UNKNOWN' as const, restore_task_id: '', file_id: '' });
      const result = await check(access);
      if (result.status !== 'OK' || !result.share || !result.items) return unknown(result.status);
      const share = result.share;
      if (share.user_id === saverId) throw new ServiceError('file_restore_own', 'This is your own share: its files are already in your drive.');
      const ids = request.fileIds && request.fileIds.length > 0 ? [...new Set(request.fileIds)] : result.items.map((i) => i.id);
      let items = 0;
      for (const id of ids) {
        if (!(await insideShare(share, result.items, id))) return unknown('NOT_FOUND');
        items += (await fileRepo.subtreeIds(db, share.user_id, id)).length;
      }
      const restoreRequest: RestoreRequest = { saverId, shareId: share.id, fileIds: ids, parentId: request.parentId || undefined };
      if (items > TREE_COPY_INLINE_MAX_ITEMS) {
        const taskId = await enqueue(restoreRequest, items);
        return { share_status: 'OK' as const, restore_status: 'RESTORE_START' as const, restore_task_id: taskId, file_id: '' };
      }
      const saved = await this.runRestore(restoreRequest);
      if (saved.status !== 'OK') return unknown(saved.status);
      return { share_status: 'OK' as const, restore_status: 'RESTORE_COMPLETE' as const, restore_task_id: '', file_id: saved.copies[0]?.id ?? '' };
    },

    /** The saving itself, in one transaction (also what a restore task runs). */
    async runRestore(request: RestoreRequest): Promise<{ status: ShareStatus; copies: FileRow[] }> {
      return db.transaction().execute(async (tx) => {
        // The restore limit is taken by one conditional update: concurrent saves cannot pass it.
        const counted = await tx
          .updateTable('share')
          .set((eb) => ({ restore_count: eb('restore_count', '+', 1) }))
          .where('id', '=', request.shareId)
          .where('status', '=', 'OK')
          .where((eb) => eb.or([eb('restore_limit', 'is', null), eb('restore_count', '<', eb.ref('restore_limit'))]))
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) !== 1) return { status: 'MAX_RESTORE_COUNT' as const, copies: [] };
        const share = await tx.selectFrom('share').selectAll().where('id', '=', request.shareId).executeTakeFirstOrThrow();
        const tops = await fileRepo.findMany(tx, share.user_id, request.fileIds);
        const live = request.fileIds.map((id) => tops.find((t) => t.id === id)).filter((t): t is FileRow => !!t && t.trashed_at === null);
        if (live.length === 0) return { status: 'DELETED' as const, copies: [] };
        const parentId = request.parentId ? ((await files.targetFolder(tx, request.saverId, request.parentId))?.id ?? '') : (await files.folderAtRoot(tx, request.saverId, SAVED_SHARES_FOLDER)).id;
        const copies = await files.copyTrees(tx, share.user_id, { userId: request.saverId, parentId }, live, { original_share_id: share.id });
        await recordEvents(tx, 'TYPE_RESTORE', copies, now());
        return { status: 'OK' as const, copies };
      });
    },

    /** GET /share/detail: a folder inside the share, never one outside it. */
    async detail(access: ShareAccess, parentId: string, paging: { limit: number; pageToken?: string | undefined; order?: string | undefined }) {
      const { folderNames: _, ...answer } = await this.folder(access, [parentId], paging);
      return answer;
    },

    /**
     * The folder at the end of an address's walk (/s/<id>/<folder ids…>) as GET /share/detail
     * answers it, with the names of the walked folders on the way down to it, for the breadcrumb.
     */
    async folder(access: ShareAccess, folderIds: readonly string[], paging: { limit: number; pageToken?: string | undefined; order?: string | undefined }) {
      const result = await check(access);
      const answer = { share_status: result.status, share_status_text: SHARE_STATUS_TEXT[result.status], files: [] as DriveFile[], next_page_token: '', folderNames: {} as Record<string, string> };
      const parentId = folderIds.at(-1);
      if (result.status !== 'OK' || !result.share || !result.items || parentId === undefined) return answer;
      const path = await pathInShare(result.share, result.items, parentId);
      const folder = path?.at(-1);
      if (!path || !folder || folder.kind !== 'drive#folder') return { ...answer, share_status: 'NOT_FOUND' as const, share_status_text: SHARE_STATUS_TEXT.NOT_FOUND };
      const listed = await files.list(result.share.user_id, { parentId, limit: paging.limit, pageToken: paging.pageToken, order: paging.order });
      const walked = new Set(folderIds);
      return {
        ...answer,
        files: listed.files.filter((f) => f.phase === 'PHASE_TYPE_COMPLETE').map((row) => presentFile(row)),
        next_page_token: listed.nextPageToken,
        folderNames: Object.fromEntries(path.filter((f) => walked.has(f.id)).map((f) => [f.id, f.name])),
      };
    },

    /** GET /share/file_info and :batch_file_info: files inside the share, with their download links. */
    async fileInfo(access: ShareAccess, fileIds: string[], link: (file: FileRow) => { url: string; expire: string }) {
      const result = await check(access);
      if (result.status !== 'OK' || !result.share || !result.items) return { status: result.status, files: [] as DriveFile[] };
      const found: DriveFile[] = [];
      for (const id of fileIds) {
        const file = await insideShare(result.share, result.items, id);
        if (!file || file.phase !== 'PHASE_TYPE_COMPLETE') return { status: 'NOT_FOUND' as const, files: [] as DriveFile[] };
        found.push(presentFile(file, file.kind === 'drive#file' ? link(file) : undefined));
      }
      return { status: result.status, files: found };
    },
  };
}

export type SharesService = ReturnType<typeof sharesService>;

export function generatePassCode(): string {
  let code = '';
  for (let i = 0; i < 4; i++) code += PASS_CODE_ALPHABET[randomInt(PASS_CODE_ALPHABET.length)];
  return code;
}

/** "Annabel" → "A***l": visitors see who shares without learning the full name. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}

/** A share's items are few (a share names its items), so its pages are counted by offset. */
function offsetOf([offset]: unknown[]): number | undefined {
  return Number.isSafeInteger(offset) && (offset as number) >= 0 ? (offset as number) : undefined;
}
