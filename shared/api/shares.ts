// The shares API (API.md Shares) request shapes, shared by the server's routes and the clients.
import { Type, type Static } from 'typebox';

export const SHARE_PATHS = {
  share: '/drive/v1/share',
  list: '/drive/v1/share/list',
  batchDelete: '/drive/v1/share:batchDelete',
  detail: '/drive/v1/share/detail',
  fileInfo: '/drive/v1/share/file_info',
  batchFileInfo: '/drive/v1/share:batch_file_info',
} as const;

/** A custom passcode: 4 to 10 letters or digits. Generated ones are 4 lowercase letters/digits. */
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

export const BatchShareFileInfoBody = Type.Object({ ...Access, file_ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }) });

export const BatchDeleteSharesBody = Type.Object({ ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }) });

export const RestoreBody = Type.Object({
  share_id: Type.String({ maxLength: 64 }),
  pass_code_token: Type.Optional(Type.String({ maxLength: 200 })),
  /** The items to save; all shared items when left out. */
  file_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
  ancestor_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }))),
  /** Where to save; a "Saved shares" folder at the root when left out. */
  parent_id: Type.Optional(Type.String({ maxLength: 64 })),
  specify_parent_id: Type.Optional(Type.Boolean()),
});
export type RestoreBody = Static<typeof RestoreBody>;

export const RESTORE_PATH = '/drive/v1/share/restore';
