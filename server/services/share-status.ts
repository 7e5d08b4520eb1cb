// A share's status for whoever opens it (SPEC §4): every answer is a status produced by a real
// rule, never an HTTP error. The shares and restore services both start here.
import type { Kysely } from 'kysely';
import type { ShareAccess, ShareStatus } from '#shared/api/shares.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { type ShareRow, sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { type Signer, signer } from '../ids.ts';

/** How long a right passcode keeps a share open for the visitor (SPEC §9: 720 minutes). */
export const PASS_CODE_TOKEN_TTL_MS = 720 * 60_000;
/** Wrong passcodes allowed per share and address before the share is closed to guessing for a while. */
export const PASS_CODE_GUESSES = { max: 10, windowMs: 10 * 60_000 };

/** Statuses that moderation or the owner put on the share row itself. */
const STORED_STATUSES: ReadonlySet<string> = new Set(['DELETED', 'AUDITING', 'PROHIBITED', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD']);

/** A visitor opening a share: the passcode or token they bring, and the address they come from. */
export type ShareVisit = ShareAccess & { ip: string };

/** The share's status for a visitor, with the share and its live items when it has them. */
export type ShareCheck = { status: ShareStatus; share?: ShareRow; items?: FileRow[]; token?: string };

/** What the status rules need: the database, the passcode-guess counters, the token key, the word list. */
export type ShareRules = { db: Kysely<Database>; counters: CounterStore; tokens: Signer; sensitiveWords: readonly string[]; now: () => number };

export function shareRules(deps: {
  db: Kysely<Database>;
  counters: CounterStore;
  key: Buffer;
  sensitiveWords?: readonly string[];
  now?: () => number;
}): ShareRules {
  return {
    db: deps.db,
    counters: deps.counters,
    tokens: signer(deps.key),
    sensitiveWords: (deps.sensitiveWords ?? []).map((w) => w.toLowerCase()).filter(Boolean),
    now: deps.now ?? Date.now,
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
  const items = await sharesRepository(rules.db).liveItems(share);
  if (items.length === 0) return { status: 'DELETED' };
  // Checked at every view, so a word added to the list applies to shares made before.
  if (hitsSensitiveWord(rules, [share.title, ...items.map((i) => i.name)])) return { status: 'SENSITIVE_WORD' };
  if (share.restore_limit !== null && share.restore_count >= share.restore_limit) return { status: 'MAX_RESTORE_COUNT', items };
  return { status: 'OK', items };
}

/** The share's status for this visitor, and a passcode token when a right passcode was given. */
export async function checkShare(rules: ShareRules, visit: ShareVisit): Promise<ShareCheck> {
  const found = await sharesRepository(rules.db).findWithOwnerStatus(visit.shareId);
  if (!found) return { status: 'NOT_FOUND' };
  const { owner_status: ownerStatus, ...share } = found;
  // A disabled account's shares stop with it (and open again when it is enabled).
  if (ownerStatus !== 'ACTIVE') return { status: 'ACCOUNT_DISABLED', share };
  const { status, items } = await shareCondition(rules, share);
  if (status !== 'OK' || !items) return { status, share, ...(items ? { items } : {}) };
  if (!share.pass_code || tokenOpens(rules, share, visit.passCodeToken)) return { status: 'OK', share, items };
  if (!visit.passCode) return { status: 'PASS_CODE_EMPTY', share, items };
  const guesses = `passcode:${share.id}:${visit.ip}`;
  const { count, resetInMs } = await rules.counters.peek(guesses);
  if (count >= PASS_CODE_GUESSES.max) {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    throw new ServiceError('too_many_requests', `Too many wrong passcodes. Try again in ${seconds} seconds.`, [{ retry_after_seconds: seconds }]);
  }
  if (visit.passCode.toLowerCase() !== share.pass_code.toLowerCase()) {
    await rules.counters.increment(guesses, PASS_CODE_GUESSES.windowMs);
    return { status: 'PASS_CODE_ERROR', share, items };
  }
  return { status: 'OK', share, items, token: issueToken(rules, share) };
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

export async function insideShare(db: Kysely<Database>, share: ShareRow, items: readonly FileRow[], fileId: string): Promise<FileRow | undefined> {
  return (await pathInShare(db, share, items, fileId))?.at(-1);
}
