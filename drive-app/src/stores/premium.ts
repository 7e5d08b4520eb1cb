// The signed-in user's premium side (SPEC §3.1 premium, expire, vipInfo; §7.1, §7.3): the
// membership, what the server offers, what the user was given and the month's downloads. Read
// when a page or dialog that shows it opens, and again after a code is redeemed; the storage
// figures are the quota store's.
import { atom, onMount } from 'nanostores';
import type { Grant, Plans, Quantities, VipPrivilege } from '#shared/api/premium.ts';
import { drivePremium } from '../api.ts';
import { appEvents } from '../events.ts';
import { refreshQuota } from './quota.ts';

export type PremiumState =
  | { status: 'loading' }
  | { status: 'ready'; vip: VipPrivilege; offer: Plans; grants: Grant[]; quantities: Quantities }
  | { status: 'failed'; failure: unknown };

export const $premium = atom<PremiumState>({ status: 'loading' });

let asked = 0;

export async function refreshPremium(): Promise<void> {
  const current = ++asked;
  try {
    const [vip, offer, grants, quantities] = await Promise.all([
      drivePremium.privilege(),
      drivePremium.plans(),
      drivePremium.grants(),
      drivePremium.quantities(),
    ]);
    if (current === asked) $premium.set({ status: 'ready', vip, offer, grants, quantities });
  } catch (failure) {
    if (current === asked) $premium.set({ status: 'failed', failure });
  }
}

/** After a code or a payment: the membership, the grants and the quota all change. */
export function premiumChanged(): void {
  void refreshPremium();
  void refreshQuota();
}

onMount($premium, () => {
  void refreshPremium();
  // Another user's membership must never show, even for a moment.
  return appEvents.on('logout-success', () => $premium.set({ status: 'loading' }));
});
