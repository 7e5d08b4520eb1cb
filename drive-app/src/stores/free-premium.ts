// Free premium through an invitation (SPEC §4): an invite link leaves its code here (/referral);
// once someone is signed in who is not premium and has no free days yet, the invite call runs
// once with it. Free days it gives set premium and the free-days cookie for that many days.
import { ApiError } from '#shared/api/client.ts';
import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import { COOKIES, documentCookieJar } from '#shared/cookies.ts';
import { premiumFromVip } from '#shared/premium.ts';
import { driveInvitations, drivePremium } from '../api.ts';
import { appEvents } from '../events.ts';
import { premiumChanged } from './premium.ts';

/** Keeps the code an invite link brought, for the sign-in that follows. */
export function keepInviteCode(code: string): void {
  if (code.trim()) localStorage.setItem(STORAGE_KEYS.inviteCode, code.trim());
}

let called = false;

/** Joins through the kept invite code, once, when it can give anything. Answers the free days it gave. */
export async function claimFreePremium(): Promise<number> {
  const code = localStorage.getItem(STORAGE_KEYS.inviteCode);
  if (!code || called) return 0;
  const cookies = documentCookieJar();
  if (cookies.get(COOKIES.freeDays.name)) return 0;
  called = true;
  try {
    if (premiumFromVip(await drivePremium.privilege()).premium) return 0;
    const { free_days: freeDays } = await driveInvitations.join(code);
    if (freeDays > 0) {
      cookies.set(COOKIES.freeDays.name, String(freeDays), COOKIES.freeDays.options(freeDays));
      premiumChanged();
    }
    localStorage.removeItem(STORAGE_KEYS.inviteCode);
    return freeDays;
  } catch (failure) {
    // The server said no (a code of one's own, an account that joined already): the code is spent.
    // Without an answer it is kept, to try at the next sign-in.
    if (failure instanceof ApiError) localStorage.removeItem(STORAGE_KEYS.inviteCode);
    else called = false;
    console.warn('nubo: joining through the invitation:', failure);
    return 0;
  }
}

/** From every sign-in on: the invitation a link brought is claimed as soon as someone signs in. */
export function startFreePremium(): void {
  appEvents.on('after-login', () => void claimFreePremium());
}
