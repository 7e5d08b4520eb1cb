// The files API (API.md Files): its paths, requests and answers (the File resource, the recent
// list's events, the quota), shared by the server's routes and the clients.
import { type Static, Type } from 'typebox';
import { FILE_CATEGORIES } from '../files/classify.ts';
import { CreatedOfflineSchema, CreateOfflineBody } from './offline.ts';
import { Int64String, oneOf, Time } from './resources.ts';
import { TASK_PHASES } from './tasks.ts';

export const FILES_PATHS = {
  files: '/drive/v1/files',
  file: '/drive/v1/files/:id',
  batchMove: '/drive/v1/files:batchMove',
  batchCopy: '/drive/v1/files:batchCopy',
  batchTrash: '/drive/v1/files:batchTrash',
  batchUntrash: '/drive/v1/files:batchUntrash',
  batchDelete: '/drive/v1/files:batchDelete',
  star: '/drive/v1/files:star',
  unstar: '/drive/v1/files:unstar',
  about: '/drive/v1/about',
  events: '/drive/v1/events',
  emptyTrash: '/drive/v1/files/trash:empty',
} as const;

const FileId = Type.String({ minLength: 1, maxLength: 64 });
const ParentId = Type.String({ maxLength: 64 });

export const ListFilesQuery = Type.Object({
  /** '' is the root; '*' lists across all folders (trash, starred). */
  parent_id: Type.Optional(ParentId),
  filters: Type.Optional(Type.String({ maxLength: 2000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  page_token: Type.Optional(Type.String({ maxLength: 2000 })),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  q: Type.Optional(Type.String({ maxLength: 255 })),
  thumbnail_size: Type.Optional(Type.String()),
  /** Ours: folders on top (SPEC §3.5 pinFoldersTop); on unless false. */
  pin_folders_top: Type.Optional(Type.Boolean()),
});
export type ListFilesQuery = Static<typeof ListFilesQuery>;

export const CreateFolderBody = Type.Object({
  kind: Type.Literal('drive#folder'),
  name: Type.String({ maxLength: 1024 }),
  parent_id: Type.Optional(ParentId),
});
export type CreateFolderBody = Static<typeof CreateFolderBody>;

/** A file to upload (API.md): a tus upload with its length set comes back. */
export const CreateUploadBody = Type.Object({
  kind: Type.Literal('drive#file'),
  name: Type.String({ maxLength: 1024 }),
  parent_id: Type.Optional(ParentId),
  /** Bytes, as a string like every size in the API (a number is accepted too). */
  size: Type.Union([Type.String({ pattern: '^[0-9]{1,16}$' }), Type.Integer({ minimum: 0 })]),
  /** SHA-256 of the content, lowercase hex: when already stored, an instant upload is offered. */
  hash: Type.Optional(Type.String({ maxLength: 64 })),
  mime_type: Type.Optional(Type.String({ maxLength: 255 })),
  upload_type: Type.Optional(Type.Literal('UPLOAD_TYPE_RESUMABLE')),
});
export type CreateUploadBody = Static<typeof CreateUploadBody>;

export const CreateFileBody = Type.Union([CreateFolderBody, CreateUploadBody, CreateOfflineBody]);

/** Ours: proving an instant upload, the SHA-256 (hex) of the byte range the server chose. */
export const ProofBody = Type.Object({ range_hash: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }) });

export const UPLOADS_PATH = '/drive/v1/uploads';

export const RenameBody = Type.Object({ name: Type.String({ maxLength: 1024 }) });

export const BatchIds = Type.Object({ ids: Type.Array(FileId, { minItems: 1, maxItems: 1000 }) });
export type BatchIds = Static<typeof BatchIds>;

export const BatchMoveBody = Type.Object({
  ids: Type.Array(FileId, { minItems: 1, maxItems: 1000 }),
  to: Type.Object({ parent_id: ParentId }),
});
export type BatchMoveBody = Static<typeof BatchMoveBody>;

export const ListEventsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  page_token: Type.Optional(Type.String({ maxLength: 200 })),
});

const Link = Type.Object({ url: Type.String(), token: Type.String(), expire: Time });

export const MediaSchema = Type.Object({
  media_id: Type.String(),
  media_name: Type.String(),
  is_origin: Type.Boolean(),
  link: Type.Object({ url: Type.String(), expire: Time }),
  video: Type.Optional(
    Type.Object({
      width: Type.Integer(),
      height: Type.Integer(),
      duration: Type.Number(),
      video_codec: Type.String(),
      audio_codec: Type.String(),
    }),
  ),
});

