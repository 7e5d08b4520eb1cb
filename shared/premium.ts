// Premium (VIP) status (SPEC §4) and how long a day of free premium lasts in its cookie (SPEC §9).

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

export const FREE_DAY_COOKIE_MINUTES = 1440;
