// Shares as the API shows them (API.md Shares): the owner's list, a visitor's view of a share and
// of its folders and files. Each answer carries the share status and its text (SPEC §4).

import type { DriveFile } from '#shared/api/files.ts';
import type { CreatedShare, ShareFolder, ShareStatus, ShareSummary, ShareView } from '#shared/api/shares.ts';
import type { FileRow } from '../db/repositories/files.ts';
import type { ShareRow } from '../db/repositories/shares.ts';
import type { OwnedShare, SharedFolder, ShareViewing } from '../services/shares.ts';
import { presentFile } from './files.ts';

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
  ACCOUNT_DISABLED: 'The account that shared this is disabled.',
};

const shareUrl = (origin: string, share: Pick<ShareRow, 'id'>) => `${origin}/s/${share.id}`;
const expirationOf = (share: ShareRow) => (share.expires_at === null ? '-1' : new Date(share.expires_at).toISOString());

export function presentCreatedShare(share: ShareRow, origin: string): CreatedShare {
  const url = shareUrl(origin, share);
  return {
    share_id: share.id,
    share_url: url,
    pass_code: share.pass_code,
    share_text: share.pass_code ? `${share.title} ${url} (passcode: ${share.pass_code})` : `${share.title} ${url}`,
  };
}

const timeOrNone = (at: number | null) => (at === null ? '' : new Date(at).toISOString());

export function presentShareSummary({ share, status, items, passCodesStoppedUntil }: OwnedShare, origin: string): ShareSummary {
  return {
    share_id: share.id,
    share_url: shareUrl(origin, share),
    share_status: status,
    title: share.title,
    pass_code: share.pass_code,
    file_num: String(items.length),
    file_size: String(items.reduce((sum, r) => sum + r.size, 0)),
    expiration_at: expirationOf(share),
    restore_count: String(share.restore_count),
    view_count: String(share.view_count),
    create_time: new Date(share.created_at).toISOString(),
    pass_code_locked_at: timeOrNone(share.pass_code_locked_at),
    pass_code_locked_until: timeOrNone(passCodesStoppedUntil),
  };
}

export function presentShareView(viewing: ShareViewing): ShareView {
  const base: ShareView = {
    share_status: viewing.status,
    share_status_text: SHARE_STATUS_TEXT[viewing.status],
    pass_code_token: viewing.token ?? '',
    title: '',
    file_num: '0',
    expiration_at: '',
    restore_count_left: '-1',
    user_info: { user_id: '', nickname: '', avatar: '' },
    files: [],
    next_page_token: '',
  };
  const { share, items, sharer } = viewing;
  if (!viewing.described || !share || !items) return base;
  return {
    ...base,
    title: share.title,
    file_num: String(items.length),
    expiration_at: expirationOf(share),
    restore_count_left: share.restore_limit === null ? '-1' : String(Math.max(0, share.restore_limit - share.restore_count)),
    user_info: { user_id: sharer?.id ?? '', nickname: maskName(sharer?.name ?? ''), avatar: sharer?.picture ?? '' },
    files: viewing.files.map((row) => presentFile(row)),
    next_page_token: viewing.nextPageToken,
  };
}

export function presentShareFolder(folder: SharedFolder): ShareFolder {
  return {
    share_status: folder.status,
    share_status_text: SHARE_STATUS_TEXT[folder.status],
    files: folder.files.map((row) => presentFile(row)),
    next_page_token: folder.nextPageToken,
  };
}

/** A file inside a share, with its download link when it is a file (folders have none). */
export function presentSharedFile(file: FileRow, linkFor: (file: FileRow) => { url: string; expire: string }): DriveFile {
  return presentFile(file, file.kind === 'drive#file' ? linkFor(file) : undefined);
}

/** "Annabel" → "A***l": visitors see who shares without learning the full name. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}
