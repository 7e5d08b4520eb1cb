// The shares API (API.md Shares) as typed calls, for the share page: viewing a share (with its
// passcode or passcode token), its folders, its files' signed links, and saving it into one's drive.
import type { ApiClient } from './client.ts';
import { RESTORE_PATH, SHARE_PATHS, type CreateShareBody, type RestoreBody } from './shares.ts';
import type { DriveFile, ShareRestoreResult, ShareSummary, ShareView } from './resources.ts';

/** How a visitor opens a share: the passcode just typed, or the token a right one gave earlier. */
export type ShareAccess = { shareId: string; passCode?: string | undefined; passCodeToken?: string | undefined };

/** What creating a share answers: its address, its passcode ('' for none) and a text to send. */
export type CreatedShare = { share_id: string; share_url: string; pass_code: string; share_text: string };

export type ShareFolder = Pick<ShareView, 'share_status' | 'files' | 'next_page_token'>;

const accessQuery = ({ shareId, passCode, passCodeToken }: ShareAccess) => ({ share_id: shareId, pass_code: passCode || undefined, pass_code_token: passCodeToken || undefined });

export function sharesApi(api: ApiClient) {
  return {
    view: (access: ShareAccess, pageToken?: string) => api.get<ShareView>(SHARE_PATHS.share, { ...accessQuery(access), page_token: pageToken || undefined }),
    folder: (access: ShareAccess, parentId: string, pageToken?: string) => api.get<ShareFolder>(SHARE_PATHS.detail, { ...accessQuery(access), parent_id: parentId, page_token: pageToken || undefined }),
    /** One shared file with its signed download link; undefined when the share no longer shows it. */
    file: async (access: ShareAccess, fileId: string) => (await api.get<{ file_info?: DriveFile }>(SHARE_PATHS.fileInfo, { ...accessQuery(access), file_id: fileId })).file_info,
    restore: (body: RestoreBody) => api.post<ShareRestoreResult>(RESTORE_PATH, body),
    /** The owner's side: share files, list one's shares with their counters, cancel some. */
    create: (body: CreateShareBody) => api.post<CreatedShare>(SHARE_PATHS.share, body),
    mine: async () => (await api.get<{ data: ShareSummary[] }>(SHARE_PATHS.list)).data,
    cancel: (ids: readonly string[]) => api.post<Record<string, never>>(SHARE_PATHS.batchDelete, { ids: [...ids] }),
  };
}

export type SharesApi = ReturnType<typeof sharesApi>;
