// The audit-admin share call (SPEC §7.5): moderators take content down by hash (gcids) or by the
// files holding it. Its path, request and answer, shared by the server's route and its tests.
import { type Static, Type } from 'typebox';

export const AUDIT_ADMIN_SHARE_PATH = '/audit-admin/v1/share';

export const TakedownBody = Type.Object({
  share_user_id: Type.Optional(Type.String({ maxLength: 64 })),
  gcids: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9a-fA-F]{64}$' }), { maxItems: 1000 })),
  file_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 })),
  status: Type.Optional(Type.Enum(['PROHIBITED', 'SENSITIVE_RESOURCE'])),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type TakedownBody = Static<typeof TakedownBody>;

/** The contents taken down and the shares that now answer their status. */
export const TakedownSchema = Type.Object({ gcids: Type.Array(Type.String()), share_ids: Type.Array(Type.String()) });
export type Takedown = Static<typeof TakedownSchema>;
