// The user's offline downloads, as the Downloads page and the sidebar's badge show them: read when
// first shown, then followed every second while one is under way, and read again when downloads
// are started or changed. A download that finished adds files: the drive's listings hear of it.
import { atom, computed, onMount } from 'nanostores';
import { isUnderway } from '#shared/api/offline-client.ts';
import type { Task } from '#shared/api/tasks.ts';
import { driveOffline } from '../api.ts';
import { appEvents, driveChanged } from '../events.ts';

export type DownloadsState = { status: 'loading' } | { status: 'failed'; failure: unknown } | { status: 'ready'; tasks: Task[] };

export const $downloads = atom<DownloadsState>({ status: 'loading' });

/** How many downloads are waiting or running (the sidebar's badge). */
export const $downloadsUnderway = computed($downloads, (state) => (state.status === 'ready' ? state.tasks.filter(isUnderway).length : 0));

const FOLLOW_MS = 1_000;
let timer: ReturnType<typeof setTimeout> | undefined;
let asked = 0;

export async function refreshDownloads(): Promise<void> {
  clearTimeout(timer);
  const current = ++asked;
  try {
    const { tasks } = await driveOffline.list();
    if (current !== asked) return;
    const before = $downloads.get();
    const finished = (task: Task) => task.phase === 'PHASE_TYPE_COMPLETE';
    const wasFinished = new Set(before.status === 'ready' ? before.tasks.filter(finished).map((task) => task.id) : []);
    $downloads.set({ status: 'ready', tasks });
    if (before.status === 'ready' && tasks.some((task) => finished(task) && !wasFinished.has(task.id))) driveChanged();
    if (tasks.some(isUnderway)) timer = setTimeout(() => void refreshDownloads(), FOLLOW_MS);
  } catch (failure) {
    if (current === asked && $downloads.get().status !== 'ready') $downloads.set({ status: 'failed', failure });
  }
}

onMount($downloads, () => {
  void refreshDownloads();
  const stopSignOut = appEvents.on('logout-success', () => $downloads.set({ status: 'loading' }));
  return () => {
    clearTimeout(timer);
    stopSignOut();
  };
});
