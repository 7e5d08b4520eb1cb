// The files API (API.md Files) request shapes, shared by the server's routes and the clients.
import { Type, type Static } from 'typebox';

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

export const CreateFileBody = Type.Union([CreateFolderBody, CreateUploadBody]);

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
