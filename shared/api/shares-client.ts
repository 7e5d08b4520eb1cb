// The shares API (API.md Shares) as typed calls, for the share page: viewing a share (with its
// passcode or passcode token), its folders, its files' signed links, and saving it into one's drive.
import type { ApiClient } from './client.ts';
import { RESTORE_PATH, type RestoreBody, type RestoreResult } from './restore.ts';
import {
  type CreatedShare,
  type CreateShareBody,
  SHARE_PATHS,
  type ShareAccess,
  type ShareFileInfo,
  type ShareFolder,
  type ShareList,
  type ShareView,
} from './shares.ts';

const accessQuery = ({ shareId, passCode, passCodeToken }: ShareAccess) => ({
  share_id: shareId,
  pass_code: passCode || undefined,
  pass_code_token: passCodeToken || undefined,
});

export function sharesApi(api: ApiClient) {
  return {
    view: (access: ShareAccess, pageToken?: string) => api.get<ShareView>(SHARE_PATHS.share, { ...accessQuery(access), page_token: pageToken || undefined }),
    folder: (access: ShareAccess, parentId: string, pageToken?: string) =>
      api.get<ShareFolder>(SHARE_PATHS.detail, { ...accessQuery(access), parent_id: parentId, page_token: pageToken || undefined }),
    /** One shared file with its signed download link; undefined when the share no longer shows it. */
    file: async (access: ShareAccess, fileId: string) =>
      (await api.get<ShareFileInfo>(SHARE_PATHS.fileInfo, { ...accessQuery(access), file_id: fileId })).file_info,
    restore: (body: RestoreBody) => api.post<RestoreResult>(RESTORE_PATH, body),
    /** The owner's side: share files, list one's shares with their counters, cancel some. */
    create: (body: CreateShareBody) => api.post<CreatedShare>(SHARE_PATHS.share, body),
    mine: async () => (await api.get<ShareList>(SHARE_PATHS.list)).data,
    cancel: (ids: readonly string[]) => api.post<Record<string, never>>(SHARE_PATHS.batchDelete, { ids: [...ids] }),
  };
}
