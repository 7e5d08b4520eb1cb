// Files as the API shows them (API.md File): a row of the drive, with what the caller may do with it.

import type { DriveFile } from '#shared/api/files.ts';
import { fileCategoryOf } from '#shared/files/classify.ts';
import type { FileRow } from '../db/repositories/files.ts';
import type { MediaRow } from '../db/repositories/media.ts';

/** The API's File resource (API.md) for a row, with its download link when one is given. */
export function presentFile(row: FileRow, download?: { url: string; expire: string }, thumbnailLink = '', media?: MediaRow): DriveFile {
  return {
    kind: row.kind,
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    size: String(row.size),
    mime_type: row.mime_type,
    file_extension: row.file_extension ? `.${row.file_extension}` : '',
    file_category: row.kind === 'drive#folder' ? 'OTHER' : fileCategoryOf({ name: row.name, mimeType: row.mime_type }),
    hash: row.hash ?? '',
    created_time: new Date(row.created_at).toISOString(),
    modified_time: new Date(row.modified_at).toISOString(),
    trashed: row.trashed_at !== null,
    starred: row.starred_at !== null,
    phase: row.phase as DriveFile['phase'],
    thumbnail_link: thumbnailLink,
    icon_link: '',
    params: JSON.parse(row.params),
    ...(download ? { web_content_link: download.url, links: { 'application/octet-stream': { url: download.url, token: '', expire: download.expire } } } : {}),
    ...(download && media
      ? {
          medias: [
            {
              media_id: media.hash,
              media_name: 'Original',
              is_origin: true,
              link: { url: download.url, expire: download.expire },
              video: { width: media.width, height: media.height, duration: media.duration, video_codec: media.video_codec, audio_codec: media.audio_codec },
            },
          ],
        }
      : {}),
  };
}
