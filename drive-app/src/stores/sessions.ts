// The signed-in user's sessions (where they are signed in), as the account page lists them.
import { atom, onMount } from 'nanostores';
import { ACCOUNT_PATHS, type SessionList, type SessionResource } from '#shared/api/accounts.ts';
import { type ApiError, toApiError } from '#shared/api/client.ts';
import { api } from '../api.ts';
import { userStore } from './user.ts';

export type SessionsState = { status: 'loading' } | { status: 'ready'; sessions: SessionResource[] } | { status: 'failed'; error: ApiError };

export const $sessions = atom<SessionsState>({ status: 'loading' });

/** This device first, then the most recently used. */
export function sortSessions(sessions: readonly SessionResource[]): SessionResource[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.last_seen_at) - Date.parse(a.last_seen_at));
}

export async function loadSessions(): Promise<void> {
  try {
    const { sessions } = await api.get<SessionList>(ACCOUNT_PATHS.sessions);
    $sessions.set({ status: 'ready', sessions: sortSessions(sessions) });
  } catch (failure) {
    const error = toApiError(failure);
    console.error('[sessions] could not list the sessions', error);
    $sessions.set({ status: 'failed', error });
  }
}

/** Ends one session; ending this device's is signing out. */
export async function revokeSession(session: SessionResource): Promise<void> {
  if (session.current) return userStore.signOut();
  await api.delete(`${ACCOUNT_PATHS.sessions}/${encodeURIComponent(session.id)}`);
  await loadSessions();
}

onMount($sessions, () => {
  void loadSessions();
});
