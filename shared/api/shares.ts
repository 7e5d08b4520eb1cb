// The shares API (API.md Shares): its paths, requests and answers, shared by the server's routes
// and the clients. Visitors' answers carry a share status (SPEC §4) with HTTP 200.
import { type Static, Type } from 'typebox';
import { FileSchema } from './files.ts';
import { Int64String, oneOf, Time } from './resources.ts';

/** What opening a share answers (SPEC §4); the server sends it with 200, never as an HTTP error. */
export const SHARE_STATUSES = [
  'OK',
  'PASS_CODE_EMPTY',
  'PASS_CODE_ERROR',
  'MAX_RESTORE_COUNT',
  'EXPIRED',
  'DELETED',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'AUDITING',
  'NOT_FOUND',
  'PROHIBITED',
  /** The account that shared it was disabled by the operator. */
  'ACCOUNT_DISABLED',
] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export const SHARE_PATHS = {
  share: '/drive/v1/share',
  list: '/drive/v1/share/list',
  batchDelete: '/drive/v1/share:batchDelete',
  detail: '/drive/v1/share/detail',
  fileInfo: '/drive/v1/share/file_info',
  batchFileInfo: '/drive/v1/share:batch_file_info',
} as const;

/** A custom passcode: 4 to 10 letters or digits. Generated ones are 8 lowercase letters/digits. */
export const CUSTOM_PASS_CODE_PATTERN = '^[A-Za-z0-9]{4,10}$';

export const CreateShareBody = Type.Object({
  file_ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }),
  share_to: Type.Optional(Type.Enum(['publiclink', 'encryptedlink'])),
  /** Days until it expires; -1 never. */
  expiration_days: Type.Optional(Type.Integer({ minimum: -1, maximum: 3650 })),
  pass_code_option: Type.Optional(Type.Enum(['REQUIRED', 'NOT_REQUIRED'])),
  custom_pass_code: Type.Optional(Type.String({ pattern: CUSTOM_PASS_CODE_PATTERN })),
  title: Type.Optional(Type.String({ maxLength: 255 })),
  /** How many times it may be saved; -1 unlimited. */
  restore_limit: Type.Optional(Type.Integer({ minimum: -1, maximum: 1_000_000 })),
});
export type CreateShareBody = Static<typeof CreateShareBody>;

const Access = {
  share_id: Type.String({ maxLength: 64 }),
  pass_code: Type.Optional(Type.String({ maxLength: 20 })),
  pass_code_token: Type.Optional(Type.String({ maxLength: 200 })),
};

export const ViewShareQuery = Type.Object({
  ...Access,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  page_token: Type.Optional(Type.String({ maxLength: 2000 })),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  thumbnail_size: Type.Optional(Type.String()),
});

export const ShareDetailQuery = Type.Object({
  ...Access,
  parent_id: Type.String({ maxLength: 64 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  page_token: Type.Optional(Type.String({ maxLength: 2000 })),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  thumbnail_size: Type.Optional(Type.String()),
});

export const ShareFileInfoQuery = Type.Object({ ...Access, file_id: Type.String({ maxLength: 64 }) });

/** How a visitor opens a share: the passcode just typed, or the token a right one gave earlier. */
export type ShareAccess = { shareId: string; passCode?: string | undefined; passCodeToken?: string | undefined };

export const BatchShareFileInfoBody = Type.Object({ ...Access, file_ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }) });

export const BatchDeleteSharesBody = Type.Object({ ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }) });

export const ShareStatusSchema = oneOf(SHARE_STATUSES);

/** What creating a share answers: its address, its passcode ('' for none) and a text to send. */
export const CreatedShareSchema = Type.Object({ share_id: Type.String(), share_url: Type.String(), pass_code: Type.String(), share_text: Type.String() });
export type CreatedShare = Static<typeof CreatedShareSchema>;

export const ShareSummarySchema = Type.Object({
  share_id: Type.String(),
  share_url: Type.String(),
  share_status: ShareStatusSchema,
  title: Type.String(),
  pass_code: Type.String(),
  file_num: Int64String,
  file_size: Int64String,
  expiration_at: Type.String(),
  restore_count: Int64String,
  view_count: Int64String,
  create_time: Time,
  /**
   * When the share last stopped taking passcodes because too many wrong ones were tried on it, from
   * all addresses together; '' when that never happened.
   */
  pass_code_locked_at: Type.String(),
  /** Until when it takes no passcodes (visitors it let in before keep their way in); '' when it takes them. */
  pass_code_locked_until: Type.String(),
});
export type ShareSummary = Static<typeof ShareSummarySchema>;

export const ShareListSchema = Type.Object({ data: Type.Array(ShareSummarySchema), next_page_token: Type.String() });
export type ShareList = Static<typeof ShareListSchema>;

export const ShareViewSchema = Type.Object({
  share_status: ShareStatusSchema,
  share_status_text: Type.String(),
  pass_code_token: Type.String(),
  title: Type.String(),
  file_num: Int64String,
  expiration_at: Type.String(),
  restore_count_left: Int64String,
  user_info: Type.Object({ user_id: Type.String(), nickname: Type.String(), avatar: Type.String() }),
  files: Type.Array(FileSchema),
  next_page_token: Type.String(),
});
export type ShareView = Static<typeof ShareViewSchema>;

/** GET /share/detail: a folder inside the share. */
export const ShareFolderSchema = Type.Object({
  share_status: ShareStatusSchema,
  share_status_text: Type.String(),
  files: Type.Array(FileSchema),
  next_page_token: Type.String(),
});
export type ShareFolder = Static<typeof ShareFolderSchema>;

export const ShareFileInfoSchema = Type.Object({ share_status: ShareStatusSchema, share_status_text: Type.String(), file_info: Type.Optional(FileSchema) });
export type ShareFileInfo = Static<typeof ShareFileInfoSchema>;

export const BatchShareFileInfoSchema = Type.Object({ share_status: ShareStatusSchema, files: Type.Array(FileSchema) });
