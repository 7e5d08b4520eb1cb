// Premium (VIP) status and the free premium that invitations grant (SPEC §4, §9).

/** The VIP API's privilege record (SPEC §3.1). */
export type VipPrivilege = { status: string; type?: string; expire?: string; user_id?: string };

export const USER_TYPES = { free: 1, premium: 2 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

const PREMIUM_STATUS = 'ok';

/** Only a privilege whose status is exactly 'ok' makes a premium user; a missing one does not. */
export function premiumFromVip(vip: VipPrivilege | undefined): { premium: boolean; userType: UserType } {
  const premium = vip?.status === PREMIUM_STATUS;
  return { premium, userType: premium ? USER_TYPES.premium : USER_TYPES.free };
}

export type FreePremiumCandidate = { signedIn: boolean; premium: boolean; freeDays: number; getFreeVipCalled: boolean };

/** The invite call runs once, for a signed-in user who is neither premium nor already holding free days. */
export function shouldRequestFreePremium(user: FreePremiumCandidate): boolean {
  return user.signedIn && !user.premium && !(user.freeDays > 0) && !user.getFreeVipCalled;
}

export const FREE_DAY_COOKIE_MINUTES = 1440;

/** What the invite call's free_days grants: premium now, and a free-days cookie lasting that many days. */
export function applyFreePremium(freeDays: number): { premium: true; freeDaysCookieMinutes: number } | undefined {
  if (!Number.isFinite(freeDays) || freeDays <= 0) return undefined;
  return { premium: true, freeDaysCookieMinutes: FREE_DAY_COOKIE_MINUTES * freeDays };
}
