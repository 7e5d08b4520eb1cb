// Saving a share into one's drive (API.md Shares, "restore"): its path, request and answer, shared
// by the server's route and the clients.
import { type Static, Type } from 'typebox';
import { oneOf } from './resources.ts';
import { ShareStatusSchema } from './shares.ts';

export const RESTORE_STATUSES = ['RESTORE_UNKNOWN', 'RESTORE_START', 'RESTORE_COMPLETE'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

export const RESTORE_PATH = '/drive/v1/share/restore';

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

export const RestoreResultSchema = Type.Object({
  share_status: ShareStatusSchema,
  restore_status: oneOf(RESTORE_STATUSES),
  restore_task_id: Type.String(),
  file_id: Type.String(),
});
export type RestoreResult = Static<typeof RestoreResultSchema>;
