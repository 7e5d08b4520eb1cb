// The signed-in user's storage quota (SPEC §1, §3.1 limit and usage, §7.1 GET /about), the trash
// included, and the other quotas /about tells (offline downloads), refreshed whenever the drive changes. A failure is logged and the last figures stay
// (SPEC §8: storage-usage failure, message logged).
import { atom, onMount } from 'nanostores';
import { toApiError } from '#shared/api/client.ts';
import type { About } from '#shared/api/files.ts';
import { driveFiles } from '../api.ts';
import { appEvents } from '../events.ts';

export type Quota = About['quota'];
export type QuotaState = { status: 'loading' } | { status: 'ready'; quota: Quota; quotas: About['quotas'] } | { status: 'unknown' };

export const $quota = atom<QuotaState>({ status: 'loading' });

let asked = 0;

export async function refreshQuota(): Promise<void> {
  const current = ++asked;
  try {
    const { quota, quotas } = await driveFiles.about();
    if (current === asked) $quota.set({ status: 'ready', quota, quotas });
  } catch (failure) {
    console.error('[quota] could not read the storage usage', toApiError(failure));
    if (current === asked && $quota.get().status === 'loading') $quota.set({ status: 'unknown' });
  }
}

onMount($quota, () => {
  void refreshQuota();
  const stopChanges = appEvents.on('drive-changed', () => void refreshQuota());
  // Another user's figures must never show, even for a moment.
  const stopSignOut = appEvents.on('logout-success', () => $quota.set({ status: 'loading' }));
  return () => {
    stopChanges();
    stopSignOut();
  };
});
