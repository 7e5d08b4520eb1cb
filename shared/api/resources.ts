// The API's resources (API.md) as JSON schemas. The server validates and serialises with them
// and publishes them in /api/openapi.json; clients import only the static types.
import { Type, type Static } from 'typebox';
import { TASK_PHASES } from '../enums.ts';
import { FILE_CATEGORIES } from '../files/classify.ts';

/** Counts and sizes travel as strings (int64-safe); "-1" means unlimited or never. */
export const Int64String = Type.String({ pattern: '^-?[0-9]+$' });
/** RFC 3339 with milliseconds and offset. */
export const Time = Type.String({ format: 'date-time' });

/** One of a list of strings: `{ enum: [...] }` in JSON Schema, the union of them in TypeScript. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return Type.Enum([...values] as T[number][]);
}

export const ApiErrorSchema = Type.Object(
  {
    error: Type.String(),
    error_code: Type.Integer(),
    error_description: Type.String(),
    details: Type.Optional(Type.Array(Type.Unknown())),
  },
  { $id: 'ApiError' },
);

/** The answer of a call that has nothing to tell but that it worked. */
export const EmptySchema = Type.Object({});

/** No body at all: the status says it all (204 No Content, 304 Not Modified). */
export const NoBodySchema = Type.Null();

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
export type Media = Static<typeof MediaSchema>;

export const FileSchema = Type.Object({
  kind: Type.Union([Type.Literal('drive#file'), Type.Literal('drive#folder')]),
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

export const EVENT_TYPES = ['TYPE_UPLOAD', 'TYPE_CREATE_FOLDER', 'TYPE_RENAME', 'TYPE_MOVE', 'TYPE_COPY', 'TYPE_TRASH', 'TYPE_UNTRASH', 'TYPE_DELETE', 'TYPE_RESTORE'] as const;

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

export const EventListSchema = Type.Object({ events: Type.Array(EventSchema), next_page_token: Type.String() });
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

export const VipPrivilegeSchema = Type.Object({
  result: Type.Literal('ACCEPTED'),
  data: Type.Object({ status: Type.String(), type: Type.String(), expire: Type.String(), user_id: Type.String() }),
});
export type VipPrivilegeResponse = Static<typeof VipPrivilegeSchema>;
