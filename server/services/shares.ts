// Share links: the owner creates, lists and cancels their shares; a visitor opens one, walks its
// folders and reads its files. Whether the visitor gets in is share-status.ts; saving a share into
// one's drive is restore.ts. Answers are rows and statuses; presenters/shares.ts makes them JSON.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShareStatus } from '#shared/api/shares.ts';
import type { UserRow } from '../db/repositories/accounts.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import { type ShareRow, sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { newId } from '../ids.ts';
import { readPageToken, writePageToken } from '../pagination.ts';
import type { FilesService } from './files.ts';
import { checkShare, filesInShare, pathInShare, type ShareCheck, type ShareRules, type ShareVisit, shareCondition } from './share-status.ts';

const PASS_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/**
 * How long a passcode Nubo makes is. A share hears at most SHARE_PASS_CODE_GUESSES.max (100)
 * passcodes an hour, from all addresses together; over ten years (3,650 days, the furthest end
 * date a share takes, and counted so for one without) that is 100 × 24 × 3,650 = 8,760,000 tries
 * against 36^8 ≈ 2.8 × 10^12 passcodes: one chance in about 322,000 of finding it. Four characters
 * (36^4 ≈ 1.7 million) would all be tried in under two years at that pace. Passcodes people
 * choose themselves may still be 4 to 10 characters (CUSTOM_PASS_CODE_PATTERN).
 */
const GENERATED_PASS_CODE_LENGTH = 8;

/** Statuses under which a visitor still sees who shares what (passcode asked, or open). */
const DESCRIBED_STATUSES: ReadonlySet<ShareStatus> = new Set(['OK', 'PASS_CODE_EMPTY', 'PASS_CODE_ERROR', 'MAX_RESTORE_COUNT']);

export type NewShare = {
  fileIds: string[];
  expirationDays?: number;
  passCodeRequired: boolean;
  customPassCode?: string;
  title?: string;
  restoreLimit?: number;
};

/**
 * One of the owner's shares with its status and live items, and until when it takes no passcodes
 * (null when it takes them).
 */
export type OwnedShare = { share: ShareRow; status: ShareStatus; items: FileRow[]; passCodesStoppedUntil: number | null };

/**
 * A visitor's view of a share: the status; while the visitor may still get in (`described`), who
 * shares what; and when open, a page of the items.
 */
export type ShareViewing = ShareCheck & {
  described: boolean;
  sharer?: Pick<UserRow, 'id' | 'name' | 'picture'> | undefined;
  files: FileRow[];
  nextPageToken: string;
};

/** A folder inside a share, with the names of the folders walked through to reach it. */
export type SharedFolder = { status: ShareStatus; files: FileRow[]; nextPageToken: string; folderNames: Record<string, string> };

export type Paging = { limit: number; pageToken?: string | undefined; order?: string | undefined };

