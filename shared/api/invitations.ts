// Invitations (SPEC §4 free premium, §7.3; API.md): every user has an invite code and link; a new
// account that joins through one gets the invitee's reward, and the inviter theirs within a cap.
import { type Static, Type } from 'typebox';
import { REFERRAL_PATH } from '../app-paths.ts';
import { GrantTerms } from './premium.ts';
import { Time } from './resources.ts';

export const INVITATION_PATHS = {
  invite: '/vip/v1/activity/invite',
  inviteCode: '/vip/v1/activity/inviteCode',
  inviteInfo: '/vip/v1/activity/inviteInfo',
  invitations: '/vip/v1/activity/inviteExtActivityPage',
} as const;

/** The invite link of a code, on this site. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}${REFERRAL_PATH}?${new URLSearchParams({ code })}`;
}

/** `from` is the inviter's code; `rr`, `tf` and `rf` are the original client's and are not read. */
export const InviteBody = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 64 })),
  rr: Type.Optional(Type.String({ maxLength: 200 })),
  tf: Type.Optional(Type.String({ maxLength: 200 })),
  rf: Type.Optional(Type.String({ maxLength: 200 })),
});
export type InviteBody = Static<typeof InviteBody>;

/** Days of premium the invitation gave the invitee (0 when it gave none). */
export const InvitedSchema = Type.Object({ free_days: Type.Integer() });
export type Invited = Static<typeof InvitedSchema>;

export const InviteCodeSchema = Type.Object({ code: Type.String(), link: Type.String() });
export type InviteCode = Static<typeof InviteCodeSchema>;

/**
 * `invited_nums`: accounts that joined through the user's code; `add_days`: premium days that
 * earned the user. **Ours:** what each side gets (`rewards`, absent when the server gives nothing)
 * and how many more invitations can still reward the user (`rewards_left`).
 */
export const InviteInfoSchema = Type.Object({
  invited_nums: Type.Integer(),
  add_days: Type.Integer(),
  rewards_left: Type.Integer(),
  rewards: Type.Optional(Type.Object({ invitee: GrantTerms, inviter: GrantTerms })),
});
export type InviteInfo = Static<typeof InviteInfoSchema>;

export const InvitationsQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) });

/** The accounts that joined through the user's code, newest first; names masked. */
export const InvitationListSchema = Type.Object({
  data: Type.Array(Type.Object({ name: Type.String(), created_at: Time, rewarded: Type.Boolean() })),
});
export type InvitationList = Static<typeof InvitationListSchema>;
