// The check-in as the API answers it (SPEC §7.3 task status and rewardVip).
import { CHECK_IN_SCENE, type CheckedIn, type CheckInStatus } from '#shared/api/check-in.ts';
import type { EntitlementRow } from '../db/repositories/premium.ts';
import type { CheckInStanding } from '../services/check-in.ts';
import { presentGrant } from './premium.ts';

export function presentCheckInStatus(standing: CheckInStanding): CheckInStatus {
  const { rewards } = standing;
  return {
    scene: CHECK_IN_SCENE,
    status: standing.status,
    streak: standing.streak,
    next_at: new Date(standing.nextAt).toISOString(),
    rewards: {
      ...(rewards?.daily ? { daily: rewards.daily } : {}),
      ...(rewards?.streak ? { streak: rewards.streak } : {}),
    },
  };
}

export function presentCheckedIn({ streak, grants }: { streak: number; grants: EntitlementRow[] }): CheckedIn {
  return { status: 'done', streak, grants: grants.map(presentGrant) };
}