export const FileSchema = Type.Object({
  kind: oneOf(['drive#file', 'drive#folder']),
  id: Type.String(),
  parent_id: Type.String(),
  name: Type.String(),
  size: Int64String,
  mime_type: Type.String(),
  file_extension: Type.String(),
  file_category: oneOf(FILE_CATEGORIES),
  hash: Type.String(),
  created_time: Time,
  modified_time: Time,
  trashed: Type.Boolean(),
  starred: Type.Boolean(),
  phase: oneOf(TASK_PHASES),
  thumbnail_link: Type.String(),
  icon_link: Type.String(),
  web_content_link: Type.Optional(Type.String()),
  links: Type.Optional(Type.Record(Type.String(), Link)),
  medias: Type.Optional(Type.Array(MediaSchema)),
  audit: Type.Optional(Type.Object({ status: Type.String(), message: Type.String() })),
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type DriveFile = Static<typeof FileSchema>;

export const FileListSchema = Type.Object({
  kind: Type.Literal('drive#fileList'),
  files: Type.Array(FileSchema),
  next_page_token: Type.String(),
});
export type FileList = Static<typeof FileListSchema>;

export const CreatedUploadSchema = Type.Object({
  upload_type: Type.Literal('UPLOAD_TYPE_RESUMABLE'),
  file: FileSchema,
  resumable: Type.Object({
    kind: Type.Literal('drive#resumable'),
    provider: Type.Literal('PROVIDER_TUS'),
    params: Type.Object({ url: Type.String() }),
  }),
  /** Ours: present when the content is already stored; hash this range and POST it to `<url>/proof`. */
  proof: Type.Optional(Type.Object({ offset: Type.Integer(), length: Type.Integer() })),
});
export type CreatedUpload = Static<typeof CreatedUploadSchema>;

export const EVENT_TYPES = [
  'TYPE_UPLOAD',
  'TYPE_CREATE_FOLDER',
  'TYPE_RENAME',
  'TYPE_MOVE',
  'TYPE_COPY',
  'TYPE_TRASH',
  'TYPE_UNTRASH',
  'TYPE_DELETE',
  'TYPE_RESTORE',
] as const;

export const EventSchema = Type.Object({
  kind: Type.Literal('drive#event'),
  type: oneOf(EVENT_TYPES),
  /** The type in words (English); apps show their own translation of `type`. */
  type_name: Type.String(),
  file_id: Type.String(),
  file_name: Type.String(),
  created_time: Time,
  /** The file as it is now; absent once it is in the trash or deleted. */
  reference_resource: Type.Optional(FileSchema),
});
export type DriveEvent = Static<typeof EventSchema>;

/**
 * The recent list, newest first: what happened in the server's last RECENT_EVENTS_DAYS days (90
 * unless its operator says otherwise), at most the newest 5,000 events; older ones are deleted.
 */
export const EventListSchema = Type.Object({
  events: Type.Array(EventSchema),
  next_page_token: Type.String(),
  /** Ours: how far back the list reaches, in days, and how many events it holds at most, so a client can say so. */
  reach: Type.Object({ days: Type.Integer(), max_events: Type.Integer() }),
});
export type EventList = Static<typeof EventListSchema>;

export const AboutSchema = Type.Object({
  kind: Type.Literal('drive#about'),
  quota: Type.Object({
    kind: Type.Literal('drive#quota'),
    limit: Int64String,
    usage: Int64String,
    usage_in_trash: Int64String,
    is_unlimited: Type.Boolean(),
  }),
  quotas: Type.Record(Type.String(), Type.Object({ limit: Int64String, usage: Int64String })),
});
export type About = Static<typeof AboutSchema>;

/** The folders from the root down to a file (GET /files/{id}/path). */
export const FolderPathSchema = Type.Object({ folders: Type.Array(FileSchema) });

/** A folder made by POST /files. */
export const CreatedFolderSchema = Type.Object({ file: FileSchema });

/** A copy: the copies, or for a big tree no copies yet and the task that makes them. */
export const CopiedFilesSchema = Type.Object({ files: Type.Array(FileSchema), task_id: Type.String() });

/** A file or folder named in the path (/files/{id}, /uploads/{id}/proof). */
export const FileIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** What POST /files answers: a new upload, or a new folder. */
export const CreatedFileSchema = Type.Union([CreatedUploadSchema, CreatedFolderSchema, CreatedOfflineSchema]);