export function sharesService(deps: { db: Kysely<Database>; files: FilesService; rules: ShareRules; log: ErrorLog }) {
  const { db, files, rules } = deps;
  const views = viewCounts(db, deps.log);

  async function create(userId: string, request: NewShare): Promise<ShareRow> {
    const ids = [...new Set(request.fileIds)];
    const fileRepo = filesRepository(db);
    const rows = await fileRepo.findMany(userId, ids);
    if (rows.length !== ids.length || rows.some((r) => r.trashed_at !== null || r.phase !== 'PHASE_TYPE_COMPLETE')) {
      throw new ServiceError('file_not_found', 'Some of these files do not exist or are in the trash.');
    }
    const ordered = ids.map((id) => rows.find((r) => r.id === id)!);
    // Content that was taken down is not shared again, wherever it sits in the shared trees: one
    // walk down all of them, one look at the takedowns.
    const hashes = (await fileRepo.subtreeRows(userId, ids)).map((r) => r.hash);
    if ((await moderationRepository(db).statusesOf(hashes)).size > 0) {
      throw new ServiceError('permission_denied', 'Some of this content was taken down for breaking the rules and cannot be shared.', [
        { field: 'file_ids', reason: 'taken_down' },
      ]);
    }
    const at = rules.now();
    const days = request.expirationDays ?? -1;
    const share = {
      id: newId(),
      user_id: userId,
      title: request.title?.trim() || (ordered.length === 1 ? ordered[0]!.name : `${ordered[0]!.name} +${ordered.length - 1}`),
      pass_code: request.customPassCode ?? (request.passCodeRequired ? generatePassCode() : ''),
      expires_at: days === -1 ? null : at + days * 86_400_000,
      restore_limit: request.restoreLimit === undefined || request.restoreLimit === -1 ? null : request.restoreLimit,
      created_at: at,
    };
    await db.transaction().execute((tx) =>
      sharesRepository(tx).insert(
        share,
        ordered.map((row) => row.id),
      ),
    );
    return { ...share, restore_count: 0, view_count: 0, status: 'OK', pass_code_locked_at: null, pass_code_locked_until: null };
  }

  async function listMine(userId: string): Promise<OwnedShare[]> {
    // The owner sees every view this process has counted, not the count of a second ago.
    await views.write();
    const owned: OwnedShare[] = [];
    for (const share of await sharesRepository(db).listOf(userId)) {
      const { status, items = [] } = await shareCondition(rules, share);
      const until = share.pass_code_locked_until;
      owned.push({ share, status, items, passCodesStoppedUntil: until !== null && until > rules.now() ? until : null });
    }
    return owned;
  }

  /**
   * Cancels the user's shares, all of them or none: an id that is no share of theirs (missing, or
   * someone else's, which is told the same way) is refused with not_found.
   */
  async function cancel(userId: string, ids: string[]) {
    if (ids.length === 0) return;
    await db.transaction().execute(async (tx) => {
      const owned = new Set(await sharesRepository(tx).ownedOf(userId, ids));
      const unknown = [...new Set(ids)].filter((id) => !owned.has(id));
      if (unknown.length > 0)
        throw new ServiceError(
          'not_found',
          'There is no such share among yours.',
          unknown.map((id) => ({ field: 'ids', reason: 'not_found', id })),
        );
      await sharesRepository(tx).cancel(userId, ids);
    });
  }

  /** GET /share: the shared items themselves; the first page counts as a view. */
  async function view(visit: ShareVisit, paging: Paging): Promise<ShareViewing> {
    const check = await checkShare(rules, visit);
    const { share, items } = check;
    if (!share || !items || !DESCRIBED_STATUSES.has(check.status)) return { ...check, described: false, files: [], nextPageToken: '' };
    const described = { ...check, described: true, sharer: check.owner, files: [] as FileRow[], nextPageToken: '' };
    if (check.status !== 'OK') return described;
    const offset = paging.pageToken ? readPageToken(paging.pageToken, offsetOf) : 0;
    if (offset === 0) views.count(share.id);
    const next = offset + paging.limit < items.length ? [offset + paging.limit] : undefined;
    return { ...described, files: items.slice(offset, offset + paging.limit), nextPageToken: writePageToken(next) };
  }

  /**
   * The folder at the end of an address's walk (/s/<id>/<folder ids…>), never one outside the
   * share, with the names of the walked folders on the way down to it, for the breadcrumb.
   */
  async function folder(visit: ShareVisit, folderIds: readonly string[], paging: Paging): Promise<SharedFolder> {
    const check = await checkShare(rules, visit);
    const answer: SharedFolder = { status: check.status, files: [], nextPageToken: '', folderNames: {} };
    const parentId = folderIds.at(-1);
    if (check.status !== 'OK' || !check.share || !check.items || parentId === undefined) return answer;
    const path = await pathInShare(db, check.share, check.items, parentId);
    const found = path?.at(-1);
    if (!path || !found || found.kind !== 'drive#folder') return { ...answer, status: 'NOT_FOUND' };
    const listed = await files.list(check.share.user_id, { parentId, limit: paging.limit, pageToken: paging.pageToken, order: paging.order });
    const walked = new Set(folderIds);
    return {
      ...answer,
      files: listed.files.filter((f) => f.phase === 'PHASE_TYPE_COMPLETE'),
      nextPageToken: listed.nextPageToken,
      folderNames: Object.fromEntries(path.filter((f) => walked.has(f.id)).map((f) => [f.id, f.name])),
    };
  }

  /**
   * GET /share/file_info and :batch_file_info: files inside the share, each once however often it
   * was asked for, in the order first asked; none when one of them is not. A fixed few queries
   * whatever the ids and however deep they lie.
   */
  async function fileInfo(visit: ShareVisit, fileIds: string[]): Promise<{ status: ShareStatus; files: FileRow[] }> {
    const check = await checkShare(rules, visit);
    if (check.status !== 'OK' || !check.share || !check.items) return { status: check.status, files: [] };
    const wanted = [...new Set(fileIds)];
    const inside = await filesInShare(db, check.share, check.items, wanted);
    const found = wanted.map((id) => inside.get(id));
    if (found.some((file) => file?.phase !== 'PHASE_TYPE_COMPLETE')) return { status: 'NOT_FOUND', files: [] };
    return { status: check.status, files: found as FileRow[] };
  }

  return { create, listMine, cancel, view, folder, fileInfo, stop: views.stop };
}

type ErrorLog = { error(details: object, message: string): void };

/** How often the views counted in memory are written to the shares. */
const VIEWS_WRITTEN_EVERY_MS = 1000;

/**
 * Views counted in memory and added to their shares once a second, when the owner lists their
 * shares, and when the server stops: a viral link's thousand visits a second cost one write a
 * second, not a thousand (each write also makes every kept share lookup be read anew). A server
 * that crashes loses at most a second of views; another server process's views show within a second.
 */
function viewCounts(db: Kysely<Database>, log: ErrorLog) {
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const counted = pending;
      pending = new Map();
      try {
        await db.transaction().execute(async (tx) => {
          for (const [id, views] of counted) await sharesRepository(tx).addViews(id, views);
        });
      } catch (failure) {
        // Kept for the next write: a busy database loses no view.
        for (const [id, views] of counted) pending.set(id, (pending.get(id) ?? 0) + views);
        log.error({ err: failure }, 'share views could not be written; they are tried again');
      }
    });
    return writing;
  };
  const timer = setInterval(write, VIEWS_WRITTEN_EVERY_MS);
  timer.unref();
  return {
    count(id: string) {
      pending.set(id, (pending.get(id) ?? 0) + 1);
    },
    write,
    async stop() {
      clearInterval(timer);
      await write();
    },
  };
}

export type SharesService = ReturnType<typeof sharesService>;

export function generatePassCode(): string {
  let code = '';
  for (let i = 0; i < GENERATED_PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[randomInt(PASS_CODE_ALPHABET.length)];
  return code;
}

/** A share's items are few (a share names its items), so its pages are counted by offset. */
function offsetOf([offset]: unknown[]): number | undefined {
  return Number.isSafeInteger(offset) && (offset as number) >= 0 ? (offset as number) : undefined;
}
