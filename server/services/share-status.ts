// A share's status for whoever opens it (SPEC §4): every answer is a status produced by a real
// rule, never an HTTP error. The shares and restore services both start here.
import type { Kysely } from 'kysely';
import type { ShareAccess, ShareStatus } from '#shared/api/shares.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import type { UserRow } from '../db/repositories/accounts.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { type ShareRow, sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { type Signer, signer } from '../ids.ts';
import { leastLatelyUsed } from '../least-lately-used.ts';

/** How long a right passcode keeps a share open for the visitor (SPEC §9: 720 minutes). */
export const PASS_CODE_TOKEN_TTL_MS = 720 * 60_000;
/** Passcodes one address may try on one share before it may try no more there for a while. */
export const PASS_CODE_GUESSES = { max: 10, windowMs: 10 * 60_000 };
/**
 * Passcodes all addresses together may try on one share in an hour: past them the share takes no
 * passcode for an hour from then, whoever brings it, and its owner sees so in their list of
 * shares. However many addresses guess, a share hears at most this many passcodes an hour (what
 * generated passcodes are as long as they are for: see generatePassCode).
 */
export const SHARE_PASS_CODE_GUESSES = { max: 100, windowMs: 60 * 60_000 };

/** Statuses that moderation or the owner put on the share row itself. */
const STORED_STATUSES: ReadonlySet<string> = new Set(['DELETED', 'AUDITING', 'PROHIBITED', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD']);

/** A visitor opening a share: the passcode or token they bring, and the address they come from. */
export type ShareVisit = ShareAccess & { ip: string };

/** The share's status for a visitor, with the share, its owner and its live items when it has them. */
export type ShareCheck = { status: ShareStatus; share?: ShareRow; owner?: ShareOwner; items?: FileRow[]; token?: string };

/** Who shares: what a visitor is shown of them, and whether their account is active. */
export type ShareOwner = Pick<UserRow, 'id' | 'name' | 'picture' | 'status'>;

/**
 * What a share's status is read from: the share, its owner, and its live items unless the share
 * itself says it is closed. Shared between visits, so never changed once read.
 */
type ShareLookup = { share: ShareRow; owner: ShareOwner; items: readonly FileRow[] | undefined };

/**
 * Rows (a share, its owner, each item) kept of the shares visited most lately, a few hundred bytes
 * each: a few MB. A viral link's visitors then cost no query while nothing was written to the
 * database since (its change mark, SQLite only); any write there, or a lookup on PostgreSQL,
 * reads the share anew.
 */
const LOOKUP_ROWS = 20_000;

/** Told when a share stops taking passcodes (too many wrong ones), to tell its owner; not waited for, it must not fail. */
export type PassCodesStopped = (share: ShareRow, until: number) => Promise<void>;

/**
 * What the status rules need: the database, the passcode-guess counters, the token key, the word
 * list, and whom to tell when a share stops taking passcodes.
 */
export type ShareRules = {
  db: Kysely<Database>;
  /** What shares were read at which change mark of the database (NuboDatabase.changeMark). */
  lookups: { changeMark: (() => string) | undefined; kept: ReturnType<typeof leastLatelyUsed<{ mark: string; lookup: ShareLookup | undefined }>> };
  counters: CounterStore;
  tokens: Signer;
  sensitiveWords: readonly string[];
  now: () => number;
  passCodesStopped: PassCodesStopped | undefined;
};

export function shareRules(deps: {
  db: Kysely<Database>;
  changeMark?: (() => string) | undefined;
  counters: CounterStore;
  key: Buffer;
  sensitiveWords?: readonly string[];
  now?: () => number;
  passCodesStopped?: PassCodesStopped;
}): ShareRules {
  return {
    db: deps.db,
    lookups: { changeMark: deps.changeMark, kept: leastLatelyUsed(LOOKUP_ROWS, ({ lookup }) => 2 + (lookup?.items?.length ?? 0)) },
    counters: deps.counters,
    tokens: signer(deps.key),
    sensitiveWords: (deps.sensitiveWords ?? []).map((w) => w.toLowerCase()).filter(Boolean),
    now: deps.now ?? Date.now,
    passCodesStopped: deps.passCodesStopped,
  };
}

const tokenPayload = (share: ShareRow, expires: number) => `${share.id}.${expires}.${share.pass_code}`;

function issueToken(rules: ShareRules, share: ShareRow): string {
  const expires = rules.now() + PASS_CODE_TOKEN_TTL_MS;
  return `${expires}.${rules.tokens.sign(tokenPayload(share, expires))}`;
}

/** A token opens the share it was issued for, until it expires or the passcode changes. */
function tokenOpens(rules: ShareRules, share: ShareRow, token: string | undefined): boolean {
  if (!token) return false;
  const [expiresText, signature = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires <= rules.now()) return false;
  return rules.tokens.verify(tokenPayload(share, expires), signature);
}

/** The operator's word list applies to what a visitor reads first: the title and the item names. */
const hitsSensitiveWord = (rules: ShareRules, texts: readonly string[]) =>
  texts.some((text) => rules.sensitiveWords.some((word) => text.toLowerCase().includes(word)));

/** The share's own condition, whoever asks: cancelled, taken down, expired, emptied, used up. */
export async function shareCondition(rules: ShareRules, share: ShareRow): Promise<{ status: ShareStatus; items?: FileRow[] }> {
  if (STORED_STATUSES.has(share.status)) return { status: share.status as ShareStatus };
  if (share.expires_at !== null && share.expires_at <= rules.now()) return { status: 'EXPIRED' };
  return conditionOf(rules, share, await sharesRepository(rules.db).liveItems(share));
}

/** The condition of a share whose live items were read (none when it is closed by its own row). */
function conditionOf(rules: ShareRules, share: ShareRow, items: readonly FileRow[] | undefined): { status: ShareStatus; items?: FileRow[] } {
  if (STORED_STATUSES.has(share.status) || !items) return { status: share.status as ShareStatus };
  if (share.expires_at !== null && share.expires_at <= rules.now()) return { status: 'EXPIRED' };
  if (items.length === 0) return { status: 'DELETED' };
  // Checked at every view, so a word added to the list applies to shares made before.
  if (hitsSensitiveWord(rules, [share.title, ...items.map((i) => i.name)])) return { status: 'SENSITIVE_WORD' };
  // A copy of the kept list: whoever is handed it may page through it, never change what is kept.
  if (share.restore_limit !== null && share.restore_count >= share.restore_limit) return { status: 'MAX_RESTORE_COUNT', items: [...items] };
  return { status: 'OK', items: [...items] };
}

/** The share, its owner and its live items, as kept from an earlier visit when nothing was written since. */
async function lookUpShare(rules: ShareRules, shareId: string): Promise<ShareLookup | undefined> {
  const { changeMark, kept } = rules.lookups;
  // The mark before reading: a write while the rows are read leaves them kept under a mark already gone.
  const mark = changeMark?.();
  const earlier = mark === undefined ? undefined : kept.get(shareId);
  if (earlier && earlier.mark === mark) return earlier.lookup;
  const found = await sharesRepository(rules.db).findWithOwner(shareId);
  let lookup: ShareLookup | undefined;
  if (found) {
    const { owner_status: status, owner_name: name, owner_picture: picture, ...share } = found;
    const items = STORED_STATUSES.has(share.status) ? undefined : await sharesRepository(rules.db).liveItems(share);
    lookup = { share, owner: { id: share.user_id, name, picture, status }, items };
  }
  if (mark !== undefined) kept.set(shareId, { mark, lookup });
  return lookup;
}

/** The share's status for this visitor, and a passcode token when a right passcode was given. */
export async function checkShare(rules: ShareRules, visit: ShareVisit): Promise<ShareCheck> {
  const found = await lookUpShare(rules, visit.shareId);
  if (!found) return { status: 'NOT_FOUND' };
  const { share, owner } = found;
  // A disabled account's shares stop with it (and open again when it is enabled).
  if (owner.status !== 'ACTIVE') return { status: 'ACCOUNT_DISABLED', share };
  const { status, items } = conditionOf(rules, share, found.items);
  if (status !== 'OK' || !items) return { status, share, owner, ...(items ? { items } : {}) };
  if (!share.pass_code || tokenOpens(rules, share, visit.passCodeToken)) return { status: 'OK', share, owner, items };
  if (!visit.passCode) return { status: 'PASS_CODE_EMPTY', share, owner, items };
  await countPassCodeTry(rules, share, visit.ip);
  if (visit.passCode.toLowerCase() !== share.pass_code.toLowerCase()) return { status: 'PASS_CODE_ERROR', share, owner, items };
  // Only wrong passcodes use up the limits: a popular link's visitors typing the right one do not.
  await Promise.all([rules.counters.decrement(addressTries(share, visit.ip)), rules.counters.decrement(shareTries(share))]);
  return { status: 'OK', share, owner, items, token: issueToken(rules, share) };
}

const addressTries = (share: ShareRow, ip: string) => `passcode:${share.id}:${ip}`;
const shareTries = (share: ShareRow) => `passcode:${share.id}`;

function passCodesRefused(resetInMs: number) {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new ServiceError('too_many_requests', `Too many wrong passcodes. Try again in ${seconds} seconds.`, [{ retry_after_seconds: seconds }]);
}

/**
 * Counts a passcode try before it is compared, so that tries sent at once cannot together pass a
 * limit (counted after comparing, every try in flight was compared); refused with
 * too_many_requests past the address's limit or the share's. The counters are Redis's when
 * REDIS_URL is set, so every server copy counts together; the share's stop is on its row.
 */
async function countPassCodeTry(rules: ShareRules, share: ShareRow, ip: string) {
  const at = rules.now();
  if (share.pass_code_locked_until !== null && share.pass_code_locked_until > at) throw passCodesRefused(share.pass_code_locked_until - at);
  const fromHere = await rules.counters.increment(addressTries(share, ip), PASS_CODE_GUESSES.windowMs);
  // An address past its own limit uses up nothing of the share's, or one address could stop the share for everyone.
  if (fromHere.count > PASS_CODE_GUESSES.max) throw passCodesRefused(fromHere.resetInMs);
  const fromAll = await rules.counters.increment(shareTries(share), SHARE_PASS_CODE_GUESSES.windowMs);
  if (fromAll.count <= SHARE_PASS_CODE_GUESSES.max) return;
  // The first try refused in the hour stops the share for an hour from now (the count's own hour
  // may end sooner): the owner's list shows it, and the owner is mailed where there is mail.
  if (fromAll.count === SHARE_PASS_CODE_GUESSES.max + 1) {
    const until = at + SHARE_PASS_CODE_GUESSES.windowMs;
    await sharesRepository(rules.db).stopPassCodes(share.id, at, until);
    void rules.passCodesStopped?.(share, until);
    throw passCodesRefused(SHARE_PASS_CODE_GUESSES.windowMs);
  }
  throw passCodesRefused(fromAll.resetInMs);
}

/**
 * Which of these files lie inside the share (a file is inside when it or a folder above it is one
 * of the share's items, and none of them is in the trash), keyed by id: one query for all of them,
 * however many are asked and however deep they lie.
 */
export async function filesInShare(
  db: Kysely<Database>,
  share: ShareRow,
  items: readonly FileRow[],
  fileIds: readonly string[],
): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(fileIds)];
  const sharedIds = new Set(items.map((i) => i.id));
  const rows = new Map((await filesRepository(db).chainsUpTo(share.user_id, wanted, [...sharedIds])).map((r) => [r.id, r]));
  // Each row is judged once: the files asked for share most of their way up.
  const judged = new Map<string, boolean>();
  const inside = (id: string): boolean => {
    const path = new Set<string>();
    let verdict = false;
    for (let current = id; ; ) {
      const known = judged.get(current);
      if (known !== undefined) {
        verdict = known;
        break;
      }
      const row = rows.get(current);
      if (!row || row.trashed_at !== null || path.has(current)) break;
      path.add(current);
      if (sharedIds.has(current)) {
        verdict = true;
        break;
      }
      current = row.parent_id;
    }
    for (const step of path) judged.set(step, verdict);
    return verdict;
  };
  const found = new Map<string, FileRow>();
  for (const id of wanted) if (inside(id)) found.set(id, rows.get(id)!);
  return found;
}

/**
 * The way from a shared item down to `fileId` (that item first, the file last), or undefined when
 * the file does not lie inside the share: a file is inside when it or one of its ancestors is shared.
 */
export async function pathInShare(db: Kysely<Database>, share: ShareRow, items: readonly FileRow[], fileId: string): Promise<FileRow[] | undefined> {
  const chain = await filesRepository(db).ancestry(share.user_id, fileId);
  if (chain.length === 0 || chain.some((f) => f.trashed_at !== null)) return undefined;
  const sharedIds = new Set(items.map((i) => i.id));
  const top = chain.findIndex((f) => sharedIds.has(f.id));
  return top === -1 ? undefined : chain.slice(top);
}
