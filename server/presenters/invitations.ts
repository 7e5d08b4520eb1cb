// Invitations as the API answers them (API.md invite, inviteCode, inviteInfo; SPEC §7.3).
import type { InvitationList, InviteInfo } from '#shared/api/invitations.ts';
import type { InvitationStanding } from '../services/invitations.ts';

export function presentInviteInfo(standing: InvitationStanding): InviteInfo {
  return {
    invited_nums: standing.invited,
    add_days: standing.rewardDays,
    rewards_left: standing.rewardsLeft,
    ...(standing.rewards ? { rewards: { invitee: standing.rewards.invitee, inviter: standing.rewards.inviter } } : {}),
  };
}

/** Invitees are other people: the inviter sees the first letter of their name only. */
export function presentInvitations(rows: readonly { name: string; rewarded: number; created_at: number }[]): InvitationList {
  return {
    data: rows.map((row) => ({
      name: `${[...row.name][0] ?? ''}***`,
      created_at: new Date(Number(row.created_at)).toISOString(),
      rewarded: row.rewarded === 1,
    })),
  };
}
