// The drive app's one API client: the shared client (SPEC §7), renewing the session once when a
// call is answered 401, and signing this browser out when the server refuses to renew it.

import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import { accountMailApi } from '#shared/api/account-mail-client.ts';
import { ACCOUNT_PATHS, type TokenBody, type WebSession } from '#shared/api/accounts.ts';
import { adminApi } from '#shared/api/admin-client.ts';
import { createApiClient } from '#shared/api/client.ts';
import { deviceSignInApi } from '#shared/api/device-sign-in-client.ts';
import { filesApi } from '#shared/api/files-client.ts';
import { invitationsApi } from '#shared/api/invitations-client.ts';
import { offlineApi } from '#shared/api/offline-client.ts';
import { playbackApi } from '#shared/api/playback-client.ts';
import { premiumApi } from '#shared/api/premium-client.ts';
import { purchasesApi } from '#shared/api/purchases-client.ts';
import { reportsApi } from '#shared/api/reports-client.ts';
import { sharesApi } from '#shared/api/shares-client.ts';
import { watchingApi } from '#shared/api/watching-client.ts';
import { withSessionRefresh } from './accounts/session-refresh.ts';
import { forgetSignIn, rememberSignIn } from './accounts/signed-in-marker.ts';
import { appEvents } from './events.ts';
import { $locale } from './stores/locale.ts';

const REFRESH_LOCK = 'nubo-auth-refresh';

const plainApi = createApiClient({ locale: () => $locale.get() });

async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  // Web Locks exist only in secure contexts; over plain http on a LAN address each tab renews alone.
  if ('locks' in navigator) return await navigator.locks.request(REFRESH_LOCK, task);
  return task();
}

async function renewSession(): Promise<void> {
  // The refresh cookie (path /v1/auth) rides along; the answer carries a new expiry, never a secret.
  const body: TokenBody = { grant_type: 'refresh_token', client_id: CLIENT_IDS.web };
  rememberSignIn(localStorage, await plainApi.post<WebSession>(ACCOUNT_PATHS.token, body));
}

export const api = withSessionRefresh(plainApi, {
  refresh: renewSession,
  acrossTabs,
  onSessionEnded: () => {
    forgetSignIn(localStorage);
    appEvents.emit('session-ended', {});
  },
});

/** The files API (drive listing, folders, uploads, trash, quota) over the same client. */
export const driveFiles = filesApi(api);

/** The shares API (the share page, sharing, my shares) over the same client. */
export const driveShares = sharesApi(api);

/** The device sign-in's verification page: a look at a TV's code, and letting it in or refusing it. */
export const driveDeviceSignIn = deviceSignInApi(api);

/** Playing video and audio: how each file plays in this browser. */
export const drivePlayback = playbackApi(api);

/** Where each video and audio file was left, its poster and length in the drive, and Continue watching. */
export const driveWatching = watchingApi(api);

/** Offline downloads (links fetched into the drive by the server) over the same client. */
export const driveOffline = offlineApi(api);

/** Premium: the membership, the offer, grants, allowances and activation codes, over the same client. */
export const drivePremium = premiumApi(api);

/** Invitations: one's invite code and link, joining through someone's, over the same client. */
export const driveInvitations = invitationsApi(api);

/** Buying plans: checkouts and purchases, over the same client. */
export const drivePurchases = purchasesApi(api);

/** E-mail about the account: whether the server sends any, confirming the address, resetting a password. */
export const driveAccountMail = accountMailApi(api);

/** Reporting a share to the operator, over the same client. */
export const driveReports = reportsApi(api);

/** The operator console's API (the server answers it to accounts with the admin role only). */
export const driveAdmin = adminApi(api);
